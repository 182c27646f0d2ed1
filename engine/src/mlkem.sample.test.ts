/**
 * ML-KEM's v128 samplers (engine/assembly/mlkem/sample.ts, through the test build's hooks in
 * lattice_ntt_test_exports.ts) against FIPS 203 written as plain integer code: SampleNTT's
 * rejection step (Algorithm 7, eight candidates at a time in the engine) on random streams and on
 * streams where most or all candidates are rejected, the copy into the NTT-domain layout, and
 * SamplePolyCBD (Algorithm 8) for eta = 2 and 3 on random and extreme bytes.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { ERR_ARGUMENT, OK } from '../assembly/layout.ts';
import { arithBuild, ioView, type ArithBuild } from '../test-support/arith.ts';

const Q = 3329;
const PACKED = 1024;

let t: ArithBuild;
beforeAll(async () => {
  t = await arithBuild();
});

/** Every candidate FIPS 203 Algorithm 7 accepts from the stream, in order (no stop at 256). */
function accepted(bytes: Uint8Array): number[] {
  const out: number[] = [];
  for (let i = 0; i + 3 <= bytes.length; i += 3) {
    const d1 = bytes[i]! + 256 * (bytes[i + 1]! % 16);
    const d2 = Math.floor(bytes[i + 1]! / 16) + 16 * bytes[i + 2]!;
    if (d1 < Q) out.push(d1);
    if (d2 < Q) out.push(d2);
  }
  return out;
}

/** FIPS 203 Algorithm 8 with the bits of the bytes, least significant first. */
function cbd(bytes: Uint8Array, eta: number): number[] {
  const bit = (k: number) => (bytes[k >> 3]! >> (k & 7)) & 1;
  return Array.from({ length: 256 }, (_, i) => {
    let x = 0, y = 0;
    for (let j = 0; j < eta; j++) {
      x += bit(2 * i * eta + j);
      y += bit(2 * i * eta + eta + j);
    }
    return x - y;
  });
}

const putBytes = (bytes: Uint8Array) => ioView(t, Uint8Array, PACKED, bytes.length).set(bytes);
const getPoly = (n = 256) => [...ioView(t, Int16Array, 0, n)];

describe('SampleNTT rejection, eight candidates at a time', () => {
  const check = (bytes: Uint8Array) => {
    putBytes(bytes);
    const count = t.wasm.arithTestMlkemRejectUniform(bytes.length);
    const want = accepted(bytes);
    if (want.length < 256) {
      expect(count).toBe(want.length);
      expect(getPoly(count)).toEqual(want);
    } else {
      // It stops after the group of eight in which the 256th coefficient is accepted.
      expect(count).toBeGreaterThanOrEqual(256);
      expect(count).toBeLessThanOrEqual(263);
      expect(getPoly(256)).toEqual(want.slice(0, 256));
    }
  };
  /** Streams of six SHAKE128 blocks with a given share of bytes that make large candidates. */
  const streams = (len: number) =>
    fc.tuple(fc.uint8Array({ minLength: len, maxLength: len }), fc.integer({ min: 0, max: 100 }), fc.integer()).map(([bytes, share, seed]) => {
      let s = seed >>> 0;
      return bytes.map((b) => {
        s = (Math.imul(s, 1103515245) + 12345) >>> 0;
        return (s >>> 16) % 100 < share ? b | 0xd0 : b;
      });
    });
  it('keeps the accepted candidates in stream order, as FIPS 203 does, for any rejection rate', () => {
    fc.assert(fc.property(streams(6 * 168), (bytes) => check(bytes)), { numRuns: 300 });
    fc.assert(fc.property(streams(168), (bytes) => check(bytes)), { numRuns: 200 });
  });
  it('rejects everything at and above q and accepts q - 1', () => {
    check(new Uint8Array(504).fill(0xff));
    // d1 = 0xd01 = q and d2 = 0xd00 = q - 1 from every triple 01 0d d0.
    check(Uint8Array.from({ length: 504 }, (_, i) => [0x01, 0x0d, 0xd0][i % 3]!));
    check(Uint8Array.from({ length: 504 }, (_, i) => [0x00, 0xd0, 0xcf][i % 3]!));
    check(new Uint8Array(504));
  });
  it('refuses a length that is not a whole number of groups or is too long', () => {
    expect(t.wasm.arithTestMlkemRejectUniform(13)).toBe(ERR_ARGUMENT);
    expect(t.wasm.arithTestMlkemRejectUniform(7 * 168)).toBe(ERR_ARGUMENT);
    expect(t.wasm.arithTestMlkemRejectUniform(0)).toBe(0);
  });
});

describe('the NTT-domain layout of sampled coefficients', () => {
  it('puts the even coefficients of each 16, then the odd ones', () => {
    const values = Array.from({ length: 256 }, (_, j) => (j * 13 + 7) % Q);
    ioView(t, Int16Array, PACKED, 256).set(values);
    expect(t.wasm.arithTestMlkemToNttLayout()).toBe(OK);
    const got = getPoly();
    values.forEach((v, j) => expect(got[16 * (j >> 4) + ((j >> 1) & 7) + (j & 1) * 8]).toBe(v));
  });
});

describe('SamplePolyCBD', () => {
  for (const eta of [2, 3]) {
    const check = (bytes: Uint8Array) => {
      putBytes(bytes);
      expect(t.wasm.arithTestMlkemCbd(eta)).toBe(OK);
      expect(getPoly()).toEqual(cbd(bytes, eta));
    };
    it(`gives FIPS 203's coefficients for eta = ${eta} on random and extreme bytes`, () => {
      fc.assert(fc.property(fc.uint8Array({ minLength: 64 * eta, maxLength: 64 * eta }), (bytes) => check(bytes)), { numRuns: 300 });
      for (const fill of [0x00, 0xff, 0x55, 0xaa, 0x33, 0xcc, 0x0f, 0xf0]) check(new Uint8Array(64 * eta).fill(fill));
    });
  }
  it('refuses an eta the engine does not use', () => {
    expect(t.wasm.arithTestMlkemCbd(4)).toBe(ERR_ARGUMENT);
  });
});
