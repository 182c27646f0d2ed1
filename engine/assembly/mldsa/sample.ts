/**
 * The samplers of FIPS 204 section 7.3 but ExpandMask (./mask.ts) and SampleInBall
 * (./challenge.ts): ExpandA (RejNTTPoly) and ExpandS (RejBoundedPoly). Every input is a seed plus
 * a two-byte nonce, one padded block, so these run their sponges two at a time in the two-way SIMD
 * Keccak (an odd one out runs beside an unused second stream, which costs about what the scalar
 * permutation does).
 */
import { DS_SHAKE, RATE_SHAKE128, RATE_SHAKE256, spongeInit } from '../keccak';
import { absorbBlockX2, clearStateX2, extractX2, keccakF1600x2, seedPairX2, seedStateX2, squeezeBlocksX2, X2_STATE_SIZE } from '../keccak_x2';
import { L, K, N, POLY_BYTES, Q } from './params';
import { rejEtaBlock } from './reject_eta';

/** Two interleaved sponges. */
const X2: usize = memory.data(X2_STATE_SIZE, 16);
/** The two streams' squeezed bytes: one block, plus slack for the four-byte loads of the samplers. */
const STREAM_BYTES: usize = <usize>RATE_SHAKE128 + 8;
const OUT0: usize = memory.data(<i32>STREAM_BYTES, 16);
const OUT1: usize = memory.data(<i32>STREAM_BYTES, 16);

/**
 * Loads seed || u16le(n0) and seed || u16le(n1), SHAKE-padded for `rate`, into the two states.
 * The seed is 32 (rho) or 64 bytes (rho', rho''), so the nonce lane is lane 4 or lane 8.
 */
function absorbPair(seed: usize, seedLen: usize, n0: i32, n1: i32, rate: i32): void {
  seedPairX2(X2, seed, seedLen, <u64>(n0 & 0xffff) | (<u64>DS_SHAKE << 16), <u64>(n1 & 0xffff) | (<u64>DS_SHAKE << 16), rate);
}

/** Permutes both states and copies one block of each stream to OUT0 and OUT1. */
function squeezePair(rate: i32): void {
  squeezeBlocksX2(X2, rate, OUT0, OUT1);
}

/** The 23-bit candidate mask and q - 1, four lanes each; loaded once per block, so V8 keeps them in registers. */
const REJ_CONSTANTS: usize = memory.data<i32>([0x7fffff, 0x7fffff, 0x7fffff, 0x7fffff, Q - 1, Q - 1, Q - 1, Q - 1, 0x80020100, 0x80050403, 0x80080706, 0x800b0a09], 16);

/** Four 3-byte candidates at p widened to four 32-bit lanes (index 16 picks a zero byte) and masked to 23 bits. */
// @ts-ignore: decorator
@inline function candidates4(p: usize, mask: v128, widen: v128): v128 {
  return v128.and(i8x16.swizzle(v128.load(p), widen), mask);
}

/**
 * Rejection-samples one squeezed SHAKE128 block into a from index j; returns the new index. About
 * one candidate in a thousand is rejected, so eight candidates at a time (two loads, widened by one
 * shuffle each) are checked with one signed compare per four (candidates are below 2^23) and
 * stored together while all pass (99.2 %); otherwise four are tried, and then one is taken: it is
 * stored at j, and j advances when it is accepted, so a rejected value is overwritten by the next.
 * Never writes past a + 4 N. The data are public; this is for speed.
 */
