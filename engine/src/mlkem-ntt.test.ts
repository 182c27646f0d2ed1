/**
 * ML-KEM's merged NTT (engine/assembly/mlkem/ntt.ts, through the test build's hooks) against a
 * plain scalar transform written from FIPS 203 Algorithms 9 and 10: forward, inverse and round
 * trip, on random inputs and on extreme ones at the bounds the transforms state. The engine keeps
 * NTT-domain values in its own layout (per 16 coefficients: the eight even ones, then the eight
 * odd ones), which `toLayout` reproduces from the standard order.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { arithBuild, ioView, type ArithBuild } from '../test-support/arith.ts';

const Q = 3329;
const N = 256;

const mod = (a: number): number => ((a % Q) + Q) % Q;
const bitrev7 = (x: number): number => parseInt(x.toString(2).padStart(7, '0').split('').reverse().join(''), 2);
const ZETAS = Array.from({ length: 128 }, (_, k) => {
  let r = 1;
  for (let i = 0; i < bitrev7(k); i++) r = (r * 17) % Q;
  return r;
});

/** FIPS 203 Algorithm 9, coefficients in [0, q), standard order. */
function refNtt(a: readonly number[]): number[] {
  const f = a.map(mod);
  let i = 1;
  for (let len = 128; len >= 2; len >>= 1) {
    for (let start = 0; start < N; start += 2 * len) {
      const z = ZETAS[i++]!;
      for (let j = start; j < start + len; j++) {
        const t = (z * f[j + len]!) % Q;
        f[j + len] = mod(f[j]! - t);
        f[j] = mod(f[j]! + t);
      }
    }
  }
  return f;
}

/** FIPS 203 Algorithm 10, coefficients in [0, q). */
function refInvNtt(a: readonly number[]): number[] {
  const f = a.map(mod);
  let i = 127;
  for (let len = 2; len <= 128; len <<= 1) {
    for (let start = 0; start < N; start += 2 * len) {
      const z = ZETAS[i--]!;
      for (let j = start; j < start + len; j++) {
        const t = f[j]!;
        f[j] = mod(t + f[j + len]!);
        f[j + len] = mod(z * (f[j + len]! - t));
      }
    }
  }
  return f.map((x) => (x * 3303) % Q); // 128^-1 mod q
}

/** Standard order to the engine's NTT-domain layout. */
const toLayout = (f: readonly number[]): number[] =>
  Array.from({ length: N }, (_, i) => f[(i & ~15) + 2 * (i & 7) + ((i >> 3) & 1)]!);

let t: ArithBuild;
beforeAll(async () => {
  t = await arithBuild();
});

function run(hook: (count: number) => number, a: readonly number[]): number[] {
  ioView(t, Int16Array, 0, N).set(a);
  expect(hook(1)).toBe(1);
  return [...ioView(t, Int16Array, 0, N)];
}

const R = 65536 % Q; // 2^16 mod q

function checkForward(a: readonly number[]): void {
  const out = run((c) => t.wasm.arithTestMlkemNtt(c), a);
  expect(out.map(mod)).toEqual(toLayout(refNtt(a)));
  for (const x of out) expect(x >= -1665 && x <= 1663).toBe(true);
}

/** a is in the engine's layout. */
function checkInverse(a: readonly number[]): void {
  const out = run((c) => t.wasm.arithTestMlkemInvNtt(c), a);
  const standard = Array<number>(N);
  toLayout(Array.from({ length: N }, (_, i) => i)).forEach((from, i) => (standard[from] = a[i]!));
  expect(out.map(mod)).toEqual(refInvNtt(standard).map((x) => (x * R) % Q));
  for (const x of out) expect(Math.abs(x)).toBeLessThanOrEqual(Q);
}

const poly = (min: number, max: number) => fc.array(fc.integer({ min, max }), { minLength: N, maxLength: N });
const constant = (v: number) => Array<number>(N).fill(v);
const alternating = (v: number) => Array.from({ length: N }, (_, i) => (i & 1 ? -v : v));
const spread = (v: number) => Array.from({ length: N }, (_, i) => (i < 128 ? v : -v));
const EXTREMES = [constant(Q), constant(-Q), alternating(Q), spread(Q), spread(-Q), constant(0)];

describe('ML-KEM NTT (merged levels) against the scalar FIPS 203 transform', () => {
  it('transforms random polynomials with |a| <= q as the reference does, into [-1665, 1663]', () => {
    fc.assert(fc.property(poly(-Q, Q), (a) => checkForward(a)), { numRuns: 100 });
    for (const a of EXTREMES) checkForward(a);
  });

  it('inverts random polynomials with |a| <= q as the reference does, times 2^16, within [-q, q]', () => {
    fc.assert(fc.property(poly(-Q, Q), (a) => checkInverse(a)), { numRuns: 100 });
    for (const a of EXTREMES) checkInverse(a);
  });

  it('returns a * 2^16 mod q after a round trip', () => {
    fc.assert(
      fc.property(poly(-Q, Q), (a) => {
        const back = run((c) => t.wasm.arithTestMlkemInvNtt(c), run((c) => t.wasm.arithTestMlkemNtt(c), a));
        expect(back.map(mod)).toEqual(a.map((x) => mod(x * R)));
      }),
      { numRuns: 60 },
    );
  });
});
