/**
 * Bit packing of polynomials (FIPS 204 section 7.1): little-endian bit strings of `bits` bits per
 * coefficient. "Simple" packing stores the coefficient itself; "signed" packing stores b - a, which
 * maps [-a_max, b] onto non-negative integers (BitPack with a = b or b - 1).
 *
 * - Narrow widths (3, 4, 6 bits) are packed by pairs: two coefficients narrowed to i16 lanes and
 *   combined by one dot product with (1, 2^bits) give one 2 * bits-bit value per i32 lane; 4 bits
 *   are then bytes, and 3 and 6 bits are paired again up to 24 bits, three bytes per lane.
 * - Wide widths (10, 13, 18, 20 bits) and every unpacking follow ../bit_layout.ts, whose
 *   constants, like the pairs', are loaded once per call (decision 078).
 * Steps read 16 bytes (unpacking, up to 13 past the last step's bytes: static memory follows every
 * packed buffer) and write 16 bytes (packing, each step's spill overwritten by the next; the last
 * step writes only its own bytes). No branch or table index depends on a coefficient, so s1, s2,
 * t0, y and z pack and unpack in constant time.
 */
import { storePrefix } from '../v128_store';
import { bitLayout, drop3, gatherBits, PACK_EVEN_0, PACK_EVEN_1, PACK_MUL_0, PACK_MUL_1, PACK_ODD_0, PACK_ODD_1, pairMultipliers, pairUp, placeBytes, UNPACK_GATHER_0, UNPACK_GATHER_1, UNPACK_MUL_0, UNPACK_MUL_1 } from '../bit_layout';

/** Eight coefficients at p, minus-from-base when signed. */
// @ts-ignore: decorator
@inline function coefficients(p: usize, offset: usize, base: v128, signed: bool): v128 {
  const x = v128.load(p + offset);
  return signed ? i32x4.sub(base, x) : x;
}

/** Coefficients p[i .. i + 8) paired by `pairs`: four lanes of two coefficients each. */
// @ts-ignore: decorator
@inline function pairsAt(p: usize, i: usize, base: v128, signed: bool, pairs: v128): v128 {
  return pairUp(coefficients(p, i * 4, base, signed), coefficients(p, i * 4 + 16, base, signed), pairs);
}

/** 4-bit pack: 32 coefficients (16 bytes) per step, paired into bytes. */
// @ts-ignore: decorator
@inline function pack4(dst: usize, a: usize, base: i32, signed: bool): void {
  const bv = i32x4.splat(base);
  const k4 = pairMultipliers(4);
  for (let s: usize = 0; s < 8; s++) {
    const p = a + s * 128;
    const bytes0 = i16x8.narrow_i32x4_u(pairsAt(p, 0, bv, signed, k4), pairsAt(p, 8, bv, signed, k4));
    const bytes1 = i16x8.narrow_i32x4_u(pairsAt(p, 16, bv, signed, k4), pairsAt(p, 24, bv, signed, k4));
    v128.store(dst + s * 16, i8x16.narrow_i16x8_u(bytes0, bytes1));
  }
}

/** 6-bit pack: 16 coefficients (12 bytes) per step, paired to 24 bits per lane. */
// @ts-ignore: decorator
@inline function pack6(dst: usize, a: usize): void {
  const k6 = pairMultipliers(6), k12 = pairMultipliers(12), bytes3 = drop3();
  for (let s: usize = 0; s < 16; s++) {
    const p = a + s * 64;
    const quads = pairUp(pairsAt(p, 0, i32x4.splat(0), false, k6), pairsAt(p, 8, i32x4.splat(0), false, k6), k12);
    const out = i8x16.swizzle(quads, bytes3);
    if (s < 15) v128.store(dst + s * 12, out);
    else storePrefix(dst + s * 12, out, 12);
  }
}

/** 3-bit pack: 32 coefficients (12 bytes) per step, paired to 24 bits per lane. */
// @ts-ignore: decorator
@inline function pack3(dst: usize, a: usize, base: i32): void {
  const bv = i32x4.splat(base);
  const k3 = pairMultipliers(3), k6 = pairMultipliers(6), k12 = pairMultipliers(12), bytes3 = drop3();
  for (let s: usize = 0; s < 8; s++) {
    const p = a + s * 128;
    const quads0 = pairUp(pairsAt(p, 0, bv, true, k3), pairsAt(p, 8, bv, true, k3), k6);
    const quads1 = pairUp(pairsAt(p, 16, bv, true, k3), pairsAt(p, 24, bv, true, k3), k6);
    const out = i8x16.swizzle(pairUp(quads0, quads1, k12), bytes3);
    if (s < 7) v128.store(dst + s * 12, out);
    else storePrefix(dst + s * 12, out, 12);
  }
}

