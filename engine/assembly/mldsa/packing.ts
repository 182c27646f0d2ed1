/**
 * Bit packing of polynomials (FIPS 204 section 7.1): little-endian bit strings of `bits` bits per
 * coefficient. "Simple" packing stores the coefficient itself; "signed" packing stores b - a, which
 * maps [-a_max, b] onto non-negative integers (BitPack with a = b or b - 1).
 *
 * One straight-line v128 routine per width FIPS 204 uses (3, 4, 6, 10, 13, 18, 20 bits), a step
 * being 8 coefficients (4 when 8 would not fit one v128 of bytes). Coefficient j of a step starts
 * at bit j * bits, i.e. byte B = floor(j * bits / 8), bit o = j * bits mod 8.
 * - Unpacking: a constant shuffle gathers bytes B..B+3 into lane j; multiplying by 2^(32 - bits - o)
 *   (wasm has no per-lane shift) moves the value to the top of the lane, dropping the bits above
 *   it, and a shift right by 32 - bits drops those below.
 * - Packing: multiplying lane j by 2^o puts the value at its bit offset; constant shuffles place
 *   each lane's bytes at B.. and an OR merges coefficients that share a byte, those in one shuffle
 *   never sharing one. Byte 3 of lane 0 (bits 24-31 of a value below 2^(bits + o) <= 2^24) is the
 *   zero each shuffle selects for bytes it leaves alone.
 * Steps read 16 bytes (unpacking, up to 13 past the last step's bytes: static memory follows every
 * packed buffer) and write 16 bytes (packing, each step's spill overwritten by the next; the last
 * step writes only its own bytes). No branch or table index depends on a coefficient, so s1, s2,
 * t0, y and z pack and unpack in constant time.
 */
import { storePrefix } from '../v128_store';

/** 3-bit pack: 8 coefficients (3 bytes) per step. */
// @ts-ignore: decorator
@inline function pack3(dst: usize, a: usize, base: i32): void {
  const bv = i32x4.splat(base);
  for (let s: usize = 0; s < 32; s++) {
    const v0 = i32x4.mul(i32x4.sub(bv, v128.load(a + s * 32 + 0)), i32x4(1, 8, 64, 2));
    const v1 = i32x4.mul(i32x4.sub(bv, v128.load(a + s * 32 + 16)), i32x4(16, 128, 4, 32));
    const out = v128.or(v128.or(v128.or(i8x16.shuffle(v0, v1, 0, 12, 24, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3), i8x16.shuffle(v0, v1, 4, 16, 28, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3)), i8x16.shuffle(v0, v1, 8, 9, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3)), i8x16.shuffle(v0, v1, 3, 20, 21, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3));
    if (s < 27) v128.store(dst + s * 3, out);
    else storePrefix(dst + s * 3, out, 3);
  }
}

/** 4-bit pack: 8 coefficients (4 bytes) per step. */
// @ts-ignore: decorator
@inline function pack4Signed(dst: usize, a: usize, base: i32): void {
  const bv = i32x4.splat(base);
  for (let s: usize = 0; s < 32; s++) {
    const v0 = i32x4.mul(i32x4.sub(bv, v128.load(a + s * 32 + 0)), i32x4(1, 16, 1, 16));
    const v1 = i32x4.mul(i32x4.sub(bv, v128.load(a + s * 32 + 16)), i32x4(1, 16, 1, 16));
    const out = v128.or(i8x16.shuffle(v0, v1, 0, 8, 16, 24, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3), i8x16.shuffle(v0, v1, 4, 12, 20, 28, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3));
    if (s < 29) v128.store(dst + s * 4, out);
    else storePrefix(dst + s * 4, out, 4);
  }
}

