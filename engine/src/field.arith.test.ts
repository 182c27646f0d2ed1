/**
 * GF(p) for secp256k1, p = 2^256 - 2^32 - 977, tested inside the engine (secp256k1/field.ts and
 * fieldpow.ts through engine/assembly/arith_test_exports.ts) against BigInt. field.ts states the
 * contracts checked here: an element is ten 26-bit limbs that may grow; magnitude m means
 * l[0..8] <= m * 2^27 and l[9] <= m * 2^23; feMul and feSqr take magnitude <= 8 and give 1, feAdd
 * adds magnitudes (sum <= 31), feNeg(a, m) gives m + 1, feNormalizeWeak gives 1, and only
 * feNormalize gives the unique representative in [0, p). Inputs include the representations a
 * byte decoder never makes: every limb at its magnitude's bound, one limb full, limbs one past
 * 2^26 - 1, and multiples of p.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { ERR_ARGUMENT, INVALID, OK } from './wasm.ts';
import { IO_SIZE } from '../assembly/layout.ts';
import { arithBuild, fromBytes, fromLimbs, getWords, mod, powMod, putWords, toBytes, toLimbs, type ArithBuild } from '../test-support/arith.ts';
import type { EngineTestExports } from '../test-support/test-build.ts';

const P = 2n ** 256n - 2n ** 32n - 977n;
/** IO offsets of the operands, the result and the byte strings (the hooks take any offsets). */
const A = 0;
const B = 64;
const R = 128;
const BYTES = 192;

type Fe = number[];
/** The limbs of v (below 2^260): canonical widths, so v itself, unreduced when v >= p. */
const fe = (v: bigint): Fe => toLimbs(v, 26, 10);
const valueOf = (l: Fe) => fromLimbs(l, 26);
/** The least magnitude field.ts's definition gives these limbs. */
const magnitude = (l: Fe) => Math.max(...l.slice(0, 9).map((x) => Math.ceil(x / 2 ** 27)), Math.ceil(l[9]! / 2 ** 23));
/** Every limb at the bound of magnitude m: the largest value of that magnitude. */
const full = (m: number): Fe => [...Array<number>(9).fill(m * 2 ** 27), m * 2 ** 23];
const mulLimbs = (l: Fe, k: number): Fe => l.map((x) => x * k);

/** Values that sit on a limb or reduction boundary, all below 2^256. */
const EDGE_VALUES = [
  0n, 1n, 2n, 3n, 2n ** 26n - 1n, 2n ** 26n, 2n ** 52n - 1n, 2n ** 52n, 2n ** 234n - 1n, 2n ** 234n, 2n ** 255n,
  P - 2n, P - 1n, P, P + 1n, 2n ** 256n - 2n ** 32n, 2n ** 256n - 1n - 2n ** 52n, 2n ** 256n - 1n,
];

/** Representations of magnitude <= m on the boundaries of field.ts's contracts. */
function edgeElements(m: number): Fe[] {
  const out = EDGE_VALUES.map(fe);
  for (let k = 1; k <= m; k *= 2) out.push(full(k), mulLimbs(fe(P), k), mulLimbs(fe(P - 1n), k));
  for (let i = 0; i < 10; i++) {
    const one = Array<number>(10).fill(0);
    one[i] = full(m)[i]!;
    out.push(one); // one limb full, the rest zero
    const past = [...Array<number>(9).fill(2 ** 26 - 1), 2 ** 22 - 1];
    past[i] = i === 9 ? 2 ** 22 : 2 ** 26;
    out.push(past); // every limb at its canonical top, one a step past it
  }
  return out;
}

/** Random elements of magnitude <= m: canonical ones, and limbs anywhere up to the bound, biased to its ends. */
function element(m: number): fc.Arbitrary<Fe> {
  const limb = (max: number) =>
    fc.oneof(fc.integer({ min: 0, max }), fc.constantFrom(...[0, 1, 2 ** 22 - 1, 2 ** 22, 2 ** 26 - 1, 2 ** 26, max].filter((x) => x <= max)));
  const limbs = (low: number, high: number) => fc.tuple(...Array.from({ length: 9 }, () => limb(low)), limb(high));
  return fc.oneof(fc.bigInt({ min: 0n, max: P - 1n }).map(fe), limbs(m * 2 ** 27, m * 2 ** 23), limbs(2 ** 26 - 1, 2 ** 22 - 1));
}

