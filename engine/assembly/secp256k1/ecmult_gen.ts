/**
 * Constant-time fixed-base multiplication k * G for secret k (key generation, nonces), with 6-bit
 * windows of odd digits over table.ts's GEN (docs/decisions/067).
 *
 * Recoding: for any W < 2^258, with w_i = bits 6i .. 6i+5 of W,
 *   sum over i < 43 of (2 w_i - 63) 64^i = 2W - (2^258 - 1),
 * so every digit is odd and nonzero (|digit| <= 63) and each window adds exactly one table entry
 * +-(2j + 1) 64^i G. Starting from S = 2^255 G (GEN_START), the sum is k G when
 *   W = (k + C) / 2 mod n,  C = 2^258 - 1 - 2^255 mod n
 * (n is odd, so halving mod n always works, whatever k's parity).
 *
 * Why the start 2^255: before window i the accumulator is (2^255 + s_i) G with
 * |s_i| = |sum over j < i of d_j 64^j| <= 64^i - 1, and window i adds e = d_i 64^i G. For i < 42,
 * 2^255 + s_i and 2^255 + s_i -+ d_i 64^i are integers within 64^(i+1) - 1 <= 2^252 - 1 of 2^255,
 * so in (0, n): never 0 mod n. Hence the accumulator is never infinity, never e and never -e,
 * the exceptional cases of the Jacobian mixed addition below, which windows 0 .. 41 use with no
 * check. The last window (42) can meet them (its partial sums cover all of [0, n)) and adds
 * with the complete formula (complete.ts).
 */
import { FE_SIZE, feCmov, feMul, feNeg, feNormalize, feNormalizeWeak, feSqr, feSub } from './field';
import { geSelect, PJ_SIZE, pjAddGe } from './complete';
import { feInvDivsteps } from './modinv';
import { GE_SIZE } from './point';
import { SC_SIZE, scAdd, scToLE } from './scalar';
import { GEN, GEN_BITS, GEN_ENTRIES, GEN_START, GEN_WINDOWS } from './table';

/** C = 2^258 - 1 - 2^255 mod n, as nine 29-bit limbs. */
const C: usize = memory.data<u32>([0xf5d3c3c, 0x44722cc, 0x987d330, 0x6d297e4, 0x3cff, 0, 0, 0, 0x800000]);
/** n, as nine 29-bit limbs (scalar.ts's layout). */
const N: usize = memory.data<u32>([0x10364141, 0x1e92f466, 0x12280eef, 0x1db9cd5e, 0x1fffebaa, 0x1fffffff, 0x1fffffff, 0x1fffffff, 0xffffff]);

/** The Jacobian accumulator (X | Y | Z), x = X/Z^2, y = Y/Z^3; then projective for the last window. */
const ACC: usize = memory.data(<i32>PJ_SIZE, 16);
const X: usize = ACC;
const Y: usize = ACC + 40;
const Z: usize = ACC + 80;
const T0: usize = memory.data(<i32>FE_SIZE, 16);
const T1: usize = memory.data(<i32>FE_SIZE, 16);
const T2: usize = memory.data(<i32>FE_SIZE, 16);
const T3: usize = memory.data(<i32>FE_SIZE, 16);
const T4: usize = memory.data(<i32>FE_SIZE, 16);
/** The selected entry (x | y) and its negated y. */
const E: usize = memory.data(<i32>GE_SIZE, 16);
const NY: usize = memory.data(<i32>FE_SIZE, 16);
/** W as 29-bit limbs, then as 36 little-endian bytes, zero padded for 8-byte reads past the top. */
const WS: usize = memory.data(<i32>SC_SIZE, 16);
const WB: usize = memory.data(48, 16);

/**
 * ACC += (x2, y2), Jacobian plus affine, 8 multiplications and 3 squarings, no branch.
 * Pre: ACC = (X | Y | Z) with magnitudes X <= 1, Y <= 3, Z <= 1, not infinity; (x2, y2) affine
 *      with x2 of magnitude 1 and y2 <= 2; ACC != +-(x2, y2) (else H = 0 below and the result
 *      is (0 : 0 : 0), meaningless).
 * Post: ACC is the sum with X <= 1, Y <= 3, Z <= 1.
 */
