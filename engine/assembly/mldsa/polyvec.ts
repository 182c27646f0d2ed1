/**
 * Vector operations on the engine's polynomial vectors (consecutive 1 KiB polynomials), fused so
 * that a matrix-vector product reduces once per coefficient instead of once per term.
 */
import { reduce32, caddq, abs32, Q4, QINV4 } from './reduce';
import { invNttToMont, ntt } from './ntt';
import { N, POLY_BYTES } from './params';

// @ts-ignore: decorator
@inline export function poly(base: usize, i: i32): usize {
  return base + <usize>(i * POLY_BYTES);
}

/** NTT of `count` polynomials in place. */
export function nttVec(v: usize, count: i32): void {
  for (let i = 0; i < count; i++) ntt(poly(v, i));
}

/** Inverse NTT (to Montgomery-cancelling form) of `count` polynomials in place. */
export function invNttVec(v: usize, count: i32): void {
  for (let i = 0; i < count; i++) invNttToMont(poly(v, i));
}

/**
 * Montgomery reduction of four i64 lanes (lo: lanes 0-1, hi: lanes 2-3) into one i32x4: for |x| < 2^62
 * returns x 2^-32 mod q with |r| <= |x| / 2^32 + q/2 (the low halves of x - m q vanish).
 */
// @ts-ignore: decorator
@inline function reduceLanes(lo: v128, hi: v128): v128 {
  const qv = Q4;
  const low = i8x16.shuffle(lo, hi, 0, 1, 2, 3, 8, 9, 10, 11, 16, 17, 18, 19, 24, 25, 26, 27);
  const m = i32x4.mul(low, QINV4);
  const rl = i64x2.sub(lo, i64x2.extmul_low_i32x4_s(m, qv));
  const rh = i64x2.sub(hi, i64x2.extmul_high_i32x4_s(m, qv));
  return i8x16.shuffle(rl, rh, 4, 5, 6, 7, 12, 13, 14, 15, 20, 21, 22, 23, 28, 29, 30, 31);
}

/**
 * out[i] = sum_j mat[i][j] o v[j] (- c o t[i] when t != 0), one Montgomery reduction per
 * coefficient: the products accumulate in i64 lanes, unreduced. mat is rows x cols (cols <= 7),
 * row-major, entries in [0, q); v, c and t are NTT outputs of inputs below q, so below 5.2q
 * (ntt.ts). Each sum is then below 7 * 5.2 q^2 + 27.1 q^2 < 64 q^2 < 2^53, and since q / 2^32 <
 * 1/512 the reduced result is below 64q / 512 + q/2 < 0.63q: the input bound of invNttToMont.
 */
export function matVec(out: usize, mat: usize, v: usize, rows: i32, cols: i32, c: usize, t: usize): void {
  for (let i = 0; i < rows; i++) {
    const row = poly(mat, i * cols);
    const o = poly(out, i);
    const ti = t != 0 ? poly(t, i) : 0;
    for (let n: usize = 0; n < <usize>(N << 2); n += 16) {
      let lo = i64x2.splat(0);
      let hi = i64x2.splat(0);
      for (let j = 0; j < cols; j++) {
        const a = v128.load(poly(row, j) + n);
        const b = v128.load(poly(v, j) + n);
        lo = i64x2.add(lo, i64x2.extmul_low_i32x4_s(a, b));
        hi = i64x2.add(hi, i64x2.extmul_high_i32x4_s(a, b));
      }
      if (t != 0) {
        const a = v128.load(c + n);
        const b = v128.load(ti + n);
        lo = i64x2.sub(lo, i64x2.extmul_low_i32x4_s(a, b));
        hi = i64x2.sub(hi, i64x2.extmul_high_i32x4_s(a, b));
      }
      v128.store(o + n, reduceLanes(lo, hi));
    }
  }
}

/**
 * out = invNTT(c o a): the product of the challenge with one secret polynomial, back in normal form.
 * c and a are NTT outputs of inputs below q (below 5.2q), so each product is below 27.1 q^2 and
 * its reduction below 0.56q, within invNttToMont's input bound; the result is below 3q/4.
 */
export function mulChallenge(out: usize, c: usize, a: usize): void {
  for (let n: usize = 0; n < <usize>(N << 2); n += 16) {
    const x = v128.load(c + n);
    const y = v128.load(a + n);
    v128.store(out + n, reduceLanes(i64x2.extmul_low_i32x4_s(x, y), i64x2.extmul_high_i32x4_s(x, y)));
  }
  invNttToMont(out);
}

/** reduce32 then caddq over `count` polynomials: representatives in [0, q). */
export function freezeVec(v: usize, count: i32): void {
  const end = poly(v, count);
  for (let p = v; p < end; p += 4) store<i32>(p, caddq(reduce32(load<i32>(p))));
}

/** True when some coefficient of the (reduce32-reduced) polynomial has |a| >= bound. */
export function exceeds(a: usize, bound: i32): bool {
  // Accumulate without early exit: the caller rejects the whole attempt either way.
  let over = 0;
  for (let n: usize = 0; n < <usize>(N << 2); n += 4) {
    over |= (bound - 1 - abs32(load<i32>(a + n))) >> 31;
  }
  return over != 0;
}
