import { describe, expect, it, vi } from 'vitest';
import { EngineError } from './errors.ts';
import { instantiate } from './wasm.ts';
import { NO_SIMD_MESSAGE, SIMD_PROBE, wasmSimdSupported } from './wasm-simd.ts';

describe('the WebAssembly SIMD probe', () => {
  it('is a valid module on a runtime with SIMD (Node)', () => {
    expect(WebAssembly.validate(SIMD_PROBE)).toBe(true);
    expect(wasmSimdSupported()).toBe(true);
  });

  it('needs SIMD to validate: the same module returning an i32 constant instead is valid, and with a v128 opcode in an i32 function it is not', () => {
    // (func (result i32) i32.const 0): the probe's structure without v128 validates, so the probe fails only for SIMD.
    const scalar = Uint8Array.of(0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00, 0x01, 0x05, 0x01, 0x60, 0x00, 0x01, 0x7f, 0x03, 0x02, 0x01, 0x00, 0x0a, 0x06, 0x01, 0x04, 0x00, 0x41, 0x00, 0x0b);
    expect(WebAssembly.validate(scalar)).toBe(true);
    const mismatched = SIMD_PROBE.slice();
    mismatched[14] = 0x7f;
    expect(WebAssembly.validate(mismatched)).toBe(false);
  });

  it('stops the engine loading on a runtime without SIMD with an EngineError saying what to use instead', async () => {
    const validate = vi.spyOn(WebAssembly, 'validate').mockReturnValue(false);
    try {
      const failure = await instantiate().catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(EngineError);
      expect(failure).toMatchObject({ code: 'wasm_simd_unsupported', message: NO_SIMD_MESSAGE });
    } finally {
      validate.mockRestore();
    }
    expect(await instantiate()).toHaveProperty('memory');
  });
});
