/**
 * Arithmetic modulo n, the order of secp256k1's group, tested inside the engine
 * (secp256k1/scalar.ts, scalarinv.ts and zkfidna/scalars.ts through
 * engine/assembly/arith_test_exports.ts) against BigInt. scalar.ts states the contract checked
 * here: a scalar is nine 29-bit limbs, always fully reduced below n between calls, so every result
 * must be exactly the canonical limbs of its value mod n; Montgomery products use R = 2^261.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { OK } from './wasm.ts';
import { arithBuild, fromBytes, fromLimbs, getWords, mod, powMod, putWords, toBytes, toLimbs, type ArithBuild } from '../test-support/arith.ts';
import type { EngineTestExports } from '../test-support/test-build.ts';

const N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
const R = 2n ** 261n;
/** IO offsets of the operands, the result and the byte strings (the hooks take any offsets). */
const A = 0;
const B = 64;
const OUT = 128;
const BYTES = 192;

const sc = (v: bigint) => toLimbs(v, 29, 9);
const valueOf = (l: number[]) => fromLimbs(l, 29);

/** Scalars on a limb or reduction boundary, all below n. */
const EDGES = [
  0n, 1n, 2n, 2n ** 29n - 1n, 2n ** 29n, 2n ** 58n - 1n, 2n ** 128n, 2n ** 232n - 1n, 2n ** 232n, 2n ** 255n,
  (N - 1n) / 2n, (N + 1n) / 2n, N - 2n ** 29n, N - 2n, N - 1n,
];
/** 32-byte strings on the boundaries of the reduction on reading. */
const EDGE_BYTES = [...EDGES, N, N + 1n, N + 2n ** 128n, 2n ** 256n - 2n ** 29n, 2n ** 256n - 1n];

const scalar = fc.oneof(fc.bigInt({ min: 0n, max: N - 1n }), fc.constantFrom(...EDGES), fc.bigInt({ min: N - 2n ** 64n, max: N - 1n }));
const RUNS = { numRuns: 1000 };

let t: ArithBuild;
let w: EngineTestExports;
beforeAll(async () => {
  t = await arithBuild();
  w = t.wasm;
});

/** Runs a hook on a and b (at A and B) and returns the value at OUT, which must be fully reduced. */
function run(hook: () => number, a: bigint, b = a): bigint {
  putWords(t, A, sc(a));
  putWords(t, B, sc(b));
  expect(hook()).toBe(OK);
  const limbs = getWords(t, OUT, 9);
  expect(limbs.every((l) => l < 2 ** 29)).toBe(true);
  const v = valueOf(limbs);
  expect(v).toBeLessThan(N);
  return v;
}

/** Checks a binary operation against its reference on every pair of edges and on random pairs. */
function binary(hook: () => number, reference: (a: bigint, b: bigint) => bigint): void {
  for (const a of EDGES) for (const b of EDGES) expect(run(hook, a, b)).toBe(reference(a, b));
  fc.assert(
    fc.property(scalar, scalar, (a, b) => {
      expect(run(hook, a, b)).toBe(reference(a, b));
    }),
    RUNS,
  );
}

describe('secp256k1 scalars: bytes', () => {
  it('reads 32 big-endian bytes reduced mod n, and flags exactly the values from n up', () => {
    const check = (v: bigint) => {
      t.io.write(toBytes(v), BYTES);
      expect(w.arithTestScalarSetB32(OUT, BYTES)).toBe(v >= N ? 1 : 0);
      expect(getWords(t, OUT, 9)).toEqual(sc(v % N));
    };
    EDGE_BYTES.forEach(check);
    fc.assert(fc.property(fc.oneof(fc.bigInt({ min: 0n, max: 2n ** 256n - 1n }), fc.bigInt({ min: N - 2n ** 64n, max: 2n ** 256n - 1n })), check), RUNS);
  });

  it('writes a scalar as 32 big-endian bytes and as 32 little-endian bytes', () => {
    const check = (v: bigint) => {
      putWords(t, A, sc(v));
      expect(w.arithTestScalarGetB32(BYTES, A)).toBe(OK);
      expect(fromBytes(t.io.read(BYTES, 32))).toBe(v);
      expect(w.arithTestScalarToLE(BYTES, A)).toBe(OK);
      expect(fromBytes(t.io.read(BYTES, 32).reverse())).toBe(v);
    };
    EDGES.forEach(check);
    fc.assert(fc.property(scalar, check), RUNS);
  });

  it('reduces 64 big-endian bytes mod n, from 0 up to 2^512 - 1', () => {
    const check = (v: bigint) => {
      t.io.write(toBytes(v, 64), BYTES);
      expect(w.arithTestScalarFromB64(OUT, BYTES)).toBe(OK);
      expect(valueOf(getWords(t, OUT, 9))).toBe(v % N);
    };
    [0n, 1n, N, N * N, N * 2n ** 256n, (N - 1n) * 2n ** 256n + N - 1n, 2n ** 256n - 1n, 2n ** 256n, 2n ** 512n - 1n].forEach(check);
    fc.assert(fc.property(fc.bigInt({ min: 0n, max: 2n ** 512n - 1n }), check), RUNS);
  });
});

