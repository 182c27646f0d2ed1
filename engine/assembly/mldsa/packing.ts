/**
 * Bit packing of polynomials (FIPS 204 section 7.1): little-endian bit strings of `bits` bits per
 * coefficient. "Simple" packing stores the coefficient itself; "signed" packing stores b - a, which
 * maps [-a_max, b] onto non-negative integers (BitPack with a = b or b - 1).
 */
import { N } from './params';

/** Packs base + sign * a[i] (sign is 1 or -1) in `bits` bits each. */
function packBits(dst: usize, a: usize, bits: i32, base: i32, sign: i32): void {
  const mask: u64 = (<u64>1 << <u64>bits) - 1;
  let acc: u64 = 0;
  let have: i32 = 0;
  let out = dst;
  for (let i = 0; i < N; i++) {
    acc |= (<u64>(base + sign * load<i32>(a + (<usize>i << 2))) & mask) << <u64>have;
    have += bits;
    while (have >= 8) {
      store<u8>(out++, <u8>acc);
      acc >>= 8;
      have -= 8;
    }
  }
}

/** Unpacks a[i] = base + sign * value from `bits` bits each. */
function unpackBits(a: usize, src: usize, bits: i32, base: i32, sign: i32): void {
  const mask: u64 = (<u64>1 << <u64>bits) - 1;
  let acc: u64 = 0;
  let have: i32 = 0;
  let inp = src;
  for (let i = 0; i < N; i++) {
    while (have < bits) {
      acc |= <u64>load<u8>(inp++) << <u64>have;
      have += 8;
    }
    store<i32>(a + (<usize>i << 2), base + sign * <i32>(acc & mask));
    acc >>= <u64>bits;
    have -= bits;
  }
}

/** SimpleBitPack: coefficients in [0, 2^bits). */
export function packSimple(dst: usize, a: usize, bits: i32): void {
  packBits(dst, a, bits, 0, 1);
}

/** SimpleBitUnpack. */
export function unpackSimple(a: usize, src: usize, bits: i32): void {
  unpackBits(a, src, bits, 0, 1);
}

/** BitPack(a, ., b): stores b - a[i] in `bits` bits. */
export function packSigned(dst: usize, a: usize, bits: i32, b: i32): void {
  packBits(dst, a, bits, b, -1);
}

/** BitUnpack(., ., b): a[i] = b - value. */
export function unpackSigned(a: usize, src: usize, bits: i32, b: i32): void {
  unpackBits(a, src, bits, b, -1);
}