const RUNS = { numRuns: 1000 };

let t: ArithBuild;
let w: EngineTestExports;
beforeAll(async () => {
  t = await arithBuild();
  w = t.wasm;
});
const put = (at: number, l: Fe) => putWords(t, at, l);
const get = (at: number): Fe => getWords(t, at, 10);

/** Runs a hook on a and b (at A and B) and returns the limbs at R. */
function run(hook: () => number, a: Fe, b: Fe = a): Fe {
  put(A, a);
  put(B, b);
  expect(hook()).toBe(OK);
  return get(R);
}
/** The result is a representation of `want` of magnitude at most m. */
function expectElement(got: Fe, want: bigint, m: number): void {
  expect(mod(valueOf(got), P)).toBe(mod(want, P));
  expect(magnitude(got)).toBeLessThanOrEqual(m);
}
/** The unique representative of a: canonical limbs of a value below p. */
function normalized(a: Fe): Fe {
  put(R, a);
  expect(w.arithTestFieldNormalize(R)).toBe(OK);
  return get(R);
}

describe('secp256k1 field elements: bytes', () => {
  it('reads 32 big-endian bytes into 26-bit limbs unreduced, and refuses exactly the values from p up', () => {
    const check = (v: bigint) => {
      t.io.write(toBytes(v), BYTES);
      expect(w.arithTestFieldSetB32(R, BYTES)).toBe(v < P ? OK : INVALID);
      expect(get(R)).toEqual(fe(v));
    };
    EDGE_VALUES.forEach(check);
    fc.assert(fc.property(fc.oneof(fc.bigInt({ min: 0n, max: 2n ** 256n - 1n }), fc.bigInt({ min: P - 2n ** 53n, max: 2n ** 256n - 1n })), check), RUNS);
  });

  it('writes a normalized element back as the same 32 bytes', () => {
    const check = (v: bigint) => {
      put(A, fe(v));
      expect(w.arithTestFieldGetB32(BYTES, A)).toBe(OK);
      expect(fromBytes(t.io.read(BYTES, 32))).toBe(v);
    };
    EDGE_VALUES.filter((v) => v < P).forEach(check);
    fc.assert(fc.property(fc.bigInt({ min: 0n, max: P - 1n }), check), RUNS);
  });

  it('refuses an operand that leaves the IO buffer, and takes one that ends at its end', () => {
    expect(w.arithTestFieldMul(R, -1, B)).toBe(ERR_ARGUMENT);
    expect(w.arithTestFieldMul(R, A, IO_SIZE - 39)).toBe(ERR_ARGUMENT);
    expect(w.arithTestFieldNormalize(IO_SIZE)).toBe(ERR_ARGUMENT);
    expect(w.arithTestFieldSetB32(R, IO_SIZE - 31)).toBe(ERR_ARGUMENT);
    expect(w.arithTestFieldGetB32(IO_SIZE - 31, A)).toBe(ERR_ARGUMENT);
    expect(w.arithTestFieldMul(IO_SIZE - 40, A, B)).toBe(OK);
    expect(w.arithTestFieldSetB32(R, IO_SIZE - 32)).not.toBe(ERR_ARGUMENT);
  });
});

describe('secp256k1 field elements: reduction', () => {
  it('normalizes p, 2p, p + 1 and 2^256 - 1 to 0, 0, 1 and 2^32 + 976', () => {
    expect(normalized(fe(P))).toEqual(fe(0n));
    expect(normalized(mulLimbs(fe(P), 2))).toEqual(fe(0n));
    expect(normalized(fe(P + 1n))).toEqual(fe(1n));
    expect(normalized(fe(2n ** 256n - 1n))).toEqual(fe(2n ** 32n + 976n));
  });

  it('normalizes every representation of magnitude up to 31 to canonical limbs of its value mod p', () => {
    const check = (a: Fe) => {
      expect(normalized(a)).toEqual(fe(mod(valueOf(a), P)));
    };
    edgeElements(31).forEach(check);
    fc.assert(fc.property(element(31), check), RUNS);
  });

  it('weakly normalizes magnitude up to 31 to magnitude 1 without changing the value', () => {
    const check = (a: Fe) => {
      put(R, a);
      expect(w.arithTestFieldNormalizeWeak(R)).toBe(OK);
      expectElement(get(R), valueOf(a), 1);
    };
    edgeElements(31).forEach(check);
    fc.assert(fc.property(element(31), check), RUNS);
  });
});

