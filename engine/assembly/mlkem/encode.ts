/**
 * Byte encodings of FIPS 203 section 4.2.1: ByteEncode/ByteDecode (little-endian bit strings of d
 * bits per coefficient), Compress_d and Decompress_d, as straight-line v128 code: nothing branches
 * on or indexes by a coefficient, so the secret key, the message and the decrypted message m'
 * encode and decode in constant time. Compression divides by q with a multiply and a shift
 * (floor(x / q) = (x * 1290168) >> 32 for x < 2^23), never with a division instruction.
 *
 * The d-bit codes (d = 4, 5, 10, 11) take 8 coefficients per step as ML-DSA's packing does
 * (mldsa/packing.ts explains the shuffles): unpacking gathers bytes floor(j d / 8).. into lane j and
 * aligns them by a multiply and a shift; packing shifts lane j by its bit offset with a multiply and
 * places its bytes with shuffles, ORed where coefficients share a byte. Steps read 16 bytes (up to
 * 12 past the last step's: static memory follows every buffer) and write 16 (the last steps only
 * their own bytes).
 */
import { N, Q } from './params';
import { storePrefix } from '../v128_store';

/** ByteEncode_12 of an NTT-domain polynomial (pairs of 8 even, then 8 odd, i16) with values in [0, q). */
export function encode12(dst: usize, a: usize): void {
  for (let g: usize = 0; g < 16; g++) {
    const e = v128.load(a + g * 32);
    const o = v128.load(a + g * 32 + 16);
    // Pair p as 24 bits e | o << 12 in lane p of lo (pairs 0-3) and hi (4-7).
    const lo = v128.or(i32x4.extend_low_i16x8_u(e), i32x4.shl(i32x4.extend_low_i16x8_u(o), 12));
    const hi = v128.or(i32x4.extend_high_i16x8_u(e), i32x4.shl(i32x4.extend_high_i16x8_u(o), 12));
    v128.store(dst + g * 24, i8x16.shuffle(lo, hi, 0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14, 16, 17, 18, 20));
    store<u64>(dst + g * 24 + 16, i64x2.extract_lane(i8x16.shuffle(lo, hi, 21, 22, 24, 25, 26, 28, 29, 30, 0, 0, 0, 0, 0, 0, 0, 0), 0));
  }
}

/**
 * ByteDecode_12 into an NTT-domain polynomial. Returns 0 when every value is below q, otherwise 1:
 * the modulus check of FIPS 203 section 7.2, accumulated without branches.
 */
export function decode12(a: usize, src: usize): i32 {
  const max = i16x8.splat(<i16>(Q - 1));
  let over = i16x8.splat(0);
  for (let g: usize = 0; g < 16; g++) {
    // Bytes 0-15 of the 24 in x, bytes 8-23 in y (shuffle indices 16-31).
    const x = v128.load(src + g * 24);
    const y = v128.load(src + g * 24 + 8);
    const e = v128.and(i8x16.shuffle(x, y, 0, 1, 3, 4, 6, 7, 9, 10, 12, 13, 15, 24, 26, 27, 29, 30), i16x8.splat(0xfff));
    const o = i16x8.shr_u(i8x16.shuffle(x, y, 1, 2, 4, 5, 7, 8, 10, 11, 13, 14, 24, 25, 27, 28, 30, 31), 4);
    over = v128.or(over, v128.or(i16x8.gt_u(e, max), i16x8.gt_u(o, max)));
    v128.store(a + g * 32, e);
    v128.store(a + g * 32 + 16, o);
  }
  return <i32>v128.any_true(over);
}

/** Compress_d of four lanes in [0, q): round(2^d x / q) mod 2^d. */
// @ts-ignore: decorator
@inline function compress4(v: v128, d: i32): v128 {
  const t = i32x4.add(i32x4.shl(v, d), i32x4.splat(1664));
  const m = i32x4.splat(1290168);
  const lo = i64x2.extmul_low_i32x4_u(t, m);
  const hi = i64x2.extmul_high_i32x4_u(t, m);
  return v128.and(i8x16.shuffle(lo, hi, 4, 5, 6, 7, 12, 13, 14, 15, 20, 21, 22, 23, 28, 29, 30, 31), i32x4.splat((1 << d) - 1));
}

/** Decompress_d of four lanes below 2^d: round(q y / 2^d). */
// @ts-ignore: decorator
@inline function decompress4(y: v128, d: i32): v128 {
  return i32x4.shr_u(i32x4.add(i32x4.mul(y, i32x4.splat(Q)), i32x4.splat(1 << (d - 1))), d);
}

