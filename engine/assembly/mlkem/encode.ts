/**
 * Byte encodings of FIPS 203 section 4.2.1: ByteEncode/ByteDecode (little-endian bit strings of d
 * bits per coefficient), Compress_d and Decompress_d, as straight-line v128 code: nothing branches
 * on or indexes by a coefficient, so the secret key, the message and the decrypted message m'
 * encode and decode in constant time. Compression divides by q with a multiply and a shift
 * (floor(x / q) = (x * 1290168) >> 32 for x < 2^23), never with a division instruction.
 *
 * The d-bit codes follow ../bit_layout.ts (8 coefficients a step). Packing pairs the 4- and 5-bit
 * codes first, two coefficients per lane by a dot product as ML-DSA's packing does: 4-bit pairs
 * are bytes, 5-bit pairs are packed as a 10-bit code. Every constant is
 * loaded from a table once per call (decision 078). Steps read 16 bytes (up to 12 past the last
 * step's: static memory follows every buffer) and write 16 (the last steps only their own bytes).
 */
import { N, Q } from './params';
import { storePrefix } from '../v128_store';
import { bitLayout, gatherBits, PACK_EVEN_0, PACK_EVEN_1, PACK_MUL_0, PACK_MUL_1, PACK_ODD_0, PACK_ODD_1, pairMultipliers, pairUp, placeBytes, UNPACK_GATHER_0, UNPACK_GATHER_1, UNPACK_MUL_0, UNPACK_MUL_1 } from '../bit_layout';

/**
 * Splats, 16 bytes each: 1664 (Compress's rounding), 1290168 (its division by q), q (Decompress),
 * 0xfff and q - 1 in i16 lanes (ByteDecode_12); then ByteEncode_12's swizzles (low pairs to bytes
 * 0-11, high pairs to 12-15, high pairs to 16-23) and ByteDecode_12's (the even coefficients from
 * bytes 0-15 and 8-23, then the odd ones).
 */
const CODE_CONSTANTS: usize = memory.data(12 * 16, 16);
const ROUND: usize = 0, DIVIDE: usize = 16, MODULUS: usize = 32, LOW12: usize = 48, MAX12: usize = 64;
const ENCODE12: usize = 80, DECODE12: usize = 128;

/** Writes the swizzle taking byte indices[i] to byte i (-1: zero) at dst; 16 indices. */
function fillSwizzle(dst: usize, indices: StaticArray<i32>): void {
  for (let i = 0; i < 16; i++) store<u8>(dst + <usize>i, <u8>(indices[i] >= 0 ? indices[i] : 0x80));
}

function initCodeConstants(): void {
  const k = CODE_CONSTANTS;
  for (let i: usize = 0; i < 16; i += 4) {
    store<i32>(k + ROUND + i, 1664);
    store<i32>(k + DIVIDE + i, 1290168);
    store<i32>(k + MODULUS + i, Q);
    store<u32>(k + LOW12 + i, 0x0fff0fff);
    store<u32>(k + MAX12 + i, <u32>(Q - 1) * 0x10001);
  }
  fillSwizzle(k + ENCODE12, [0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14, -1, -1, -1, -1]);
  fillSwizzle(k + ENCODE12 + 16, [-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, 0, 1, 2, 4]);
  fillSwizzle(k + ENCODE12 + 32, [5, 6, 8, 9, 10, 12, 13, 14, -1, -1, -1, -1, -1, -1, -1, -1]);
  // x holds bytes 0-15 of a group, y bytes 8-23 (y's index i is byte 8 + i).
  fillSwizzle(k + DECODE12, [0, 1, 3, 4, 6, 7, 9, 10, 12, 13, 15, -1, -1, -1, -1, -1]);
  fillSwizzle(k + DECODE12 + 16, [-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, 8, 10, 11, 13, 14]);
  fillSwizzle(k + DECODE12 + 32, [1, 2, 4, 5, 7, 8, 10, 11, 13, 14, -1, -1, -1, -1, -1, -1]);
  fillSwizzle(k + DECODE12 + 48, [-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, 8, 9, 11, 12, 14, 15]);
}
initCodeConstants();