function jacAddGe(x2: usize, y2: usize): void {
  feSqr(T0, Z); // Z^2
  feMul(T1, x2, T0); // U2
  feMul(T0, T0, Z);
  feMul(T0, T0, y2); // S2
  feSub(T1, T1, X, 1); // H <= 3
  feSub(T0, T0, Y, 3); // R <= 5
  feMul(Z, Z, T1); // Z3 = Z H
  feSqr(T2, T1); // H^2
  feMul(T3, T2, T1); // H^3
  feMul(T2, X, T2); // V = X H^2
  feMul(T4, Y, T3); // Y H^3
  feSqr(X, T0);
  feSub(X, X, T3, 1); // R^2 - H^3 <= 3
  feSub(X, X, T2, 1); // <= 5
  feSub(X, X, T2, 1); // X3 = R^2 - H^3 - 2V <= 7
  feNormalizeWeak(X); // 1
  feSub(T2, T2, X, 1); // V - X3 <= 3
  feMul(Y, T0, T2);
  feSub(Y, Y, T4, 1); // Y3 = R (V - X3) - Y H^3 <= 3
}

/** E = the signed digit 2w - 63 of window i times 64^i G, without a branch or secret index. */
// @ts-ignore: decorator
@inline function selectDigit(i: i32): void {
  const bit = <usize>(GEN_BITS * i);
  const w = <u32>(load<u64>(WB + (bit >> 3)) >> (bit & 7)) & 63;
  const neg = 1 - (w >> 5); // digit < 0
  geSelect(E, GEN + <usize>(i * GEN_ENTRIES) * GE_SIZE, <u32>GEN_ENTRIES, (w & 31) ^ (neg * 31));
  feNeg(NY, E + 40, 1);
  feCmov(E + 40, NY, neg);
}

/** WS = (WS + (WS odd ? n : 0)) / 2 for WS < n: WS / 2 mod n, by mask. */
function halveModN(): void {
  const mask = 0 - (load<u32>(WS) & 1);
  let c: u64 = 0;
  for (let i: usize = 0; i < 36; i += 4) {
    c += <u64>load<u32>(WS + i) + <u64>(load<u32>(N + i) & mask);
    store<u32>(WS + i, <u32>(c & 0x1fffffff));
    c >>= 29;
  }
  // The sum is below 2n < 2^257: its top limb keeps at most 25 bits, c is 0.
  for (let i: usize = 0; i < 32; i += 4) {
    store<u32>(WS + i, (load<u32>(WS + i) >> 1) | ((load<u32>(WS + i + 4) & 1) << 28));
  }
  store<u32>(WS, load<u32>(WS, 32) >> 1, 32);
}

/**
 * Writes the affine coordinates of k * G (normalized) to x and y, for a secret scalar k in
 * [1, n). Runs the same instructions and touches the same memory for every such k.
 */
export function ecmultGen(x: usize, y: usize, k: usize): void {
  scAdd(WS, k, C);
  halveModN();
  scToLE(WB, WS); // bytes 32 .. 47 stay zero

  memory.copy(ACC, GEN_START, GE_SIZE);
  memory.fill(Z, 0, FE_SIZE);
  store<u32>(Z, 1);
  for (let i = 0; i < GEN_WINDOWS - 1; i++) {
    selectDigit(i);
    jacAddGe(E, E + 40);
  }
  // To projective (X Z : Y : Z^3), the same point, for the complete addition.
  feSqr(T0, Z);
  feMul(T0, T0, Z);
  feMul(X, X, Z);
  feNormalizeWeak(Y);
  memory.copy(Z, T0, FE_SIZE);
  selectDigit(GEN_WINDOWS - 1);
  pjAddGe(ACC, E, E + 40);

  feInvDivsteps(T0, Z);
  feMul(x, X, T0);
  feNormalize(x);
  feMul(y, Y, T0);
  feNormalize(y);
  memory.fill(WS, 0, SC_SIZE);
  memory.fill(WB, 0, 48);
}
