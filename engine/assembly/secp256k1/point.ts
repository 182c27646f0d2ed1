/**
 * The secp256k1 group y^2 = x^3 + 7 over GF(p) in Jacobian coordinates (x = X/Z^2, y = Y/Z^3),
 * variable time: for public points only (verification, and building the precomputed tables). A
 * function that branches on a point ends in Var (docs/decisions/043); the constant-time point code
 * is in complete.ts.
 *
 * Layouts: an affine point (GE) is x | y (80 bytes, never infinity); a Jacobian point (GEJ) is
 * X | Y | Z | infinity flag (128 bytes). Stored coordinates have magnitude 1, except that an
 * affine y may have magnitude 2 after negation; the formulas below keep every multiplication
 * input at magnitude 8 or less and weak-normalize what they store.
 */
import { FE_SIZE, feAdd, feCopy, feEqualVar, feIsOdd, feMul, feMulInt, feNeg, feNormalize, feNormalizeWeak, feSetInt, feSqr, feSub, feIsZero } from './field';
import { feSqrt } from './fieldpow';
import { feMul2, feSqr2 } from './fieldsimd';
import { feInvDivsteps, feInvVar } from './modinv';

/** Bytes of an affine point (x | y). */
export const GE_SIZE: usize = 80;
/** Bytes of a Jacobian point (X | Y | Z | infinity flag). */
export const GEJ_SIZE: usize = 128;
const Y: usize = 40;
const Z: usize = 80;
const INF: usize = 120;

const T1: usize = memory.data(<i32>FE_SIZE, 16);
const T2: usize = memory.data(<i32>FE_SIZE, 16);
const T3: usize = memory.data(<i32>FE_SIZE, 16);
const T4: usize = memory.data(<i32>FE_SIZE, 16);
const T5: usize = memory.data(<i32>FE_SIZE, 16);
const T6: usize = memory.data(<i32>FE_SIZE, 16);
const T7: usize = memory.data(<i32>FE_SIZE, 16);
const ZERO_CHECK: usize = memory.data(<i32>FE_SIZE, 16);
const SEVEN: usize = memory.data<u32>([7, 0, 0, 0, 0, 0, 0, 0, 0, 0]);

/** Whether a field element of any magnitude <= 31 is zero mod p. */
function isZeroVar(a: usize): bool {
  feCopy(ZERO_CHECK, a);
  feNormalize(ZERO_CHECK);
  return feIsZero(ZERO_CHECK) != 0;
}

/** Whether the Jacobian point is the point at infinity. */
// @ts-ignore: decorator
@inline export function gejIsInfinity(a: usize): bool {
  return load<u32>(a, INF) != 0;
}

/** r = the point at infinity. */
export function gejSetInfinity(r: usize): void {
  memory.fill(r, 0, GEJ_SIZE);
  store<u32>(r, 1, INF);
}

/** r = the affine point a, with Z = 1. */
export function gejSetGe(r: usize, a: usize): void {
  memory.copy(r, a, GE_SIZE);
  feSetInt(r + Z, 1);
  store<u32>(r, 0, INF);
}

/** r = -a for an affine point (y of magnitude <= 1 in, 2 out). */
export function geNeg(r: usize, a: usize): void {
  feCopy(r, a);
  feNeg(r + Y, a + Y, 1);
}

/** r = -a for a Jacobian point. */
export function gejNeg(r: usize, a: usize): void {
  memory.copy(r, a, GEJ_SIZE);
  feNeg(r + Y, a + Y, 1);
  feNormalizeWeak(r + Y);
}

/**
 * r = 2a (r may be a). With a = 0 in the curve equation, lambda = 3x^2 / 2y gives
 * S = 4XY^2, M = 3X^2, X3 = M^2 - 2S, Y3 = M(S - X3) - 8Y^4, Z3 = 2YZ: 3 multiplications and
 * 4 squarings, six of them in independent pairs (fieldsimd.ts feMul2, feSqr2). No point of
 * secp256k1 has y = 0, so only infinity needs a special case.
 */
export function gejDoubleVar(r: usize, a: usize): void {
  if (gejIsInfinity(a)) {
    gejSetInfinity(r);
    return;
  }
  feAdd(T1, a + Y, a + Y);
  feMul2(r + Z, T1, a + Z, T1, a + Y, a + Y); // Z3 = 2YZ (a's Y and Z are not needed after this), Y^2
  feMul2(T2, a, T1, T3, a, a); // X Y^2, X^2
  feMulInt(T2, T2, 4); // S, magnitude 4
  feMulInt(T3, T3, 3); // M, magnitude 3
  feSqr2(T1, T1, T4, T3); // Y^4, M^2
  feMulInt(T5, T2, 2);
  feSub(r, T4, T5, 8); // X3 = M^2 - 2S
  feNormalizeWeak(r);
  feSub(T2, T2, r, 1); // S - X3, magnitude 6
  feMul(T2, T3, T2);
  feMulInt(T1, T1, 8);
  feSub(r + Y, T2, T1, 8); // Y3
  feNormalizeWeak(r + Y);
  store<u32>(r, 0, INF);
}

