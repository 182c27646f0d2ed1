/**
 * Bit packing of polynomials (FIPS 204 section 7.1): little-endian bit strings of `bits` bits per
 * coefficient. "Simple" packing stores the coefficient itself; "signed" packing stores b - a, which
 * maps [-a_max, b] onto non-negative integers (BitPack with a = b or b - 1).
 *
 * Every constant a loop needs (swizzle masks, multipliers) is loaded from a table before the loop:
 * V8 builds a shuffle's mask or a v128.const anew at each use, which cost more than the packing
 * itself (decision 078).
 * - Narrow widths (3, 4, 6 bits) are packed by pairs: two coefficients narrowed to i16 lanes and
 *   combined by one dot product with (1, 2^bits) give one 2 * bits-bit value per i32 lane; 4 bits
 *   are then bytes, and 3 and 6 bits are paired again up to 24 bits, three bytes per lane.
 * - Wide widths (10, 13, 18, 20 bits) go 8 coefficients a step (4 for 18 and 20 bits): multiplying
 *   lane j by 2^o puts its value at its bit offset o within byte B (coefficient j starts at bit
 *   j * bits = 8 B + o); swizzles place each lane's bytes at B.. and ORs merge coefficients that
 *   share a byte. Even and odd coefficients go through separate swizzles, so that those of one
 *   swizzle never share a byte.
 * - Unpacking, every width: a swizzle gathers bytes B..B+3 into lane j; multiplying by
 *   2^(32 - bits - o) moves the value to the top of the lane, dropping the bits above it, and a
 *   shift right by 32 - bits drops those below.
 * Steps read 16 bytes (unpacking, up to 13 past the last step's bytes: static memory follows every
 * packed buffer) and write 16 bytes (packing, each step's spill overwritten by the next; the last
 * step writes only its own bytes). No branch or table index depends on a coefficient, so s1, s2,
 * t0, y and z pack and unpack in constant time.
 */
import { storePrefix } from '../v128_store';

/** The widths FIPS 204 packs: eta (3, 4), w1 (4, 6), t1 (10), t0 (13), z (18, 20). */
// @ts-ignore: decorator
@inline function widthSlot(bits: i32): usize {
  return bits == 3 ? 0 : bits == 4 ? 1 : bits == 6 ? 2 : bits == 10 ? 3 : bits == 13 ? 4 : bits == 18 ? 5 : 6;
}

/**
 * Per width, WIDTH_BYTES: at 0 the packing multipliers for lanes 0-3 and 4-7, at 32 the even
 * coefficients' swizzles from those two vectors and at 64 the odd ones' (wide widths only); at 96
 * the unpacking swizzles for lanes 0-3 and 4-7, at 128 their multipliers. Filled once.
 */
const WIDTH_BYTES: usize = 160;
const WIDTH_CONSTANTS: usize = memory.data(7 * <i32>WIDTH_BYTES, 16);
/** Dot-product multipliers (1, 2^k) in i16 pairs for k = 3, 4, 6, 12, then the swizzle dropping byte 3 of each lane. */
const PAIR_CONSTANTS: usize = memory.data(5 * 16, 16);

function initPackingConstants(): void {
  const widths: StaticArray<i32> = [3, 4, 6, 10, 13, 18, 20];
  for (let w = 0; w < widths.length; w++) {
    const bits = widths[w];
    const k = WIDTH_CONSTANTS + widthSlot(bits) * WIDTH_BYTES;
    memory.fill(k + 32, 0x80, 64);
    const perStep = bits >= 18 ? 4 : 8;
    for (let j = 0; j < perStep; j++) {
      const byte = (j * bits) >> 3, o = (j * bits) & 7;
      const lane = <usize>((j >> 2) * 16 + (j & 3) * 4);
      if (bits >= 10) {
        store<i32>(k + lane, 1 << o);
        const swizzle = k + 32 + <usize>((j & 1) * 32 + (perStep == 4 ? 0 : (j >> 2) * 16));
        for (let t = 0; t < (bits + o + 7) >> 3; t++) store<u8>(swizzle + <usize>(byte + t), <u8>((j & 3) * 4 + t));
      }
      for (let t = 0; t < 4; t++) store<u8>(k + 96 + lane + <usize>t, <u8>(byte + t));
      store<i32>(k + 128 + lane, 1 << (32 - bits - o));
    }
  }
  const shifts: StaticArray<i32> = [3, 4, 6, 12];
  for (let i = 0; i < 4; i++) {
    for (let j = 0; j < 4; j++) store<u32>(PAIR_CONSTANTS + <usize>(i * 16 + j * 4), 1 | (1 << (16 + shifts[i])));
  }
  memory.fill(PAIR_CONSTANTS + 64, 0x80, 16);
  for (let j = 0; j < 12; j++) store<u8>(PAIR_CONSTANTS + 64 + <usize>j, <u8>(j + j / 3));
}
initPackingConstants();

