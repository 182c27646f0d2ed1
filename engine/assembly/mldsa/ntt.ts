/**
 * The number-theoretic transform of FIPS 204 (Algorithms 41 and 42) over Z_q[X]/(X^256 + 1), four
 * coefficients at a time in WebAssembly SIMD, in two passes over the polynomial instead of eight:
 * one pass does the three levels whose partners are 32 to 128 coefficients apart on eight vectors
 * held in locals, the other the five levels inside each block of 32 coefficients.
 *
 * Twiddle factors are known constants, so their products use a precomputed quotient (Shoup) in the
 * normal domain: two i64 extmuls per four lanes instead of Montgomery's four (mulZeta). Bounds
 * (tested in engine/src/mldsa-ntt.test.ts against a scalar reference):
 * - ntt takes |a| <= 2^26 and returns |x| <= max|a| + 4.2q (below 5.2q for |a| <= q).
 * - invNttToMont takes |a| <= q and returns |x| <= 3q/4, multiplied by 2^32, which cancels the 2^-32
 *   left by a Montgomery pointwise product. It reduces nothing between levels: sums at most double
 *   per level, 256q < 2^31, and every twiddle product is below 3q/4.
 */
import { N, Q } from './params';

/** Per k in 1..255: zeta_k = 1753^BitRev8(k) mod q (centred), then round(zeta_k 2^32 / q); i32 pairs. */
const ZETAS: usize = memory.data(N * 8, 16);
/** The same for -zeta_k, the inverse transform's factors. */
const IZETAS: usize = memory.data(N * 8, 16);
/**
 * Per 8-coefficient chunk, the lane-wise factors (then their quotients) of the two levels whose
 * butterflies lie inside one vector: forward len 2 and 1, inverse len 1 and 2. 32 chunks, 32 bytes.
 */
const FWD2: usize = memory.data(32 * 32, 16);
const FWD1: usize = memory.data(32 * 32, 16);
const INV1: usize = memory.data(32 * 32, 16);
const INV2: usize = memory.data(32 * 32, 16);
/** The last inverse level's factors with 2^32 / 256 = 2^24 mod q folded in: (2^24, q(2^24)), (-zeta_1 2^24, ...). */
const FINAL: usize = memory.data(16, 16);

function powmod(base: i64, exp: i32): i64 {
  let result: i64 = 1;
  let b = base % Q;
  for (let e = exp; e > 0; e >>= 1) {
    if (e & 1) result = (result * b) % Q;
    b = (b * b) % Q;
  }
  return result;
}

function bitrev8(x: i32): i32 {
  let r = 0;
  for (let i = 0; i < 8; i++) r |= ((x >> i) & 1) << (7 - i);
  return r;
}

/** The centred representative of z mod q. */
function centred(z: i64): i32 {
  let r = <i32>(((z % Q) + Q) % Q);
  if (r > (Q >> 1)) r -= Q;
  return r;
}

/** round(z 2^32 / q) for centred z (q is odd: no ties); |result| < 2^31. */
export function shoupQuotient(z: i32): i32 {
  const num = <i64>z << 32;
  let t = num / Q;
  const rem = num % Q;
  if (2 * rem > Q) t++;
  if (2 * rem < -Q) t--;
  return <i32>t;
}

/** Stores factor z and its quotient: pair `index` of a pair table. */
function setPair(table: usize, index: i32, z: i32): void {
  store<i32>(table + (<usize>index << 3), z);
  store<i32>(table + (<usize>index << 3) + 4, shoupQuotient(z));
}

/** Stores factor z (and its quotient 16 bytes later) in lane `lane` of chunk `chunk` of a lane table. */
function setLane(table: usize, chunk: i32, lane: i32, z: i32): void {
  const p = table + (<usize>chunk << 5) + (<usize>lane << 2);
  store<i32>(p, z);
  store<i32>(p + 16, shoupQuotient(z));
}

// @ts-ignore: decorator
@inline function zeta(k: i32): i32 {
  return load<i32>(ZETAS + (<usize>k << 3));
}

