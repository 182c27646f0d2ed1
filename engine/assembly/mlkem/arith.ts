/**
 * Arithmetic mod q = 3329 on eight i16 coefficients at a time (WebAssembly SIMD), without division
 * or secret-dependent branches.
 *
 * Multiplication by a known constant z uses a rounding quotient estimate instead of Montgomery
 * form: with z' = round(z * 2^15 / q), q15mulr(a, z') = round(a * z / q) up to one, so
 * a * z - q15mulr(a, z') * q lies in [-q, q] and can be computed in wrapping i16 arithmetic.
 * Values stay in the normal domain; only the i32 sums of the NTT-domain products go through a
 * Montgomery reduction (factor 2^-16), which the caller compensates once.
 */
import { Q } from './params';

/** q^-1 mod 2^16, as a signed 16-bit value. */
export const QINV: i16 = -3327;

/** The Barrett-style constant of z: round(z * 2^15 / q), for 0 <= z < q. */
export function shoup(z: i32): i32 {
  return (z * 32768 + (Q >> 1)) / Q;
}

/** a * z mod q in [-q, q] for any i16 lanes a; zp = shoup(z). */
// @ts-ignore: decorator
@inline export function mulConst(a: v128, z: v128, zp: v128): v128 {
  const t = i16x8.q15mulr_sat_s(a, zp);
  return i16x8.sub(i16x8.mul(a, z), i16x8.mul(t, i16x8.splat(<i16>Q)));
}

/** a mod q in [-1665, 1663] for any i16 lanes a (round(a * 20159 / 2^26) estimates a / q). */
// @ts-ignore: decorator
@inline export function barrett(a: v128): v128 {
  const t = i16x8.shr_s(i16x8.add(i16x8.q15mulr_sat_s(a, i16x8.splat(20159)), i16x8.splat(1 << 10)), 11);
  return i16x8.sub(a, i16x8.mul(t, i16x8.splat(<i16>Q)));
}

/** The representative in [0, q) for any i16 lanes a. */
// @ts-ignore: decorator
@inline export function canonical(a: v128): v128 {
  const r = barrett(a);
  return i16x8.add(r, v128.and(i16x8.shr_s(r, 15), i16x8.splat(<i16>Q)));
}

/**
 * Montgomery reduction of eight i32 sums (lo: lanes 0-3, hi: lanes 4-7) to i16 lanes x * 2^-16 mod q,
 * |result| <= |x| / 2^16 + q / 2. The low halves of x - m q vanish, so the result is its high halves.
 */
// @ts-ignore: decorator
@inline export function montReduce(lo: v128, hi: v128): v128 {
  const low = i8x16.shuffle(lo, hi, 0, 1, 4, 5, 8, 9, 12, 13, 16, 17, 20, 21, 24, 25, 28, 29);
  const m = i16x8.mul(low, i16x8.splat(QINV));
  const qv = i16x8.splat(<i16>Q);
  const rl = i32x4.sub(lo, i32x4.extmul_low_i16x8_s(m, qv));
  const rh = i32x4.sub(hi, i32x4.extmul_high_i16x8_s(m, qv));
  return i8x16.shuffle(rl, rh, 2, 3, 6, 7, 10, 11, 14, 15, 18, 19, 22, 23, 26, 27, 30, 31);
}

/** Replaces each of `count` consecutive polynomials at `p` by its representatives in [0, q). */
export function canonicalVec(p: usize, count: i32): void {
  const end = p + <usize>(count * 512);
  for (let a = p; a < end; a += 16) v128.store(a, canonical(v128.load(a)));
}

/** Reduces each of `count` consecutive polynomials at `p` into [-1665, 1663]. */
export function barrettVec(p: usize, count: i32): void {
  const end = p + <usize>(count * 512);
  for (let a = p; a < end; a += 16) v128.store(a, barrett(v128.load(a)));
}

/** dst += src over `count` consecutive polynomials (callers keep the sums within i16). */
export function addVec(dst: usize, src: usize, count: i32): void {
  const end = dst + <usize>(count * 512);
  for (let a = dst, b = src; a < end; a += 16, b += 16) v128.store(a, i16x8.add(v128.load(a), v128.load(b)));
}

/** dst = a - b for one polynomial. */
export function subPoly(dst: usize, a: usize, b: usize): void {
  for (let i: usize = 0; i < 512; i += 16) v128.store(dst + i, i16x8.sub(v128.load(a + i), v128.load(b + i)));
}

/** Multiplies `count` polynomials at `p` by the constant z in place (results in [-q, q]). */
export function mulConstVec(p: usize, count: i32, z: i32): void {
  const zv = i16x8.splat(<i16>z);
  const zp = i16x8.splat(<i16>shoup(z));
  const end = p + <usize>(count * 512);
  for (let a = p; a < end; a += 16) v128.store(a, mulConst(v128.load(a), zv, zp));
}