export function rejUniformBlock(a: usize, j: i32, buf: usize): i32 {
  const mask = v128.load(REJ_CONSTANTS);
  const qMinus1 = v128.load(REJ_CONSTANTS, 16);
  const widen = v128.load(REJ_CONSTANTS, 32);
  const rate = <usize>RATE_SHAKE128;
  let i: usize = 0;
  while (i < rate && j < N) {
    while (i + 24 <= rate && j + 8 <= N) {
      const t0 = candidates4(buf + i, mask, widen);
      const t1 = candidates4(buf + i + 12, mask, widen);
      if (v128.any_true(v128.or(i32x4.gt_s(t0, qMinus1), i32x4.gt_s(t1, qMinus1)))) break;
      v128.store(a + (<usize>j << 2), t0);
      v128.store(a + (<usize>j << 2), t1, 16);
      j += 8;
      i += 24;
    }
    if (i + 12 <= rate && j + 4 <= N) {
      const t0 = candidates4(buf + i, mask, widen);
      if (!v128.any_true(i32x4.gt_s(t0, qMinus1))) {
        v128.store(a + (<usize>j << 2), t0);
        j += 4;
        i += 12;
        continue;
      }
    }
    if (i >= rate || j >= N) break;
    // One four-byte load per triple: the stream buffers have slack past the block.
    const t = <i32>(load<u32>(buf + i) & 0x7fffff);
    store<i32>(a + (<usize>j << 2), t);
    j += <i32>(t < Q);
    i += 3;
  }
  return j;
}

/**
 * RejNTTPoly twice at once: a0 from SHAKE128(rho || s0 || r0) and a1 from SHAKE128(rho || s1 || r1),
 * coefficients uniform in [0, q).
 */
function rejNttPolyPair(a0: usize, s0: i32, r0: i32, a1: usize, s1: i32, r1: i32, rho: usize): void {
  absorbPair(rho, 32, s0 | (r0 << 8), s1 | (r1 << 8), RATE_SHAKE128);
  let j0 = 0;
  let j1 = 0;
  while (j0 < N || j1 < N) {
    squeezePair(RATE_SHAKE128);
    j0 = rejUniformBlock(a0, j0, OUT0);
    j1 = rejUniformBlock(a1, j1, OUT1);
  }
}

/** The rho (and parameter set) whose matrix `mat` currently holds; rho is public. */
const CACHED_RHO: usize = memory.data(32, 16);
let cachedMat: usize = 0;
let cachedK: i32 = 0;
let cachedL: i32 = 0;

function sameRho(rho: usize): bool {
  return load<u64>(rho) == load<u64>(CACHED_RHO) && load<u64>(rho, 8) == load<u64>(CACHED_RHO, 8) &&
    load<u64>(rho, 16) == load<u64>(CACHED_RHO, 16) && load<u64>(rho, 24) == load<u64>(CACHED_RHO, 24);
}

/** Whether `mat` holds the matrix of rho at the current parameter set. */
export function matrixCached(mat: usize, rho: usize): bool {
  return cachedMat == mat && cachedK == K && cachedL == L && sameRho(rho);
}

/** Records that `mat` now holds the matrix of rho at the current parameter set. */
export function markMatrix(mat: usize, rho: usize): void {
  memory.copy(CACHED_RHO, rho, 32);
  cachedMat = mat;
  cachedK = K;
  cachedL = L;
}

/**
 * ExpandA: the k x l matrix, already in the NTT domain, row-major at `mat`. A is a function of the
 * public seed rho alone, so repeated operations under one key reuse the last expansion.
 */
export function expandA(mat: usize, rho: usize): void {
  if (matrixCached(mat, rho)) return;
  // k * l is even for every parameter set: entries are generated in pairs, row-major.
  for (let e = 0; e < K * L; e += 2) {
    const r0 = e / L, s0 = e % L, r1 = (e + 1) / L, s1 = (e + 1) % L;
    rejNttPolyPair(mat + <usize>(e * POLY_BYTES), s0, r0, mat + <usize>((e + 1) * POLY_BYTES), s1, r1, rho);
  }
  markMatrix(mat, rho);
}

/** Both polynomials' coefficients while they are sampled: N slots plus rejEtaBlock's overshoot. */
const ETA_BYTES: i32 = (N + 16) * 4;
const ETA0: usize = memory.data(ETA_BYTES, 16);
const ETA1: usize = memory.data(ETA_BYTES, 16);

/**
 * RejBoundedPoly twice at once: a0 and a1 with coefficients in [-eta, eta] from
 * SHAKE256(rho' || u16le(n0)) and SHAKE256(rho' || u16le(n1)).
 */