function initTables(): void {
  for (let k = 0; k < N; k++) {
    const z = centred(powmod(1753, bitrev8(k)));
    setPair(ZETAS, k, z);
    setPair(IZETAS, k, -z);
  }
  for (let c = 0; c < 32; c++) {
    for (let lane = 0; lane < 4; lane++) {
      const g1 = 4 * c + lane; // len 1: four butterfly groups per chunk
      const g2 = 2 * c + (lane >> 1); // len 2: two groups, each over two lanes
      setLane(FWD1, c, lane, zeta(128 + g1));
      setLane(FWD2, c, lane, zeta(64 + g2));
      setLane(INV1, c, lane, -zeta(255 - g1));
      setLane(INV2, c, lane, -zeta(127 - g2));
    }
  }
  const f = centred(<i64>1 << 24);
  setPair(FINAL, 0, f);
  setPair(FINAL, 1, centred(<i64>(-zeta(1)) * f));
}
initTables();

/**
 * a z mod q per lane, for |a| < 2^31 and centred z with zq = round(z 2^32 / q): the quotient
 * t = round(a zq / 2^32) is within 1/2 + |a| / 2^33 of a z / q, so the result a z - t q (exact in
 * wrapping i32) satisfies |r| <= q/2 + q |a| / 2^33 < 3q/4. No branch, no table index on a.
 */
// @ts-ignore: decorator
@inline export function mulZeta(a: v128, z: v128, zq: v128): v128 {
  const half = i64x2.splat(<i64>1 << 31);
  const lo = i64x2.add(i64x2.extmul_low_i32x4_s(a, zq), half);
  const hi = i64x2.add(i64x2.extmul_high_i32x4_s(a, zq), half);
  const t = i8x16.shuffle(lo, hi, 4, 5, 6, 7, 12, 13, 14, 15, 20, 21, 22, 23, 28, 29, 30, 31);
  return i32x4.sub(i32x4.mul(a, z), i32x4.mul(t, i32x4.splat(Q)));
}

/** The factor of pair `k` of a pair table, splat. */
// @ts-ignore: decorator
@inline function fz(table: usize, k: i32): v128 {
  return v128.load32_splat(table + (<usize>k << 3));
}

/** Its quotient, splat. */
// @ts-ignore: decorator
@inline function fq(table: usize, k: i32): v128 {
  return v128.load32_splat(table + (<usize>k << 3) + 4);
}

