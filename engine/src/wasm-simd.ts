/**
 * Whether this runtime runs WebAssembly SIMD, the 128-bit `v128` instructions the engine's NTTs,
 * Keccak and field arithmetic are built on (docs/decisions/059, 061). Every current browser has it
 * (Chrome and Edge 91, Firefox 89, Safari 16.4); where it is missing the engine's module does not
 * compile, so callers ask first and say so plainly instead of showing a compile error.
 */

/**
 * The smallest module using v128: `(module (func (result v128) v128.const i64x2 0 0))`.
 * Type section: one `() -> v128` (0x7b); code section: one body, `v128.const` (0xfd 0x0c) and
 * its 16 immediate bytes, `end`.
 */
export const SIMD_PROBE: Uint8Array<ArrayBuffer> = Uint8Array.of(
  0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00,
  0x01, 0x05, 0x01, 0x60, 0x00, 0x01, 0x7b,
  0x03, 0x02, 0x01, 0x00,
  0x0a, 0x16, 0x01, 0x14, 0x00, 0xfd, 0x0c, ...new Array<number>(16).fill(0), 0x0b,
);

/** True when WebAssembly exists here and validates a SIMD module (a few microseconds). */
export function wasmSimdSupported(): boolean {
  return typeof WebAssembly === 'object' && WebAssembly.validate(SIMD_PROBE);
}

export const NO_SIMD_MESSAGE =
  'this browser lacks WebAssembly SIMD, which the engine needs: use a current browser (Chrome or Edge 91+, Firefox 89+, Safari 16.4+), or run the operation on the server';
