/**
 * The samplers of FIPS 203 section 4.2.2: SampleNTT (the matrix A-hat from SHAKE128) and
 * SamplePolyCBD (cbd.ts) over PRF = SHAKE256. Every input is a 32-byte seed plus one or two
 * bytes, so each sponge is one padded block written lane by lane; two sponges run at once in the
 * two-way SIMD Keccak, and an odd one out in the scalar permutation (or beside encapsulation's
 * H(ek), see expandMatrix).
 */
import { DS_SHA3, keccakF1600, SPONGE_SIZE, spongeAbsorb, spongeInit, spongeSqueeze } from '../keccak';
import { absorbBlockX2, extractX2, keccakF1600x2, padLastBlock, seedPairX2, seedStateX2, squeezeBlocksX2, X2_STATE_SIZE } from '../keccak_x2';
import { cbd2, cbd3 } from './cbd';
import { K, MAX_EK_BYTES, N, POLY_BYTES } from './params';
import { rejectUniform, toNttLayout } from './reject';

const RATE128: i32 = 168;
const RATE256: i32 = 136;
const X2: usize = memory.data(X2_STATE_SIZE, 16);
const ONE: usize = memory.data(200, 16);
/** Squeezed bytes of the two streams: up to two SHAKE256 blocks (CBD with eta = 3 reads 192). */
const BUF0: usize = memory.data(2 * RATE256, 16);
const BUF1: usize = memory.data(2 * RATE256, 16);

/** Loads seed || suffix || SHAKE padding (suffix and the 0x1f byte in lane 4) into both states. */
function seedPair(seed: usize, lane4a: u64, lane4b: u64, rate: i32): void {
  seedPairX2(X2, seed, 32, lane4a, lane4b, rate);
}

/** Permutes both states and copies one block of each stream to BUF0 + off and BUF1 + off. */
function squeezePair(rate: i32, off: usize): void {
  squeezeBlocksX2(X2, rate, BUF0 + off, BUF1 + off);
}

function seedOne(seed: usize, lane4: u64, rate: i32): void {
  memory.fill(ONE, 0, 200);
  memory.copy(ONE, seed, 32);
  store<u64>(ONE + 32, lane4);
  store<u64>(ONE + <usize>(rate - 8), <u64>0x80 << 56);
}

function squeezeOne(rate: i32, off: usize): void {
  keccakF1600(ONE);
  memory.copy(BUF0 + off, ONE, <usize>rate);
}

/** Both streams' accepted coefficients in stream order, with rejectUniform's slack. */
const NATURAL_BYTES: i32 = POLY_BYTES + 32;
const NAT0: usize = memory.data(NATURAL_BYTES, 16);
const NAT1: usize = memory.data(NATURAL_BYTES, 16);

/** The rho (and k) whose matrix MAT holds; rho is public, so reusing it leaks nothing. */
const CACHED_RHO: usize = memory.data(32, 16);
let cachedMat: usize = 0;
let cachedK: i32 = 0;

function sameRho(rho: usize): bool {
  return load<u64>(rho) == load<u64>(CACHED_RHO) && load<u64>(rho, 8) == load<u64>(CACHED_RHO, 8) &&
    load<u64>(rho, 16) == load<u64>(CACHED_RHO, 16) && load<u64>(rho, 24) == load<u64>(CACHED_RHO, 24);
}

// @ts-ignore: decorator
@inline function xofLane(e: i32): u64 {
  // A-hat[i][j] = SampleNTT(rho || j || i), entry e = i * k + j.
  return <u64>(e % K) | (<u64>(e / K) << 8) | (<u64>0x1f << 16);
}

const PAD: usize = memory.data(200, 16);
const SPONGE: usize = memory.data(SPONGE_SIZE, 16);

/** SHA3-256 of the public ek into hOut, alone in the scalar sponge. */
function hashAlone(hIn: usize, hLen: usize, hOut: usize): void {
  spongeInit(SPONGE, 136, DS_SHA3);
  spongeAbsorb(SPONGE, hIn, hLen);
  spongeSqueeze(SPONGE, hOut, 32);
}

/** The last input hashed here (an ek, public), its length (0: none) and its SHA3-256. */
const MEMO_IN: usize = memory.data(MAX_EK_BYTES, 16);
const MEMO_H: usize = memory.data(32, 16);
let memoLen: usize = 0;

/** Whether the hLen bytes at hIn (a multiple of 8) are those last hashed; public, so it may stop early. */
function sameMemo(hIn: usize, hLen: usize): bool {
  if (memoLen != hLen) return false;
  for (let i: usize = 0; i < hLen; i += 8) {
    if (load<u64>(hIn + i) != load<u64>(MEMO_IN + i)) return false;
  }
  return true;
}

function remember(hIn: usize, hLen: usize, h: usize): void {
  memory.copy(MEMO_IN, hIn, hLen);
  memory.copy(MEMO_H, h, 32);
  memoLen = hLen;
}

