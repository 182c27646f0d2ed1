/** Modular arithmetic mod q = 8380417 without division or secret-dependent branches. */
import { Q } from './params';

/** q^-1 mod 2^32. */
export const QINV: i32 = 58728449;

/**
 * q and q^-1 splat, in mutable globals so that V8 loads them where they are used instead of
 * building them anew at each use (decision 078; immutable globals are folded back into constants).
 */
export let Q4: v128 = i32x4.splat(Q);
export let QINV4: v128 = i32x4.splat(QINV);

/** Montgomery reduction: for |a| < 2^31 * q returns r = a * 2^-32 mod q with |r| < q. */
// @ts-ignore: decorator
@inline export function montgomeryReduce(a: i64): i32 {
  const t: i32 = <i32>a * QINV;
  return <i32>((a - <i64>t * <i64>Q) >> 32);
}

/** For a <= 2^31 - 2^22 - 1 returns r = a mod q with -6283009 <= r <= 6283008. */
// @ts-ignore: decorator
@inline export function reduce32(a: i32): i32 {
  const t = (a + (1 << 22)) >> 23;
  return a - t * Q;
}

/** Adds q when a is negative. */
// @ts-ignore: decorator
@inline export function caddq(a: i32): i32 {
  return a + ((a >> 31) & Q);
}

/** The representative of a in [0, q), for |a| < 2^31 - 2^22. */
// @ts-ignore: decorator
@inline export function freeze(a: i32): i32 {
  return caddq(reduce32(a));
}

/** |a| in constant time. */
// @ts-ignore: decorator
@inline export function abs32(a: i32): i32 {
  const m = a >> 31;
  return (a ^ m) - m;
}
