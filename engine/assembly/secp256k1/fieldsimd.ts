/**
 * Two GF(p) multiplications (or squarings) at once in WebAssembly SIMD, for the point formulas'
 * independent products (point.ts, addvar.ts, addzinv.ts, complete.ts). WebAssembly has no
 * 64x64->128 multiply, and one product spread over i64x2 lanes gains nothing (measured alone, a
 * kernel computing one product's columns two at a time by i64x2.extmul ran at 1.01x feMul's time).
 * Two products, one per u64 lane, fill every lane: 110 extmuls give 200 limb products (55 for two
 * squares), and field.ts's reduction (shifts and masks, one multiply per fold) runs on both lanes
 * at once. Results are limb for limb feMul's and feSqr's. Constant time: no branch or address
 * depends on the values.
 */
import { FE_SIZE } from './field';

// a and a2 interleaved (a_i, a2_i, a_i+1, a2_i+1 in one load), b and b2 the same in reverse limb
// order (b_j, b2_j, b_j-1, b2_j-1), so extmul_low gives a_i b_j and extmul_high a_i+1 b_j-1, both
// in column i + j, in both lanes. Zeros after the limbs stand for limb 10 of a and limb -1 of b.
const XA: usize = memory.data(<i32>FE_SIZE * 2 + 16, 16);
const YR: usize = memory.data(<i32>FE_SIZE * 2 + 16, 16);

// @ts-ignore: decorator
@inline function pair(x: v128, y: v128): v128 {
  return i64x2.add(i64x2.extmul_low_i32x4_u(x, y), i64x2.extmul_high_i32x4_u(x, y));
}

// @ts-ignore: decorator
@inline function carry(lo: v128, hi: v128): v128 {
  return i64x2.add(hi, i64x2.shr_u(lo, 26));
}

// x * 0x3D10 in both u64 lanes for x below 2^32: the lanes' low words multiplied as u32s.
// @ts-ignore: decorator
@inline function m3d10(x: v128): v128 {
  return i64x2.extmul_low_i32x4_u(v128.shuffle<u32>(x, x, 0, 2, 0, 2), i32x4.splat(0x3d10));
}

/** Lays a, a2 out in XA and b, b2 in YR (see above). */
// @ts-ignore: decorator
@inline function interleave(a: usize, b: usize, a2: usize, b2: usize): void {
  let u = v128.load(a), w = v128.load(a2);
  v128.store(XA, v128.shuffle<u32>(u, w, 0, 4, 1, 5));
  v128.store(XA, v128.shuffle<u32>(u, w, 2, 6, 3, 7), 16);
  u = v128.load(a, 16); w = v128.load(a2, 16);
  v128.store(XA, v128.shuffle<u32>(u, w, 0, 4, 1, 5), 32);
  v128.store(XA, v128.shuffle<u32>(u, w, 2, 6, 3, 7), 48);
  u = v128.load64_zero(a + 32); w = v128.load64_zero(a2 + 32);
  v128.store(XA, v128.shuffle<u32>(u, w, 0, 4, 1, 5), 64);
  u = v128.load64_zero(b + 32); w = v128.load64_zero(b2 + 32);
  v128.store(YR, v128.shuffle<u32>(u, w, 1, 5, 0, 4));
  u = v128.load(b, 16); w = v128.load(b2, 16);
  v128.store(YR, v128.shuffle<u32>(u, w, 3, 7, 2, 6), 16);
  v128.store(YR, v128.shuffle<u32>(u, w, 1, 5, 0, 4), 32);
  u = v128.load(b); w = v128.load(b2);
  v128.store(YR, v128.shuffle<u32>(u, w, 3, 7, 2, 6), 48);
  v128.store(YR, v128.shuffle<u32>(u, w, 1, 5, 0, 4), 64);
}

/**
 * field.ts's reduce in both lanes: the 19 columns of two products (u64 lanes) to two magnitude-1
 * elements at r and r2.
 */
