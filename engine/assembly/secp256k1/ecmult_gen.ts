/**
 * Constant-time fixed-base multiplication k * G for secret k (key generation, nonces).
 *
 * Recoding: for odd k < 2^256, with w_i = bits 4i+1 .. 4i+4 of k,
 *   k = sum over i < 64 of (2 w_i - 15) 16^i  +  16^64,
 * so every digit is odd and nonzero (|digit| <= 15): each window adds exactly one table entry
 * +-(2j + 1) 16^i G, and the 16^64 term is the starting point GEN_TOP. An even k is replaced by
 * n - k (odd) and the result negated. Entries are fetched by reading all 8 of a window under
 * masks (geSelect) and added with the complete projective formulas (pjAddGe), both in complete.ts,
 * the one home of the constant-time point code.
 */
import { FE_SIZE, feCmov, feMul, feNeg, feNormalize } from './field';
import { feInv } from './fieldpow';
import { geSelect, PJ_SIZE, pjAddGe, pjSetGe } from './complete';
import { GE_SIZE } from './point';
import { SC_SIZE, scCmov, scNeg, scToLE } from './scalar';
import { GEN, GEN_ENTRIES, GEN_TOP, GEN_WINDOWS } from './table';

// The accumulator (X : Y : Z), x = X/Z, y = Y/Z (complete.ts's layout), and the temporaries of
// the final negation and inversion.
const ACC: usize = memory.data(<i32>PJ_SIZE, 16);
const X: usize = ACC;
const Y: usize = ACC + 40;
const Z: usize = ACC + 80;
const NEG_Y: usize = memory.data(<i32>FE_SIZE, 16);
const ZINV: usize = memory.data(<i32>FE_SIZE, 16);
/** The selected entry (x | y) and its negated y. */
const E: usize = memory.data(<i32>GE_SIZE, 16);
const NY: usize = memory.data(<i32>FE_SIZE, 16);
/** The odd scalar as 32 little-endian bytes, zero padded for 8-byte reads past the top. */
const K: usize = memory.data(48, 16);
const KS: usize = memory.data(<i32>SC_SIZE, 16);

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

  pjSetGe(ACC, GEN_TOP);
  for (let i = 0; i < GEN_WINDOWS; i++) {
    const bit = <usize>(4 * i + 1);
    const w = <u32>(load<u64>(K + (bit >> 3)) >> (bit & 7)) & 15;
    const neg = 1 - (w >> 3);
    geSelect(E, GEN + <usize>(i * GEN_ENTRIES) * GE_SIZE, <u32>GEN_ENTRIES, (w & 7) ^ (neg * 7));
    feNeg(NY, E + 40, 1);
    feCmov(E + 40, NY, neg);
    pjAddGe(ACC, E, E + 40);
  }
  feNeg(NEG_Y, Y, 2);
  feCmov(Y, NEG_Y, flip);

  feInv(ZINV, Z);
  feMul(x, X, ZINV);
  feNormalize(x);
  feMul(y, Y, ZINV);
  feNormalize(y);
  memory.fill(K, 0, 48);
  memory.fill(KS, 0, SC_SIZE);
}
