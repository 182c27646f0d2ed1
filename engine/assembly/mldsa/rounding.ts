/**
 * Power2Round, Decompose, MakeHint and UseHint (FIPS 204 section 7.4) over whole polynomials, four
 * coefficients per v128 and fused with the reductions before them and the norm checks after them
 * (as the avx2 code's decompose and make_hint are). Nothing branches on or indexes by a
 * coefficient: w, w - c s2, c t0 and z are secret until the signature is accepted. A norm check
 * ORs its comparisons over the whole polynomial and is read once at the end; its answer (reject
 * the attempt) is the one thing the caller may branch on.
 */
import { D, GAMMA2, N, POLY_BYTES, Q, W1_MAX } from './params';
import { Q4 } from './reduce';

const END: usize = <usize>(N << 2);
/** gamma2 of ML-DSA-65 and -87; ML-DSA-44's is (q - 1) / 88. */
const GAMMA2_32: i32 = (Q - 1) / 32;
const GAMMA2_88: i32 = (Q - 1) / 88;

/** Splats held in mutable globals, so that V8 loads each where it is used instead of building it anew (decision 078). */
let S_2_22: v128 = i32x4.splat(1 << 22);
let S_127: v128 = i32x4.splat(127);
let S_1025: v128 = i32x4.splat(1025);
let S_2_21: v128 = i32x4.splat(1 << 21);
let S_15: v128 = i32x4.splat(15);
let S_11275: v128 = i32x4.splat(11275);
let S_2_23: v128 = i32x4.splat(1 << 23);
let S_43: v128 = i32x4.splat(43);
let S_2_GAMMA2_32: v128 = i32x4.splat(2 * GAMMA2_32);
let S_2_GAMMA2_88: v128 = i32x4.splat(2 * GAMMA2_88);
let S_2: v128 = i32x4.splat(2);
let S_1: v128 = i32x4.splat(1);
let S_P2R: v128 = i32x4.splat((1 << (D - 1)) - 1);
let S_HALF_Q: v128 = i32x4.splat((Q - 1) / 2);

/** reduce32 of four lanes: a mod q in [-6283009, 6283008] for a <= 2^31 - 2^22 - 1. */
// @ts-ignore: decorator
@inline function reduce32x4(a: v128): v128 {
  const t = i32x4.shr_s(i32x4.add(a, S_2_22), 23);
  return i32x4.sub(a, i32x4.mul(t, Q4));
}

/** Adds q to the negative lanes. */
// @ts-ignore: decorator
@inline function caddq4(a: v128): v128 {
  return i32x4.add(a, v128.and(i32x4.shr_s(a, 31), Q4));
}

/**
 * Decompose's high part r1 of four values in [0, q) by the multiply-shifts of the reference code
 * (exact on [0, q), checked exhaustively by mldsa.rounding.test.ts); the value (q - 1) / (2 gamma2),
 * reached only where FIPS 204 wraps r1 to 0, is cleared. `wide`: gamma2 = (q - 1) / 32.
 */
// @ts-ignore: decorator
@inline function highBits4(r: v128, wide: bool): v128 {
  const a1 = i32x4.shr_s(i32x4.add(r, S_127), 7);
  if (wide) return v128.and(i32x4.shr_s(i32x4.add(i32x4.mul(a1, S_1025), S_2_21), 22), S_15);
  const h = i32x4.shr_s(i32x4.add(i32x4.mul(a1, S_11275), S_2_23), 24);
  return v128.xor(h, v128.and(i32x4.shr_s(i32x4.sub(S_43, h), 31), h));
}

/** Decompose's low part given r in [0, q) and r1 = highBits4(r): in (-gamma2, gamma2], r - q in the wrap case. */
// @ts-ignore: decorator
@inline function lowBits4(r: v128, r1: v128, wide: bool): v128 {
  const r0 = i32x4.sub(r, i32x4.mul(r1, wide ? S_2_GAMMA2_32 : S_2_GAMMA2_88));
  return i32x4.sub(r0, v128.and(i32x4.shr_s(i32x4.sub(S_HALF_Q, r0), 31), Q4));
}

/** All-ones lanes where |a| >= bound. */
// @ts-ignore: decorator
@inline function over4(a: v128, bound: v128): v128 {
  return i32x4.ge_s(i32x4.abs(a), bound);
}

/** Power2Round of t + s2 (k polynomials): t1 = high part, t0 = low part in (-2^(d-1), 2^(d-1)]. */
export function power2RoundVec(t1: usize, t0: usize, t: usize, s2: usize, count: i32): void {
  const end = <usize>(count * POLY_BYTES);
  for (let n: usize = 0; n < end; n += 16) {
    const r = caddq4(reduce32x4(i32x4.add(v128.load(t + n), v128.load(s2 + n))));
    const hi = i32x4.shr_s(i32x4.add(r, S_P2R), D);
    v128.store(t1 + n, hi);
    v128.store(t0 + n, i32x4.sub(r, i32x4.shl(hi, D)));
  }
}