/** Starts entry e of A-hat in state `which` of the two-way pair at `pair`: rho || j || i, SHAKE128's padding. */
export function seedEntry(pair: usize, which: usize, rho: usize, e: i32): void {
  seedStateX2(pair, which, rho, 32, xofLane(e), RATE128);
}

/**
 * Per state of X2 (i32 slots 0 and 1): the matrix entry it samples (-1: none) and how many
 * coefficients that entry has so far; then the next entry to start.
 */
const LANE_ENTRY: usize = memory.data(8, 16);
const LANE_COUNT: usize = memory.data(8, 16);
let nextE = 0;

/** Seeds the next entry into state `which`, or leaves it idle (-1) when none is left. */
function startLane(which: usize, rho: usize, count: i32): void {
  const e = nextE < count ? nextE++ : -1;
  if (e >= 0) seedEntry(X2, which, rho, e);
  store<i32>(LANE_ENTRY + (which << 2), e);
  store<i32>(LANE_COUNT + (which << 2), 0);
}

/** Whether state `which` is sampling an entry. */
// @ts-ignore: decorator
@inline function laneBusy(which: usize): bool {
  return load<i32>(LANE_ENTRY + (which << 2)) >= 0;
}

/** Takes state `which`'s block after a permutation; a complete entry goes to mat and the next starts. */
function takeLaneBlock(which: usize, mat: usize, rho: usize, count: i32): void {
  const buf = which == 0 ? BUF0 : BUF1;
  const nat = which == 0 ? NAT0 : NAT1;
  extractX2(X2, which, buf, <usize>RATE128);
  const j = rejectUniform(nat, load<i32>(LANE_COUNT + (which << 2)), buf, RATE128);
  store<i32>(LANE_COUNT + (which << 2), j);
  if (j < N) return;
  toNttLayout(mat + <usize>(load<i32>(LANE_ENTRY + (which << 2)) * POLY_BYTES), nat);
  startLane(which, rho, count);
}

/**
 * expandMatrix with a hash: each state of the two-way Keccak takes the next entry whenever its own
 * is complete, state 0 after absorbing the hash's blocks (for k = 3, nine blocks beside three
 * entries in state 1), so the hash costs no permutations of its own.
 */
function expandBesideHash(mat: usize, rho: usize, hIn: usize, hLen: usize, hOut: usize): void {
  const count = K * K;
  memory.fill(X2, 0, X2_STATE_SIZE);
  nextE = 0;
  const hBlocks = padLastBlock(PAD, hIn, hLen, 136, DS_SHA3);
  store<i32>(LANE_ENTRY, -1);
  startLane(1, rho, count);
  for (let b: usize = 0; b < hBlocks || laneBusy(0) || laneBusy(1); b++) {
    if (b < hBlocks) absorbBlockX2(X2, 0, b + 1 < hBlocks ? hIn + b * 136 : PAD, 136);
    keccakF1600x2(X2);
    if (b + 1 == hBlocks) {
      extractX2(X2, 0, hOut, 32);
      startLane(0, rho, count);
    } else if (b >= hBlocks && laneBusy(0)) {
      takeLaneBlock(0, mat, rho, count);
    }
    if (laneBusy(1)) takeLaneBlock(1, mat, rho, count);
  }
}

/** expandMatrix without a hash: entries in pairs, an odd one out in the scalar permutation. */
function expandAlone(mat: usize, rho: usize, leaveOdd: bool): i32 {
  const count = K * K;
  let e = 0;
  for (; e + 1 < count; e += 2) {
    const a0 = mat + <usize>(e * POLY_BYTES);
    const a1 = a0 + <usize>POLY_BYTES;
    seedPair(rho, xofLane(e), xofLane(e + 1), RATE128);
    let j0 = 0;
    let j1 = 0;
    while (j0 < N || j1 < N) {
      squeezePair(RATE128, 0);
      j0 = rejectUniform(NAT0, j0, BUF0, RATE128);
      j1 = rejectUniform(NAT1, j1, BUF1, RATE128);
    }
    toNttLayout(a0, NAT0);
    toNttLayout(a1, NAT1);
  }
  if (e == count) return -1;
  if (leaveOdd) return e;
  const a0 = mat + <usize>(e * POLY_BYTES);
  seedOne(rho, xofLane(e), RATE128);
  for (let j = 0; j < N; ) {
    squeezeOne(RATE128, 0);
    j = rejectUniform(NAT0, j, BUF0, RATE128);
  }
  toNttLayout(a0, NAT0);
  return -1;
}

/**
 * A-hat (k x k, row-major at `mat`, NTT-domain layout) from rho. Repeated operations under one
 * key reuse the last expansion. With hOut non-zero it also writes SHA3-256 of the hLen bytes at
 * hIn there (H(ek), public like rho), in the matrix's permutations; the last ek and its hash are
 * remembered, so that an ek seen last time is compared byte for byte instead of hashed again.
 * With leaveOdd, an odd entry out is left to odd_entry.ts and its index returned (else -1); the
 * matrix counts as expanded once odd_entry.ts calls markMatrix.
 */
