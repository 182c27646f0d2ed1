/**
 * Byte encodings of FIPS 203 section 4.2.1: ByteEncode/ByteDecode (little-endian bit strings of d
 * bits per coefficient), Compress_d and Decompress_d. Compression divides by q with a multiply and
 * a shift (floor(x / q) = (x * 1290168) >> 32 for x < 2^23), never with a division instruction,
 * so its timing does not depend on the (secret) coefficients.
 */
import { N, Q } from './params';

/** Byte offset of pair i's even coefficient in the NTT-domain layout (the odd one is 16 bytes on). */
// @ts-ignore: decorator
@inline function pairPos(i: usize): usize {
  return ((i >> 3) << 5) + ((i & 7) << 1);
}

/** ByteEncode_12 of an NTT-domain polynomial whose values are already in [0, q). */
export function encode12(dst: usize, a: usize): void {
  for (let i: usize = 0; i < 128; i++) {
    const p = a + pairPos(i);
    const e = <u32>load<u16>(p);
    const o = <u32>load<u16>(p + 16);
    const out = dst + i * 3;
    store<u8>(out, <u8>e);
    store<u8>(out + 1, <u8>((e >> 8) | (o << 4)));
    store<u8>(out + 2, <u8>(o >> 4));
  }
}

/**
 * ByteDecode_12 into an NTT-domain polynomial. Returns 0 when every value is below q, otherwise a
 * nonzero value: the modulus check of FIPS 203 section 7.2, accumulated without branches.
 */
export function decode12(a: usize, src: usize): i32 {
  let over = 0;
  for (let i: usize = 0; i < 128; i++) {
    const s = src + i * 3;
    const b1 = <i32>load<u8>(s + 1);
    const e = <i32>load<u8>(s) | ((b1 & 15) << 8);
    const o = (b1 >> 4) | (<i32>load<u8>(s + 2) << 4);
    over |= ((Q - 1 - e) | (Q - 1 - o)) >> 31;
    const p = a + pairPos(i);
    store<i16>(p, <i16>e);
    store<i16>(p + 16, <i16>o);
  }
  return over;
}

/** Compress_d(x) for x in [0, q): round(2^d x / q) mod 2^d. */
// @ts-ignore: decorator
@inline function compress(x: u32, d: i32): u32 {
  const n = (<u64>(x << d) + 1664) * 1290168;
  return <u32>(n >> 32) & ((<u32>1 << d) - 1);
}

/** ByteEncode_d(Compress_d(a)) of a standard-order polynomial with values in [0, q). */
export function compressPack(dst: usize, a: usize, d: i32): void {
  let acc: u64 = 0;
  let have: i32 = 0;
  let out = dst;
  for (let i: usize = 0; i < <usize>N; i++) {
    acc |= <u64>compress(<u32>load<u16>(a + (i << 1)), d) << <u64>have;
    have += d;
    while (have >= 8) {
      store<u8>(out++, <u8>acc);
      acc >>= 8;
      have -= 8;
    }
  }
}

/** Decompress_d(ByteDecode_d(src)) into a standard-order polynomial: round(q y / 2^d). */
export function unpackDecompress(a: usize, src: usize, d: i32): void {
  const mask: u64 = (<u64>1 << <u64>d) - 1;
  const half: u32 = <u32>1 << (d - 1);
  let acc: u64 = 0;
  let have: i32 = 0;
  let inp = src;
  for (let i: usize = 0; i < <usize>N; i++) {
    while (have < d) {
      acc |= <u64>load<u8>(inp++) << <u64>have;
      have += 8;
    }
    const y = <u32>(acc & mask);
    store<i16>(a + (i << 1), <i16>((y * <u32>Q + half) >> <u32>d));
    acc >>= <u64>d;
    have -= d;
  }
}

/** Decompress_1(ByteDecode_1(m)): bit i of the 32-byte message becomes 0 or 1665. */
export function messageToPoly(a: usize, m: usize): void {
  for (let i: usize = 0; i < <usize>N; i++) {
    const bit = (<i32>load<u8>(m + (i >> 3)) >> <i32>(i & 7)) & 1;
    store<i16>(a + (i << 1), <i16>(-bit & ((Q + 1) >> 1)));
  }
}

/** ByteEncode_1(Compress_1(a)) of a standard-order polynomial with values in [0, q). */
export function polyToMessage(m: usize, a: usize): void {
  for (let byte: usize = 0; byte < 32; byte++) {
    let v: u32 = 0;
    for (let bit: usize = 0; bit < 8; bit++) {
      v |= compress(<u32>load<u16>(a + (((byte << 3) + bit) << 1)), 1) << <u32>bit;
    }
    store<u8>(m + byte, <u8>v);
  }
}