/** ByteEncode_12 of an NTT-domain polynomial (pairs of 8 even, then 8 odd, i16) with values in [0, q). */
export function encode12(dst: usize, a: usize): void {
  const low = v128.load(CODE_CONSTANTS + ENCODE12), highFront = v128.load(CODE_CONSTANTS + ENCODE12 + 16), highBack = v128.load(CODE_CONSTANTS + ENCODE12 + 32);
  for (let g: usize = 0; g < 16; g++) {
    const e = v128.load(a + g * 32);
    const o = v128.load(a + g * 32 + 16);
    // Pair p as 24 bits e | o << 12 in lane p of lo (pairs 0-3) and hi (4-7).
    const lo = v128.or(i32x4.extend_low_i16x8_u(e), i32x4.shl(i32x4.extend_low_i16x8_u(o), 12));
    const hi = v128.or(i32x4.extend_high_i16x8_u(e), i32x4.shl(i32x4.extend_high_i16x8_u(o), 12));
    v128.store(dst + g * 24, v128.or(i8x16.swizzle(lo, low), i8x16.swizzle(hi, highFront)));
    v128.store64_lane(dst + g * 24 + 16, i8x16.swizzle(hi, highBack), 0);
  }
}

/**
 * ByteDecode_12 into an NTT-domain polynomial. Returns 0 when every value is below q, otherwise 1:
 * the modulus check of FIPS 203 section 7.2, accumulated without branches.
 */
export function decode12(a: usize, src: usize): i32 {
  const k = CODE_CONSTANTS;
  const evenX = v128.load(k + DECODE12), evenY = v128.load(k + DECODE12 + 16), oddX = v128.load(k + DECODE12 + 32), oddY = v128.load(k + DECODE12 + 48);
  const low12 = v128.load(k + LOW12), max = v128.load(k + MAX12);
  let over = i16x8.splat(0);
  for (let g: usize = 0; g < 16; g++) {
    const x = v128.load(src + g * 24);
    const y = v128.load(src + g * 24 + 8);
    const e = v128.and(v128.or(i8x16.swizzle(x, evenX), i8x16.swizzle(y, evenY)), low12);
    const o = i16x8.shr_u(v128.or(i8x16.swizzle(x, oddX), i8x16.swizzle(y, oddY)), 4);
    over = v128.or(over, v128.or(i16x8.gt_s(e, max), i16x8.gt_s(o, max)));
    v128.store(a + g * 32, e);
    v128.store(a + g * 32 + 16, o);
  }
  return <i32>v128.any_true(over);
}

/** Compress_d of four lanes in [0, q): round(2^d x / q) mod 2^d, with ROUND and DIVIDE splat. */
// @ts-ignore: decorator
@inline function compress4(v: v128, d: i32, round: v128, divide: v128): v128 {
  const t = i32x4.add(i32x4.shl(v, d), round);
  const lo = i64x2.extmul_low_i32x4_u(t, divide);
  const hi = i64x2.extmul_high_i32x4_u(t, divide);
  // The high halves of the four products, mod 2^d (shifting left then right keeps d bits).
  return i32x4.shr_u(i32x4.shl(i8x16.shuffle(lo, hi, 4, 5, 6, 7, 12, 13, 14, 15, 20, 21, 22, 23, 28, 29, 30, 31), 32 - d), 32 - d);
}

/** Decompress_d of four lanes below 2^d: round(q y / 2^d), with q splat. */
// @ts-ignore: decorator
@inline function decompress4(y: v128, d: i32, q: v128): v128 {
  return i32x4.shr_u(i32x4.add(i32x4.mul(y, q), i32x4.splat(1 << (d - 1))), d);
}

