/**
 * Constant-time fixed-base multiplication k * G for secret k (key generation, nonces).
 *
 * Recoding: for odd k < 2^256, with w_i = bits 4i+1 .. 4i+4 of k,
 *   k = sum over i < 64 of (2 w_i - 15) 16^i  +  16^64,
 * so every digit is odd and nonzero (|digit| <= 15): each window adds exactly one table entry
 * +-(2j + 1) 16^i G, and the 16^64 term is the starting point GEN_TOP. An even k is replaced by
 * n - k (odd) and the result negated. Entries are fetched by reading all 8 of a window under
 * masks, and added with the complete projective formulas of Renes, Costello and Batina (2016,
 * Algorithm 8, a = 0, b3 = 21), which have no exceptional cases to branch on.
 */
import { FE_SIZE, feAdd, feCmov, feMul, feMulSmall, feNeg, feNormalize, feSetInt, feSub } from './field';
import { feInv } from './fieldpow';
import { GE_SIZE } from './point';
import { SC_SIZE, scCmov, scNeg, scToLE } from './scalar';
import { GEN, GEN_ENTRIES, GEN_TOP, GEN_WINDOWS } from './table';

// Accumulator (X : Y : Z), x = X/Z, y = Y/Z, and the formula's temporaries.
const X: usize = memory.data(<i32>FE_SIZE, 16);
const Y: usize = memory.data(<i32>FE_SIZE, 16);
const Z: usize = memory.data(<i32>FE_SIZE, 16);
const T0: usize = memory.data(<i32>FE_SIZE, 16);
const T1: usize = memory.data(<i32>FE_SIZE, 16);
const T2: usize = memory.data(<i32>FE_SIZE, 16);
const T3: usize = memory.data(<i32>FE_SIZE, 16);
const T4: usize = memory.data(<i32>FE_SIZE, 16);
const Y3: usize = memory.data(<i32>FE_SIZE, 16);
/** The selected entry (x | y) and its negated y. */
const E: usize = memory.data(<i32>GE_SIZE, 16);
const NY: usize = memory.data(<i32>FE_SIZE, 16);
/** The odd scalar as 32 little-endian bytes, zero padded for 8-byte reads past the top. */
const K: usize = memory.data(48, 16);
const KS: usize = memory.data(<i32>SC_SIZE, 16);

/**
 * (X : Y : Z) += (x2, y2) for an affine point, complete. Magnitudes: accumulator X <= 3,
 * Y <= 2, Z <= 2 on entry and exit; x2 1, y2 <= 2.
 */
function addComplete(x2: usize, y2: usize): void {
  feMul(T0, X, x2);
  feMul(T1, Y, y2);
  feAdd(T3, x2, y2);
  feAdd(T4, X, Y);
  feMul(T3, T3, T4);
  feAdd(T4, T0, T1);
  feSub(T3, T3, T4, 2); // 4
  feMul(T4, y2, Z);
  feAdd(T4, T4, Y); // 3
  feMul(Y3, x2, Z);
  feAdd(Y3, Y3, X); // 4
  feAdd(T2, T0, T0);
  feAdd(T0, T2, T0); // 3
  feMulSmall(T2, Z, 21);
  feAdd(Z, T1, T2); // 2
  feSub(T1, T1, T2, 1); // 3
  feMulSmall(Y3, Y3, 21);
  feMul(X, T4, Y3);
  feMul(T2, T3, T1);
  feSub(X, T2, X, 1); // 3
  feMul(Y3, Y3, T0);
  feMul(T1, T1, Z);
  feAdd(Y, T1, Y3); // 2
  feMul(T0, T0, T3);
  feMul(Z, Z, T4);
  feAdd(Z, Z, T0); // 2
}

/** Copies entry `idx` of `row` to E by reading all entries under masks (SIMD, 5 lanes of 16 B). */
function select(row: usize, idx: u32): void {
  let a = i32x4.splat(0), b = a, c = a, d = a, e = a;
  for (let j: u32 = 0; j < <u32>GEN_ENTRIES; j++) {
    const m = i32x4.splat(<i32>(((j ^ idx) - 1) >> 31) * -1);
    const p = row + <usize>j * GE_SIZE;
    a = v128.or(a, v128.and(v128.load(p, 0), m));
    b = v128.or(b, v128.and(v128.load(p, 16), m));
    c = v128.or(c, v128.and(v128.load(p, 32), m));
    d = v128.or(d, v128.and(v128.load(p, 48), m));
    e = v128.or(e, v128.and(v128.load(p, 64), m));
  }
  v128.store(E, a, 0);
  v128.store(E, b, 16);
  v128.store(E, c, 32);
  v128.store(E, d, 48);
  v128.store(E, e, 64);
}

/**
 * Writes the affine coordinates of k * G (normalized) to x and y, for a secret scalar k in
 * [1, n). Runs the same instructions and touches the same memory for every such k.
 */
export function ecmultGen(x: usize, y: usize, k: usize): void {
  const flip = 1 - (load<u32>(k) & 1);
  memory.copy(KS, k, SC_SIZE);
  scNeg(KS, KS);
  scCmov(KS, k, 1 - flip); // KS = k when odd, n - k when even
  scToLE(K, KS);

  memory.copy(X, GEN_TOP, FE_SIZE);
  memory.copy(Y, GEN_TOP + 40, FE_SIZE);
  feSetInt(Z, 1);
  for (let i = 0; i < GEN_WINDOWS; i++) {
    const bit = <usize>(4 * i + 1);
    const w = <u32>(load<u64>(K + (bit >> 3)) >> (bit & 7)) & 15;
    const neg = 1 - (w >> 3);
    select(GEN + <usize>(i * GEN_ENTRIES) * GE_SIZE, (w & 7) ^ (neg * 7));
    feNeg(NY, E + 40, 1);
    feCmov(E + 40, NY, neg);
    addComplete(E, E + 40);
  }
  feNeg(T0, Y, 2);
  feCmov(Y, T0, flip);

  feInv(T1, Z);
  feMul(x, X, T1);
  feNormalize(x);
  feMul(y, Y, T1);
  feNormalize(y);
  memory.fill(K, 0, 48);
  memory.fill(KS, 0, SC_SIZE);
}
