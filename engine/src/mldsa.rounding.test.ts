/**
 * ML-DSA's v128 rounding loops (mldsa/rounding.ts) against FIPS 204 Algorithms 35 to 40 written
 * out in plain integer arithmetic, through the test build's hooks
 * (engine/assembly/lattice_test_exports.ts): HighBits over every value of [0, q) for both gamma2,
 * UseHint and Power2Round on boundaries and random values, and the fused norm checks, each
 * answering for the one coefficient that crosses its bound.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { ERR_ARGUMENT, OK } from '../assembly/layout.ts';
import { arithBuild, ioView, type ArithBuild } from '../test-support/arith.ts';

const Q = 8380417;
const D = 13;
const A = 0, B = 8192, C = 16384, DR = 24576;
const LEVELS = [[44, (Q - 1) / 88], [65, (Q - 1) / 32], [87, (Q - 1) / 32]] as const;

let t: ArithBuild;
beforeAll(async () => {
  t = await arithBuild();
});

const mod = (a: number, m: number) => ((a % m) + m) % m;
/** r mod+- m: the representative in (-m/2, m/2]. */
const modPm = (r: number, m: number) => {
  const x = mod(r, m);
  return x > m / 2 ? x - m : x;
};
/** FIPS 204 Decompose (Algorithm 36). */
function decompose(r: number, gamma2: number): [number, number] {
  const rp = mod(r, Q);
  const r0 = modPm(rp, 2 * gamma2);
  if (rp - r0 === Q - 1) return [0, r0 - 1];
  return [(rp - r0) / (2 * gamma2), r0];
}
/** FIPS 204 UseHint (Algorithm 40). */
function useHint(h: number, r: number, gamma2: number): number {
  const m = (Q - 1) / (2 * gamma2);
  const [r1, r0] = decompose(r, gamma2);
  if (h === 1 && r0 > 0) return mod(r1 + 1, m);
  if (h === 1 && r0 <= 0) return mod(r1 - 1, m);
  return r1;
}
/** The engine's reduce32: a - q * floor((a + 2^22) / 2^23). */
const reduce32 = (a: number) => a - Q * Math.floor((a + 2 ** 22) / 2 ** 23);

const put = (offset: number, values: readonly number[]) => ioView(t, Int32Array, offset, values.length).set(values);
const get = (offset: number, count: number) => [...ioView(t, Int32Array, offset, count)];
const poly = (value: number) => new Array<number>(256).fill(value);
const coefficients = (min: number, max: number) => fc.array(fc.integer({ min, max }), { minLength: 256, maxLength: 256 });