/** 4-bit pack: 8 coefficients (4 bytes) per step. */
// @ts-ignore: decorator
@inline function pack4(dst: usize, a: usize): void {
  for (let s: usize = 0; s < 32; s++) {
    const v0 = i32x4.mul(v128.load(a + s * 32 + 0), i32x4(1, 16, 1, 16));
    const v1 = i32x4.mul(v128.load(a + s * 32 + 16), i32x4(1, 16, 1, 16));
    const out = v128.or(i8x16.shuffle(v0, v1, 0, 8, 16, 24, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3), i8x16.shuffle(v0, v1, 4, 12, 20, 28, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3));
    if (s < 29) v128.store(dst + s * 4, out);
    else storePrefix(dst + s * 4, out, 4);
  }
}

/** 6-bit pack: 8 coefficients (6 bytes) per step. */
// @ts-ignore: decorator
@inline function pack6(dst: usize, a: usize): void {
  for (let s: usize = 0; s < 32; s++) {
    const v0 = i32x4.mul(v128.load(a + s * 32 + 0), i32x4(1, 64, 16, 4));
    const v1 = i32x4.mul(v128.load(a + s * 32 + 16), i32x4(1, 64, 16, 4));
    const out = v128.or(i8x16.shuffle(v0, v1, 0, 8, 9, 16, 24, 25, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3), i8x16.shuffle(v0, v1, 4, 5, 12, 20, 21, 28, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3));
    if (s < 30) v128.store(dst + s * 6, out);
    else storePrefix(dst + s * 6, out, 6);
  }
}

/** 10-bit pack: 8 coefficients (10 bytes) per step. */
// @ts-ignore: decorator
@inline function pack10(dst: usize, a: usize): void {
  for (let s: usize = 0; s < 32; s++) {
    const v0 = i32x4.mul(v128.load(a + s * 32 + 0), i32x4(1, 4, 16, 64));
    const v1 = i32x4.mul(v128.load(a + s * 32 + 16), i32x4(1, 4, 16, 64));
    const out = v128.or(i8x16.shuffle(v0, v1, 0, 1, 8, 9, 3, 16, 17, 24, 25, 3, 3, 3, 3, 3, 3, 3), i8x16.shuffle(v0, v1, 3, 4, 5, 12, 13, 3, 20, 21, 28, 29, 3, 3, 3, 3, 3, 3));
    if (s < 31) v128.store(dst + s * 10, out);
    else storePrefix(dst + s * 10, out, 10);
  }
}

/** 13-bit pack: 8 coefficients (13 bytes) per step. */
// @ts-ignore: decorator
@inline function pack13(dst: usize, a: usize, base: i32): void {
  const bv = i32x4.splat(base);
  for (let s: usize = 0; s < 32; s++) {
    const v0 = i32x4.mul(i32x4.sub(bv, v128.load(a + s * 32 + 0)), i32x4(1, 32, 4, 128));
    const v1 = i32x4.mul(i32x4.sub(bv, v128.load(a + s * 32 + 16)), i32x4(16, 2, 64, 8));
    const out = v128.or(i8x16.shuffle(v0, v1, 0, 1, 3, 8, 9, 3, 16, 17, 18, 24, 25, 26, 3, 3, 3, 3), i8x16.shuffle(v0, v1, 3, 4, 5, 6, 12, 13, 14, 3, 20, 21, 3, 28, 29, 3, 3, 3));
    if (s < 31) v128.store(dst + s * 13, out);
    else storePrefix(dst + s * 13, out, 13);
  }
}

/** 18-bit pack: 4 coefficients (9 bytes) per step. */
// @ts-ignore: decorator
@inline function pack18(dst: usize, a: usize, base: i32): void {
  const bv = i32x4.splat(base);
  for (let s: usize = 0; s < 64; s++) {
    const v0 = i32x4.mul(i32x4.sub(bv, v128.load(a + s * 16 + 0)), i32x4(1, 4, 16, 64));
    const out = v128.or(i8x16.shuffle(v0, v0, 0, 1, 2, 3, 8, 9, 10, 3, 3, 3, 3, 3, 3, 3, 3, 3), i8x16.shuffle(v0, v0, 3, 3, 4, 5, 6, 3, 12, 13, 14, 3, 3, 3, 3, 3, 3, 3));
    if (s < 63) v128.store(dst + s * 9, out);
    else storePrefix(dst + s * 9, out, 9);
  }
}

