/**
 * The lattice schemes' modular reductions tested inside the engine (mldsa/reduce.ts and
 * mlkem/arith.ts through engine/assembly/arith_test_exports.ts) against exact integer arithmetic,
 * over the input range each function states: exhaustively where the range is int16, and at every
 * boundary plus a sweep and random batches where it is int32 or wider.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { ERR_ARGUMENT, IO_SIZE } from '../assembly/layout.ts';
import { arithBuild, around, ioView, mod, powMod, type ArithBuild } from '../test-support/arith.ts';
import type { EngineTestExports } from '../test-support/test-build.ts';

/** FIPS 204's and FIPS 203's moduli. */
const DQ = 8380417;
const KQ = 3329;
const I32_MIN = -(2 ** 31);
const I32_MAX = 2 ** 31 - 1;

let t: ArithBuild;
let w: EngineTestExports;
beforeAll(async () => {
  t = await arithBuild();
  w = t.wasm;
});

/** Runs an in-place i32 hook over all values, IO-full batches at a time. */
function i32InPlace(hook: (count: number) => number, values: readonly number[]): number[] {
  const out: number[] = [];
  for (let i = 0; i < values.length; i += IO_SIZE / 4) {
    const chunk = values.slice(i, i + IO_SIZE / 4);
    ioView(t, Int32Array, 0, chunk.length).set(chunk);
    expect(hook(chunk.length)).toBe(chunk.length);
    out.push(...ioView(t, Int32Array, 0, chunk.length));
  }
  return out;
}

/** Runs an in-place hook over whole polynomials of 256 i16; values are padded with zeros. */
function i16Polys(hook: (polys: number) => number, values: readonly number[]): number[] {
  const out: number[] = [];
  for (let i = 0; i < values.length; i += IO_SIZE / 2) {
    const chunk = values.slice(i, i + IO_SIZE / 2);
    const polys = Math.ceil(chunk.length / 256);
    ioView(t, Int16Array, 0, polys * 256).fill(0).set(chunk);
    expect(hook(polys)).toBe(polys);
    out.push(...ioView(t, Int16Array, 0, chunk.length));
  }
  return out;
}

/** The inputs whose results break `ok`, as `input -> result`, at most five: empty when all hold. */
function failures<T>(inputs: readonly T[], results: readonly number[], ok: (a: T, r: number) => boolean): string[] {
  const bad: string[] = [];
  for (let i = 0; i < inputs.length && bad.length < 5; i++) if (!ok(inputs[i]!, results[i]!)) bad.push(`${inputs[i]} -> ${results[i]}`);
  return bad;
}

const int32 = (min: number, max: number, length: number) => fc.array(fc.integer({ min, max }), { minLength: length, maxLength: length });
const BATCHES = { numRuns: 50 };

it('refuses a count whose values would leave the IO buffer', () => {
  expect(w.arithTestMldsaReduce32(IO_SIZE / 4 + 1)).toBe(ERR_ARGUMENT);
  expect(w.arithTestMldsaMontgomeryReduce(Math.floor(IO_SIZE / 12) + 1)).toBe(ERR_ARGUMENT);
  expect(w.arithTestMlkemBarrett(IO_SIZE / 512 + 1)).toBe(ERR_ARGUMENT);
  expect(w.arithTestMlkemMontReduce(7)).toBe(ERR_ARGUMENT);
  expect(w.arithTestMldsaCaddq(-1)).toBe(ERR_ARGUMENT);
});