describe.each(LEVELS)('ML-DSA-%i (gamma2 = %i)', (level, gamma2) => {
  it('HighBits of every value in [0, q) and the reduced w', () => {
    for (let start = 0; start < Q; start += 2048) {
      const w = Array.from({ length: 2048 }, (_, i) => Math.min(start + i, Q - 1));
      put(A, w);
      expect(t.wasm.arithTestMldsaDecompose(level, 8)).toBe(OK);
      const w1 = get(C, 2048);
      const bad = w.findIndex((r, i) => w1[i] !== decompose(r, gamma2)[0]);
      expect(bad === -1 ? '' : `${w[bad]} -> ${w1[bad]}`).toBe('');
    }
    const raw = [-(2 ** 31) + 2 ** 22 + 1, -Q, -1, Q, 2 * Q, 2 ** 31 - 2 ** 22 - 1];
    put(A, [...raw, ...poly(0).slice(raw.length)]);
    expect(t.wasm.arithTestMldsaDecompose(level, 1)).toBe(OK);
    expect(get(A, raw.length)).toEqual(raw.map((r) => mod(r, Q)));
  });

  it('UseHint on random values, both hint bits', () => {
    fc.assert(fc.property(coefficients(-Q + 1, Q - 1), fc.array(fc.integer({ min: 0, max: 1 }), { minLength: 256, maxLength: 256 }), (w, h) => {
      put(A, w);
      put(C, h);
      expect(t.wasm.arithTestMldsaUseHint(level, 1)).toBe(OK);
      expect(get(C, 256)).toEqual(w.map((r, i) => useHint(h[i]!, r, gamma2)));
    }), { numRuns: 60 });
  });

  it('UseHint at every boundary of Decompose', () => {
    const edges: number[] = [0, 1, Q - 1, Q - 2, Q - gamma2, Q - gamma2 - 1, Q - gamma2 + 1];
    for (let k = 1; k * 2 * gamma2 < Q; k++) edges.push(...[-1, 0, 1].map((d) => k * 2 * gamma2 - gamma2 + d), k * 2 * gamma2);
    for (const h of [0, 1]) {
      const w = Array.from({ length: 256 }, (_, i) => edges[i % edges.length]!);
      put(A, w);
      put(C, poly(h));
      expect(t.wasm.arithTestMldsaUseHint(level, 1)).toBe(OK);
      expect(get(C, 256)).toEqual(w.map((r) => useHint(h, r, gamma2)));
    }
  });

  it('the LowBits norm check answers for the one coefficient at its bound', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: Q - 1 }), fc.integer({ min: 0, max: 255 }), (r, at) => {
      const r0 = Math.abs(decompose(r, gamma2)[1]);
      for (const [bound, expected] of [[r0, 1], [r0 + 1, 0]] as const) {
        put(A, poly(gamma2 * 2).map((v, i) => (i === at ? r : v)));
        put(B, poly(0));
        expect(t.wasm.arithTestMldsaSubLowBitsExceeds(level, bound)).toBe(expected);
      }
    }), { numRuns: 300 });
  });

  it('w - c s2 is reduced into [0, q)', () => {
    fc.assert(fc.property(coefficients(0, Q - 1), coefficients(-(2 ** 22), 2 ** 22), (w, cs2) => {
      put(A, w);
      put(B, cs2);
      t.wasm.arithTestMldsaSubLowBitsExceeds(level, 1);
      expect(get(A, 256)).toEqual(w.map((r, i) => mod(r - cs2[i]!, Q)));
    }), { numRuns: 40 });
  });

  it('MakeHint and its count, and -1 when some |c t0| reaches gamma2', () => {
    fc.assert(fc.property(coefficients(0, Q - 1), coefficients(-gamma2 + 1, gamma2 - 1), (w, ct0) => {
      // w1 as the signer has it: HighBits of w before c s2 came off; here w plus a small shift.
      const w1 = w.map((r, i) => decompose(r + (i % 7) * 1000, gamma2)[0]);
      put(A, w);
      put(B, ct0);
      put(C, w1);
      const hints = w.map((r, i) => Number(decompose(mod(r + ct0[i]!, Q), gamma2)[0] !== w1[i]));
      expect(t.wasm.arithTestMldsaMakeHints(level)).toBe(hints.reduce((s, h) => s + h, 0));
      expect(get(C, 256)).toEqual(hints);
    }), { numRuns: 60 });
    // HighBits(5) = 0 = w1 everywhere but at 200, where 5 + (gamma2 - 1) crosses into r1 = 1.
    for (const [edge, expected] of [[gamma2, -1], [-gamma2, -1], [gamma2 - 1, 1], [-gamma2 + 1, 0]]) {
      put(A, poly(5));
      put(B, poly(0).map((v, i) => (i === 200 ? edge! : v)));
      put(C, poly(0));
      expect(t.wasm.arithTestMldsaMakeHints(level)).toBe(expected);
    }
  });
});

describe('level-free loops', () => {
  it('Power2Round of t + s2 on random values and boundaries', () => {
    const check = (tv: number[], s2: number[]) => {
      put(A, tv);
      put(B, s2);
      expect(t.wasm.arithTestMldsaPower2Round(1)).toBe(OK);
      const r = tv.map((v, i) => mod(v + s2[i]!, Q));
      const r0 = r.map((v) => modPm(v, 2 ** D));
      expect(get(DR, 256)).toEqual(r0);
      expect(get(C, 256)).toEqual(r.map((v, i) => (v - r0[i]!) / 2 ** D));
    };
    fc.assert(fc.property(coefficients(-Q + 1, Q - 1), coefficients(-4, 4), check), { numRuns: 60 });
    const edges = [0, 1, 4095, 4096, 4097, 8191, 8192, Q - 1, Q - 4096, Q - 4097, -1];
    check(Array.from({ length: 256 }, (_, i) => edges[i % edges.length]!), poly(0));
  });

  it('z = reduce32(z + y) and its norm check for the one coefficient at the bound', () => {
    fc.assert(fc.property(coefficients(-Q + 1, Q - 1), coefficients(-(2 ** 19), 2 ** 19), fc.integer({ min: 1, max: 2 ** 22 }), (z, y, bound) => {
      put(A, z);
      put(B, y);
      const sum = z.map((v, i) => reduce32(v + y[i]!));
      expect(t.wasm.arithTestMldsaAddExceeds(bound)).toBe(Number(sum.some((v) => Math.abs(v) >= bound)));
      expect(get(A, 256)).toEqual(sum);
    }), { numRuns: 60 });
    for (const [value, bound, expected] of [[99, 100, 0], [100, 100, 1], [-100, 100, 1], [-99, 100, 0]] as const) {
      put(A, poly(0).map((v, i) => (i === 255 ? value : v)));
      put(B, poly(0));
      expect(t.wasm.arithTestMldsaAddExceeds(bound)).toBe(expected);
    }
  });

  it('refuses an unknown level or count', () => {
    expect(t.wasm.arithTestMldsaDecompose(66, 1)).toBe(ERR_ARGUMENT);
    expect(t.wasm.arithTestMldsaDecompose(65, 9)).toBe(ERR_ARGUMENT);
    expect(t.wasm.arithTestMldsaPower2Round(0)).toBe(ERR_ARGUMENT);
    expect(t.wasm.arithTestMldsaMakeHints(1)).toBe(ERR_ARGUMENT);
  });
});