/** 20-bit pack: 4 coefficients (10 bytes) per step. */
// @ts-ignore: decorator
@inline function pack20(dst: usize, a: usize, base: i32): void {
  const bv = i32x4.splat(base);
  for (let s: usize = 0; s < 64; s++) {
    const v0 = i32x4.mul(i32x4.sub(bv, v128.load(a + s * 16 + 0)), i32x4(1, 16, 1, 16));
    const out = v128.or(i8x16.shuffle(v0, v0, 0, 1, 2, 3, 3, 8, 9, 10, 3, 3, 3, 3, 3, 3, 3, 3), i8x16.shuffle(v0, v0, 3, 3, 4, 5, 6, 3, 3, 12, 13, 14, 3, 3, 3, 3, 3, 3));
    if (s < 63) v128.store(dst + s * 10, out);
    else storePrefix(dst + s * 10, out, 10);
  }
}

/** 3-bit unpack: 8 coefficients (3 bytes) per step. */
// @ts-ignore: decorator
@inline function unpack3(a: usize, src: usize, base: i32): void {
  const bv = i32x4.splat(base);
  for (let s: usize = 0; s < 32; s++) {
    const x = v128.load(src + s * 3);
    v128.store(a + s * 32 + 0, i32x4.sub(bv, i32x4.shr_u(i32x4.mul(i8x16.shuffle(x, x, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 1, 2, 3, 4), i32x4(536870912, 67108864, 8388608, 268435456)), 29)));
    v128.store(a + s * 32 + 16, i32x4.sub(bv, i32x4.shr_u(i32x4.mul(i8x16.shuffle(x, x, 1, 2, 3, 4, 1, 2, 3, 4, 2, 3, 4, 5, 2, 3, 4, 5), i32x4(33554432, 4194304, 134217728, 16777216)), 29)));
  }
}

/** 4-bit unpack: 8 coefficients (4 bytes) per step. */
// @ts-ignore: decorator
@inline function unpack4(a: usize, src: usize, base: i32): void {
  const bv = i32x4.splat(base);
  for (let s: usize = 0; s < 32; s++) {
    const x = v128.load(src + s * 4);
    v128.store(a + s * 32 + 0, i32x4.sub(bv, i32x4.shr_u(i32x4.mul(i8x16.shuffle(x, x, 0, 1, 2, 3, 0, 1, 2, 3, 1, 2, 3, 4, 1, 2, 3, 4), i32x4(268435456, 16777216, 268435456, 16777216)), 28)));
    v128.store(a + s * 32 + 16, i32x4.sub(bv, i32x4.shr_u(i32x4.mul(i8x16.shuffle(x, x, 2, 3, 4, 5, 2, 3, 4, 5, 3, 4, 5, 6, 3, 4, 5, 6), i32x4(268435456, 16777216, 268435456, 16777216)), 28)));
  }
}

/** 10-bit unpack: 8 coefficients (10 bytes) per step. */
// @ts-ignore: decorator
@inline function unpack10(a: usize, src: usize): void {
  for (let s: usize = 0; s < 32; s++) {
    const x = v128.load(src + s * 10);
    v128.store(a + s * 32 + 0, i32x4.shr_u(i32x4.mul(i8x16.shuffle(x, x, 0, 1, 2, 3, 1, 2, 3, 4, 2, 3, 4, 5, 3, 4, 5, 6), i32x4(4194304, 1048576, 262144, 65536)), 22));
    v128.store(a + s * 32 + 16, i32x4.shr_u(i32x4.mul(i8x16.shuffle(x, x, 5, 6, 7, 8, 6, 7, 8, 9, 7, 8, 9, 10, 8, 9, 10, 11), i32x4(4194304, 1048576, 262144, 65536)), 22));
  }
}

