/** The bare aggregated range proof (m = 1 and 2) through the test build's hooks: sizes, round trips, values out of range. */
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { toBytes32 } from '../test-support/bytes.ts';
import { instantiateTestBuild, type EngineTestExports } from '../test-support/test-build.ts';
import type { Io } from './wasm.ts';

let wasm: EngineTestExports;
let io: Io;
beforeAll(async () => {
  ({ wasm, io } = await instantiateTestBuild());
});

const N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
const CORE = { 1: 688, 2: 754 } as const;

/**
 * Proves values[j] in [0, 2^64) with commitments to values[j] + extras[j] (extras 0 for an honest
 * prover). Returns the core and the commitments, or null when the engine refuses.
 */
function prove(values: bigint[], extras: bigint[] = values.map(() => 0n)) {
  const m = values.length as 1 | 2;
  const input = new Uint8Array(176);
  const view = new DataView(input.buffer);
  values.forEach((v, j) => {
    view.setBigUint64(8 * j, v, true);
    input.set(randomBytes(32).map((b, i) => (i === 0 ? b & 0x7f : b)), 16 + 32 * j);
    input.set(toBytes32(extras[j]), 80 + 32 * j);
  });
  input.set(randomBytes(32), 144);
  io.write(input, 0);
  if (wasm.zkTestRangeProve(m) !== 1) return null;
  return { m, core: io.read(1024, CORE[m]), commitments: io.read(2048, 33 * m) };
}

function verify(p: { m: 1 | 2; core: Uint8Array; commitments: Uint8Array }): boolean {
  io.write(p.core, 1024);
  io.write(p.commitments, 2048);
  return wasm.zkTestRangeVerify(p.m) === 1;
}

describe('aggregated 64-bit range proof', () => {
  it('proves one value in 688 bytes and two in 754, and both verify', () => {
    for (const values of [[0n], [123456789n], [(1n << 64n) - 1n], [0n, (1n << 64n) - 1n], [42n, 7n]]) {
      const p = prove(values)!;
      expect(p.core).toHaveLength(CORE[p.m]);
      expect(verify(p)).toBe(true);
    }
  });

  it('fails against other commitments, the other m, or a changed core', () => {
    const a = prove([5n, 6n])!, b = prove([5n, 6n])!;
    expect(verify({ ...a, commitments: b.commitments })).toBe(false);
    const swapped = new Uint8Array([...a.commitments.subarray(33), ...a.commitments.subarray(0, 33)]);
    expect(verify({ ...a, commitments: swapped })).toBe(false);
    const one = prove([5n])!;
    expect(verify({ m: 2, core: a.core, commitments: new Uint8Array([...one.commitments, ...one.commitments]) })).toBe(false);
    const changed = a.core.slice();
    changed[150] ^= 4;
    expect(verify({ ...a, core: changed })).toBe(false);
  });

  it('cannot prove a committed value of 2^64 or more, nor a negative one', () => {
    // The prover proves the low 64 bits while the commitment holds more: no such proof verifies.
    for (const extra of [1n << 64n, (1n << 64n) + 5n, 1n << 200n, N - 1n, N - (1n << 64n)]) {
      for (const values of [[5n], [5n, 6n]]) {
        const p = prove(values, values.map((_, j) => (j === 0 ? extra : 0n)))!;
        expect(p).not.toBeNull();
        expect(verify(p), `extra ${extra}`).toBe(false);
      }
    }
  });
});
