/**
 * ML-DSA's bit packing (mldsa/packing.ts, one v128 routine per width) against a bit-by-bit
 * reference written from FIPS 204 Algorithms 16 to 19, through the test build's hooks
 * (engine/assembly/lattice_test_exports.ts): every width the three parameter sets use, on random
 * coefficients, on all-minimum and all-maximum ones, and on one bit set at a time; packing writes
 * exactly 32 * bits bytes and unpacking inverts it.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { ERR_ARGUMENT, OK } from '../assembly/layout.ts';
import { arithBuild, ioView, type ArithBuild } from '../test-support/arith.ts';

const PACKED = 1024;
/** [bits, b, signed]: z (18, 20), t0 (13), eta (3, 4), t1 (10), w1 (4, 6). */
const WIDTHS: readonly [number, number, boolean][] = [
  [20, 1 << 19, true], [18, 1 << 17, true], [13, 1 << 12, true], [4, 4, true], [3, 2, true],
  [10, 0, false], [6, 0, false], [4, 0, false],
];

let t: ArithBuild;
beforeAll(async () => {
  t = await arithBuild();
});

/** FIPS 204 SimpleBitPack of raw values below 2^bits, bit by bit. */
function referencePack(raw: readonly number[], bits: number): Uint8Array {
  const out = new Uint8Array(32 * bits);
  raw.forEach((v, j) => {
    for (let k = 0; k < bits; k++) if ((v >>> k) & 1) out[(j * bits + k) >> 3]! |= 1 << ((j * bits + k) & 7);
  });
  return out;
}

/** Packs coefficients with the engine; the bytes, and the byte after them (set to 0xa5 before). */
function enginePack(coefficients: readonly number[], bits: number, b: number, signed: boolean): { packed: Uint8Array; after: number } {
  ioView(t, Int32Array, 0, 256).set(coefficients);
  ioView(t, Uint8Array, PACKED, 32 * bits + 16).fill(0xa5);
  expect(t.wasm.arithTestMldsaPack(bits, b, signed ? 1 : 0)).toBe(OK);
  return { packed: ioView(t, Uint8Array, PACKED, 32 * bits).slice(), after: ioView(t, Uint8Array, PACKED + 32 * bits, 1)[0]! };
}

function engineUnpack(packed: Uint8Array, bits: number, b: number, signed: boolean): number[] {
  ioView(t, Uint8Array, PACKED, packed.length).set(packed);
  expect(t.wasm.arithTestMldsaUnpack(bits, b, signed ? 1 : 0)).toBe(OK);
  return [...ioView(t, Int32Array, 0, 256)];
}

describe.each(WIDTHS)('%i-bit packing (b = %i, signed %s)', (bits, b, signed) => {
  const coefficient = (raw: number) => (signed ? b - raw : raw);
  const check = (raw: readonly number[]) => {
    const coefficients = raw.map(coefficient);
    const { packed, after } = enginePack(coefficients, bits, b, signed);
    expect(packed).toEqual(referencePack(raw, bits));
    expect(after).toBe(0xa5);
    if (signed || bits === 10) expect(engineUnpack(packed, bits, b, signed)).toEqual(coefficients);
  };

  it('matches the reference on random coefficients', () => {
    fc.assert(fc.property(fc.array(fc.integer({ min: 0, max: 2 ** bits - 1 }), { minLength: 256, maxLength: 256 }), (raw) => check(raw)), { numRuns: 100 });
  });

  it('matches the reference at the extremes and one bit at a time', () => {
    check(new Array<number>(256).fill(0));
    check(new Array<number>(256).fill(2 ** bits - 1));
    for (let k = 0; k < bits; k++) check(Array.from({ length: 256 }, (_, j) => (j % 3 === 0 ? 1 << k : 0)));
  });

  if (signed || bits === 10) {
    it('unpacks arbitrary bytes to the reference values', () => {
      fc.assert(fc.property(fc.uint8Array({ minLength: 32 * bits, maxLength: 32 * bits }), (packed) => {
        const raw = Array.from({ length: 256 }, (_, j) => {
          let v = 0;
          for (let k = 0; k < bits; k++) v |= ((packed[(j * bits + k) >> 3]! >> ((j * bits + k) & 7)) & 1) << k;
          return v;
        });
        expect(engineUnpack(packed, bits, b, signed)).toEqual(raw.map(coefficient));
      }), { numRuns: 100 });
    });
  }
});

it('refuses widths the engine does not use', () => {
  expect(t.wasm.arithTestMldsaPack(5, 0, 0)).toBe(ERR_ARGUMENT);
  expect(t.wasm.arithTestMldsaPack(10, 0, 1)).toBe(ERR_ARGUMENT);
  expect(t.wasm.arithTestMldsaUnpack(4, 0, 0)).toBe(ERR_ARGUMENT);
});