/** 10- or 13-bit pack: 8 coefficients (`bits` bytes) per step. */
// @ts-ignore: decorator
@inline function packWide8(dst: usize, a: usize, bits: i32, base: i32, signed: bool): void {
  const k = bitLayout(bits);
  const bv = i32x4.splat(base);
  const m0 = v128.load(k + PACK_MUL_0), m1 = v128.load(k + PACK_MUL_1);
  const even0 = v128.load(k + PACK_EVEN_0), even1 = v128.load(k + PACK_EVEN_1), odd0 = v128.load(k + PACK_ODD_0), odd1 = v128.load(k + PACK_ODD_1);
  const step = <usize>bits;
  for (let s: usize = 0; s < 32; s++) {
    const v0 = i32x4.mul(coefficients(a + s * 32, 0, bv, signed), m0);
    const v1 = i32x4.mul(coefficients(a + s * 32, 16, bv, signed), m1);
    const out = placeBytes(v0, v1, even0, even1, odd0, odd1);
    if (s < 31) v128.store(dst + s * step, out);
    else storePrefix(dst + s * step, out, step);
  }
}

/** 18- or 20-bit signed pack: 4 coefficients (bits / 2 bytes) per step. */
// @ts-ignore: decorator
@inline function packWide4(dst: usize, a: usize, bits: i32, base: i32): void {
  const k = bitLayout(bits);
  const bv = i32x4.splat(base);
  const m0 = v128.load(k + PACK_MUL_0), even = v128.load(k + PACK_EVEN_0), odd = v128.load(k + PACK_ODD_0);
  const step = <usize>(bits >> 1);
  for (let s: usize = 0; s < 64; s++) {
    const v0 = i32x4.mul(coefficients(a + s * 16, 0, bv, true), m0);
    const out = v128.or(i8x16.swizzle(v0, even), i8x16.swizzle(v0, odd));
    if (s < 63) v128.store(dst + s * step, out);
    else storePrefix(dst + s * step, out, step);
  }
}

/** Unpack of 8 coefficients (`bits` bytes) per step, bits below 18. */
// @ts-ignore: decorator
@inline function unpack8(a: usize, src: usize, bits: i32, base: i32, signed: bool): void {
  const k = bitLayout(bits);
  const bv = i32x4.splat(base);
  const g0 = v128.load(k + UNPACK_GATHER_0), g1 = v128.load(k + UNPACK_GATHER_1), m0 = v128.load(k + UNPACK_MUL_0), m1 = v128.load(k + UNPACK_MUL_1);
  const step = <usize>bits;
  for (let s: usize = 0; s < 32; s++) {
    const x = v128.load(src + s * step);
    const y0 = gatherBits(x, g0, m0, bits);
    const y1 = gatherBits(x, g1, m1, bits);
    v128.store(a + s * 32, signed ? i32x4.sub(bv, y0) : y0);
    v128.store(a + s * 32, signed ? i32x4.sub(bv, y1) : y1, 16);
  }
}

/** Signed unpack of 4 coefficients (bits / 2 bytes) per step, bits 18 or 20. */
// @ts-ignore: decorator
@inline function unpack4(a: usize, src: usize, bits: i32, base: i32): void {
  const k = bitLayout(bits);
  const bv = i32x4.splat(base);
  const g0 = v128.load(k + UNPACK_GATHER_0), m0 = v128.load(k + UNPACK_MUL_0);
  const step = <usize>(bits >> 1);
  for (let s: usize = 0; s < 64; s++) {
    v128.store(a + s * 16, i32x4.sub(bv, gatherBits(v128.load(src + s * step), g0, m0, bits)));
  }
}

/** SimpleBitPack: coefficients in [0, 2^bits), bits 4, 6 (w1) or 10 (t1). */
export function packSimple(dst: usize, a: usize, bits: i32): void {
  if (bits == 10) packWide8(dst, a, 10, 0, false);
  else if (bits == 4) pack4(dst, a, 0, false);
  else if (bits == 6) pack6(dst, a);
  else unreachable();
}

/** SimpleBitUnpack, bits 10 (t1). */
export function unpackSimple(a: usize, src: usize, bits: i32): void {
  if (bits == 10) unpack8(a, src, 10, 0, false);
  else unreachable();
}

/** BitPack(a, ., b): stores b - a[i] in `bits` bits, bits 3 or 4 (eta), 13 (t0), 18 or 20 (z). */
export function packSigned(dst: usize, a: usize, bits: i32, b: i32): void {
  if (bits == 20) packWide4(dst, a, 20, b);
  else if (bits == 18) packWide4(dst, a, 18, b);
  else if (bits == 13) packWide8(dst, a, 13, b, true);
  else if (bits == 4) pack4(dst, a, b, true);
  else if (bits == 3) pack3(dst, a, b);
  else unreachable();
}

/** BitUnpack(., ., b): a[i] = b - value, bits 3 or 4 (eta), 13 (t0), 18 or 20 (y, z). */
export function unpackSigned(a: usize, src: usize, bits: i32, b: i32): void {
  if (bits == 20) unpack4(a, src, 20, b);
  else if (bits == 18) unpack4(a, src, 18, b);
  else if (bits == 13) unpack8(a, src, 13, b, true);
  else if (bits == 4) unpack8(a, src, 4, b, true);
  else if (bits == 3) unpack8(a, src, 3, b, true);
  else unreachable();
}
