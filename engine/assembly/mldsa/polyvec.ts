/**
 * Vector operations on the engine's polynomial vectors (consecutive 1 KiB polynomials), fused so
 * that a matrix-vector product reduces once per coefficient instead of once per term.
 */
import { montgomeryReduce, reduce32, caddq, abs32 } from './reduce';
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
 * out[i] = sum_j mat[i][j] o v[j] (- c o t[i] when t != 0), one Montgomery reduction per
 * coefficient. mat is rows x cols, row-major; all inputs in the NTT domain with |x| < 9q.
 */
export function matVec(out: usize, mat: usize, v: usize, rows: i32, cols: i32, c: usize, t: usize): void {
  for (let i = 0; i < rows; i++) {
    const row = poly(mat, i * cols);
    const o = poly(out, i);
    const ti = t != 0 ? poly(t, i) : 0;
    for (let n: usize = 0; n < <usize>(N << 2); n += 4) {
      let acc: i64 = 0;
      for (let j = 0; j < cols; j++) {
        acc += <i64>load<i32>(poly(row, j) + n) * <i64>load<i32>(poly(v, j) + n);
      }
      if (t != 0) acc -= <i64>load<i32>(c + n) * <i64>load<i32>(ti + n);
      store<i32>(o + n, montgomeryReduce(acc));
    }
  }
}

/** out = invNTT(c o a): the product of the challenge with one secret polynomial, back in normal form. */
export function mulChallenge(out: usize, c: usize, a: usize): void {
  for (let n: usize = 0; n < <usize>(N << 2); n += 4) {
    store<i32>(out + n, montgomeryReduce(<i64>load<i32>(c + n) * <i64>load<i32>(a + n)));
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
