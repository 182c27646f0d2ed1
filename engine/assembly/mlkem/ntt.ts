/**
 * The number-theoretic transform of FIPS 203 (Algorithms 9 to 12) over Z_q[X]/(X^256 + 1), eight
 * coefficients at a time in WebAssembly SIMD.
 *
 * NTT-domain layout: the transform leaves 128 degree-1 residues (f[2i], f[2i+1]). In memory, each
 * block of 16 coefficients (pairs 8b..8b+7) keeps the eight f[2i] in its first vector and the
 * eight f[2i+1] in its second, so that the base-case products need no shuffles. The byte codecs
 * (encode.ts) and the matrix sampler (sample.ts) read and write NTT-domain values in this layout.
 *
 * Both transforms make two passes over the polynomial, each doing several levels on vectors held
 * in locals; their bounds are stated at ntt and invNtt (tested in engine/src/mlkem-ntt.test.ts).
 */
import { barrett, montReduce, mulConst, shoup } from './arith';
import { Q } from './params';

/** zeta[i] = 17^BitRev7(i) mod q and its shoup constant, as i32 pairs. */
const ZETAS: usize = memory.data(128 * 8, 16);
/** Per 16-coefficient block, the lane-wise zetas (then shoup constants) of the in-vector levels. */
const FWD4: usize = memory.data(16 * 32, 16);
const FWD2: usize = memory.data(16 * 32, 16);
const INV2: usize = memory.data(16 * 32, 16);
const INV4: usize = memory.data(16 * 32, 16);
/** gamma[i] = 17^(2 BitRev7(i) + 1) per pair i, 16 blocks of 8 lanes, then their shoup constants. */
export const GAMMAS: usize = memory.data(16 * 32, 16);
/** 2^16 / 128 mod q: invNtt's final factor (1/128, times 2^16 for the Montgomery products). */
const F: i32 = 512;
/** zeta_1 * F mod q = 1729 * 512 mod q: the last inverse level's difference factor, F folded in. */
const FZ1: i32 = 1729 * 512 % Q;

function bitrev7(x: i32): i32 {
  let r = 0;
  for (let i = 0; i < 7; i++) r |= ((x >> i) & 1) << (6 - i);
  return r;
}

function powmod(base: i32, exp: i32): i32 {
  let result = 1;
  for (let e = 0; e < exp; e++) result = (result * base) % Q;
  return result;
}

// @ts-ignore: decorator
@inline function zeta(i: i32): i32 {
  return load<i32>(ZETAS + (<usize>i << 3));
}

/** Stores z (and its shoup constant 16 bytes later) in lane `lane` of block `block` of a table. */
function setLane(table: usize, block: i32, lane: i32, z: i32): void {
  const p = table + (<usize>block << 5) + (<usize>lane << 1);
  store<i16>(p, <i16>z);
  store<i16>(p + 16, <i16>shoup(z));
}

function initTables(): void {
  for (let i = 0; i < 128; i++) {
    const z = powmod(17, bitrev7(i));
    store<i32>(ZETAS + (<usize>i << 3), z);
    store<i32>(ZETAS + (<usize>i << 3) + 4, shoup(z));
    setLane(GAMMAS, i >> 3, i & 7, powmod(17, 2 * bitrev7(i) + 1));
  }
  for (let b = 0; b < 16; b++) {
    for (let lane = 0; lane < 8; lane++) {
      const half = lane >> 2;
      // Lane order of the len-2 level inside a block: groups 0, 0, 2, 2, 1, 1, 3, 3 (see ntt).
      const g = (((lane >> 1) & 1) << 1) | half;
      setLane(FWD4, b, lane, zeta(32 + 2 * b + half));
      setLane(FWD2, b, lane, zeta(64 + 4 * b + g));
      setLane(INV2, b, lane, zeta(127 - 4 * b - g));
      setLane(INV4, b, lane, zeta(63 - 2 * b - half));
    }
  }
}
initTables();

/** The factor zeta_k (then its shoup constant), splat to eight lanes. */
// @ts-ignore: decorator
@inline function zv(k: i32): v128 {
  return v128.load16_splat(ZETAS + (<usize>k << 3));
}

// @ts-ignore: decorator
@inline function zp(k: i32): v128 {
  return v128.load16_splat(ZETAS + (<usize>k << 3) + 4);
}

