/**
 * ML-KEM's v128 encodings (mlkem/encode.ts) against FIPS 203 Algorithms 5 and 6 and Compress_d /
 * Decompress_d written with exact integer division, through the test build's hooks
 * (engine/assembly/lattice_test_exports.ts): every d the three parameter sets use, over random and
 * boundary coefficients, every compressed value, and all 3329 values for the 1-bit code.
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

/** FIPS 203 ByteEncode_d, bit by bit. */
function byteEncode(values: readonly number[], d: number): Uint8Array {
  const out = new Uint8Array(32 * d);
  values.forEach((v, j) => {
    for (let k = 0; k < d; k++) if ((v >> k) & 1) out[(j * d + k) >> 3]! |= 1 << ((j * d + k) & 7);
  });
  return out;
}
function byteDecode(bytes: Uint8Array, d: number): number[] {
  return Array.from({ length: 256 }, (_, j) => {
    let v = 0;
    for (let k = 0; k < d; k++) v |= ((bytes[(j * d + k) >> 3]! >> ((j * d + k) & 7)) & 1) << k;
    return v;
  });
}
/** round(2^d x / q) mod 2^d and round(q y / 2^d), rounding halves up, in exact integers. */
const compress = (x: number, d: number) => Math.floor((2 ** (d + 1) * x + Q) / (2 * Q)) % 2 ** d;
const decompress = (y: number, d: number) => Math.floor((2 * Q * y + 2 ** d) / 2 ** (d + 1));
/** The NTT-domain layout: pair i's even coefficient at i16 index 16 (i / 8) + i % 8, its odd one 8 on. */
const nttIndex = (j: number) => 16 * (j >> 4) + ((j >> 1) & 7) + (j & 1) * 8;

const putPoly = (values: readonly number[]) => ioView(t, Int16Array, 0, 256).set(values);
const getPoly = () => [...ioView(t, Int16Array, 0, 256)];
const putBytes = (bytes: Uint8Array) => ioView(t, Uint8Array, PACKED, bytes.length).set(bytes);
const getBytes = (n: number) => ioView(t, Uint8Array, PACKED, n).slice();
const coefficients = fc.array(fc.integer({ min: 0, max: Q - 1 }), { minLength: 256, maxLength: 256 });
const EDGES = [0, 1, 2, Q - 1, Q - 2, 832, 833, 2496, 2497, 1664, 1665, 4095 % Q];

describe('12-bit encoding of the NTT-domain layout', () => {
  const encode = (values: readonly number[]) => {
    putPoly(Array.from({ length: 256 }, (_, i) => values[[...Array(256).keys()].find((j) => nttIndex(j) === i)!]!));
    ioView(t, Uint8Array, PACKED, 400).fill(0xa5);
    expect(t.wasm.arithTestMlkemEncode12()).toBe(OK);
    expect(getBytes(385)[384]).toBe(0xa5);
    return getBytes(384);
  };
  it('encodes and decodes random and boundary polynomials as FIPS 203 does', () => {
    const check = (values: number[]) => {
      const bytes = encode(values);
      expect(bytes).toEqual(byteEncode(values, 12));
      putBytes(bytes);
      expect(t.wasm.arithTestMlkemDecode12()).toBe(0);
      const got = getPoly();
      expect(values.map((_, j) => got[nttIndex(j)])).toEqual(values);
    };
    fc.assert(fc.property(coefficients, check), { numRuns: 50 });
    check(Array.from({ length: 256 }, (_, j) => EDGES[j % EDGES.length]!));
  });
  it('flags any 12-bit value of q or more, wherever it is', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 255 }), fc.integer({ min: Q, max: 4095 }), (at, bad) => {
      const values = new Array<number>(256).fill(Q - 1);
      values[at] = bad;
      putBytes(byteEncode(values, 12));
      expect(t.wasm.arithTestMlkemDecode12()).toBe(1);
    }), { numRuns: 200 });
  });
});

describe.each([4, 5, 10, 11])('Compress_%i and Decompress', (d) => {
  it('packs random and boundary coefficients as FIPS 203 does, writing 32 d bytes', () => {
    const check = (values: number[]) => {
      putPoly(values);
      ioView(t, Uint8Array, PACKED, 32 * d + 16).fill(0xa5);
      expect(t.wasm.arithTestMlkemCompress(d)).toBe(OK);
      expect(getBytes(32 * d)).toEqual(byteEncode(values.map((x) => compress(x, d)), d));
      expect(getBytes(32 * d + 1)[32 * d]).toBe(0xa5);
    };
    fc.assert(fc.property(coefficients, check), { numRuns: 50 });
    for (let start = 0; start < Q; start += 256) check(Array.from({ length: 256 }, (_, j) => Math.min(start + j, Q - 1)));
  });
  it('unpacks any bytes to the decompressed values', () => {
    fc.assert(fc.property(fc.uint8Array({ minLength: 32 * d, maxLength: 32 * d }), (bytes) => {
      putBytes(bytes);
      expect(t.wasm.arithTestMlkemDecompress(d)).toBe(OK);
      expect(getPoly()).toEqual(byteDecode(bytes, d).map((y) => decompress(y, d)));
    }), { numRuns: 50 });
    const every = Array.from({ length: 256 }, (_, j) => j % 2 ** d);
    putBytes(byteEncode(every, d));
    expect(t.wasm.arithTestMlkemDecompress(d)).toBe(OK);
    expect(getPoly()).toEqual(every.map((y) => decompress(y, d)));
  });
});

describe('the 1-bit message code', () => {
  it('Compress_1 of every value in [0, q)', () => {
    for (let start = 0; start < Q; start += 256) {
      const values = Array.from({ length: 256 }, (_, j) => Math.min(start + j, Q - 1));
      putPoly(values);
      expect(t.wasm.arithTestMlkemPolyToMessage()).toBe(OK);
      expect(getBytes(32)).toEqual(byteEncode(values.map((x) => compress(x, 1)), 1));
    }
  });
  it('Decompress_1 of random messages', () => {
    fc.assert(fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }), (m) => {
      putBytes(m);
      expect(t.wasm.arithTestMlkemMessageToPoly()).toBe(OK);
      expect(getPoly()).toEqual(byteDecode(m, 1).map((y) => decompress(y, 1)));
    }), { numRuns: 100 });
  });
});

it('refuses a d the engine does not use', () => {
  expect(t.wasm.arithTestMlkemCompress(12)).toBe(ERR_ARGUMENT);
  expect(t.wasm.arithTestMlkemDecompress(1)).toBe(ERR_ARGUMENT);
});