// @ts-ignore: decorator
@inline function reduce2(
  r: usize, r2: usize, c0: v128, c1: v128, c2: v128, c3: v128, c4: v128, c5: v128, c6: v128,
  c7: v128, c8: v128, c9: v128, c10: v128, c11: v128, c12: v128, c13: v128, c14: v128, c15: v128,
  c16: v128, c17: v128, c18: v128,
): void {
  // Carry the high columns into 26-bit limbs, fold each with one multiply, carry, fold the bits
  // from 2^256 up.
  const m26 = i64x2.splat(0x3ffffff);
  c11 = carry(c10, c11); c10 = v128.and(c10, m26);
  c12 = carry(c11, c12); c11 = v128.and(c11, m26);
  c13 = carry(c12, c13); c12 = v128.and(c12, m26);
  c14 = carry(c13, c14); c13 = v128.and(c13, m26);
  c15 = carry(c14, c15); c14 = v128.and(c14, m26);
  c16 = carry(c15, c16); c15 = v128.and(c15, m26);
  c17 = carry(c16, c17); c16 = v128.and(c16, m26);
  c18 = carry(c17, c18); c17 = v128.and(c17, m26);
  const c19 = i64x2.shr_u(c18, 26); c18 = v128.and(c18, m26);
  const f19 = m3d10(c19);
  c0 = i64x2.add(c0, i64x2.add(m3d10(c10), i64x2.shl(f19, 10)));
  c1 = i64x2.add(c1, i64x2.add(i64x2.add(i64x2.shl(c10, 10), m3d10(c11)), i64x2.shl(c19, 20)));
  c2 = i64x2.add(c2, i64x2.add(i64x2.shl(c11, 10), m3d10(c12)));
  c3 = i64x2.add(c3, i64x2.add(i64x2.shl(c12, 10), m3d10(c13)));
  c4 = i64x2.add(c4, i64x2.add(i64x2.shl(c13, 10), m3d10(c14)));
  c5 = i64x2.add(c5, i64x2.add(i64x2.shl(c14, 10), m3d10(c15)));
  c6 = i64x2.add(c6, i64x2.add(i64x2.shl(c15, 10), m3d10(c16)));
  c7 = i64x2.add(c7, i64x2.add(i64x2.shl(c16, 10), m3d10(c17)));
  c8 = i64x2.add(c8, i64x2.add(i64x2.shl(c17, 10), m3d10(c18)));
  c9 = i64x2.add(c9, i64x2.add(i64x2.shl(c18, 10), f19));
  c1 = carry(c0, c1); c0 = v128.and(c0, m26);
  c2 = carry(c1, c2); c1 = v128.and(c1, m26);
  c3 = carry(c2, c3); c2 = v128.and(c2, m26);
  c4 = carry(c3, c4); c3 = v128.and(c3, m26);
  c5 = carry(c4, c5); c4 = v128.and(c4, m26);
  c6 = carry(c5, c6); c5 = v128.and(c5, m26);
  c7 = carry(c6, c7); c6 = v128.and(c6, m26);
  c8 = carry(c7, c8); c7 = v128.and(c7, m26);
  c9 = carry(c8, c9); c8 = v128.and(c8, m26);
  // top may pass 2^32, so times 0x3D1 = 2^10 - 2^5 - 2^4 + 1 by shifts.
  const top = i64x2.shr_u(c9, 22); c9 = v128.and(c9, i64x2.splat(0x3fffff));
  c0 = i64x2.add(c0, i64x2.add(i64x2.sub(i64x2.sub(i64x2.shl(top, 10), i64x2.shl(top, 5)), i64x2.shl(top, 4)), top));
  c1 = i64x2.add(c1, i64x2.shl(top, 6));
  c1 = carry(c0, c1); c0 = v128.and(c0, m26);
  c2 = carry(c1, c2); c1 = v128.and(c1, m26);
  // Every limb is below 2^32 now: the lanes' low words, regrouped per output.
  const p01 = v128.shuffle<u32>(c0, c1, 0, 4, 2, 6), p23 = v128.shuffle<u32>(c2, c3, 0, 4, 2, 6);
  const p45 = v128.shuffle<u32>(c4, c5, 0, 4, 2, 6), p67 = v128.shuffle<u32>(c6, c7, 0, 4, 2, 6);
  const p89 = v128.shuffle<u32>(c8, c9, 0, 4, 2, 6);
  v128.store(r, v128.shuffle<u32>(p01, p23, 0, 1, 4, 5));
  v128.store(r2, v128.shuffle<u32>(p01, p23, 2, 3, 6, 7));
  v128.store(r, v128.shuffle<u32>(p45, p67, 0, 1, 4, 5), 16);
  v128.store(r2, v128.shuffle<u32>(p45, p67, 2, 3, 6, 7), 16);
  v128.store64_lane(r, p89, 0, 32);
  v128.store64_lane(r2, p89, 1, 32);
}