/** Forward NTT in place. */
export function ntt(a: usize): void {
  // Levels len 128, 64, 32: vector j of each 32-coefficient block, v_i at coefficient 4j + 32i.
  const z1 = fz(ZETAS, 1), q1 = fq(ZETAS, 1);
  const z2 = fz(ZETAS, 2), q2 = fq(ZETAS, 2), z3 = fz(ZETAS, 3), q3 = fq(ZETAS, 3);
  for (let p = a; p < a + 128; p += 16) {
    let v0 = v128.load(p), v1 = v128.load(p, 128), v2 = v128.load(p, 256), v3 = v128.load(p, 384);
    let v4 = v128.load(p, 512), v5 = v128.load(p, 640), v6 = v128.load(p, 768), v7 = v128.load(p, 896);
    let t = mulZeta(v4, z1, q1); v4 = i32x4.sub(v0, t); v0 = i32x4.add(v0, t);
    t = mulZeta(v5, z1, q1); v5 = i32x4.sub(v1, t); v1 = i32x4.add(v1, t);
    t = mulZeta(v6, z1, q1); v6 = i32x4.sub(v2, t); v2 = i32x4.add(v2, t);
    t = mulZeta(v7, z1, q1); v7 = i32x4.sub(v3, t); v3 = i32x4.add(v3, t);
    t = mulZeta(v2, z2, q2); v2 = i32x4.sub(v0, t); v0 = i32x4.add(v0, t);
    t = mulZeta(v3, z2, q2); v3 = i32x4.sub(v1, t); v1 = i32x4.add(v1, t);
    t = mulZeta(v6, z3, q3); v6 = i32x4.sub(v4, t); v4 = i32x4.add(v4, t);
    t = mulZeta(v7, z3, q3); v7 = i32x4.sub(v5, t); v5 = i32x4.add(v5, t);
    t = mulZeta(v1, fz(ZETAS, 4), fq(ZETAS, 4)); v1 = i32x4.sub(v0, t); v0 = i32x4.add(v0, t);
    t = mulZeta(v3, fz(ZETAS, 5), fq(ZETAS, 5)); v3 = i32x4.sub(v2, t); v2 = i32x4.add(v2, t);
    t = mulZeta(v5, fz(ZETAS, 6), fq(ZETAS, 6)); v5 = i32x4.sub(v4, t); v4 = i32x4.add(v4, t);
    t = mulZeta(v7, fz(ZETAS, 7), fq(ZETAS, 7)); v7 = i32x4.sub(v6, t); v6 = i32x4.add(v6, t);
    v128.store(p, v0); v128.store(p, v1, 128); v128.store(p, v2, 256); v128.store(p, v3, 384);
    v128.store(p, v4, 512); v128.store(p, v5, 640); v128.store(p, v6, 768); v128.store(p, v7, 896);
  }
  // Levels len 16, 8, 4, then 2 and 1 inside vectors: block b, v_i at coefficient 32b + 4i.
  for (let b = 0; b < 8; b++) {
    const p = a + (<usize>b << 7);
    let v0 = v128.load(p), v1 = v128.load(p, 16), v2 = v128.load(p, 32), v3 = v128.load(p, 48);
    let v4 = v128.load(p, 64), v5 = v128.load(p, 80), v6 = v128.load(p, 96), v7 = v128.load(p, 112);
    let z = fz(ZETAS, 8 + b), q = fq(ZETAS, 8 + b);
    let t = mulZeta(v4, z, q); v4 = i32x4.sub(v0, t); v0 = i32x4.add(v0, t);
    t = mulZeta(v5, z, q); v5 = i32x4.sub(v1, t); v1 = i32x4.add(v1, t);
    t = mulZeta(v6, z, q); v6 = i32x4.sub(v2, t); v2 = i32x4.add(v2, t);
    t = mulZeta(v7, z, q); v7 = i32x4.sub(v3, t); v3 = i32x4.add(v3, t);
    z = fz(ZETAS, 16 + 2 * b); q = fq(ZETAS, 16 + 2 * b);
    t = mulZeta(v2, z, q); v2 = i32x4.sub(v0, t); v0 = i32x4.add(v0, t);
    t = mulZeta(v3, z, q); v3 = i32x4.sub(v1, t); v1 = i32x4.add(v1, t);
    z = fz(ZETAS, 17 + 2 * b); q = fq(ZETAS, 17 + 2 * b);
    t = mulZeta(v6, z, q); v6 = i32x4.sub(v4, t); v4 = i32x4.add(v4, t);
    t = mulZeta(v7, z, q); v7 = i32x4.sub(v5, t); v5 = i32x4.add(v5, t);
    const k = 32 + 4 * b;
    t = mulZeta(v1, fz(ZETAS, k), fq(ZETAS, k)); v1 = i32x4.sub(v0, t); v0 = i32x4.add(v0, t);
    t = mulZeta(v3, fz(ZETAS, k + 1), fq(ZETAS, k + 1)); v3 = i32x4.sub(v2, t); v2 = i32x4.add(v2, t);
    t = mulZeta(v5, fz(ZETAS, k + 2), fq(ZETAS, k + 2)); v5 = i32x4.sub(v4, t); v4 = i32x4.add(v4, t);
    t = mulZeta(v7, fz(ZETAS, k + 3), fq(ZETAS, k + 3)); v7 = i32x4.sub(v6, t); v6 = i32x4.add(v6, t);
    const c = b << 2;
    inVectorForward(p, c, v0, v1);
    inVectorForward(p + 32, c + 1, v2, v3);
    inVectorForward(p + 64, c + 2, v4, v5);
    inVectorForward(p + 96, c + 3, v6, v7);
  }
}

