/** The engine's multi-scalar multiplications (constant-time, Straus, affine buckets) against @noble/curves, through the test build's hook. */
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { toBytes32 } from '../test-support/bytes.ts';
import { instantiateTestBuild, type EngineTestExports } from '../test-support/test-build.ts';
import type { Io } from './wasm.ts';

let wasm: EngineTestExports;
let io: Io;
const bases: (typeof secp256k1.Point.BASE)[] = [];
beforeAll(async () => {
  ({ wasm, io } = await instantiateTestBuild());
  // Base indices of the test hook: 0..127 G_i, 128..255 H_i, 256 B, 257 G (generator digest order 2.., 258.., 0, 1).
  for (let b = 0; b < 258; b++) {
    const index = b < 128 ? 2 + b : b < 256 ? 258 + b - 128 : b - 256;
    wasm.zkTestGenerator(index);
    bases.push(secp256k1.Point.fromBytes(io.read(0, 33)));
  }
});

const N = secp256k1.Point.CURVE().n;
const randScalar = () => BigInt('0x' + randomBytes(32).toString('hex')) % N;

/** Runs the hook; returns the affine point as 64 bytes, or null for the identity. */
function msm(terms: [number, bigint][], mode: number): Uint8Array | null {
  const buf = new Uint8Array(36 * terms.length);
  const view = new DataView(buf.buffer);
  terms.forEach(([b, k], i) => {
    view.setInt32(36 * i, b, true);
    buf.set(toBytes32(k), 36 * i + 4);
  });
  io.write(buf, 0);
  if (wasm.zkTestMsm(terms.length, mode) !== 1) return null;
  return io.read(16384, 64);
}

function expected(terms: [number, bigint][]): Uint8Array | null {
  let sum = secp256k1.Point.ZERO;
  for (const [b, k] of terms) if (k % N !== 0n) sum = sum.add(bases[b].multiply(k % N));
  return sum.is0() ? null : sum.toBytes(false).subarray(1);
}

const EDGES = [1n, 2n, 3n, 31n, 32n, 33n, N - 1n, N - 2n, (N - 1n) / 2n, (N + 1n) / 2n, 1n << 255n, (1n << 128n) - 1n];

const MODES: [string, number][] = [['constant-time', 1], ['variable-time Straus', 0], ['affine-bucket', 2]];
for (const [name, ct] of MODES) {
  describe(`${name} MSM`, () => {
    it('sums random terms over the generator tables like noble', () => {
      for (const count of [1, 2, 3, 8, 17, 64, 129, 258]) {
        const terms = Array.from({ length: count }, (_, i) => [i % 258, randScalar()] as [number, bigint]);
        expect(msm(terms, ct)).toEqual(expected(terms));
      }
    });

    it('handles edge scalars, odd and even, and repeated bases', () => {
      for (const k of EDGES) {
        const terms: [number, bigint][] = [[256, k], [257, k], [5, k], [5, N - k + 1n]];
        expect(msm(terms, ct)).toEqual(expected(terms));
      }
    });

    it('reports the identity when the terms cancel: k P + (n - k) P and a zero scalar', () => {
      const k = randScalar();
      expect(msm([[3, k], [3, N - k]], ct)).toBeNull();
      expect(msm([[7, 0n]], ct)).toBeNull();
      expect(expected([[3, k], [4, 0n]])).toEqual(msm([[3, k], [4, 0n]], ct));
    });
  });
}

describe('affine-bucket MSM', () => {
  it('agrees with noble for every window width on random terms', () => {
    for (let c = 4; c <= 10; c++) {
      const terms = Array.from({ length: 40 }, (_, i) => [(i * 7) % 258, randScalar()] as [number, bigint]);
      expect(msm(terms, 2 | (c << 2))).toEqual(expected(terms));
    }
  });

  it('doubles equal points and drops opposite ones within a bucket', () => {
    const k = randScalar();
    const copies = Array.from({ length: 64 }, () => [9, k] as [number, bigint]);
    expect(msm(copies, 2)).toEqual(expected(copies));
    const opposite = [...copies.slice(0, 5), ...Array.from({ length: 5 }, () => [9, N - k] as [number, bigint]), [10, k] as [number, bigint]];
    expect(msm(opposite, 2)).toEqual(expected(opposite));
    const mixed = Array.from({ length: 200 }, (_, i) => [i % 3, i % 2 === 0 ? k : N - k] as [number, bigint]);
    expect(msm(mixed, 2 | (4 << 2))).toEqual(expected(mixed));
  });

  it('rejects a window width outside 4..10', () => {
    expect(wasm.zkTestMsm(1, 2 | (3 << 2))).toBe(-1);
    expect(wasm.zkTestMsm(1, 2 | (11 << 2))).toBe(-1);
  });
});