describe('ML-DSA reductions (mldsa/reduce.ts, q = 8380417)', () => {
  const bound = BigInt(DQ) << 31n;
  const inv32 = powMod(2n ** 32n, BigInt(DQ) - 2n, BigInt(DQ));
  /** montgomeryReduce over i64 inputs: its i32 results. */
  function montgomery(values: readonly bigint[]): number[] {
    const out: number[] = [];
    const batch = Math.floor(IO_SIZE / 12);
    for (let i = 0; i < values.length; i += batch) {
      const chunk = values.slice(i, i + batch);
      ioView(t, BigInt64Array, 0, chunk.length).set(chunk);
      expect(w.arithTestMldsaMontgomeryReduce(chunk.length)).toBe(chunk.length);
      out.push(...ioView(t, Int32Array, chunk.length * 8, chunk.length));
    }
    return out;
  }
  const montgomeryOk = (a: bigint, r: number) => Math.abs(r) < DQ && mod(BigInt(r) - a * inv32, BigInt(DQ)) === 0n;

  it('Montgomery-reduces every |a| < q * 2^31 to a * 2^-32 mod q in (-q, q)', () => {
    const edges = around([0n, BigInt(DQ), 2n ** 32n, 2n ** 32n * BigInt(DQ), bound - 1n, 2n ** 53n], 3n, 0n, bound - 1n);
    const q1 = BigInt(DQ - 1);
    const inputs = [...edges, ...edges.map((a) => -a), q1 * q1, -q1 * q1, q1 * 2n ** 31n];
    expect(failures(inputs, montgomery(inputs), montgomeryOk)).toEqual([]);
    fc.assert(
      fc.property(fc.array(fc.bigInt({ min: -bound + 1n, max: bound - 1n }), { minLength: 2000, maxLength: 2000 }), (batch) => {
        expect(failures(batch, montgomery(batch), montgomeryOk)).toEqual([]);
      }),
      BATCHES,
    );
  });

  it('reduce32 takes every a from -2^31 to 2^31 - 2^22 - 1 into [-6283009, 6283008], both ends reached', () => {
    const top = 2 ** 31 - 2 ** 22 - 1;
    const ok = (a: number, r: number) => r >= -6283009 && r <= 6283008 && (a - r) % DQ === 0;
    // Each rounding step k * 2^23 - 2^22 of the quotient estimate, the domain's ends, and a sweep.
    const steps: number[] = [];
    for (let k = -255; k <= 256; k++) for (let d = -2; d <= 2; d++) steps.push(k * 2 ** 23 - 2 ** 22 + d);
    const sweep = Array.from({ length: 2 ** 20 }, (_, i) => I32_MIN + i * 4093);
    const inputs = [...steps, ...sweep, I32_MIN, I32_MIN + 1, -1, 0, 1, DQ, top - 1, top].filter((a) => a >= I32_MIN && a <= top);
    const results = i32InPlace((n) => w.arithTestMldsaReduce32(n), inputs);
    expect(failures(inputs, results, ok)).toEqual([]);
    expect(results.reduce((m, r) => Math.max(m, r))).toBe(6283008);
    expect(results.reduce((m, r) => Math.min(m, r))).toBe(-6283009);
    fc.assert(
      fc.property(int32(I32_MIN, top, 4096), (batch) => {
        expect(failures(batch, i32InPlace((n) => w.arithTestMldsaReduce32(n), batch), ok)).toEqual([]);
      }),
      BATCHES,
    );
  });

  it('caddq adds q to every negative int32 and leaves the rest', () => {
    const ok = (a: number, r: number) => r === (a < 0 ? a + DQ : a);
    const inputs = [I32_MIN, I32_MIN + 1, -DQ - 1, -DQ, -DQ + 1, -1, 0, 1, DQ - 1, DQ, I32_MAX];
    expect(failures(inputs, i32InPlace((n) => w.arithTestMldsaCaddq(n), inputs), ok)).toEqual([]);
    fc.assert(
      fc.property(int32(I32_MIN, I32_MAX, 4096), (batch) => {
        expect(failures(batch, i32InPlace((n) => w.arithTestMldsaCaddq(n), batch), ok)).toEqual([]);
      }),
      BATCHES,
    );
  });

  it('freezes every |a| < 2^31 - 2^22 to its representative in [0, q)', () => {
    const limit = 2 ** 31 - 2 ** 22 - 1;
    const ok = (a: number, r: number) => r >= 0 && r < DQ && (a - r) % DQ === 0;
    const inputs = around([0n, BigInt(DQ), BigInt(-DQ), BigInt(limit), BigInt(-limit), 6283008n, -6283009n], 3n, BigInt(-limit), BigInt(limit)).map(Number);
    expect(failures(inputs, i32InPlace((n) => w.arithTestMldsaFreeze(n), inputs), ok)).toEqual([]);
    fc.assert(
      fc.property(int32(-limit, limit, 4096), (batch) => {
        expect(failures(batch, i32InPlace((n) => w.arithTestMldsaFreeze(n), batch), ok)).toEqual([]);
      }),
      BATCHES,
    );
  });

  it('abs32 gives |a| for every int32 above -2^31', () => {
    const ok = (a: number, r: number) => r === Math.abs(a);
    const inputs = [I32_MIN + 1, -DQ, -1, 0, 1, DQ, I32_MAX];
    expect(failures(inputs, i32InPlace((n) => w.arithTestMldsaAbs32(n), inputs), ok)).toEqual([]);
    fc.assert(
      fc.property(int32(I32_MIN + 1, I32_MAX, 4096), (batch) => {
        expect(failures(batch, i32InPlace((n) => w.arithTestMldsaAbs32(n), batch), ok)).toEqual([]);
      }),
      BATCHES,
    );
  });
});