// @ts-ignore: decorator
@inline function decomposeWith(w1: usize, w: usize, end: usize, wide: bool): void {
  for (let n: usize = 0; n < end; n += 16) {
    const r = caddq4(reduce32x4(v128.load(w + n)));
    v128.store(w + n, r);
    v128.store(w1 + n, highBits4(r, wide));
  }
}

/** w = w mod q in [0, q) in place and w1 = HighBits(w), over `count` polynomials. */
export function decomposeVec(w1: usize, w: usize, count: i32): void {
  const end = <usize>(count * POLY_BYTES);
  if (GAMMA2 == GAMMA2_32) decomposeWith(w1, w, end, true);
  else decomposeWith(w1, w, end, false);
}

/** z = reduce32(z + y) in place (one polynomial); true when some |z| >= bound. */
export function addExceeds(z: usize, y: usize, bound: i32): bool {
  const b = i32x4.splat(bound);
  let over = i32x4.splat(0);
  for (let n: usize = 0; n < END; n += 16) {
    const r = reduce32x4(i32x4.add(v128.load(z + n), v128.load(y + n)));
    v128.store(z + n, r);
    over = v128.or(over, over4(r, b));
  }
  return v128.any_true(over);
}

// @ts-ignore: decorator
@inline function subLowWith(w: usize, cs2: usize, bound: i32, wide: bool): bool {
  const b = i32x4.splat(bound);
  let over = i32x4.splat(0);
  for (let n: usize = 0; n < END; n += 16) {
    const r = caddq4(reduce32x4(i32x4.sub(v128.load(w + n), v128.load(cs2 + n))));
    v128.store(w + n, r);
    over = v128.or(over, over4(lowBits4(r, highBits4(r, wide), wide), b));
  }
  return v128.any_true(over);
}

/** w = (w - c s2) mod q in [0, q) in place (one polynomial); true when some |LowBits(w)| >= bound. */
export function subLowBitsExceeds(w: usize, cs2: usize, bound: i32): bool {
  return GAMMA2 == GAMMA2_32 ? subLowWith(w, cs2, bound, true) : subLowWith(w, cs2, bound, false);
}

// @ts-ignore: decorator
@inline function makeHintWith(h: usize, w: usize, ct0: usize, wide: bool): i32 {
  const g = i32x4.splat(GAMMA2);
  let over = i32x4.splat(0);
  let count = i32x4.splat(0);
  for (let n: usize = 0; n < END; n += 16) {
    const c = reduce32x4(v128.load(ct0 + n));
    over = v128.or(over, over4(c, g));
    const r1 = highBits4(caddq4(reduce32x4(i32x4.add(v128.load(w + n), c))), wide);
    const differs = i32x4.ne(r1, v128.load(h + n));
    v128.store(h + n, i32x4.neg(differs));
    count = i32x4.sub(count, differs);
  }
  if (v128.any_true(over)) return -1;
  return i32x4.extract_lane(count, 0) + i32x4.extract_lane(count, 1) + i32x4.extract_lane(count, 2) + i32x4.extract_lane(count, 3);
}

/**
 * MakeHint(-c t0, w - c s2 + c t0) for one polynomial: h holds w1 = HighBits(w) on entry and the
 * hint bits (HighBits(w - c s2 + c t0) != w1) on return; w is w - c s2 in [0, q). Returns the
 * number of hints, or -1 when some |c t0| >= gamma2 (the attempt is rejected).
 */
export function makeHints(h: usize, w: usize, ct0: usize): i32 {
  return GAMMA2 == GAMMA2_32 ? makeHintWith(h, w, ct0, true) : makeHintWith(h, w, ct0, false);
}

// @ts-ignore: decorator
@inline function useHintWith(h: usize, w: usize, end: usize, wide: bool): void {
  const m = i32x4.splat(W1_MAX);
  for (let n: usize = 0; n < end; n += 16) {
    const r = caddq4(v128.load(w + n));
    const r1 = highBits4(r, wide);
    const up = i32x4.gt_s(lowBits4(r, r1, wide), i32x4.splat(0));
    // +1 where r0 > 0, -1 elsewhere, 0 without a hint; then modulo W1_MAX.
    const step = v128.and(i32x4.sub(v128.and(up, S_2), S_1), i32x4.ne(v128.load(h + n), i32x4.splat(0)));
    let x = i32x4.add(r1, step);
    x = i32x4.add(x, v128.and(i32x4.lt_s(x, i32x4.splat(0)), m));
    x = i32x4.sub(x, v128.and(i32x4.ge_s(x, m), m));
    v128.store(h + n, x);
  }
}

/** UseHint over `count` polynomials: h (hint bits on entry) becomes the corrected w1 of w (|w| < q). */
export function useHintVec(h: usize, w: usize, count: i32): void {
  const end = <usize>(count * POLY_BYTES);
  if (GAMMA2 == GAMMA2_32) useHintWith(h, w, end, true);
  else useHintWith(h, w, end, false);
}