/** Levels len 4 and 2 of block b (v0, v1: coefficients 16b..16b+15), Barrett-reduced, stored at p in the NTT-domain layout. */
// @ts-ignore: decorator
@inline function inVectorForward(p: usize, b: i32, v0: v128, v1: v128): void {
  const t4 = FWD4 + (<usize>b << 5);
  const x = i64x2.shuffle(v0, v1, 0, 2); // f0..f3, f8..f11
  const y = mulConst(i64x2.shuffle(v0, v1, 1, 3), v128.load(t4), v128.load(t4, 16)); // f4..f7, f12..f15
  const x1 = i16x8.add(x, y);
  const y1 = i16x8.sub(x, y);
  const t2 = FWD2 + (<usize>b << 5);
  const xx = i32x4.shuffle(x1, y1, 0, 2, 4, 6); // f0 f1 f8 f9 f4 f5 f12 f13
  const yy = mulConst(i32x4.shuffle(x1, y1, 1, 3, 5, 7), v128.load(t2), v128.load(t2, 16)); // f2 f3 f10 f11 ...
  const x2 = i16x8.add(xx, yy);
  const y2 = i16x8.sub(xx, yy);
  v128.store(p, barrett(i16x8.shuffle(x2, y2, 0, 8, 4, 12, 2, 10, 6, 14)));
  v128.store(p, barrett(i16x8.shuffle(x2, y2, 1, 9, 5, 13, 3, 11, 7, 15)), 16);
}

/**
 * Forward NTT in place: standard order in (|a| <= q), NTT-domain layout out, values in
 * [-1665, 1663]. Two passes: levels len 128, 64, 32 on eight vectors held in locals, then len 16
 * and 8 on four, with len 4 and 2 inside the vectors. Sums grow by at most q per level, so after
 * seven they are below 8q < 2^15 and one Barrett reduction at the end suffices.
 */
export function ntt(a: usize): void {
  const z1 = zv(1), p1 = zp(1), z2 = zv(2), p2 = zp(2), z3 = zv(3), p3 = zp(3);
  // Vector j of each 32-coefficient block: v_i at coefficient 8j + 32i.
  for (let p = a; p < a + 64; p += 16) {
    let v0 = v128.load(p), v1 = v128.load(p, 64), v2 = v128.load(p, 128), v3 = v128.load(p, 192);
    let v4 = v128.load(p, 256), v5 = v128.load(p, 320), v6 = v128.load(p, 384), v7 = v128.load(p, 448);
    let t = mulConst(v4, z1, p1); v4 = i16x8.sub(v0, t); v0 = i16x8.add(v0, t);
    t = mulConst(v5, z1, p1); v5 = i16x8.sub(v1, t); v1 = i16x8.add(v1, t);
    t = mulConst(v6, z1, p1); v6 = i16x8.sub(v2, t); v2 = i16x8.add(v2, t);
    t = mulConst(v7, z1, p1); v7 = i16x8.sub(v3, t); v3 = i16x8.add(v3, t);
    t = mulConst(v2, z2, p2); v2 = i16x8.sub(v0, t); v0 = i16x8.add(v0, t);
    t = mulConst(v3, z2, p2); v3 = i16x8.sub(v1, t); v1 = i16x8.add(v1, t);
    t = mulConst(v6, z3, p3); v6 = i16x8.sub(v4, t); v4 = i16x8.add(v4, t);
    t = mulConst(v7, z3, p3); v7 = i16x8.sub(v5, t); v5 = i16x8.add(v5, t);
    t = mulConst(v1, zv(4), zp(4)); v1 = i16x8.sub(v0, t); v0 = i16x8.add(v0, t);
    t = mulConst(v3, zv(5), zp(5)); v3 = i16x8.sub(v2, t); v2 = i16x8.add(v2, t);
    t = mulConst(v5, zv(6), zp(6)); v5 = i16x8.sub(v4, t); v4 = i16x8.add(v4, t);
    t = mulConst(v7, zv(7), zp(7)); v7 = i16x8.sub(v6, t); v6 = i16x8.add(v6, t);
    v128.store(p, v0); v128.store(p, v1, 64); v128.store(p, v2, 128); v128.store(p, v3, 192);
    v128.store(p, v4, 256); v128.store(p, v5, 320); v128.store(p, v6, 384); v128.store(p, v7, 448);
  }
  // 32-coefficient block B: v_i at coefficient 32B + 8i.
  for (let B = 0; B < 8; B++) {
    const p = a + (<usize>B << 6);
    let v0 = v128.load(p), v1 = v128.load(p, 16), v2 = v128.load(p, 32), v3 = v128.load(p, 48);
    const z = zv(8 + B), zz = zp(8 + B);
    let t = mulConst(v2, z, zz); v2 = i16x8.sub(v0, t); v0 = i16x8.add(v0, t);
    t = mulConst(v3, z, zz); v3 = i16x8.sub(v1, t); v1 = i16x8.add(v1, t);
    t = mulConst(v1, zv(16 + 2 * B), zp(16 + 2 * B)); v1 = i16x8.sub(v0, t); v0 = i16x8.add(v0, t);
    t = mulConst(v3, zv(17 + 2 * B), zp(17 + 2 * B)); v3 = i16x8.sub(v2, t); v2 = i16x8.add(v2, t);
    inVectorForward(p, 2 * B, v0, v1);
    inVectorForward(p + 32, 2 * B + 1, v2, v3);
  }
}