/**
 * r = a * b and r2 = a2 * b2, each as feMul (inputs magnitude <= 8, outputs 1, limb for limb the
 * same result); any of r, r2 may alias any input, since the inputs are copied first.
 */
export function feMul2(r: usize, a: usize, b: usize, r2: usize, a2: usize, b2: usize): void {
  interleave(a, b, a2, b2);
  const x0 = v128.load(XA), x1 = v128.load(XA, 8), x2 = v128.load(XA, 16), x3 = v128.load(XA, 24);
  const x4 = v128.load(XA, 32), x5 = v128.load(XA, 40), x6 = v128.load(XA, 48), x7 = v128.load(XA, 56);
  const x8 = v128.load(XA, 64), x9 = v128.load(XA, 72);
  const y9 = v128.load(YR), y8 = v128.load(YR, 8), y7 = v128.load(YR, 16), y6 = v128.load(YR, 24);
  const y5 = v128.load(YR, 32), y4 = v128.load(YR, 40), y3 = v128.load(YR, 48), y2 = v128.load(YR, 56);
  const y1 = v128.load(YR, 64), y0 = v128.load(YR, 72);
  const c0 = pair(x0, y0);
  const c1 = pair(x0, y1);
  const c2 = i64x2.add(pair(x0, y2), pair(x2, y0));
  const c3 = i64x2.add(pair(x0, y3), pair(x2, y1));
  const c4 = i64x2.add(i64x2.add(pair(x0, y4), pair(x2, y2)), pair(x4, y0));
  const c5 = i64x2.add(i64x2.add(pair(x0, y5), pair(x2, y3)), pair(x4, y1));
  const c6 = i64x2.add(i64x2.add(i64x2.add(pair(x0, y6), pair(x2, y4)), pair(x4, y2)), pair(x6, y0));
  const c7 = i64x2.add(i64x2.add(i64x2.add(pair(x0, y7), pair(x2, y5)), pair(x4, y3)), pair(x6, y1));
  const c8 =
    i64x2.add(i64x2.add(i64x2.add(i64x2.add(pair(x0, y8), pair(x2, y6)), pair(x4, y4)), pair(x6, y2)), pair(x8, y0));
  const c9 =
    i64x2.add(i64x2.add(i64x2.add(i64x2.add(pair(x0, y9), pair(x2, y7)), pair(x4, y5)), pair(x6, y3)), pair(x8, y1));
  const c10 =
    i64x2.add(i64x2.add(i64x2.add(i64x2.add(pair(x1, y9), pair(x3, y7)), pair(x5, y5)), pair(x7, y3)), pair(x9, y1));
  const c11 = i64x2.add(i64x2.add(i64x2.add(pair(x2, y9), pair(x4, y7)), pair(x6, y5)), pair(x8, y3));
  const c12 = i64x2.add(i64x2.add(i64x2.add(pair(x3, y9), pair(x5, y7)), pair(x7, y5)), pair(x9, y3));
  const c13 = i64x2.add(i64x2.add(pair(x4, y9), pair(x6, y7)), pair(x8, y5));
  const c14 = i64x2.add(i64x2.add(pair(x5, y9), pair(x7, y7)), pair(x9, y5));
  const c15 = i64x2.add(pair(x6, y9), pair(x8, y7));
  const c16 = i64x2.add(pair(x7, y9), pair(x9, y7));
  const c17 = pair(x8, y9);
  const c18 = pair(x9, y9);
  reduce2(r, r2, c0, c1, c2, c3, c4, c5, c6, c7, c8, c9, c10, c11, c12, c13, c14, c15, c16, c17, c18);
}

