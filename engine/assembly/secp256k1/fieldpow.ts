/**
 * Inversion and square roots in GF(p) by fixed addition chains (Fermat: a^(p-2) = a^-1, and
 * a^((p+1)/4) is a square root since p = 3 mod 4). The sequence of squarings and multiplications
 * never depends on the input, so both are constant time.
 */
import { FE_SIZE, feCopy, feEqualVar, feMul, feSqr } from './field';

const X2: usize = memory.data(<i32>FE_SIZE, 16);
const X3: usize = memory.data(<i32>FE_SIZE, 16);
const X6: usize = memory.data(<i32>FE_SIZE, 16);
const X11: usize = memory.data(<i32>FE_SIZE, 16);
const X22: usize = memory.data(<i32>FE_SIZE, 16);
const X44: usize = memory.data(<i32>FE_SIZE, 16);
const X88: usize = memory.data(<i32>FE_SIZE, 16);
const XT: usize = memory.data(<i32>FE_SIZE, 16);
const CHK: usize = memory.data(<i32>FE_SIZE, 16);

/** r = a^(2^k) by k squarings. */
function sqrN(r: usize, a: usize, k: i32): void {
  feSqr(r, a);
  for (let i = 1; i < k; i++) feSqr(r, r);
}

/**
 * Shared start of both exponentiations: x_k = a^(2^k - 1) for k = 2, 3, 11, 22, then XT = x223,
 * by the addition chain 2, 3, 6, 9, 11, 22, 44, 88, 176, 220, 223.
 */
function chain223(a: usize): void {
  feSqr(X2, a); feMul(X2, X2, a);
  feSqr(X3, X2); feMul(X3, X3, a);
  sqrN(X6, X3, 3); feMul(X6, X6, X3);
  sqrN(X11, X6, 3); feMul(X11, X11, X3); // x9
  sqrN(X11, X11, 2); feMul(X11, X11, X2);
  sqrN(X22, X11, 11); feMul(X22, X22, X11);
  sqrN(X44, X22, 22); feMul(X44, X44, X22);
  sqrN(X88, X44, 44); feMul(X88, X88, X44);
  sqrN(XT, X88, 88); feMul(XT, XT, X88); // x176
  sqrN(XT, XT, 44); feMul(XT, XT, X44); // x220
  sqrN(XT, XT, 3); feMul(XT, XT, X3); // x223
  // Both exponents continue with a zero bit and 22 ones.
  sqrN(XT, XT, 23); feMul(XT, XT, X22);
}

/**
 * r = a^(p - 2) = a^-1 (0 for 0), a fixed sequence of 255 squarings and 15 multiplications.
 * p - 2 in binary: 223 ones, 0, 22 ones, 0000101101.
 */
export function feInv(r: usize, a: usize): void {
  chain223(a);
  sqrN(XT, XT, 5); feMul(XT, XT, a);
  sqrN(XT, XT, 3); feMul(XT, XT, X2);
  sqrN(XT, XT, 2); feMul(r, XT, a);
}

/**
 * r = a^((p + 1) / 4), a square root of a when one exists (p = 3 mod 4); returns whether r^2 = a.
 * (p + 1) / 4 in binary: 223 ones, 0, 22 ones, 00001100.
 */
export function feSqrt(r: usize, a: usize): bool {
  chain223(a);
  sqrN(XT, XT, 6); feMul(XT, XT, X2);
  sqrN(XT, XT, 2);
  feCopy(r, XT);
  feSqr(CHK, r);
  return feEqualVar(CHK, a);
}