describe('secp256k1 scalars: arithmetic', () => {
  it('adds mod n: n - 1 plus 1 is 0, n - 1 plus n - 1 is n - 2', () => {
    expect(run(() => w.arithTestScalarAdd(OUT, A, B), N - 1n, 1n)).toBe(0n);
    expect(run(() => w.arithTestScalarAdd(OUT, A, B), N - 1n, N - 1n)).toBe(N - 2n);
    binary(() => w.arithTestScalarAdd(OUT, A, B), (a, b) => (a + b) % N);
  });

  it('subtracts mod n: 0 minus 1 is n - 1', () => {
    expect(run(() => w.arithTestScalarSub(OUT, A, B), 0n, 1n)).toBe(N - 1n);
    binary(() => w.arithTestScalarSub(OUT, A, B), (a, b) => mod(a - b, N));
  });

  it('negates mod n: 0 stays 0, 1 becomes n - 1, n - 1 becomes 1', () => {
    const neg = (a: bigint) => run(() => w.arithTestScalarNeg(OUT, A), a);
    expect(neg(0n)).toBe(0n);
    expect(neg(1n)).toBe(N - 1n);
    expect(neg(N - 1n)).toBe(1n);
    EDGES.forEach((a) => expect(neg(a)).toBe(mod(-a, N)));
    fc.assert(
      fc.property(scalar, (a) => {
        expect(neg(a)).toBe(mod(-a, N));
      }),
      RUNS,
    );
  });

  it('multiplies n - 1 by n - 1 to 1', () => {
    expect(run(() => w.arithTestScalarMul(OUT, A, B), N - 1n)).toBe(1n);
  });

  it('multiplies mod n, every edge by every edge', () => {
    binary(() => w.arithTestScalarMul(OUT, A, B), (a, b) => (a * b) % N);
  });

  it('Montgomery-multiplies and squares to a * b / 2^261 mod n, fully reduced', () => {
    const rInv = powMod(R, N - 2n, N);
    binary(() => w.arithTestScalarMontMul(OUT, A, B), (a, b) => (((a * b) % N) * rInv) % N);
    const sqr = (a: bigint) => {
      expect(run(() => w.arithTestScalarMontSqr(OUT, A), a)).toBe((((a * a) % N) * rInv) % N);
    };
    EDGES.forEach(sqr);
    fc.assert(fc.property(scalar, sqr), RUNS);
  });

  it('works in place: the result may overwrite either operand', () => {
    fc.assert(
      fc.property(scalar, scalar, (a, b) => {
        const ops: [(r: number) => number, bigint][] = [
          [(r) => w.arithTestScalarAdd(r, A, B), (a + b) % N],
          [(r) => w.arithTestScalarSub(r, A, B), mod(a - b, N)],
          [(r) => w.arithTestScalarMul(r, A, B), (a * b) % N],
          [(r) => w.arithTestScalarMontMul(r, A, B), (a * b * powMod(R, N - 2n, N)) % N],
        ];
        for (const target of [A, B]) {
          for (const [op, want] of ops) {
            putWords(t, A, sc(a));
            putWords(t, B, sc(b));
            expect(op(target)).toBe(OK);
            expect(valueOf(getWords(t, target, 9))).toBe(want);
          }
        }
        expect(w.arithTestScalarNeg(A, A)).toBe(OK);
        expect(valueOf(getWords(t, A, 9))).toBe(mod(-a, N));
      }),
      { numRuns: 300 },
    );
  });
});

describe('secp256k1 scalars: inverse and predicates', () => {
  it.each(['arithTestScalarInv', 'arithTestScalarInvDivsteps', 'arithTestScalarInvVar'] as const)('%s inverts every nonzero scalar (a * a^-1 = 1) and maps 0 to 0', (hook) => {
    const inv = (a: bigint) => run(() => w[hook](OUT, A), a);
    expect(inv(0n)).toBe(0n);
    expect(inv(1n)).toBe(1n);
    expect(inv(N - 1n)).toBe(N - 1n);
    const check = (a: bigint) => {
      if (a === 0n) return;
      const r = inv(a);
      expect(r).toBe(powMod(a, N - 2n, N));
      expect((r * a) % N).toBe(1n);
    };
    EDGES.forEach(check);
    fc.assert(fc.property(scalar, check), { numRuns: 300 });
  });

  it('tells zero, and high exactly above (n - 1) / 2', () => {
    const check = (a: bigint) => {
      putWords(t, A, sc(a));
      expect(w.arithTestScalarIsZero(A)).toBe(a === 0n ? 1 : 0);
      expect(w.arithTestScalarIsHigh(A)).toBe(a > (N - 1n) / 2n ? 1 : 0);
    };
    EDGES.forEach(check);
    fc.assert(fc.property(scalar, check), RUNS);
  });

  it('moves a scalar by a flag: 1 copies it, 0 leaves the target', () => {
    fc.assert(
      fc.property(scalar, scalar, fc.constantFrom(0, 1), (a, r, flag) => {
        putWords(t, A, sc(a));
        putWords(t, OUT, sc(r));
        expect(w.arithTestScalarCmov(OUT, A, flag)).toBe(OK);
        expect(valueOf(getWords(t, OUT, 9))).toBe(flag ? a : r);
      }),
      RUNS,
    );
  });
});