/** ByteEncode_4(Compress_4(a)): 8 coefficients (4 bytes) per step. */
// @ts-ignore: decorator
@inline function compressPack4(dst: usize, a: usize): void {
  for (let s: usize = 0; s < 32; s++) {
    const x = v128.load(a + s * 16);
    const v0 = i32x4.mul(compress4(i32x4.extend_low_i16x8_u(x), 4), i32x4(1, 16, 1, 16));
    const v1 = i32x4.mul(compress4(i32x4.extend_high_i16x8_u(x), 4), i32x4(1, 16, 1, 16));
    const out = v128.or(i8x16.shuffle(v0, v1, 0, 8, 16, 24, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3), i8x16.shuffle(v0, v1, 4, 12, 20, 28, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3));
    if (s < 29) v128.store(dst + s * 4, out);
    else storePrefix(dst + s * 4, out, 4);
  }
}

/** Decompress_4(ByteDecode_4(src)): 8 coefficients (4 bytes) per step. */
// @ts-ignore: decorator
@inline function unpackDecompress4(a: usize, src: usize): void {
  for (let s: usize = 0; s < 32; s++) {
    const x = v128.load(src + s * 4);
    const y0 = decompress4(i32x4.shr_u(i32x4.mul(i8x16.shuffle(x, x, 0, 1, 2, 3, 0, 1, 2, 3, 1, 2, 3, 4, 1, 2, 3, 4), i32x4(268435456, 16777216, 268435456, 16777216)), 28), 4);
    const y1 = decompress4(i32x4.shr_u(i32x4.mul(i8x16.shuffle(x, x, 2, 3, 4, 5, 2, 3, 4, 5, 3, 4, 5, 6, 3, 4, 5, 6), i32x4(268435456, 16777216, 268435456, 16777216)), 28), 4);
    v128.store(a + s * 16, i16x8.narrow_i32x4_u(y0, y1));
  }
}

/** ByteEncode_5(Compress_5(a)): 8 coefficients (5 bytes) per step. */
// @ts-ignore: decorator
@inline function compressPack5(dst: usize, a: usize): void {
  for (let s: usize = 0; s < 32; s++) {
    const x = v128.load(a + s * 16);
    const v0 = i32x4.mul(compress4(i32x4.extend_low_i16x8_u(x), 5), i32x4(1, 32, 4, 128));
    const v1 = i32x4.mul(compress4(i32x4.extend_high_i16x8_u(x), 5), i32x4(16, 2, 64, 8));
    const out = v128.or(v128.or(i8x16.shuffle(v0, v1, 0, 8, 16, 17, 28, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3), i8x16.shuffle(v0, v1, 4, 5, 3, 20, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3)), i8x16.shuffle(v0, v1, 3, 12, 13, 24, 25, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3));
    if (s < 29) v128.store(dst + s * 5, out);
    else storePrefix(dst + s * 5, out, 5);
  }
}

/** Decompress_5(ByteDecode_5(src)): 8 coefficients (5 bytes) per step. */
// @ts-ignore: decorator
@inline function unpackDecompress5(a: usize, src: usize): void {
  for (let s: usize = 0; s < 32; s++) {
    const x = v128.load(src + s * 5);
    const y0 = decompress4(i32x4.shr_u(i32x4.mul(i8x16.shuffle(x, x, 0, 1, 2, 3, 0, 1, 2, 3, 1, 2, 3, 4, 1, 2, 3, 4), i32x4(134217728, 4194304, 33554432, 1048576)), 27), 5);
    const y1 = decompress4(i32x4.shr_u(i32x4.mul(i8x16.shuffle(x, x, 2, 3, 4, 5, 3, 4, 5, 6, 3, 4, 5, 6, 4, 5, 6, 7), i32x4(8388608, 67108864, 2097152, 16777216)), 27), 5);
    v128.store(a + s * 16, i16x8.narrow_i32x4_u(y0, y1));
  }
}

/** ByteEncode_10(Compress_10(a)): 8 coefficients (10 bytes) per step. */
// @ts-ignore: decorator
@inline function compressPack10(dst: usize, a: usize): void {
  for (let s: usize = 0; s < 32; s++) {
    const x = v128.load(a + s * 16);
    const v0 = i32x4.mul(compress4(i32x4.extend_low_i16x8_u(x), 10), i32x4(1, 4, 16, 64));
    const v1 = i32x4.mul(compress4(i32x4.extend_high_i16x8_u(x), 10), i32x4(1, 4, 16, 64));
    const out = v128.or(i8x16.shuffle(v0, v1, 0, 1, 8, 9, 3, 16, 17, 24, 25, 3, 3, 3, 3, 3, 3, 3), i8x16.shuffle(v0, v1, 3, 4, 5, 12, 13, 3, 20, 21, 28, 29, 3, 3, 3, 3, 3, 3));
    if (s < 31) v128.store(dst + s * 10, out);
    else storePrefix(dst + s * 10, out, 10);
  }
}

