/**
 * ML-DSA's rejection steps (engine/assembly/mldsa/sample.ts, through the test build's hooks in
 * lattice_ntt_test_exports.ts) against FIPS 204 written as plain integer code: ExpandA's
 * (rejUniformBlock, eight and four candidates at a time; Algorithms 30 and 14) on random SHAKE128
 * blocks and on blocks where candidates at and above q are frequent, so that every path runs, and
 * ExpandS's (rejEtaBlock, eight half-bytes at a time; Algorithms 31 and 15) for eta = 2 and 4 on
 * random streams and on streams of every half-byte value.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { ERR_ARGUMENT } from '../assembly/layout.ts';
import { arithBuild, ioView, type ArithBuild } from '../test-support/arith.ts';

const Q = 8380417;
const PACKED = 1024;
const RATE = 168;

let t: ArithBuild;
beforeAll(async () => {
  t = await arithBuild();
});

/** FIPS 204 RejNTTPoly over the given blocks: CoeffFromThreeBytes, at most 256 coefficients. */
function rejNttPoly(bytes: Uint8Array): number[] {
  const out: number[] = [];
  for (let i = 0; i + 3 <= bytes.length && out.length < 256; i += 3) {
    const z = bytes[i]! + 256 * bytes[i + 1]! + 65536 * (bytes[i + 2]! & 0x7f);
    if (z < Q) out.push(z);
  }
  return out;
}

describe('ExpandA rejection step', () => {
  const check = (bytes: Uint8Array) => {
    ioView(t, Uint8Array, PACKED, bytes.length).set(bytes);
    const count = t.wasm.arithTestMldsaRejectUniform(bytes.length / RATE);
    const want = rejNttPoly(bytes);
    expect(count).toBe(want.length);
    expect([...ioView(t, Int32Array, 0, count)]).toEqual(want);
  };
  /** Blocks where a chosen share of candidates has its top byte forced to 0x7f (then z >= q half the time or more). */
  const blocks = (n: number) =>
    fc.tuple(fc.uint8Array({ minLength: n * RATE, maxLength: n * RATE }), fc.integer({ min: 0, max: 100 }), fc.integer()).map(([bytes, share, seed]) => {
      let s = seed >>> 0;
      for (let i = 2; i < bytes.length; i += 3) {
        s = (Math.imul(s, 1103515245) + 12345) >>> 0;
        if ((s >>> 16) % 100 < share) bytes[i] = 0x7f | (bytes[i]! & 0x80);
      }
      return bytes;
    });
  it('keeps the candidates below q in stream order and stops at 256, as FIPS 204 does', () => {
    fc.assert(fc.property(blocks(6), (bytes) => check(bytes)), { numRuns: 300 });
    fc.assert(fc.property(blocks(1), (bytes) => check(bytes)), { numRuns: 200 });
  });
  it('rejects q and above and accepts q - 1, whatever the top bit', () => {
    const triple = (z: number, top: number) => [z & 0xff, (z >> 8) & 0xff, ((z >> 16) & 0x7f) | top];
    for (const [z, top] of [[Q, 0], [Q - 1, 0x80], [0x7fffff, 0], [0, 0x80]] as const) {
      check(Uint8Array.from({ length: 6 * RATE }, (_, i) => triple(z, top)[i % 3]!));
    }
    // One rejected candidate in every group of eight, then in every fourth group.
    check(Uint8Array.from({ length: 6 * RATE }, (_, i) => triple(Math.floor(i / 3) % 8 === 5 ? Q : i * 7919, 0)[i % 3]!));
    check(Uint8Array.from({ length: 6 * RATE }, (_, i) => triple(Math.floor(i / 3) % 32 === 30 ? Q + i : i * 7919, 0)[i % 3]!));
    // A block's only rejected candidate is its last, then its first (56 candidates a block).
    for (const at of [55, 0]) check(Uint8Array.from({ length: 6 * RATE }, (_, i) => triple(Math.floor(i / 3) % 56 === at ? Q : i * 7919, 0)[i % 3]!));
  });
  it('refuses more blocks than the hook holds', () => {
    expect(t.wasm.arithTestMldsaRejectUniform(7)).toBe(ERR_ARGUMENT);
  });
});

/** FIPS 204 CoeffFromHalfByte over the stream, low half-byte of each byte first; every accepted coefficient. */
function coeffsFromHalfBytes(bytes: Uint8Array, eta: number): number[] {
  const out: number[] = [];
  for (const byte of bytes) {
    for (const b of [byte & 15, byte >> 4]) {
      if (eta === 2 && b < 15) out.push(2 - (b % 5));
      if (eta === 4 && b < 9) out.push(4 - b);
    }
  }
  return out;
}

describe('ExpandS rejection step', () => {
  for (const [level, eta] of [[44, 2], [65, 4], [87, 2]] as const) {
    const check = (bytes: Uint8Array) => {
      ioView(t, Uint8Array, 8192, bytes.length).set(bytes);
      const count = t.wasm.arithTestMldsaRejectEta(level, bytes.length);
      const want = coeffsFromHalfBytes(bytes, eta);
      if (want.length < 256) {
        expect(count).toBe(want.length);
        expect([...ioView(t, Int32Array, 0, count)]).toEqual(want);
      } else {
        // It stops after the four bytes in which the 256th coefficient is accepted.
        expect(count).toBeGreaterThanOrEqual(256);
        expect(count).toBeLessThanOrEqual(263);
        expect([...ioView(t, Int32Array, 0, 256)]).toEqual(want.slice(0, 256));
      }
    };
    it(`keeps the accepted half-bytes' coefficients in order for ML-DSA-${level} (eta = ${eta})`, () => {
      fc.assert(fc.property(fc.uint8Array({ minLength: 136, maxLength: 136 }), (bytes) => check(bytes)), { numRuns: 200 });
      fc.assert(fc.property(fc.uint8Array({ minLength: 544, maxLength: 544 }), (bytes) => check(bytes)), { numRuns: 100 });
      // Every half-byte value in both positions, then runs of rejected ones.
      check(Uint8Array.from({ length: 256 }, (_, i) => i));
      check(Uint8Array.from({ length: 136 }, (_, i) => (i % 3 === 0 ? 0xff : 0x9f)));
      check(new Uint8Array(136).fill(0xfe));
    });
  }
  it('refuses a level or length the hook does not take', () => {
    expect(t.wasm.arithTestMldsaRejectEta(66, 136)).toBe(ERR_ARGUMENT);
    expect(t.wasm.arithTestMldsaRejectEta(65, 6)).toBe(ERR_ARGUMENT);
  });
});