/**
 * Finishes an addition given U1, S1 (T1, T2), H = U2 - U1 and R = S2 - S1 (T3, T4) and the
 * product of the inputs' Z coordinates (T5): X3 = R^2 - H^3 - 2 U1 H^2,
 * Y3 = R (U1 H^2 - X3) - S1 H^3, Z3 = Z1 Z2 H.
 */
function finishAdd(r: usize): void {
  feMul(r + Z, T5, T3);
  feSqr(T6, T3); // H^2
  feMul(T7, T3, T6); // H^3
  feMul(T6, T1, T6); // U1 H^2
  feSqr(T1, T4); // R^2
  feSub(T1, T1, T7, 1);
  feMulInt(T5, T6, 2);
  feSub(r, T1, T5, 2); // X3, magnitude 6
  feNormalizeWeak(r);
  feSub(T6, T6, r, 1);
  feMul(T6, T6, T4);
  feMul(T7, T7, T2); // S1 H^3
  feSub(r + Y, T6, T7, 1);
  feNormalizeWeak(r + Y);
  store<u32>(r, 0, INF);
}

/**
 * r = a + b for Jacobian a and b (r may be either): 12 multiplications and 4 squarings, with the
 * exceptional cases (either is infinity, a = b, a = -b) decided by branches.
 */
export function gejAddVar(r: usize, a: usize, b: usize): void {
  if (gejIsInfinity(a)) {
    memory.copy(r, b, GEJ_SIZE);
    return;
  }
  if (gejIsInfinity(b)) {
    memory.copy(r, a, GEJ_SIZE);
    return;
  }
  feSqr(T5, b + Z);
  feMul(T1, a, T5); // U1 = X1 Z2^2
  feMul(T2, a + Y, b + Z);
  feMul(T2, T2, T5); // S1 = Y1 Z2^3
  feSqr(T5, a + Z);
  feMul(T3, b, T5); // U2 = X2 Z1^2
  feMul(T4, b + Y, a + Z);
  feMul(T4, T4, T5); // S2 = Y2 Z1^3
  feSub(T3, T3, T1, 1); // H
  feSub(T4, T4, T2, 1); // R
  if (isZeroVar(T3)) {
    if (isZeroVar(T4)) gejDoubleVar(r, a);
    else gejSetInfinity(r);
    return;
  }
  feMul(T5, a + Z, b + Z);
  finishAdd(r);
}

/**
 * r = a + b for Jacobian a and affine b (r may be a): with Z2 = 1, 8 multiplications and 3
 * squarings. b's y may have magnitude 2 (a negated table entry).
 */
export function gejAddGeVar(r: usize, a: usize, b: usize): void {
  if (gejIsInfinity(a)) {
    gejSetGe(r, b);
    feNormalizeWeak(r + Y);
    return;
  }
  feCopy(T1, a); // U1
  feCopy(T2, a + Y); // S1
  feSqr(T5, a + Z);
  feMul(T3, b, T5); // U2
  feMul(T4, b + Y, a + Z);
  feMul(T4, T4, T5); // S2
  feSub(T3, T3, T1, 1);
  feSub(T4, T4, T2, 1);
  if (isZeroVar(T3)) {
    if (isZeroVar(T4)) gejDoubleVar(r, a);
    else gejSetInfinity(r);
    return;
  }
  feCopy(T5, a + Z);
  finishAdd(r);
}

/** Affine coordinates of a finite Jacobian point, normalized (one inversion). */
export function geSetGej(r: usize, a: usize): void {
  feInvDivsteps(T1, a + Z);
  geSetGejZinv(r, a, T1);
}

/** geSetGej with a variable-time inversion, for public points (BIP-340 verification's R). */
export function geSetGejVar(r: usize, a: usize): void {
  feInvVar(T1, a + Z);
  geSetGejZinv(r, a, T1);
}

/** r = the affine coordinates of the finite Jacobian a, normalized, given zi = 1/Z (not T2 or T3). */
export function geSetGejZinv(r: usize, a: usize, zi: usize): void {
  feSqr(T2, zi);
  feMul(T3, T2, zi);
  feMul(r, a, T2);
  feNormalize(r);
  feMul(r + Y, a + Y, T3);
  feNormalize(r + Y);
}

/** Whether the normalized affine (x, y) satisfies y^2 = x^3 + 7. */
export function geIsOnCurve(a: usize): bool {
  feSqr(T1, a);
  feMul(T1, T1, a);
  feAdd(T1, T1, SEVEN);
  feSqr(T2, a + Y);
  return feEqualVar(T1, T2);
}

/**
 * Sets r to the point with the normalized x-coordinate at `x` and y of the given parity (0 even,
 * 1 odd); returns false when x^3 + 7 is not a square (no such point).
 */
export function geSetXoVar(r: usize, x: usize, odd: u32): bool {
  feSqr(T1, x);
  feMul(T1, T1, x);
  feAdd(T1, T1, SEVEN);
  if (!feSqrt(r + Y, T1)) return false;
  feCopy(r, x);
  feNormalize(r + Y);
  if (feIsOdd(r + Y) != odd) {
    feNeg(r + Y, r + Y, 1);
    feNormalize(r + Y);
  }
  return true;
}