/** The i16 lanes of lo then hi (values below 2^15) combined in pairs: lane i = x[2i] + x[2i + 1] * 2^k for pairs = (1, 2^k). */
// @ts-ignore: decorator
@inline function pairUp(lo: v128, hi: v128, pairs: v128): v128 {
  return i32x4.dot_i16x8_s(i16x8.narrow_i32x4_u(lo, hi), pairs);
}

/** Eight coefficients at p, minus-from-base when signed. */
// @ts-ignore: decorator
@inline function coefficients(p: usize, offset: usize, base: v128, signed: bool): v128 {
  const x = v128.load(p + offset);
  return signed ? i32x4.sub(base, x) : x;
}

/** 4-bit pack: 32 coefficients (16 bytes) per step, paired into bytes. */
// @ts-ignore: decorator
@inline function pack4(dst: usize, a: usize, base: i32, signed: bool): void {
  const bv = i32x4.splat(base);
  const k4 = v128.load(PAIR_CONSTANTS, 16);
  for (let s: usize = 0; s < 8; s++) {
    const p = a + s * 128;
    const d0 = pairUp(coefficients(p, 0, bv, signed), coefficients(p, 16, bv, signed), k4);
    const d1 = pairUp(coefficients(p, 32, bv, signed), coefficients(p, 48, bv, signed), k4);
    const d2 = pairUp(coefficients(p, 64, bv, signed), coefficients(p, 80, bv, signed), k4);
    const d3 = pairUp(coefficients(p, 96, bv, signed), coefficients(p, 112, bv, signed), k4);
    v128.store(dst + s * 16, i8x16.narrow_i16x8_u(i16x8.narrow_i32x4_u(d0, d1), i16x8.narrow_i32x4_u(d2, d3)));
  }
}

/** 6-bit pack: 16 coefficients (12 bytes) per step, paired to 24 bits per lane. */
// @ts-ignore: decorator
@inline function pack6(dst: usize, a: usize): void {
  const k6 = v128.load(PAIR_CONSTANTS, 32), k12 = v128.load(PAIR_CONSTANTS, 48), drop3 = v128.load(PAIR_CONSTANTS, 64);
  for (let s: usize = 0; s < 16; s++) {
    const p = a + s * 64;
    const d0 = pairUp(v128.load(p), v128.load(p, 16), k6);
    const d1 = pairUp(v128.load(p, 32), v128.load(p, 48), k6);
    const out = i8x16.swizzle(pairUp(d0, d1, k12), drop3);
    if (s < 15) v128.store(dst + s * 12, out);
    else storePrefix(dst + s * 12, out, 12);
  }
}

