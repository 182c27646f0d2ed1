/**
 * Where the coefficients of a fixed-width bit string sit, as v128 constants for packing and
 * unpacking 8 coefficients a step (4 for widths of 18 bits and more): ML-DSA's BitPack and
 * SimpleBitPack (mldsa/packing.ts), ML-KEM's ByteEncode_d (mlkem/encode.ts). Coefficient j of a
 * step starts at bit j * bits = 8 B + o.
 * - Packing: lane j multiplied by 2^o holds its value at bit offset o; a swizzle places its bytes
 *   at B.. and an OR merges coefficients that share a byte. Even and odd coefficients go through
 *   separate swizzles, so that those of one swizzle never share a byte: true for 8 bits and more
 *   (narrower codes are paired first, with pairUp).
 * - Unpacking: a swizzle gathers bytes B..B+3 into lane j; multiplying by 2^(32 - bits - o) moves
 *   the value to the top of the lane, dropping the bits above it, and a shift right by 32 - bits
 *   drops those below.
 * The constants are loaded once per call and kept in registers: written as shuffles and
 * v128.const, V8 builds each mask and multiplier anew at every use, which cost more than the
 * packing itself (decision 078).
 */

/** Bytes of one width's constants. */
export const BIT_LAYOUT_BYTES: usize = 160;
/** Offsets in them: packing multipliers for lanes 0-3 and 4-7, then the swizzles (v128 each). */
export const PACK_MUL_0: usize = 0;
export const PACK_MUL_1: usize = 16;
export const PACK_EVEN_0: usize = 32;
export const PACK_EVEN_1: usize = 48;
export const PACK_ODD_0: usize = 64;
export const PACK_ODD_1: usize = 80;
/** Unpacking swizzles for lanes 0-3 and 4-7, then their multipliers. */
export const UNPACK_GATHER_0: usize = 96;
export const UNPACK_GATHER_1: usize = 112;
export const UNPACK_MUL_0: usize = 128;
export const UNPACK_MUL_1: usize = 144;

/** Writes the constants of `bits`-bit coefficients at k, BIT_LAYOUT_BYTES long: unpacking for 3 to 20 bits, packing for 8 to 20. */
function fillBitLayout(k: usize, bits: i32): void {
  memory.fill(k, 0, BIT_LAYOUT_BYTES);
  memory.fill(k + PACK_EVEN_0, 0x80, 64);
  const perStep = bits >= 18 ? 4 : 8;
  for (let j = 0; j < perStep; j++) {
    const byte = (j * bits) >> 3, o = (j * bits) & 7;
    const lane = <usize>((j >> 2) * 16 + (j & 3) * 4);
    store<i32>(k + PACK_MUL_0 + lane, 1 << o);
    const swizzle = k + ((j & 1) != 0 ? PACK_ODD_0 : PACK_EVEN_0) + <usize>(perStep == 4 ? 0 : (j >> 2) * 16);
    for (let t = 0; t < (bits + o + 7) >> 3; t++) store<u8>(swizzle + <usize>(byte + t), <u8>((j & 3) * 4 + t));
    for (let t = 0; t < 4; t++) store<u8>(k + UNPACK_GATHER_0 + lane + <usize>t, <u8>(byte + t));
    store<i32>(k + UNPACK_MUL_0 + lane, 1 << (32 - bits - o));
  }
}

/** Lanes 0-3 (v0) and 4-7 (v1), already multiplied by PACK_MUL, merged into their bytes. */
// @ts-ignore: decorator
@inline export function placeBytes(v0: v128, v1: v128, even0: v128, even1: v128, odd0: v128, odd1: v128): v128 {
  return v128.or(v128.or(i8x16.swizzle(v0, even0), i8x16.swizzle(v1, even1)), v128.or(i8x16.swizzle(v0, odd0), i8x16.swizzle(v1, odd1)));
}

/** The coefficients of lanes 0-3 (or 4-7) of a step at x: UNPACK_GATHER, UNPACK_MUL and the shift. */
// @ts-ignore: decorator
@inline export function gatherBits(x: v128, gather: v128, mul: v128, bits: i32): v128 {
  return i32x4.shr_u(i32x4.mul(i8x16.swizzle(x, gather), mul), 32 - bits);
}

/** The i16 lanes of lo then hi (values below 2^15) combined in pairs: lane i = x[2i] + x[2i + 1] 2^k for pairs = (1, 2^k). */
// @ts-ignore: decorator
@inline export function pairUp(lo: v128, hi: v128, pairs: v128): v128 {
  return i32x4.dot_i16x8_s(i16x8.narrow_i32x4_u(lo, hi), pairs);
}

/** Every width FIPS 204 and FIPS 203 code: ML-DSA's eta (3, 4), w1 (4, 6), t1, t0, z; ML-KEM's d. */
const WIDTHS: StaticArray<i32> = [3, 4, 5, 6, 10, 11, 13, 18, 20];
const LAYOUTS: usize = memory.data(9 * <i32>BIT_LAYOUT_BYTES, 16);

/** The constants of `bits`-bit codes (one of WIDTHS; a constant at every call, so this folds). */
// @ts-ignore: decorator
@inline export function bitLayout(bits: i32): usize {
  const slot = bits == 3 ? 0 : bits == 4 ? 1 : bits == 5 ? 2 : bits == 6 ? 3 : bits == 10 ? 4 : bits == 11 ? 5 : bits == 13 ? 6 : bits == 18 ? 7 : 8;
  return LAYOUTS + BIT_LAYOUT_BYTES * <usize>slot;
}

/** pairUp's multipliers (1, 2^k) in i16 pairs for k = 3, 4, 5, 6, 12, then the swizzle dropping byte 3 of each i32 lane. */
const PAIR_CONSTANTS: usize = memory.data(6 * 16, 16);
const PAIR_SHIFTS: StaticArray<i32> = [3, 4, 5, 6, 12];

/** pairUp's multipliers for `bits`-bit values (one of PAIR_SHIFTS). */
// @ts-ignore: decorator
@inline export function pairMultipliers(bits: i32): v128 {
  return v128.load(PAIR_CONSTANTS + <usize>((bits == 3 ? 0 : bits == 4 ? 1 : bits == 5 ? 2 : bits == 6 ? 3 : 4) << 4));
}

/** The swizzle keeping bytes 0-2 of each i32 lane, twelve bytes in order (24-bit values). */
// @ts-ignore: decorator
@inline export function drop3(): v128 {
  return v128.load(PAIR_CONSTANTS, 80);
}

function initBitLayouts(): void {
  for (let w = 0; w < WIDTHS.length; w++) fillBitLayout(bitLayout(WIDTHS[w]), WIDTHS[w]);
  for (let i = 0; i < PAIR_SHIFTS.length; i++) {
    for (let j = 0; j < 4; j++) store<u32>(PAIR_CONSTANTS + <usize>(i * 16 + j * 4), 1 | (1 << (16 + PAIR_SHIFTS[i])));
  }
  memory.fill(PAIR_CONSTANTS + 80, 0x80, 16);
  for (let j = 0; j < 12; j++) store<u8>(PAIR_CONSTANTS + 80 + <usize>j, <u8>(j + j / 3));
}
initBitLayouts();
