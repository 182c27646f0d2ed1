/**
 * The number-theoretic transform of FIPS 203 (Algorithms 9 to 12) over Z_q[X]/(X^256 + 1), eight
 * coefficients at a time in WebAssembly SIMD.
 *
 * NTT-domain layout: the transform leaves 128 degree-1 residues (f[2i], f[2i+1]). In memory, each
 * block of 16 coefficients (pairs 8b..8b+7) keeps the eight f[2i] in its first vector and the
 * eight f[2i+1] in its second, so that the base-case products need no shuffles. The byte codecs
 * (encode.ts) and the matrix sampler (sample.ts) read and write NTT-domain values in this layout.
 *
 * ntt takes coefficients of magnitude below q and returns them in [-1665, 1663]; invNtt takes
 * values of magnitude up to about q and returns them in [-q, q], multiplied by 2^16 to cancel the
 * 2^-16 left by the Montgomery reduction of the products (mulAcc).
 */
import { barrett, montReduce, mulConst, shoup } from './arith';
import { N, Q } from './params';

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

/** Forward NTT in place: standard order in, NTT-domain layout out, values in [-1665, 1663]. */
export function ntt(a: usize): void {
  // Levels len = 128 .. 8: butterfly partners are whole vectors apart.
  let k = 1;
  for (let len = 128; len >= 8; len >>= 1) {
    const off = <usize>len << 1;
    for (let start = 0; start < N; start += len << 1) {
      const zv = i16x8.splat(<i16>zeta(k));
      const zp = i16x8.splat(<i16>load<i32>(ZETAS + (<usize>k << 3) + 4));
      k++;
      const end = a + (<usize>(start + len) << 1);
      for (let p = a + (<usize>start << 1); p < end; p += 16) {
        const x = v128.load(p);
        const t = mulConst(v128.load(p + off), zv, zp);
        v128.store(p + off, i16x8.sub(x, t));
        v128.store(p, i16x8.add(x, t));
      }
    }
  }
  // len = 4 and len = 2 inside each 16-coefficient block, then split into even and odd halves.
  for (let b = 0; b < 16; b++) {
    const p = a + (<usize>b << 5);
    const v0 = v128.load(p);
    const v1 = v128.load(p + 16);
    const t4 = FWD4 + (<usize>b << 5);
    const x = i64x2.shuffle(v0, v1, 0, 2); // f0..f3, f8..f11
    const y = mulConst(i64x2.shuffle(v0, v1, 1, 3), v128.load(t4), v128.load(t4 + 16)); // f4..f7, f12..f15
    const x1 = i16x8.add(x, y);
    const y1 = i16x8.sub(x, y);
    const t2 = FWD2 + (<usize>b << 5);
    const xx = i32x4.shuffle(x1, y1, 0, 2, 4, 6); // f0 f1 f8 f9 f4 f5 f12 f13
    const yy = mulConst(i32x4.shuffle(x1, y1, 1, 3, 5, 7), v128.load(t2), v128.load(t2 + 16)); // f2 f3 f10 f11 ...
    const x2 = i16x8.add(xx, yy);
    const y2 = i16x8.sub(xx, yy);
    v128.store(p, barrett(i16x8.shuffle(x2, y2, 0, 8, 4, 12, 2, 10, 6, 14)));
    v128.store(p + 16, barrett(i16x8.shuffle(x2, y2, 1, 9, 5, 13, 3, 11, 7, 15)));
  }
}

/** Inverse NTT in place: NTT-domain layout in, standard order out, times 2^16, values in [-q, q]. */
export function invNtt(a: usize): void {
  for (let b = 0; b < 16; b++) {
    const p = a + (<usize>b << 5);
    const e = v128.load(p);
    const o = v128.load(p + 16);
    const x2 = i16x8.shuffle(e, o, 0, 8, 4, 12, 2, 10, 6, 14);
    const y2 = i16x8.shuffle(e, o, 1, 9, 5, 13, 3, 11, 7, 15);
    const t2 = INV2 + (<usize>b << 5);
    const xx = i16x8.add(x2, y2);
    const yy = mulConst(i16x8.sub(y2, x2), v128.load(t2), v128.load(t2 + 16));
    const x1 = i32x4.shuffle(xx, yy, 0, 4, 1, 5); // f0..f3, f8..f11
    const y1 = i32x4.shuffle(xx, yy, 2, 6, 3, 7); // f4..f7, f12..f15
    const t4 = INV4 + (<usize>b << 5);
    const x = i16x8.add(x1, y1);
    const y = mulConst(i16x8.sub(y1, x1), v128.load(t4), v128.load(t4 + 16));
    v128.store(p, i64x2.shuffle(x, y, 0, 2));
    v128.store(p + 16, i64x2.shuffle(x, y, 1, 3));
  }
  // Levels len = 8 .. 128. Sums double per level: one Barrett pass after len = 8 keeps them in i16.
  let k = 31;
  for (let len = 8; len < N; len <<= 1) {
    const off = <usize>len << 1;
    for (let start = 0; start < N; start += len << 1) {
      const zv = i16x8.splat(<i16>zeta(k));
      const zp = i16x8.splat(<i16>load<i32>(ZETAS + (<usize>k << 3) + 4));
      k--;
      const end = a + (<usize>(start + len) << 1);
      for (let p = a + (<usize>start << 1); p < end; p += 16) {
        const x = v128.load(p);
        const y = v128.load(p + off);
        v128.store(p, i16x8.add(x, y));
        v128.store(p + off, mulConst(i16x8.sub(y, x), zv, zp));
      }
    }
    if (len == 8) {
      for (let p = a; p < a + 512; p += 16) v128.store(p, barrett(v128.load(p)));
    }
  }
  const fv = i16x8.splat(<i16>F);
  const fp = i16x8.splat(<i16>shoup(F));
  for (let p = a; p < a + 512; p += 16) v128.store(p, mulConst(v128.load(p), fv, fp));
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