/** Decompress_10(ByteDecode_10(src)): 8 coefficients (10 bytes) per step. */
// @ts-ignore: decorator
@inline function unpackDecompress10(a: usize, src: usize): void {
  for (let s: usize = 0; s < 32; s++) {
    const x = v128.load(src + s * 10);
    const y0 = decompress4(i32x4.shr_u(i32x4.mul(i8x16.shuffle(x, x, 0, 1, 2, 3, 1, 2, 3, 4, 2, 3, 4, 5, 3, 4, 5, 6), i32x4(4194304, 1048576, 262144, 65536)), 22), 10);
    const y1 = decompress4(i32x4.shr_u(i32x4.mul(i8x16.shuffle(x, x, 5, 6, 7, 8, 6, 7, 8, 9, 7, 8, 9, 10, 8, 9, 10, 11), i32x4(4194304, 1048576, 262144, 65536)), 22), 10);
    v128.store(a + s * 16, i16x8.narrow_i32x4_u(y0, y1));
  }
}

/** ByteEncode_11(Compress_11(a)): 8 coefficients (11 bytes) per step. */
// @ts-ignore: decorator
@inline function compressPack11(dst: usize, a: usize): void {
  for (let s: usize = 0; s < 32; s++) {
    const x = v128.load(a + s * 16);
    const v0 = i32x4.mul(compress4(i32x4.extend_low_i16x8_u(x), 11), i32x4(1, 8, 64, 2));
    const v1 = i32x4.mul(compress4(i32x4.extend_high_i16x8_u(x), 11), i32x4(16, 128, 4, 32));
    const out = v128.or(i8x16.shuffle(v0, v1, 0, 1, 8, 9, 10, 16, 17, 3, 24, 25, 3, 3, 3, 3, 3, 3), i8x16.shuffle(v0, v1, 3, 4, 5, 3, 12, 13, 20, 21, 22, 28, 29, 3, 3, 3, 3, 3));
    if (s < 31) v128.store(dst + s * 11, out);
    else storePrefix(dst + s * 11, out, 11);
  }
}

/** Decompress_11(ByteDecode_11(src)): 8 coefficients (11 bytes) per step. */
// @ts-ignore: decorator
@inline function unpackDecompress11(a: usize, src: usize): void {
  for (let s: usize = 0; s < 32; s++) {
    const x = v128.load(src + s * 11);
    const y0 = decompress4(i32x4.shr_u(i32x4.mul(i8x16.shuffle(x, x, 0, 1, 2, 3, 1, 2, 3, 4, 2, 3, 4, 5, 4, 5, 6, 7), i32x4(2097152, 262144, 32768, 1048576)), 21), 11);
    const y1 = decompress4(i32x4.shr_u(i32x4.mul(i8x16.shuffle(x, x, 5, 6, 7, 8, 6, 7, 8, 9, 8, 9, 10, 11, 9, 10, 11, 12), i32x4(131072, 16384, 524288, 65536)), 21), 11);
    v128.store(a + s * 16, i16x8.narrow_i32x4_u(y0, y1));
  }
}

/** ByteEncode_d(Compress_d(a)) of a standard-order polynomial with values in [0, q); d = 4, 5, 10 or 11. */
export function compressPack(dst: usize, a: usize, d: i32): void {
  if (d == 10) compressPack10(dst, a);
  else if (d == 4) compressPack4(dst, a);
  else if (d == 11) compressPack11(dst, a);
  else if (d == 5) compressPack5(dst, a);
  else unreachable();
}

/** Decompress_d(ByteDecode_d(src)) into a standard-order polynomial; d = 4, 5, 10 or 11. */
export function unpackDecompress(a: usize, src: usize, d: i32): void {
  if (d == 10) unpackDecompress10(a, src);
  else if (d == 4) unpackDecompress4(a, src);
  else if (d == 11) unpackDecompress11(a, src);
  else if (d == 5) unpackDecompress5(a, src);
  else unreachable();
}

/** Decompress_1(ByteDecode_1(m)): bit i of the 32-byte message becomes 0 or 1665. */
export function messageToPoly(a: usize, m: usize): void {
  const bits = i16x8(1, 2, 4, 8, 16, 32, 64, 128);
  const half = i16x8.splat(<i16>((Q + 1) >> 1));
  for (let k: usize = 0; k < <usize>(N >> 3); k++) {
    const set = i16x8.ne(v128.and(i16x8.splat(<i16>load<u8>(m + k)), bits), i16x8.splat(0));
    v128.store(a + (k << 4), v128.and(set, half));
  }
}

/**
 * ByteEncode_1(Compress_1(a)) of a standard-order polynomial with values in [0, q): a bit is 1
 * exactly for 833 <= x <= 2496 (round(2x / q) = 1); sixteen comparisons become two bytes by bitmask.
 */
export function polyToMessage(m: usize, a: usize): void {
  const low = i16x8.splat(832);
  const high = i16x8.splat(2497);
  for (let k: usize = 0; k < <usize>(N >> 4); k++) {
    const x0 = v128.load(a + (k << 5));
    const x1 = v128.load(a + (k << 5) + 16);
    const b0 = v128.and(i16x8.gt_s(x0, low), i16x8.lt_s(x0, high));
    const b1 = v128.and(i16x8.gt_s(x1, low), i16x8.lt_s(x1, high));
    store<u16>(m + (k << 1), <u16>i8x16.bitmask(i8x16.narrow_i16x8_s(b0, b1)));
  }
}