/** Levels len 2 and 1 of chunk c (coefficients 8c..8c+7 in v0, v1): regroup lanes, butterfly, store at p. */
// @ts-ignore: decorator
@inline function inVectorForward(p: usize, c: i32, v0: v128, v1: v128): void {
  const t2 = FWD2 + (<usize>c << 5);
  let x = i32x4.shuffle(v0, v1, 0, 1, 4, 5);
  let y = mulZeta(i32x4.shuffle(v0, v1, 2, 3, 6, 7), v128.load(t2), v128.load(t2, 16));
  const u0 = i32x4.add(x, y); // coefficients 0, 1, 4, 5
  const u1 = i32x4.sub(x, y); // coefficients 2, 3, 6, 7
  const t1 = FWD1 + (<usize>c << 5);
  x = i32x4.shuffle(u0, u1, 0, 4, 2, 6); // 0, 2, 4, 6
  y = mulZeta(i32x4.shuffle(u0, u1, 1, 5, 3, 7), v128.load(t1), v128.load(t1, 16)); // 1, 3, 5, 7
  const e = i32x4.add(x, y);
  const o = i32x4.sub(x, y);
  v128.store(p, i32x4.shuffle(e, o, 0, 4, 1, 5));
  v128.store(p, i32x4.shuffle(e, o, 2, 6, 3, 7), 16);
}

/** Inverse levels len 1 and 2 of chunk c (coefficients 8c..8c+7 at p); the two vectors in the order of the coefficients. */
// @ts-ignore: decorator
@inline function inVectorInverse(p: usize, c: i32): void {
  const v0 = v128.load(p);
  const v1 = v128.load(p, 16);
  const t1 = INV1 + (<usize>c << 5);
  let x = i32x4.shuffle(v0, v1, 0, 2, 4, 6);
  let y = i32x4.shuffle(v0, v1, 1, 3, 5, 7);
  const e = i32x4.add(x, y); // 0, 2, 4, 6
  const o = mulZeta(i32x4.sub(x, y), v128.load(t1), v128.load(t1, 16)); // 1, 3, 5, 7
  const t2 = INV2 + (<usize>c << 5);
  x = i32x4.shuffle(e, o, 0, 4, 2, 6); // 0, 1, 4, 5
  y = i32x4.shuffle(e, o, 1, 5, 3, 7); // 2, 3, 6, 7
  const u0 = i32x4.add(x, y);
  const u1 = mulZeta(i32x4.sub(x, y), v128.load(t2), v128.load(t2, 16));
  v128.store(p, i32x4.shuffle(u0, u1, 0, 1, 4, 5));
  v128.store(p, i32x4.shuffle(u0, u1, 2, 3, 6, 7), 16);
}