/** 13-bit unpack: 8 coefficients (13 bytes) per step. */
// @ts-ignore: decorator
@inline function unpack13(a: usize, src: usize, base: i32): void {
  const bv = i32x4.splat(base);
  for (let s: usize = 0; s < 32; s++) {
    const x = v128.load(src + s * 13);
    v128.store(a + s * 32 + 0, i32x4.sub(bv, i32x4.shr_u(i32x4.mul(i8x16.shuffle(x, x, 0, 1, 2, 3, 1, 2, 3, 4, 3, 4, 5, 6, 4, 5, 6, 7), i32x4(524288, 16384, 131072, 4096)), 19)));
    v128.store(a + s * 32 + 16, i32x4.sub(bv, i32x4.shr_u(i32x4.mul(i8x16.shuffle(x, x, 6, 7, 8, 9, 8, 9, 10, 11, 9, 10, 11, 12, 11, 12, 13, 14), i32x4(32768, 262144, 8192, 65536)), 19)));
  }
}

/** 18-bit unpack: 4 coefficients (9 bytes) per step. */
// @ts-ignore: decorator
@inline function unpack18(a: usize, src: usize, base: i32): void {
  const bv = i32x4.splat(base);
  for (let s: usize = 0; s < 64; s++) {
    const x = v128.load(src + s * 9);
    v128.store(a + s * 16 + 0, i32x4.sub(bv, i32x4.shr_u(i32x4.mul(i8x16.shuffle(x, x, 0, 1, 2, 3, 2, 3, 4, 5, 4, 5, 6, 7, 6, 7, 8, 9), i32x4(16384, 4096, 1024, 256)), 14)));
  }
}

/** 20-bit unpack: 4 coefficients (10 bytes) per step. */
// @ts-ignore: decorator
@inline function unpack20(a: usize, src: usize, base: i32): void {
  const bv = i32x4.splat(base);
  for (let s: usize = 0; s < 64; s++) {
    const x = v128.load(src + s * 10);
    v128.store(a + s * 16 + 0, i32x4.sub(bv, i32x4.shr_u(i32x4.mul(i8x16.shuffle(x, x, 0, 1, 2, 3, 2, 3, 4, 5, 5, 6, 7, 8, 7, 8, 9, 10), i32x4(4096, 256, 4096, 256)), 12)));
  }
}

/** SimpleBitPack: coefficients in [0, 2^bits), bits 4, 6 (w1) or 10 (t1). */
export function packSimple(dst: usize, a: usize, bits: i32): void {
  if (bits == 10) pack10(dst, a);
  else if (bits == 4) pack4(dst, a);
  else if (bits == 6) pack6(dst, a);
  else unreachable();
}

/** SimpleBitUnpack, bits 10 (t1). */
export function unpackSimple(a: usize, src: usize, bits: i32): void {
  if (bits == 10) unpack10(a, src);
  else unreachable();
}

/** BitPack(a, ., b): stores b - a[i] in `bits` bits, bits 3 or 4 (eta), 13 (t0), 18 or 20 (z). */
export function packSigned(dst: usize, a: usize, bits: i32, b: i32): void {
  if (bits == 20) pack20(dst, a, b);
  else if (bits == 18) pack18(dst, a, b);
  else if (bits == 13) pack13(dst, a, b);
  else if (bits == 4) pack4Signed(dst, a, b);
  else if (bits == 3) pack3(dst, a, b);
  else unreachable();
}

/** BitUnpack(., ., b): a[i] = b - value, bits 3 or 4 (eta), 13 (t0), 18 or 20 (y, z). */
export function unpackSigned(a: usize, src: usize, bits: i32, b: i32): void {
  if (bits == 20) unpack20(a, src, b);
  else if (bits == 18) unpack18(a, src, b);
  else if (bits == 13) unpack13(a, src, b);
  else if (bits == 4) unpack4(a, src, b);
  else if (bits == 3) unpack3(a, src, b);
  else unreachable();
}