/** 3-bit pack: 32 coefficients (12 bytes) per step, paired to 24 bits per lane. */
// @ts-ignore: decorator
@inline function pack3(dst: usize, a: usize, base: i32): void {
  const bv = i32x4.splat(base);
  const k3 = v128.load(PAIR_CONSTANTS), k6 = v128.load(PAIR_CONSTANTS, 32), k12 = v128.load(PAIR_CONSTANTS, 48), drop3 = v128.load(PAIR_CONSTANTS, 64);
  for (let s: usize = 0; s < 8; s++) {
    const p = a + s * 128;
    const d0 = pairUp(coefficients(p, 0, bv, true), coefficients(p, 16, bv, true), k3);
    const d1 = pairUp(coefficients(p, 32, bv, true), coefficients(p, 48, bv, true), k3);
    const d2 = pairUp(coefficients(p, 64, bv, true), coefficients(p, 80, bv, true), k3);
    const d3 = pairUp(coefficients(p, 96, bv, true), coefficients(p, 112, bv, true), k3);
    const out = i8x16.swizzle(pairUp(pairUp(d0, d1, k6), pairUp(d2, d3, k6), k12), drop3);
    if (s < 7) v128.store(dst + s * 12, out);
    else storePrefix(dst + s * 12, out, 12);
  }
}

/** 10- or 13-bit pack: 8 coefficients (`bits` bytes) per step. */
// @ts-ignore: decorator
@inline function packWide8(dst: usize, a: usize, bits: i32, base: i32, signed: bool): void {
  const k = WIDTH_CONSTANTS + widthSlot(bits) * WIDTH_BYTES;
  const bv = i32x4.splat(base);
  const m0 = v128.load(k), m1 = v128.load(k, 16);
  const even0 = v128.load(k, 32), even1 = v128.load(k, 48), odd0 = v128.load(k, 64), odd1 = v128.load(k, 80);
  const step = <usize>bits;
  for (let s: usize = 0; s < 32; s++) {
    const v0 = i32x4.mul(coefficients(a + s * 32, 0, bv, signed), m0);
    const v1 = i32x4.mul(coefficients(a + s * 32, 16, bv, signed), m1);
    const out = v128.or(v128.or(i8x16.swizzle(v0, even0), i8x16.swizzle(v1, even1)), v128.or(i8x16.swizzle(v0, odd0), i8x16.swizzle(v1, odd1)));
    if (s < 31) v128.store(dst + s * step, out);
    else storePrefix(dst + s * step, out, step);
  }
}

/** 18- or 20-bit signed pack: 4 coefficients (bits / 2 bytes) per step. */
// @ts-ignore: decorator
@inline function packWide4(dst: usize, a: usize, bits: i32, base: i32): void {
  const k = WIDTH_CONSTANTS + widthSlot(bits) * WIDTH_BYTES;
  const bv = i32x4.splat(base);
  const m0 = v128.load(k), even = v128.load(k, 32), odd = v128.load(k, 64);
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
  const k = WIDTH_CONSTANTS + widthSlot(bits) * WIDTH_BYTES;
  const bv = i32x4.splat(base);
  const g0 = v128.load(k, 96), g1 = v128.load(k, 112), m0 = v128.load(k, 128), m1 = v128.load(k, 144);
  const step = <usize>bits;
  for (let s: usize = 0; s < 32; s++) {
    const x = v128.load(src + s * step);
    const y0 = i32x4.shr_u(i32x4.mul(i8x16.swizzle(x, g0), m0), 32 - bits);
    const y1 = i32x4.shr_u(i32x4.mul(i8x16.swizzle(x, g1), m1), 32 - bits);
    v128.store(a + s * 32, signed ? i32x4.sub(bv, y0) : y0);
    v128.store(a + s * 32, signed ? i32x4.sub(bv, y1) : y1, 16);
  }
}

/** Signed unpack of 4 coefficients (bits / 2 bytes) per step, bits 18 or 20. */
// @ts-ignore: decorator
@inline function unpack4(a: usize, src: usize, bits: i32, base: i32): void {
  const k = WIDTH_CONSTANTS + widthSlot(bits) * WIDTH_BYTES;
  const bv = i32x4.splat(base);
  const g0 = v128.load(k, 96), m0 = v128.load(k, 128);
  const step = <usize>(bits >> 1);
  for (let s: usize = 0; s < 64; s++) {
    const x = v128.load(src + s * step);
    v128.store(a + s * 16, i32x4.sub(bv, i32x4.shr_u(i32x4.mul(i8x16.swizzle(x, g0), m0), 32 - bits)));
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