/** Inverse NTT in place, output multiplied by the Montgomery factor 2^32 (bounds above). */
export function invNttToMont(a: usize): void {
  // Levels len 1, 2 inside vectors, then 4, 8, 16: block b, v_i at coefficient 32b + 4i.
  for (let b = 0; b < 8; b++) {
    const p = a + (<usize>b << 7);
    const c = b << 2;
    inVectorInverse(p, c);
    inVectorInverse(p + 32, c + 1);
    inVectorInverse(p + 64, c + 2);
    inVectorInverse(p + 96, c + 3);
    let v0 = v128.load(p), v1 = v128.load(p, 16), v2 = v128.load(p, 32), v3 = v128.load(p, 48);
    let v4 = v128.load(p, 64), v5 = v128.load(p, 80), v6 = v128.load(p, 96), v7 = v128.load(p, 112);
    const k = 63 - 4 * b;
    let d = i32x4.sub(v0, v1); v0 = i32x4.add(v0, v1); v1 = mulZeta(d, fz(IZETAS, k), fq(IZETAS, k));
    d = i32x4.sub(v2, v3); v2 = i32x4.add(v2, v3); v3 = mulZeta(d, fz(IZETAS, k - 1), fq(IZETAS, k - 1));
    d = i32x4.sub(v4, v5); v4 = i32x4.add(v4, v5); v5 = mulZeta(d, fz(IZETAS, k - 2), fq(IZETAS, k - 2));
    d = i32x4.sub(v6, v7); v6 = i32x4.add(v6, v7); v7 = mulZeta(d, fz(IZETAS, k - 3), fq(IZETAS, k - 3));
    let z = fz(IZETAS, 31 - 2 * b), q = fq(IZETAS, 31 - 2 * b);
    d = i32x4.sub(v0, v2); v0 = i32x4.add(v0, v2); v2 = mulZeta(d, z, q);
    d = i32x4.sub(v1, v3); v1 = i32x4.add(v1, v3); v3 = mulZeta(d, z, q);
    z = fz(IZETAS, 30 - 2 * b); q = fq(IZETAS, 30 - 2 * b);
    d = i32x4.sub(v4, v6); v4 = i32x4.add(v4, v6); v6 = mulZeta(d, z, q);
    d = i32x4.sub(v5, v7); v5 = i32x4.add(v5, v7); v7 = mulZeta(d, z, q);
    z = fz(IZETAS, 15 - b); q = fq(IZETAS, 15 - b);
    d = i32x4.sub(v0, v4); v0 = i32x4.add(v0, v4); v4 = mulZeta(d, z, q);
    d = i32x4.sub(v1, v5); v1 = i32x4.add(v1, v5); v5 = mulZeta(d, z, q);
    d = i32x4.sub(v2, v6); v2 = i32x4.add(v2, v6); v6 = mulZeta(d, z, q);
    d = i32x4.sub(v3, v7); v3 = i32x4.add(v3, v7); v7 = mulZeta(d, z, q);
    v128.store(p, v0); v128.store(p, v1, 16); v128.store(p, v2, 32); v128.store(p, v3, 48);
    v128.store(p, v4, 64); v128.store(p, v5, 80); v128.store(p, v6, 96); v128.store(p, v7, 112);
  }
  // Levels len 32, 64, 128 (with 2^32 / 256 folded into the last): v_i at coefficient 4j + 32i.
  const z2 = fz(IZETAS, 2), q2 = fq(IZETAS, 2), z3 = fz(IZETAS, 3), q3 = fq(IZETAS, 3);
  const f = fz(FINAL, 0), fQ = fq(FINAL, 0), g = fz(FINAL, 1), gQ = fq(FINAL, 1);
  for (let p = a; p < a + 128; p += 16) {
    let v0 = v128.load(p), v1 = v128.load(p, 128), v2 = v128.load(p, 256), v3 = v128.load(p, 384);
    let v4 = v128.load(p, 512), v5 = v128.load(p, 640), v6 = v128.load(p, 768), v7 = v128.load(p, 896);
    let d = i32x4.sub(v0, v1); v0 = i32x4.add(v0, v1); v1 = mulZeta(d, fz(IZETAS, 7), fq(IZETAS, 7));
    d = i32x4.sub(v2, v3); v2 = i32x4.add(v2, v3); v3 = mulZeta(d, fz(IZETAS, 6), fq(IZETAS, 6));
    d = i32x4.sub(v4, v5); v4 = i32x4.add(v4, v5); v5 = mulZeta(d, fz(IZETAS, 5), fq(IZETAS, 5));
    d = i32x4.sub(v6, v7); v6 = i32x4.add(v6, v7); v7 = mulZeta(d, fz(IZETAS, 4), fq(IZETAS, 4));
    d = i32x4.sub(v0, v2); v0 = i32x4.add(v0, v2); v2 = mulZeta(d, z3, q3);
    d = i32x4.sub(v1, v3); v1 = i32x4.add(v1, v3); v3 = mulZeta(d, z3, q3);
    d = i32x4.sub(v4, v6); v4 = i32x4.add(v4, v6); v6 = mulZeta(d, z2, q2);
    d = i32x4.sub(v5, v7); v5 = i32x4.add(v5, v7); v7 = mulZeta(d, z2, q2);
    d = i32x4.sub(v0, v4); v0 = mulZeta(i32x4.add(v0, v4), f, fQ); v4 = mulZeta(d, g, gQ);
    d = i32x4.sub(v1, v5); v1 = mulZeta(i32x4.add(v1, v5), f, fQ); v5 = mulZeta(d, g, gQ);
    d = i32x4.sub(v2, v6); v2 = mulZeta(i32x4.add(v2, v6), f, fQ); v6 = mulZeta(d, g, gQ);
    d = i32x4.sub(v3, v7); v3 = mulZeta(i32x4.add(v3, v7), f, fQ); v7 = mulZeta(d, g, gQ);
    v128.store(p, v0); v128.store(p, v1, 128); v128.store(p, v2, 256); v128.store(p, v3, 384);
    v128.store(p, v4, 512); v128.store(p, v5, 640); v128.store(p, v6, 768); v128.store(p, v7, 896);
  }
}
