/**
 * ML-DSA's merged NTT (engine/assembly/mldsa/ntt.ts, through the test build's hooks) against a
 * plain scalar transform written from FIPS 204 Algorithms 41 and 42: forward, inverse and round
 * trip, on random inputs and on extreme ones at the bounds the transforms state.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { arithBuild, ioView, type ArithBuild } from '../test-support/arith.ts';

const Q = 8380417n;
const QN = 8380417;
const N = 256;

const mod = (a: bigint): bigint => ((a % Q) + Q) % Q;
function powMod(b: bigint, e: number): bigint {
  let r = 1n;
  for (let i = 0; i < e; i++) r = (r * b) % Q;
  return r;
}
const bitrev8 = (x: number): number => parseInt(x.toString(2).padStart(8, '0').split('').reverse().join(''), 2);
const ZETAS = Array.from({ length: N }, (_, k) => powMod(1753n, bitrev8(k)));

/** FIPS 204 Algorithm 41, coefficients in [0, q). */
function refNtt(a: readonly number[]): bigint[] {
  const w = a.map((x) => mod(BigInt(x)));
  let m = 0;
  for (let len = 128; len >= 1; len >>= 1) {
    for (let start = 0; start < N; start += 2 * len) {
      const z = ZETAS[++m]!;
      for (let j = start; j < start + len; j++) {
        const t = (z * w[j + len]!) % Q;
        w[j + len] = mod(w[j]! - t);
        w[j] = mod(w[j]! + t);
      }
    }
  }
  return w;
}

/** FIPS 204 Algorithm 42, coefficients in [0, q). */
function refInvNtt(a: readonly number[]): bigint[] {
  const w = a.map((x) => mod(BigInt(x)));
  let m = N;
  for (let len = 1; len < N; len <<= 1) {
    for (let start = 0; start < N; start += 2 * len) {
      const z = Q - ZETAS[--m]!;
      for (let j = start; j < start + len; j++) {
        const t = w[j]!;
        w[j] = mod(t + w[j + len]!);
        w[j + len] = mod(z * (t - w[j + len]!));
      }
    }
  }
  const f = 8347681n; // 256^-1 mod q
  return w.map((x) => (x * f) % Q);
}

let t: ArithBuild;
beforeAll(async () => {
  t = await arithBuild();
});

/** Runs a hook on one polynomial. */
function run(hook: (count: number) => number, a: readonly number[]): number[] {
  ioView(t, Int32Array, 0, N).set(a);
  expect(hook(1)).toBe(1);
  return [...ioView(t, Int32Array, 0, N)];
}

const maxAbs = (a: readonly number[]): number => a.reduce((m, x) => Math.max(m, Math.abs(x)), 0);
const MONT = mod(1n << 32n);

function checkForward(a: readonly number[]): void {
  const out = run((c) => t.wasm.arithTestMldsaNtt(c), a);
  expect(out.map((x) => mod(BigInt(x)))).toEqual(refNtt(a));
  expect(maxAbs(out)).toBeLessThanOrEqual(maxAbs(a) + 4.2 * QN);
}

function checkInverse(a: readonly number[]): void {
  const out = run((c) => t.wasm.arithTestMldsaInvNtt(c), a);
  expect(out.map((x) => mod(BigInt(x)))).toEqual(refInvNtt(a).map((x) => (x * MONT) % Q));
  expect(maxAbs(out)).toBeLessThanOrEqual((3 * QN) / 4);
}

const poly = (min: number, max: number) => fc.array(fc.integer({ min, max }), { minLength: N, maxLength: N });
const constant = (v: number) => Array<number>(N).fill(v);
const alternating = (v: number) => Array.from({ length: N }, (_, i) => (i & 1 ? -v : v));
/** Signs chosen so that every butterfly of the first levels adds magnitudes. */
const spread = (v: number) => Array.from({ length: N }, (_, i) => (i < 128 ? v : -v));
const EXTREMES = (b: number) => [constant(b), constant(-b), alternating(b), spread(b), spread(-b), constant(0)];

describe('ML-DSA NTT (merged levels) against the scalar FIPS 204 transform', () => {
  it('transforms random polynomials below q and below 2^26 as the reference does, within max|a| + 4.2q', () => {
    fc.assert(fc.property(poly(-QN, QN), (a) => checkForward(a)), { numRuns: 60 });
    fc.assert(fc.property(poly(-(2 ** 26), 2 ** 26), (a) => checkForward(a)), { numRuns: 60 });
  });

  it('transforms extreme inputs (all at +-q and +-2^26, in several sign patterns) within the bound', () => {
    for (const b of [QN, 2 ** 26]) for (const a of EXTREMES(b)) checkForward(a);
  });

  it('inverts random polynomials below q as the reference does, times 2^32, within 3q/4', () => {
    fc.assert(fc.property(poly(-QN, QN), (a) => checkInverse(a)), { numRuns: 60 });
    for (const a of EXTREMES(QN)) checkInverse(a);
  });

  it('returns a * 2^32 mod q after a round trip, for inputs below q', () => {
    fc.assert(
      fc.property(poly(-QN, QN), (a) => {
        const back = run((c) => t.wasm.arithTestMldsaInvNtt(c), run((c) => t.wasm.arithTestMldsaNtt(c), a));
        expect(back.map((x) => mod(BigInt(x)))).toEqual(a.map((x) => mod(BigInt(x) * MONT)));
      }),
      { numRuns: 40 },
    );
  });
});