function rejBoundedPoly(a0: usize, n0: i32, a1: usize, n1: i32, rhoPrime: usize): void {
  absorbPair(rhoPrime, 64, n0, n1, RATE_SHAKE256);
  let j0 = 0;
  let j1 = 0;
  while (j0 < N || j1 < N) {
    squeezePair(RATE_SHAKE256);
    if (j0 < N) j0 = rejEtaBlock(ETA0, j0, OUT0, RATE_SHAKE256);
    if (j1 < N) j1 = rejEtaBlock(ETA1, j1, OUT1, RATE_SHAKE256);
  }
  memory.copy(a0, ETA0, POLY_BYTES);
  memory.copy(a1, ETA1, POLY_BYTES);
}

/** Polynomial r of s1 || s2. */
// @ts-ignore: decorator
@inline function sPoly(s1: usize, s2: usize, r: i32): usize {
  return r < L ? s1 + <usize>(r * POLY_BYTES) : s2 + <usize>((r - L) * POLY_BYTES);
}

/**
 * ExpandS: s1 (l polynomials, nonces 0..l-1) and s2 (k polynomials, nonces l..l+k-1), in pairs;
 * an odd one out (the last of s2 when l + k is odd) is left to expandSLastBesideHash.
 */
export function expandS(s1: usize, s2: usize, rhoPrime: usize): void {
  const count = (L + K) & ~1;
  for (let r = 0; r < count; r += 2) rejBoundedPoly(sPoly(s1, s2, r), r, sPoly(s1, s2, r + 1), r + 1, rhoPrime);
}

/**
 * The blocks keygen's hash of the public key absorbs beside ExpandS's last polynomial: two
 * SHAKE256 blocks give that polynomial its 256 coefficients but about once in 10^5 keys for
 * eta = 4 (544 half-bytes, 306 accepted on average, 11.6 the standard deviation), and always for
 * eta = 2. A fixed count keeps the rest of the hash the same for every key.
 */
export const BESIDE_HASH_BLOCKS: i32 = 2;

/**
 * ExpandS's polynomial of nonce n into a, sampled in state 1 of the pair while state 0 starts
 * SHAKE256 and absorbs the first BESIDE_HASH_BLOCKS blocks of src, one per permutation; state 0's
 * lanes then go to the scalar sponge at `sponge` (started here), where the caller absorbs the
 * rest of src. Keygen hashes the public key for tr this way while it samples the last row of s2,
 * which only the last row of the key needs. How many permutations the polynomial takes beyond
 * the two follows the dropped half-bytes only, as rejBoundedPoly's count does.
 */
export function expandSLastBesideHash(a: usize, n: i32, rhoPrime: usize, src: usize, sponge: usize): void {
  const rate = RATE_SHAKE256;
  seedStateX2(X2, 1, rhoPrime, 64, <u64>(n & 0xffff) | (<u64>DS_SHAKE << 16), rate);
  clearStateX2(X2, 0);
  spongeInit(sponge, rate, DS_SHAKE);
  let j = 0;
  for (let b = 0; b < BESIDE_HASH_BLOCKS; b++) {
    absorbBlockX2(X2, 0, src + <usize>(b * rate), rate);
    keccakF1600x2(X2);
    extractX2(X2, 1, OUT1, <usize>rate);
    j = rejEtaBlock(ETA1, j, OUT1, rate);
  }
  extractX2(X2, 0, sponge, 200);
  while (j < N) {
    keccakF1600x2(X2);
    extractX2(X2, 1, OUT1, <usize>rate);
    j = rejEtaBlock(ETA1, j, OUT1, rate);
  }
  memory.copy(a, ETA1, POLY_BYTES);
}

/** Clears the samplers' buffers, which held expansions of secret seeds. */
export function wipeSamplers(): void {
  memory.fill(X2, 0, X2_STATE_SIZE);
  memory.fill(OUT0, 0, STREAM_BYTES);
  memory.fill(OUT1, 0, STREAM_BYTES);
  memory.fill(ETA0, 0, ETA_BYTES);
  memory.fill(ETA1, 0, ETA_BYTES);
}