describe('secp256k1 field elements: arithmetic', () => {
  it('multiplies p - 1 by p - 1 to 1', () => {
    expect(normalized(run(() => w.arithTestFieldMul(R, A, B), fe(P - 1n)))).toEqual(fe(1n));
  });

  it('multiplies elements of magnitude up to 8, every edge by every edge, into magnitude 1', () => {
    const edges = edgeElements(8);
    for (const a of edges) for (const b of edges) expectElement(run(() => w.arithTestFieldMul(R, A, B), a, b), valueOf(a) * valueOf(b), 1);
    fc.assert(
      fc.property(element(8), element(8), (a, b) => expectElement(run(() => w.arithTestFieldMul(R, A, B), a, b), valueOf(a) * valueOf(b), 1)),
      RUNS,
    );
  });

  it('squares elements of magnitude up to 8 into magnitude 1, as multiplying by itself does', () => {
    const check = (a: Fe) => {
      const sq = run(() => w.arithTestFieldSqr(R, A), a);
      expectElement(sq, valueOf(a) ** 2n, 1);
      expect(sq).toEqual(run(() => w.arithTestFieldMul(R, A, B), a));
    };
    edgeElements(8).forEach(check);
    fc.assert(fc.property(element(8), check), RUNS);
  });

  it('multiplies and squares in place, the result overwriting an operand', () => {
    fc.assert(
      fc.property(element(8), element(8), (a, b) => {
        const want = mod(valueOf(a) * valueOf(b), P);
        put(A, a);
        put(B, b);
        expect(w.arithTestFieldMul(A, A, B)).toBe(OK);
        expectElement(get(A), want, 1);
        put(A, a);
        expect(w.arithTestFieldMul(B, A, B)).toBe(OK);
        expectElement(get(B), want, 1);
        expect(w.arithTestFieldSqr(B, B)).toBe(OK);
        expectElement(get(B), want * want, 1);
      }),
      RUNS,
    );
  });

  it('adds limb by limb, the magnitudes adding up to 31', () => {
    const check = (a: Fe, b: Fe) => {
      const sum = run(() => w.arithTestFieldAdd(R, A, B), a, b);
      expect(sum).toEqual(a.map((x, i) => x + b[i]!));
      expectElement(sum, valueOf(a) + valueOf(b), magnitude(a) + magnitude(b));
    };
    for (let m = 0; m <= 31; m++) check(full(m), full(31 - m));
    fc.assert(fc.property(element(16), element(15), check), RUNS);
  });

  it('negates an element of magnitude m into magnitude m + 1, for every m up to 30', () => {
    const check = (a: Fe, m: number) => expectElement(run(() => w.arithTestFieldNeg(R, A, m), a), -valueOf(a), m + 1);
    for (let m = 0; m <= 30; m++) {
      check(full(m), m);
      check(Array<number>(10).fill(0), m);
    }
    edgeElements(1).forEach((a) => check(a, 1));
    fc.assert(fc.property(fc.integer({ min: 1, max: 30 }).chain((m) => fc.tuple(element(m), fc.constant(m))), ([a, m]) => check(a, m)), RUNS);
  });

  it('subtracts b of magnitude mb, the result of magnitude ma + mb + 1', () => {
    const check = (a: Fe, b: Fe, mb: number) =>
      expectElement(run(() => w.arithTestFieldSub(R, A, B, mb), a, b), valueOf(a) - valueOf(b), magnitude(a) + mb + 1);
    for (let mb = 0; mb <= 30; mb++) check(full(30 - mb), full(mb), mb);
    check(fe(0n), fe(P - 1n), 1);
    fc.assert(fc.property(element(8), element(8), (a, b) => check(a, b, 8)), RUNS);
  });

  it('multiplies by a small integer limb by limb (feMulInt) and with carries back to magnitude 1 (feMulSmall)', () => {
    for (let k = 0; k <= 31; k++) {
      const a = full(Math.floor(31 / Math.max(k, 1)));
      expect(run(() => w.arithTestFieldMulInt(R, A, k), a)).toEqual(mulLimbs(a, k));
    }
    const small = (a: Fe, k: number) => expectElement(run(() => w.arithTestFieldMulSmall(R, A, k), a), valueOf(a) * BigInt(k), 1);
    for (const k of [0, 1, 2, 3, 977, 2 ** 12 - 1]) edgeElements(8).forEach((a) => small(a, k));
    edgeElements(31).forEach((a) => small(a, 1));
    fc.assert(fc.property(element(8), fc.integer({ min: 0, max: 2 ** 12 - 1 }), small), RUNS);
  });
});