/** ByteEncode_4(Compress_4(a)): 32 coefficients (16 bytes) per step, paired into bytes. */
// @ts-ignore: decorator
@inline function compressPack4(dst: usize, a: usize): void {
  const round = v128.load(CODE_CONSTANTS + ROUND), divide = v128.load(CODE_CONSTANTS + DIVIDE), pairs = pairMultipliers(4);
  for (let s: usize = 0; s < 8; s++) {
    const p = a + s * 64;
    const x0 = v128.load(p), x1 = v128.load(p, 16), x2 = v128.load(p, 32), x3 = v128.load(p, 48);
    const d0 = pairUp(compress4(i32x4.extend_low_i16x8_u(x0), 4, round, divide), compress4(i32x4.extend_high_i16x8_u(x0), 4, round, divide), pairs);
    const d1 = pairUp(compress4(i32x4.extend_low_i16x8_u(x1), 4, round, divide), compress4(i32x4.extend_high_i16x8_u(x1), 4, round, divide), pairs);
    const d2 = pairUp(compress4(i32x4.extend_low_i16x8_u(x2), 4, round, divide), compress4(i32x4.extend_high_i16x8_u(x2), 4, round, divide), pairs);
    const d3 = pairUp(compress4(i32x4.extend_low_i16x8_u(x3), 4, round, divide), compress4(i32x4.extend_high_i16x8_u(x3), 4, round, divide), pairs);
    v128.store(dst + s * 16, i8x16.narrow_i16x8_u(i16x8.narrow_i32x4_u(d0, d1), i16x8.narrow_i32x4_u(d2, d3)));
  }
}

/** ByteEncode_5(Compress_5(a)): 16 coefficients (10 bytes) per step, as 8 pairs of 10 bits. */
// @ts-ignore: decorator
@inline function compressPack5(dst: usize, a: usize): void {
  const k = bitLayout(10);
  const round = v128.load(CODE_CONSTANTS + ROUND), divide = v128.load(CODE_CONSTANTS + DIVIDE), pairs = pairMultipliers(5);
  const m0 = v128.load(k + PACK_MUL_0), m1 = v128.load(k + PACK_MUL_1);
  const even0 = v128.load(k + PACK_EVEN_0), even1 = v128.load(k + PACK_EVEN_1), odd0 = v128.load(k + PACK_ODD_0), odd1 = v128.load(k + PACK_ODD_1);
  for (let s: usize = 0; s < 16; s++) {
    const x0 = v128.load(a + s * 32), x1 = v128.load(a + s * 32, 16);
    const p0 = pairUp(compress4(i32x4.extend_low_i16x8_u(x0), 5, round, divide), compress4(i32x4.extend_high_i16x8_u(x0), 5, round, divide), pairs);
    const p1 = pairUp(compress4(i32x4.extend_low_i16x8_u(x1), 5, round, divide), compress4(i32x4.extend_high_i16x8_u(x1), 5, round, divide), pairs);
    const out = placeBytes(i32x4.mul(p0, m0), i32x4.mul(p1, m1), even0, even1, odd0, odd1);
    if (s < 15) v128.store(dst + s * 10, out);
    else storePrefix(dst + s * 10, out, 10);
  }
}

/** ByteEncode_d(Compress_d(a)) for d = 10, 11: 8 coefficients (d bytes) per step. */
// @ts-ignore: decorator
@inline function compressPackWide(dst: usize, a: usize, d: i32): void {
  const k = bitLayout(d);
  const round = v128.load(CODE_CONSTANTS + ROUND), divide = v128.load(CODE_CONSTANTS + DIVIDE);
  const m0 = v128.load(k + PACK_MUL_0), m1 = v128.load(k + PACK_MUL_1);
  const even0 = v128.load(k + PACK_EVEN_0), even1 = v128.load(k + PACK_EVEN_1), odd0 = v128.load(k + PACK_ODD_0), odd1 = v128.load(k + PACK_ODD_1);
  const step = <usize>d;
  for (let s: usize = 0; s < 32; s++) {
    const x = v128.load(a + s * 16);
    const v0 = i32x4.mul(compress4(i32x4.extend_low_i16x8_u(x), d, round, divide), m0);
    const v1 = i32x4.mul(compress4(i32x4.extend_high_i16x8_u(x), d, round, divide), m1);
    const out = placeBytes(v0, v1, even0, even1, odd0, odd1);
    if (s < 31) v128.store(dst + s * step, out);
    else storePrefix(dst + s * step, out, step);
  }
}

