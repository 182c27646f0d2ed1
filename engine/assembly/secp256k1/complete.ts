/**
 * The constant-time point arithmetic of secp256k1, written once and used by every secret-dependent
 * computation (ecmult_gen.ts for k * G, msm_ct.ts for the constant-time multi-scalar
 * multiplication, zkfidna/prover.ts for the bit commitments): complete projective formulas
 * (Renes, Costello, Batina 2016, a = 0, b3 = 3b = 21), mixed addition (Algorithm 8) and doubling
 * (Algorithm 9) on homogeneous coordinates (X : Y : Z), x = X/Z, y = Y/Z, with the identity as
 * (0 : 1 : 0), and the masked table read geSelect. The formulas have no exceptional case, so adding
 * secret-selected points needs no branch. A point is X | Y | Z (PJ_SIZE bytes).
 *
 * Magnitudes (field.ts): an accumulator keeps X <= 3, Y <= 2, Z <= 2 across both; an added affine
 * point has x of magnitude 1 and y <= 2. Everything here is constant time except pjToGe's identity
 * test, as its comment says (docs/decisions/043-engine-test-build-and-constant-time-code.md).
 * Independent products go in pairs through fieldsimd.ts feMul2 (constant time like feMul).
 */
import { FE_SIZE, feAdd, feCmov, feCopy, feIsZero, feMul, feMulSmall, feNormalize, feSetInt, feSub } from './field';
import { feInv } from './fieldpow';
import { feMul2 } from './fieldsimd';
import { GE_SIZE } from './point';

/** Bytes of a homogeneous projective point. */
export const PJ_SIZE: usize = 120;

const T0: usize = memory.data(<i32>FE_SIZE, 16);
const T1: usize = memory.data(<i32>FE_SIZE, 16);
const T2: usize = memory.data(<i32>FE_SIZE, 16);
const T3: usize = memory.data(<i32>FE_SIZE, 16);
const T4: usize = memory.data(<i32>FE_SIZE, 16);
const Y3: usize = memory.data(<i32>FE_SIZE, 16);
const Z3: usize = memory.data(<i32>FE_SIZE, 16);

/** p = the identity (0 : 1 : 0). */
export function pjSetInfinity(p: usize): void {
  memory.fill(p, 0, PJ_SIZE);
  store<u32>(p + 40, 1);
}

/** p = (x : y : 1) for the affine point a. */
export function pjSetGe(p: usize, a: usize): void {
  memory.copy(p, a, 80);
  feSetInt(p + 80, 1);
}

/**
 * p += (x2, y2), complete: the same field operations for every input, the identity and p = +-(x2, y2)
 * included.
 * Pre: p is (X : Y : Z) with magnitudes X <= 3, Y <= 2, Z <= 2 (any projective point, the
 *      identity too); (x2, y2) is an affine point of the curve with x2 of magnitude 1 and y2 <= 2;
 *      x2 and y2 lie outside p.
 * Post: p is the sum, again with X <= 3, Y <= 2, Z <= 2.
 */
export function pjAddGe(p: usize, x2: usize, y2: usize): void {
  const x = p, y = p + 40, z = p + 80;
  feMul2(T0, x, x2, Y3, x2, z);
  feMul2(T1, y, y2, T4, y2, z);
  feAdd(T3, x2, y2);
  feAdd(T2, x, y);
  feMul(T3, T3, T2);
  feAdd(T2, T0, T1);
  feSub(T3, T3, T2, 2); // 4
  feAdd(T4, T4, y); // 3
  feAdd(Y3, Y3, x); // 4
  feAdd(T2, T0, T0);
  feAdd(T0, T2, T0); // 3
  feMulSmall(T2, z, 21);
  feAdd(z, T1, T2); // 2
  feSub(T1, T1, T2, 1); // 3
  feMulSmall(Y3, Y3, 21);
  feMul2(x, T4, Y3, T2, T3, T1);
  feSub(x, T2, x, 1); // 3
  feMul2(Y3, Y3, T0, T1, T1, z);
  feAdd(y, T1, Y3); // 2
  feMul2(T0, T0, T3, z, z, T4);
  feAdd(z, z, T0); // 2
}