describe('secp256k1 field elements: inverse, square root, predicates', () => {
  it.each(['arithTestFieldInv', 'arithTestFieldInvDivsteps', 'arithTestFieldInvVar'] as const)('%s inverts every nonzero element (a * a^-1 = 1) and maps 0 and p to 0', (hook) => {
    const inverse = (a: Fe) => run(() => w[hook](R, A), a);
    expect(normalized(inverse(fe(0n)))).toEqual(fe(0n));
    expect(normalized(inverse(fe(P)))).toEqual(fe(0n));
    const check = (a: Fe) => {
      const v = mod(valueOf(a), P);
      if (v === 0n) return;
      const inv = inverse(a);
      expectElement(inv, powMod(v, P - 2n, P), 1);
      expect(mod(valueOf(inv) * v, P)).toBe(1n);
    };
    edgeElements(8).forEach(check);
    fc.assert(fc.property(element(8), check), { numRuns: 300 });
  });

  it('takes the square root of every square (sqrt(a)^2 = a) and refuses every non-square', () => {
    const root = (a: Fe): [number, Fe] => {
      put(A, a);
      const status = w.arithTestFieldSqrt(R, A);
      return [status, get(R)];
    };
    const check = (a: Fe) => {
      const v = mod(valueOf(a), P);
      const square = v === 0n || powMod(v, (P - 1n) / 2n, P) === 1n;
      const [status, r] = root(a);
      expect(status).toBe(square ? OK : INVALID);
      expect(mod(valueOf(r), P)).toBe(powMod(v, (P + 1n) / 4n, P));
      if (square) expect(mod(valueOf(r) ** 2n, P)).toBe(v);
    };
    expect(root(fe(P - 1n))[0]).toBe(INVALID); // -1 is not a square, as p = 3 mod 4
    expect(root(fe(4n))[0]).toBe(OK);
    edgeElements(8).forEach(check);
    fc.assert(fc.property(element(8), check), { numRuns: 200 });
    fc.assert(fc.property(fc.bigInt({ min: 1n, max: P - 1n }), (x) => check(fe((x * x) % P))), { numRuns: 200 });
  });

  it('tells zero and parity of normalized elements, and equality at any magnitude up to 31', () => {
    const predicates = (v: bigint) => {
      put(A, fe(v));
      expect(w.arithTestFieldIsZero(A)).toBe(v === 0n ? 1 : 0);
      expect(w.arithTestFieldIsOdd(A)).toBe(Number(v & 1n));
    };
    EDGE_VALUES.filter((v) => v < P).forEach(predicates);
    fc.assert(fc.property(fc.bigInt({ min: 0n, max: P - 1n }), predicates), RUNS);
    const equal = (a: Fe, b: Fe) => {
      put(A, a);
      put(B, b);
      expect(w.arithTestFieldEqualVar(A, B)).toBe(mod(valueOf(a), P) === mod(valueOf(b), P) ? 1 : 0);
    };
    equal(fe(P), fe(0n));
    equal(full(31), normalized(full(31)));
    equal(fe(P + 1n), fe(1n));
    equal(fe(P - 1n), fe(P - 2n));
    fc.assert(fc.property(element(31), element(31), equal), RUNS);
    fc.assert(fc.property(element(31), (a) => equal(a, normalized(a))), RUNS);
  });

  it('moves an element by a flag: 1 copies it, 0 leaves the target', () => {
    fc.assert(
      fc.property(element(31), element(31), fc.constantFrom(0, 1), (a, r, flag) => {
        put(A, a);
        put(R, r);
        expect(w.arithTestFieldCmov(R, A, flag)).toBe(OK);
        expect(get(R)).toEqual(flag ? a : r);
      }),
      RUNS,
    );
  });
});
