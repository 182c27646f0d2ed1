/**
 * Storing part of a v128: the last step of a fixed-width packing (mldsa/packing.ts,
 * mlkem/encode.ts) writes only its own bytes, so a packed buffer's neighbour is never touched.
 */

/** Writes the first n bytes of v to dst (n is a constant of the width, so the branch is public). */
// @ts-ignore: decorator
@inline export function storePrefix(dst: usize, v: v128, n: usize): void {
  let x = i64x2.extract_lane(v, 0);
  let p = dst;
  if (n >= 8) {
    store<u64>(p, x);
    x = i64x2.extract_lane(v, 1);
    p += 8;
  }
  for (const end = dst + n; p < end; p++, x >>= 8) store<u8>(p, <u8>x);
}