/** r = a^2 and r2 = a2^2, each as feSqr (limb for limb); the cross products once each, doubled. */
export function feSqr2(r: usize, a: usize, r2: usize, a2: usize): void {
  interleave(a, a, a2, a2);
  const x0 = v128.load(XA), x1 = v128.load(XA, 8), x2 = v128.load(XA, 16), x3 = v128.load(XA, 24);
  const x4 = v128.load(XA, 32), x5 = v128.load(XA, 40), x6 = v128.load(XA, 48), x7 = v128.load(XA, 56);
  const x8 = v128.load(XA, 64), x9 = v128.load(XA, 72);
  const y9 = v128.load(YR), y8 = v128.load(YR, 8), y7 = v128.load(YR, 16), y6 = v128.load(YR, 24);
  const y5 = v128.load(YR, 32), y4 = v128.load(YR, 40), y3 = v128.load(YR, 48), y2 = v128.load(YR, 56);
  const y1 = v128.load(YR, 64), y0 = v128.load(YR, 72);
  const c0 = i64x2.extmul_low_i32x4_u(x0, y0);
  const c1 = i64x2.shl(i64x2.extmul_low_i32x4_u(x0, y1), 1);
  const c2 = i64x2.add(i64x2.shl(i64x2.extmul_low_i32x4_u(x0, y2), 1), i64x2.extmul_low_i32x4_u(x1, y1));
  const c3 = i64x2.shl(pair(x0, y3), 1);
  const c4 = i64x2.add(i64x2.shl(pair(x0, y4), 1), i64x2.extmul_low_i32x4_u(x2, y2));
  const c5 = i64x2.shl(i64x2.add(pair(x0, y5), i64x2.extmul_low_i32x4_u(x2, y3)), 1);
  const c6 =
    i64x2.add(i64x2.shl(i64x2.add(pair(x0, y6), i64x2.extmul_low_i32x4_u(x2, y4)), 1), i64x2.extmul_low_i32x4_u(x3, y3));
  const c7 = i64x2.shl(i64x2.add(pair(x0, y7), pair(x2, y5)), 1);
  const c8 = i64x2.add(i64x2.shl(i64x2.add(pair(x0, y8), pair(x2, y6)), 1), i64x2.extmul_low_i32x4_u(x4, y4));
  const c9 = i64x2.shl(i64x2.add(i64x2.add(pair(x0, y9), pair(x2, y7)), i64x2.extmul_low_i32x4_u(x4, y5)), 1);
  const c10 = i64x2.add(i64x2.shl(i64x2.add(pair(x1, y9), pair(x3, y7)), 1), i64x2.extmul_low_i32x4_u(x5, y5));
  const c11 = i64x2.shl(i64x2.add(pair(x2, y9), pair(x4, y7)), 1);
  const c12 =
    i64x2.add(i64x2.shl(i64x2.add(pair(x3, y9), i64x2.extmul_low_i32x4_u(x5, y7)), 1), i64x2.extmul_low_i32x4_u(x6, y6));
  const c13 = i64x2.shl(i64x2.add(pair(x4, y9), i64x2.extmul_low_i32x4_u(x6, y7)), 1);
  const c14 = i64x2.add(i64x2.shl(pair(x5, y9), 1), i64x2.extmul_low_i32x4_u(x7, y7));
  const c15 = i64x2.shl(pair(x6, y9), 1);
  const c16 = i64x2.add(i64x2.shl(i64x2.extmul_low_i32x4_u(x7, y9), 1), i64x2.extmul_low_i32x4_u(x8, y8));
  const c17 = i64x2.shl(i64x2.extmul_low_i32x4_u(x8, y9), 1);
  const c18 = i64x2.extmul_low_i32x4_u(x9, y9);
  reduce2(r, r2, c0, c1, c2, c3, c4, c5, c6, c7, c8, c9, c10, c11, c12, c13, c14, c15, c16, c17, c18);
}