/** p = 2p, complete. Pre: X <= 3, Y <= 2, Z <= 2. Post: X <= 2, Y <= 2, Z <= 1. */
export function pjDouble(p: usize): void {
  const x = p, y = p + 40, z = p + 80;
  feMul2(T0, y, y, T1, y, z);
  feMul2(T2, z, z, T4, x, y);
  feAdd(Z3, T0, T0);
  feAdd(Z3, Z3, Z3);
  feAdd(Z3, Z3, Z3); // 8
  feMulSmall(T2, T2, 21);
  feAdd(Y3, T0, T2); // 2
  feMul2(T3, T2, Z3, Z3, T1, Z3); // X3
  feAdd(T1, T2, T2);
  feAdd(T2, T1, T2); // 3
  feSub(T0, T0, T2, 3); // 5
  feMul2(Y3, T0, Y3, x, T0, T4);
  feAdd(Y3, T3, Y3); // 2
  feAdd(x, x, x); // 2
  feCopy(y, Y3);
  feCopy(z, Z3);
}

const ZINV: usize = memory.data(<i32>FE_SIZE, 16);

/**
 * Writes the normalized affine form of p to r (x | y); returns false, leaving r untouched, when p
 * is the identity. The inversion is constant time; only the identity test branches.
 */
export function pjToGe(r: usize, p: usize): bool {
  feCopy(ZINV, p + 80);
  feNormalize(ZINV);
  if (feIsZero(ZINV) != 0) return false;
  feInv(ZINV, ZINV);
  feMul2(r, p, ZINV, r + 40, p + 40, ZINV);
  feNormalize(r);
  feNormalize(r + 40);
  return true;
}

/** p = flag ? q : p (flag 0 or 1), without branching. */
export function pjCmov(p: usize, q: usize, flag: u32): void {
  feCmov(p, q, flag);
  feCmov(p + 40, q + 40, flag);
  feCmov(p + 80, q + 80, flag);
}

/**
 * out = table[idx] for a table of `entries` affine points (x | y, GE_SIZE = 80 bytes each, five
 * 16-byte lanes), read without a branch or an address that depends on idx: every entry is loaded,
 * in order, and kept under a mask that is all ones for entry idx and zero for the others.
 * Pre: idx < entries <= 2^31; out is GE_SIZE bytes outside the table.
 * Post: out holds entry idx bit for bit; the instructions run and the memory read are the same for
 *      every idx (an idx >= entries would leave out zero).
 * Mask: for j, idx < 2^31, (j ^ idx) - 1 has its top bit set exactly when j == idx (0 - 1 wraps to
 * 0xffffffff; any other xor is in [1, 2^31)), so -(((j ^ idx) - 1) >> 31) is -1 or 0.
 * Inlined, so each caller's loop runs over its own constant number of entries.
 */
// @ts-ignore: decorator
@inline export function geSelect(out: usize, table: usize, entries: u32, idx: u32): void {
  let a = i32x4.splat(0), b = a, c = a, d = a, e = a;
  for (let j: u32 = 0; j < entries; j++) {
    const m = i32x4.splat(-<i32>(((j ^ idx) - 1) >> 31));
    const p = table + <usize>j * GE_SIZE;
    a = v128.or(a, v128.and(v128.load(p, 0), m));
    b = v128.or(b, v128.and(v128.load(p, 16), m));
    c = v128.or(c, v128.and(v128.load(p, 32), m));
    d = v128.or(d, v128.and(v128.load(p, 48), m));
    e = v128.or(e, v128.and(v128.load(p, 64), m));
  }
  v128.store(out, a, 0);
  v128.store(out, b, 16);
  v128.store(out, c, 32);
  v128.store(out, d, 48);
  v128.store(out, e, 64);
}
