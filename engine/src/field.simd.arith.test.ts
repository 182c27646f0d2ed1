/**
 * secp256k1/fieldsimd.ts feMul2 and feSqr2, two GF(p) products or squares at once in SIMD lanes,
 * tested inside the engine (through engine/assembly/arith_test_exports.ts): each result must be the
 * very limbs feMul or feSqr gives (the point formulas mix them, and those are checked against BigInt
 * in field.arith.test.ts)
 * and a magnitude-1 representation of the product mod p, for inputs of magnitude up to 8, limbs at
 * their bounds included, and with the outputs overwriting inputs.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { ERR_ARGUMENT, OK } from './wasm.ts';
import { IO_SIZE } from '../assembly/layout.ts';
import { arithBuild, fromLimbs, getWords, mod, putWords, toLimbs, type ArithBuild } from '../test-support/arith.ts';
import type { EngineTestExports } from '../test-support/test-build.ts';

const P = 2n ** 256n - 2n ** 32n - 977n;
const [A, B, A2, B2, R, R2, S] = [0, 64, 128, 192, 256, 320, 384];

type Fe = number[];
const fe = (v: bigint): Fe => toLimbs(v, 26, 10);
const valueOf = (l: Fe) => fromLimbs(l, 26);
/** Every limb at the bound of magnitude m. */
const full = (m: number): Fe => [...Array<number>(9).fill(m * 2 ** 27), m * 2 ** 23];
const EDGES: Fe[] = [
  fe(0n), fe(1n), fe(P - 1n), fe(P), fe(2n ** 256n - 1n), full(1), full(8), fe(P).map((x) => x * 8),
  [...Array<number>(9).fill(2 ** 26), 2 ** 22], [...Array<number>(9).fill(0), 8 * 2 ** 23], [8 * 2 ** 27, ...Array<number>(9).fill(0)],
];
/** Random magnitude-8 elements: canonical values, and limbs anywhere up to the bound or at it. */
const element = (): fc.Arbitrary<Fe> => {
  const limb = (max: number) => fc.oneof(fc.integer({ min: 0, max }), fc.constantFrom(0, 2 ** 26 - 1, max));
  return fc.oneof(fc.bigInt({ min: 0n, max: P - 1n }).map(fe), fc.tuple(...Array.from({ length: 9 }, () => limb(8 * 2 ** 27)), limb(8 * 2 ** 23)));
};

let t: ArithBuild;
let w: EngineTestExports;
beforeAll(async () => {
  t = await arithBuild();
  w = t.wasm;
});
const put = (at: number, l: Fe) => putWords(t, at, l);
const get = (at: number): Fe => getWords(t, at, 10);
const magnitudeOne = (l: Fe) => l.slice(0, 9).every((x) => x <= 2 ** 27) && l[9]! <= 2 ** 23;

/** feMul's limbs for a * b. */
function feMul(a: Fe, b: Fe): Fe {
  put(A, a);
  put(B, b);
  expect(w.arithTestFieldMul(S, A, B)).toBe(OK);
  return get(S);
}

/** Runs feMul2 on (a, b) and (a2, b2) and checks both results against feMul and BigInt. */
function check(a: Fe, b: Fe, a2: Fe, b2: Fe): void {
  const want = feMul(a, b);
  const want2 = feMul(a2, b2);
  [a, b, a2, b2].forEach((l, i) => put([A, B, A2, B2][i]!, l));
  expect(w.arithTestFieldMul2(R, A, B, R2, A2, B2)).toBe(OK);
  expect(get(R)).toEqual(want);
  expect(get(R2)).toEqual(want2);
  expect(mod(valueOf(get(R)), P)).toBe(mod(valueOf(a) * valueOf(b), P));
  expect(mod(valueOf(get(R2)), P)).toBe(mod(valueOf(a2) * valueOf(b2), P));
  expect(magnitudeOne(get(R)) && magnitudeOne(get(R2))).toBe(true);
}

describe('secp256k1 field elements: two products or squares at once (feMul2, feSqr2)', () => {
  it('gives each product the limbs feMul gives, on every pair of edge elements in both lanes', () => {
    for (const a of EDGES) for (const b of EDGES) check(a, b, b, full(8));
    for (const a of EDGES) for (const b of EDGES) check(full(8), a, EDGES[0]!, b);
  });

  it('gives each product the limbs feMul gives, on random elements of magnitude up to 8', () => {
    fc.assert(fc.property(element(), element(), element(), element(), check), { numRuns: 2000 });
  });

  it('squares and multiplies in place, the outputs overwriting the inputs they read', () => {
    fc.assert(
      fc.property(element(), element(), (a, b) => {
        const wantAB = feMul(a, b);
        const wantBB = feMul(b, b);
        put(A, a);
        put(B, b);
        expect(w.arithTestFieldMul2(A, A, B, B, B, B)).toBe(OK);
        expect(get(A)).toEqual(wantAB);
        expect(get(B)).toEqual(wantBB);
      }),
      { numRuns: 500 },
    );
  });

  it('squares two elements at once into the limbs feSqr gives, in place too', () => {
    const square = (a: Fe, a2: Fe) => {
      const want = [a, a2].map((l) => {
        put(A, l);
        expect(w.arithTestFieldSqr(S, A)).toBe(OK);
        return get(S);
      });
      put(A, a);
      put(A2, a2);
      expect(w.arithTestFieldSqr2(R, A, R2, A2)).toBe(OK);
      expect([get(R), get(R2)]).toEqual(want);
      expect(mod(valueOf(get(R)), P)).toBe(mod(valueOf(a) ** 2n, P));
      expect(w.arithTestFieldSqr2(A2, A2, A, A)).toBe(OK);
      expect([get(A), get(A2)]).toEqual(want);
    };
    for (const a of EDGES) for (const b of EDGES) square(a, b);
    fc.assert(fc.property(element(), element(), square), { numRuns: 2000 });
  });

  it('refuses an operand that leaves the IO buffer', () => {
    expect(w.arithTestFieldSqr2(R, IO_SIZE - 39, R2, A2)).toBe(ERR_ARGUMENT);
    expect(w.arithTestFieldMul2(R, A, B, R2, A2, IO_SIZE - 39)).toBe(ERR_ARGUMENT);
    expect(w.arithTestFieldMul2(-1, A, B, R2, A2, B2)).toBe(ERR_ARGUMENT);
    expect(w.arithTestFieldMul2(IO_SIZE - 40, A, B, R2, A2, B2)).toBe(OK);
  });
});
