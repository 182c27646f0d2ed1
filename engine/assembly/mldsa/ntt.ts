/**
 * The number-theoretic transform of FIPS 204 (Algorithms 41 and 42) over Z_q[X]/(X^256 + 1), with
 * Montgomery multiplication, four coefficients at a time in WebAssembly SIMD. NTT takes
 * coefficients of magnitude below about q and returns values below 9q; invNttToMont takes values
 * below q and returns them below q, multiplied by 2^32, which cancels the 2^-32 left by a
 * Montgomery pointwise product.
 */
import { N, Q } from './params';
import { QINV } from './reduce';
const F: i32 = 41978; // 2^64 / 256 mod q: undoes the 256 of the inverse and returns to normal form

/** zetas[m] = 1753^BitRev8(m) * 2^32 mod q, centred. */
const ZETAS: usize = memory.data(N * 4, 16);
/**
 * Per 8-coefficient chunk, the lane-wise zetas (and zeta * q^-1 mod 2^32) of the two levels whose
 * butterflies lie inside one vector: forward len 2 and 1, inverse len 1 and 2. 32 chunks, 16 bytes.
 */
const FWD2: usize = memory.data(32 * 32, 16);
const FWD1: usize = memory.data(32 * 32, 16);
const INV1: usize = memory.data(32 * 32, 16);
const INV2: usize = memory.data(32 * 32, 16);

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

// @ts-ignore: decorator
@inline function zeta(m: i32): i32 {
  return load<i32>(ZETAS + (<usize>m << 2));
}

/** Stores the zeta of lane `lane` of chunk `chunk` in a lane table (zeta, then zeta * qinv). */
function setLane(table: usize, chunk: i32, lane: i32, z: i32): void {
  const p = table + (<usize>chunk << 5) + (<usize>lane << 2);
  store<i32>(p, z);
  store<i32>(p + 16, z * QINV);
}

function initTables(): void {
  const mont: i64 = (<i64>1 << 32) % Q;
  for (let m = 0; m < N; m++) {
    let z = <i32>((powmod(1753, bitrev8(m)) * mont) % Q);
    if (z > (Q >> 1)) z -= Q;
    store<i32>(ZETAS + (<usize>m << 2), z);
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
}
initTables();

/** Montgomery product of each lane of a with z (zq = z * q^-1 mod 2^32): hi32(a z) - hi32(m q). */
// @ts-ignore: decorator
@inline function mulMont(a: v128, z: v128, zq: v128): v128 {
  const qv = i32x4.splat(Q);
  const m = i32x4.mul(a, zq);
  const pl = i64x2.extmul_low_i32x4_s(a, z);
  const ph = i64x2.extmul_high_i32x4_s(a, z);
  const ml = i64x2.extmul_low_i32x4_s(m, qv);
  const mh = i64x2.extmul_high_i32x4_s(m, qv);
  const p = i8x16.shuffle(pl, ph, 4, 5, 6, 7, 12, 13, 14, 15, 20, 21, 22, 23, 28, 29, 30, 31);
  const t = i8x16.shuffle(ml, mh, 4, 5, 6, 7, 12, 13, 14, 15, 20, 21, 22, 23, 28, 29, 30, 31);
  return i32x4.sub(p, t);
}

/** Forward NTT in place. */
export function ntt(a: usize): void {
  let k = 0;
  // Levels whose butterfly partners are at least one vector apart.
  for (let len = 128; len >= 4; len >>= 1) {
    const off = <usize>len << 2;
    for (let start = 0; start < N; start += len << 1) {
      k++;
      const z = zeta(k);
      const zv = i32x4.splat(z);
      const zq = i32x4.splat(z * QINV);
      const end = a + (<usize>(start + len) << 2);
      for (let p = a + (<usize>start << 2); p < end; p += 16) {
        const x = v128.load(p);
        const t = mulMont(v128.load(p + off), zv, zq);
        v128.store(p + off, i32x4.sub(x, t));
        v128.store(p, i32x4.add(x, t));
      }
    }
  }
  // len 2 and len 1 inside each pair of vectors: regroup lanes, butterfly, put back.
  for (let c = 0; c < 32; c++) {
    const p = a + (<usize>c << 5);
    const v0 = v128.load(p);
    const v1 = v128.load(p + 16);
    const t2 = FWD2 + (<usize>c << 5);
    let x = i32x4.shuffle(v0, v1, 0, 1, 4, 5);
    let y = mulMont(i32x4.shuffle(v0, v1, 2, 3, 6, 7), v128.load(t2), v128.load(t2 + 16));
    const u0 = i32x4.add(x, y); // coefficients 0, 1, 4, 5
    const u1 = i32x4.sub(x, y); // coefficients 2, 3, 6, 7
    const t1 = FWD1 + (<usize>c << 5);
    x = i32x4.shuffle(u0, u1, 0, 4, 2, 6); // 0, 2, 4, 6
    y = mulMont(i32x4.shuffle(u0, u1, 1, 5, 3, 7), v128.load(t1), v128.load(t1 + 16)); // 1, 3, 5, 7
    const e = i32x4.add(x, y);
    const o = i32x4.sub(x, y);
    v128.store(p, i32x4.shuffle(e, o, 0, 4, 1, 5));
    v128.store(p + 16, i32x4.shuffle(e, o, 2, 6, 3, 7));
  }
}

/** Inverse NTT in place, output multiplied by the Montgomery factor 2^32. */
export function invNttToMont(a: usize): void {
  for (let c = 0; c < 32; c++) {
    const p = a + (<usize>c << 5);
    const v0 = v128.load(p);
    const v1 = v128.load(p + 16);
    const t1 = INV1 + (<usize>c << 5);
    let x = i32x4.shuffle(v0, v1, 0, 2, 4, 6);
    let y = i32x4.shuffle(v0, v1, 1, 3, 5, 7);
    const e = i32x4.add(x, y); // 0, 2, 4, 6
    const o = mulMont(i32x4.sub(x, y), v128.load(t1), v128.load(t1 + 16)); // 1, 3, 5, 7
    const t2 = INV2 + (<usize>c << 5);
    x = i32x4.shuffle(e, o, 0, 4, 2, 6); // 0, 1, 4, 5
    y = i32x4.shuffle(e, o, 1, 5, 3, 7); // 2, 3, 6, 7
    const u0 = i32x4.add(x, y);
    const u1 = mulMont(i32x4.sub(x, y), v128.load(t2), v128.load(t2 + 16));
    v128.store(p, i32x4.shuffle(u0, u1, 0, 1, 4, 5));
    v128.store(p + 16, i32x4.shuffle(u0, u1, 2, 3, 6, 7));
  }
  let k = 64;
  for (let len = 4; len < N; len <<= 1) {
    const off = <usize>len << 2;
    for (let start = 0; start < N; start += len << 1) {
      k--;
      const z = -zeta(k);
      const zv = i32x4.splat(z);
      const zq = i32x4.splat(z * QINV);
      const end = a + (<usize>(start + len) << 2);
      for (let p = a + (<usize>start << 2); p < end; p += 16) {
        const x = v128.load(p);
        const y = v128.load(p + off);
        v128.store(p, i32x4.add(x, y));
        v128.store(p + off, mulMont(i32x4.sub(x, y), zv, zq));
      }
    }
  }
  const fv = i32x4.splat(F);
  const fq = i32x4.splat(F * QINV);
  for (let p = a; p < a + (<usize>N << 2); p += 16) v128.store(p, mulMont(v128.load(p), fv, fq));
}