/** Decompress_4(ByteDecode_4(src)): 32 coefficients (16 bytes) per step, two half-bytes of each byte. */
// @ts-ignore: decorator
@inline function unpackDecompress4(a: usize, src: usize): void {
  const q = v128.load(CODE_CONSTANTS + MODULUS);
  for (let s: usize = 0; s < 8; s++) {
    const x = v128.load(src + s * 16);
    // Byte b becomes the i16 lanes b & 15 and b >> 4.
    const lo = i16x8.extend_low_i8x16_u(x), hi = i16x8.extend_high_i8x16_u(x);
    const h0 = v128.or(i16x8.shl(i16x8.shr_u(lo, 4), 8), i16x8.shr_u(i16x8.shl(lo, 12), 12));
    const h1 = v128.or(i16x8.shl(i16x8.shr_u(hi, 4), 8), i16x8.shr_u(i16x8.shl(hi, 12), 12));
    // h0's bytes are now coefficients 0-15 in order, each below 16.
    const c0 = i16x8.extend_low_i8x16_u(h0), c1 = i16x8.extend_high_i8x16_u(h0);
    const c2 = i16x8.extend_low_i8x16_u(h1), c3 = i16x8.extend_high_i8x16_u(h1);
    v128.store(a + s * 64, i16x8.narrow_i32x4_u(decompress4(i32x4.extend_low_i16x8_u(c0), 4, q), decompress4(i32x4.extend_high_i16x8_u(c0), 4, q)));
    v128.store(a + s * 64, i16x8.narrow_i32x4_u(decompress4(i32x4.extend_low_i16x8_u(c1), 4, q), decompress4(i32x4.extend_high_i16x8_u(c1), 4, q)), 16);
    v128.store(a + s * 64, i16x8.narrow_i32x4_u(decompress4(i32x4.extend_low_i16x8_u(c2), 4, q), decompress4(i32x4.extend_high_i16x8_u(c2), 4, q)), 32);
    v128.store(a + s * 64, i16x8.narrow_i32x4_u(decompress4(i32x4.extend_low_i16x8_u(c3), 4, q), decompress4(i32x4.extend_high_i16x8_u(c3), 4, q)), 48);
  }
}

/** Decompress_d(ByteDecode_d(src)) for d = 5, 10, 11: 8 coefficients (d bytes) per step. */
// @ts-ignore: decorator
@inline function unpackDecompressWide(a: usize, src: usize, d: i32): void {
  const k = bitLayout(d);
  const q = v128.load(CODE_CONSTANTS + MODULUS);
  const g0 = v128.load(k + UNPACK_GATHER_0), g1 = v128.load(k + UNPACK_GATHER_1), m0 = v128.load(k + UNPACK_MUL_0), m1 = v128.load(k + UNPACK_MUL_1);
  const step = <usize>d;
  for (let s: usize = 0; s < 32; s++) {
    const x = v128.load(src + s * step);
    v128.store(a + s * 16, i16x8.narrow_i32x4_u(decompress4(gatherBits(x, g0, m0, d), d, q), decompress4(gatherBits(x, g1, m1, d), d, q)));
  }
}

/** ByteEncode_d(Compress_d(a)) of a standard-order polynomial with values in [0, q); d = 4, 5, 10 or 11. */
export function compressPack(dst: usize, a: usize, d: i32): void {
  if (d == 10) compressPackWide(dst, a, 10);
  else if (d == 4) compressPack4(dst, a);
  else if (d == 11) compressPackWide(dst, a, 11);
  else if (d == 5) compressPack5(dst, a);
  else unreachable();
}

/** Decompress_d(ByteDecode_d(src)) into a standard-order polynomial; d = 4, 5, 10 or 11. */
export function unpackDecompress(a: usize, src: usize, d: i32): void {
  if (d == 10) unpackDecompressWide(a, src, 10);
  else if (d == 4) unpackDecompress4(a, src);
  else if (d == 11) unpackDecompressWide(a, src, 11);
  else if (d == 5) unpackDecompressWide(a, src, 5);
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