describe('ML-KEM reductions (mlkem/arith.ts, q = 3329)', () => {
  const INT16 = Array.from({ length: 65536 }, (_, i) => i - 32768);
  const congruent = (a: number, r: number) => (a - r) % KQ === 0;

  it('Barrett-reduces every int16 into [-1665, 1663], both ends reached', () => {
    const results = i16Polys((n) => w.arithTestMlkemBarrett(n), INT16);
    expect(failures(INT16, results, (a, r) => r >= -1665 && r <= 1663 && congruent(a, r))).toEqual([]);
    expect([Math.min(...results), Math.max(...results)]).toEqual([-1665, 1663]);
  });

  it('maps every int16 to its representative in [0, q)', () => {
    const results = i16Polys((n) => w.arithTestMlkemCanonical(n), INT16);
    expect(failures(INT16, results, (a, r) => r === ((a % KQ) + KQ) % KQ)).toEqual([]);
  });

  it('computes shoup(z) = round(z * 2^15 / q) for every z in [0, q)', () => {
    const bad = [];
    for (let z = 0; z < KQ; z++) if (w.arithTestMlkemShoup(z) !== Math.round((z * 32768) / KQ)) bad.push(z);
    expect(bad).toEqual([]);
  });

  it('multiplies every int16 by a constant z in [0, q) into [-q, q], congruent to a * z', () => {
    const ok = (z: number) => (a: number, r: number) => r >= -KQ && r <= KQ && (a * z - r) % KQ === 0;
    // Every int16 for the ends of z's range and its middle, and for random z.
    for (const z of [0, 1, 2, 1664, 1665, KQ - 2, KQ - 1]) {
      expect(failures(INT16, i16Polys((n) => w.arithTestMlkemMulConst(n, z), INT16), ok(z))).toEqual([]);
    }
    fc.assert(
      fc.property(fc.integer({ min: 0, max: KQ - 1 }), (z) => {
        expect(failures(INT16, i16Polys((n) => w.arithTestMlkemMulConst(n, z), INT16), ok(z))).toEqual([]);
      }),
      { numRuns: 10 },
    );
    // Every z for the int16 extremes and the values around 0 and ±q.
    const edges = [-32768, -32767, -KQ - 1, -KQ, -1665, -1, 0, 1, 1664, KQ, KQ + 1, 32766, 32767];
    const bad: string[] = [];
    for (let z = 0; z < KQ; z++) bad.push(...failures(edges, i16Polys((n) => w.arithTestMlkemMulConst(n, z), edges), ok(z)).map((f) => `z ${z}: ${f}`));
    expect(bad.slice(0, 5)).toEqual([]);
  });

  it('Montgomery-reduces i32 sums to x * 2^-16 mod q with |r| <= |x| / 2^16 + q / 2, wherever x - m q stays in int32', () => {
    // m, the multiple of q that clears the low half, is any int16, so x - m q cannot overflow for
    // -2^31 + 32767 q <= x <= 2^31 - 1 - 32768 q; mulAcc's sums (at most 8 * 2^12 * q) lie well inside.
    const lo = I32_MIN + 32767 * KQ;
    const hi = I32_MAX - 32768 * KQ;
    const inv16 = Number(powMod(2n ** 16n, BigInt(KQ) - 2n, BigInt(KQ)));
    const ok = (x: number, r: number) => Math.abs(r) <= Math.abs(x) / 65536 + KQ / 2 && mod(BigInt(r) - BigInt(x) * BigInt(inv16), BigInt(KQ)) === 0n;
    const run = (xs: readonly number[]) => {
      const padded = [...xs, ...Array<number>((8 - (xs.length % 8)) % 8).fill(0)];
      ioView(t, Int32Array, 0, padded.length).set(padded);
      expect(w.arithTestMlkemMontReduce(padded.length)).toBe(padded.length);
      return [...ioView(t, Int16Array, padded.length * 4, xs.length)];
    };
    const mulAcc = 8 * 2 ** 12 * KQ;
    const edges = around([0n, BigInt(KQ), 65536n, BigInt(mulAcc), BigInt(-mulAcc), BigInt(lo), BigInt(hi)], 8n, BigInt(lo), BigInt(hi)).map(Number);
    expect(failures(edges, run(edges), ok)).toEqual([]);
    fc.assert(
      fc.property(fc.oneof(int32(lo, hi, 4096), int32(-mulAcc, mulAcc, 4096)), (batch) => {
        expect(failures(batch, run(batch), ok)).toEqual([]);
      }),
      BATCHES,
    );
  });
});
