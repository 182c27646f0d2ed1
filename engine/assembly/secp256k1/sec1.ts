/**
 * SEC1 point encodings (SEC 1 v2, section 2.3.3-2.3.4): compressed 02|03 || x (33 bytes) and
 * uncompressed 04 || x || y (65 bytes). Parsing validates fully: coordinates below p, the point on
 * the curve (for compressed keys: x^3 + 7 must be a square). The point at infinity (00) and the
 * hybrid forms (06, 07) are refused.
 */
import { feGetB32, feIsOdd, feSetB32 } from './field';
import { geIsOnCurve, geSetXoVar } from './point';

const X: usize = memory.data(40, 16);

/** Parses `len` bytes at `src` into the affine point r; false for anything invalid. */
export function sec1ParseVar(r: usize, src: usize, len: i32): bool {
  const prefix = load<u8>(src);
  if (len == 33 && (prefix == 2 || prefix == 3)) {
    if (!feSetB32(X, src + 1)) return false;
    return geSetXoVar(r, X, prefix & 1);
  }
  if (len == 65 && prefix == 4) {
    if (!feSetB32(r, src + 1)) return false;
    if (!feSetB32(r + 40, src + 33)) return false;
    return geIsOnCurve(r);
  }
  return false;
}

/** Writes the normalized affine point a as 33 (compressed) or 65 bytes at dst. */
export function sec1Serialize(dst: usize, a: usize, compressed: bool): void {
  feGetB32(dst + 1, a);
  if (compressed) {
    store<u8>(dst, <u8>(2 | feIsOdd(a + 40)));
  } else {
    store<u8>(dst, 4);
    feGetB32(dst + 33, a + 40);
  }
}