export function expandMatrix(mat: usize, rho: usize, hIn: usize = 0, hLen: usize = 0, hOut: usize = 0, leaveOdd: bool = false): i32 {
  let hash = hOut != 0;
  if (hash && sameMemo(hIn, hLen)) {
    memory.copy(hOut, MEMO_H, 32);
    hash = false;
  }
  let left = -1;
  if (cachedMat == mat && cachedK == K && sameRho(rho)) {
    if (hash) hashAlone(hIn, hLen, hOut);
  } else {
    if (hash) expandBesideHash(mat, rho, hIn, hLen, hOut);
    else left = expandAlone(mat, rho, leaveOdd);
    cachedMat = 0;
    if (left < 0) markMatrix(mat, rho);
  }
  if (hash) remember(hIn, hLen, hOut);
  return left;
}

/** Records that `mat` holds A-hat of rho at this level. */
export function markMatrix(mat: usize, rho: usize): void {
  memory.copy(CACHED_RHO, rho, 32);
  cachedMat = mat;
  cachedK = K;
}

/** SHA3-256 of the hLen public bytes at hIn (an ek) into hOut, remembered as expandMatrix's is. */
export function hashPublic(hIn: usize, hLen: usize, hOut: usize): void {
  if (sameMemo(hIn, hLen)) {
    memory.copy(hOut, MEMO_H, 32);
    return;
  }
  hashAlone(hIn, hLen, hOut);
  remember(hIn, hLen, hOut);
}

/** Forgets the cached matrix (the caller is about to overwrite its buffer with something else). */
export function forgetMatrix(): void {
  cachedMat = 0;
}

// @ts-ignore: decorator
@inline function cbd(a: usize, buf: usize, eta: i32): void {
  if (eta == 2) cbd2(a, buf);
  else cbd3(a, buf);
}

/** Where noise polynomial t of a sampleNoise call goes, and its eta: up to three runs of polynomials. */
let runOut0: usize = 0, runOut1: usize = 0, runOut2: usize = 0;
let runEnd0 = 0, runEnd1 = 0, runEta0 = 2, runEta1 = 2, runEta2 = 2;

// @ts-ignore: decorator
@inline function noiseOut(t: i32): usize {
  if (t < runEnd0) return runOut0 + <usize>(t * POLY_BYTES);
  if (t < runEnd1) return runOut1 + <usize>((t - runEnd0) * POLY_BYTES);
  return runOut2 + <usize>((t - runEnd1) * POLY_BYTES);
}

// @ts-ignore: decorator
@inline function noiseEta(t: i32): i32 {
  return t < runEnd0 ? runEta0 : t < runEnd1 ? runEta1 : runEta2;
}

/**
 * Noise polynomials with consecutive nonces, polynomial t = SamplePolyCBD_eta(PRF_eta(sigma,
 * nonce + t)): n0 at out0 (eta0), then n1 at out1 (eta1), then n2 at out2 (eta2). Sampling them in
 * one call pairs them across the runs in the two-way Keccak. Counts and etas are public, so the
 * branches on them are not secret-dependent.
 */
export function sampleNoise(sigma: usize, nonce: i32, out0: usize, n0: i32, eta0: i32, out1: usize, n1: i32, eta1: i32, out2: usize = 0, n2: i32 = 0, eta2: i32 = 2): void {
  runOut0 = out0; runOut1 = out1; runOut2 = out2;
  runEnd0 = n0; runEnd1 = n0 + n1; runEta0 = eta0; runEta1 = eta1; runEta2 = eta2;
  const count = n0 + n1 + n2;
  let t = 0;
  for (; t + 1 < count; t += 2) {
    const e0 = noiseEta(t);
    const e1 = noiseEta(t + 1);
    seedPair(sigma, <u64>(nonce + t) | (<u64>0x1f << 8), <u64>(nonce + t + 1) | (<u64>0x1f << 8), RATE256);
    const blocks = e0 == 3 || e1 == 3 ? 2 : 1;
    for (let b = 0; b < blocks; b++) squeezePair(RATE256, <usize>(b * RATE256));
    cbd(noiseOut(t), BUF0, e0);
    cbd(noiseOut(t + 1), BUF1, e1);
  }
  if (t < count) {
    const e0 = noiseEta(t);
    seedOne(sigma, <u64>(nonce + t) | (<u64>0x1f << 8), RATE256);
    for (let b = 0; b < (e0 == 3 ? 2 : 1); b++) squeezeOne(RATE256, <usize>(b * RATE256));
    cbd(noiseOut(t), BUF0, e0);
  }
  wipeNoiseStreams();
}

/** Zeroes the noise streams' sponge states and squeezed blocks: sigma or r could be recomputed from them. */
function wipeNoiseStreams(): void {
  memory.fill(X2, 0, X2_STATE_SIZE);
  memory.fill(ONE, 0, 200);
  memory.fill(BUF0, 0, 2 * RATE256);
  memory.fill(BUF1, 0, 2 * RATE256);
}