/** Inverse levels len 2 and 4 of block b (NTT-domain layout at p), left in standard order at p. */
// @ts-ignore: decorator
@inline function inVectorInverse(p: usize, b: i32): void {
  const e = v128.load(p);
  const o = v128.load(p, 16);
  const x2 = i16x8.shuffle(e, o, 0, 8, 4, 12, 2, 10, 6, 14);
  const y2 = i16x8.shuffle(e, o, 1, 9, 5, 13, 3, 11, 7, 15);
  const t2 = INV2 + (<usize>b << 5);
  const xx = i16x8.add(x2, y2);
  const yy = mulConst(i16x8.sub(y2, x2), v128.load(t2), v128.load(t2, 16));
  const x1 = i32x4.shuffle(xx, yy, 0, 4, 1, 5); // f0..f3, f8..f11
  const y1 = i32x4.shuffle(xx, yy, 2, 6, 3, 7); // f4..f7, f12..f15
  const t4 = INV4 + (<usize>b << 5);
  const x = i16x8.add(x1, y1);
  const y = mulConst(i16x8.sub(y1, x1), v128.load(t4), v128.load(t4, 16));
  v128.store(p, i64x2.shuffle(x, y, 0, 2));
  v128.store(p, i64x2.shuffle(x, y, 1, 3), 16);
}

/**
 * Inverse NTT in place: NTT-domain layout in (|a| <= q), standard order out, times 2^16, values in
 * [-q, q]. Sums double per level and every product is within [-q, q]: after len 2, 4 and 8 they
 * are below 8q, so one Barrett reduction there (in registers) keeps the four levels after it below
 * 16 * 1665 < 2^15. The final 2^16 / 128 is folded into the last level's factors.
 */
export function invNtt(a: usize): void {
  for (let B = 0; B < 8; B++) {
    const p = a + (<usize>B << 6);
    inVectorInverse(p, 2 * B);
    inVectorInverse(p + 32, 2 * B + 1);
    let v0 = v128.load(p), v1 = v128.load(p, 16), v2 = v128.load(p, 32), v3 = v128.load(p, 48);
    let d = i16x8.sub(v1, v0); v0 = barrett(i16x8.add(v0, v1)); v1 = barrett(mulConst(d, zv(31 - 2 * B), zp(31 - 2 * B)));
    d = i16x8.sub(v3, v2); v2 = barrett(i16x8.add(v2, v3)); v3 = barrett(mulConst(d, zv(30 - 2 * B), zp(30 - 2 * B)));
    const z = zv(15 - B), zz = zp(15 - B);
    d = i16x8.sub(v2, v0); v0 = i16x8.add(v0, v2); v2 = mulConst(d, z, zz);
    d = i16x8.sub(v3, v1); v1 = i16x8.add(v1, v3); v3 = mulConst(d, z, zz);
    v128.store(p, v0); v128.store(p, v1, 16); v128.store(p, v2, 32); v128.store(p, v3, 48);
  }
  const z2 = zv(2), p2 = zp(2), z3 = zv(3), p3 = zp(3);
  const f = i16x8.splat(<i16>F), fp = i16x8.splat(<i16>shoup(F));
  const g = i16x8.splat(<i16>FZ1), gp = i16x8.splat(<i16>shoup(FZ1));
  for (let p = a; p < a + 64; p += 16) {
    let v0 = v128.load(p), v1 = v128.load(p, 64), v2 = v128.load(p, 128), v3 = v128.load(p, 192);
    let v4 = v128.load(p, 256), v5 = v128.load(p, 320), v6 = v128.load(p, 384), v7 = v128.load(p, 448);
    let d = i16x8.sub(v1, v0); v0 = i16x8.add(v0, v1); v1 = mulConst(d, zv(7), zp(7));
    d = i16x8.sub(v3, v2); v2 = i16x8.add(v2, v3); v3 = mulConst(d, zv(6), zp(6));
    d = i16x8.sub(v5, v4); v4 = i16x8.add(v4, v5); v5 = mulConst(d, zv(5), zp(5));
    d = i16x8.sub(v7, v6); v6 = i16x8.add(v6, v7); v7 = mulConst(d, zv(4), zp(4));
    d = i16x8.sub(v2, v0); v0 = i16x8.add(v0, v2); v2 = mulConst(d, z3, p3);
    d = i16x8.sub(v3, v1); v1 = i16x8.add(v1, v3); v3 = mulConst(d, z3, p3);
    d = i16x8.sub(v6, v4); v4 = i16x8.add(v4, v6); v6 = mulConst(d, z2, p2);
    d = i16x8.sub(v7, v5); v5 = i16x8.add(v5, v7); v7 = mulConst(d, z2, p2);
    d = i16x8.sub(v4, v0); v0 = mulConst(i16x8.add(v0, v4), f, fp); v4 = mulConst(d, g, gp);
    d = i16x8.sub(v5, v1); v1 = mulConst(i16x8.add(v1, v5), f, fp); v5 = mulConst(d, g, gp);
    d = i16x8.sub(v6, v2); v2 = mulConst(i16x8.add(v2, v6), f, fp); v6 = mulConst(d, g, gp);
    d = i16x8.sub(v7, v3); v3 = mulConst(i16x8.add(v3, v7), f, fp); v7 = mulConst(d, g, gp);
    v128.store(p, v0); v128.store(p, v1, 64); v128.store(p, v2, 128); v128.store(p, v3, 192);
    v128.store(p, v4, 256); v128.store(p, v5, 320); v128.store(p, v6, 384); v128.store(p, v7, 448);
  }
}

/**
 * out = sum over j < count of a_j o v_j (NTT-domain products, FIPS 203 Algorithms 11 and 12),
 * times 2^-16, with a_j at a + j * aStride and v_j consecutive. vg holds, per v_j, the odd halves
 * multiplied by gamma (prepareGamma). a may hold any 12-bit values; v must be Barrett-reduced.
 * Each sum has at most 8 products below 2^12 * q, so it fits i32 before its single reduction.
 */
export function mulAcc(out: usize, a: usize, aStride: usize, v: usize, vg: usize, count: i32): void {
  for (let b: usize = 0; b < 512; b += 32) {
    let c0l = i32x4.splat(0), c0h = i32x4.splat(0), c1l = i32x4.splat(0), c1h = i32x4.splat(0);
    for (let j = 0; j < count; j++) {
      const pa = a + <usize>j * aStride + b;
      const pv = v + (<usize>j << 9) + b;
      const ae = v128.load(pa), ao = v128.load(pa + 16);
      const ve = v128.load(pv), vo = v128.load(pv + 16);
      const vgo = v128.load(vg + (<usize>j << 8) + (b >> 1));
      c0l = i32x4.add(c0l, i32x4.add(i32x4.extmul_low_i16x8_s(ae, ve), i32x4.extmul_low_i16x8_s(ao, vgo)));
      c0h = i32x4.add(c0h, i32x4.add(i32x4.extmul_high_i16x8_s(ae, ve), i32x4.extmul_high_i16x8_s(ao, vgo)));
      c1l = i32x4.add(c1l, i32x4.add(i32x4.extmul_low_i16x8_s(ae, vo), i32x4.extmul_low_i16x8_s(ao, ve)));
      c1h = i32x4.add(c1h, i32x4.add(i32x4.extmul_high_i16x8_s(ae, vo), i32x4.extmul_high_i16x8_s(ao, ve)));
    }
    v128.store(out + b, montReduce(c0l, c0h));
    v128.store(out + b + 16, montReduce(c1l, c1h));
  }
}

/** For `count` NTT-domain polynomials at v, writes their odd halves times gamma to vg (256 bytes each). */
export function prepareGamma(vg: usize, v: usize, count: i32): void {
  for (let j = 0; j < count; j++) {
    for (let b: usize = 0; b < 16; b++) {
      const g = GAMMAS + (b << 5);
      const odd = v128.load(v + (<usize>j << 9) + (b << 5) + 16);
      v128.store(vg + (<usize>j << 8) + (b << 4), mulConst(odd, v128.load(g), v128.load(g + 16)));
    }
  }
}
