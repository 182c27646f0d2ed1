/**
 * The samplers of FIPS 203 section 4.2.2: SampleNTT (the matrix A-hat from SHAKE128) and
 * SamplePolyCBD (cbd.ts) over PRF = SHAKE256. Every input is a 32-byte seed plus one or two
 * bytes, so each sponge is one padded block written lane by lane; two sponges run at once in the
 * two-way SIMD Keccak, and an odd one out in the scalar permutation (or beside encapsulation's
 * H(ek), see expandMatrix).
 */
import { DS_SHA3, keccakF1600, SPONGE_SIZE, spongeAbsorb, spongeInit, spongeSqueeze } from '../keccak';
import { absorbBlockX2, extractX2, keccakF1600x2, padLastBlock, squeezeBlocksX2, X2_STATE_SIZE } from '../keccak_x2';
import { cbd2, cbd3 } from './cbd';
import { K, N, POLY_BYTES, Q } from './params';

const RATE128: i32 = 168;
const RATE256: i32 = 136;
const X2: usize = memory.data(X2_STATE_SIZE, 16);
const ONE: usize = memory.data(200, 16);
/** Squeezed bytes of the two streams: up to two SHAKE256 blocks (CBD with eta = 3 reads 192). */
const BUF0: usize = memory.data(2 * RATE256, 16);
const BUF1: usize = memory.data(2 * RATE256, 16);

/** Loads seed || suffix || SHAKE padding (suffix and the 0x1f byte in lane 4) into both states. */
function seedPair(seed: usize, lane4a: u64, lane4b: u64, rate: i32): void {
  memory.fill(X2, 0, X2_STATE_SIZE);
  for (let i: usize = 0; i < 4; i++) {
    const lane = load<u64>(seed + (i << 3));
    store<u64>(X2 + (i << 4), lane);
    store<u64>(X2 + (i << 4) + 8, lane);
  }
  store<u64>(X2 + 64, lane4a);
  store<u64>(X2 + 72, lane4b);
  // The final padding bit is the top bit of the rate's last lane.
  const last = X2 + (<usize>((rate >> 3) - 1) << 4);
  store<u64>(last, <u64>0x80 << 56);
  store<u64>(last + 8, <u64>0x80 << 56);
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

/**
 * Per 8-bit acceptance mask m of eight 16-bit candidates, the i8x16.swizzle that packs the accepted
 * ones to the front in order (unused bytes select zero): 256 masks, 16 bytes each, filled once.
 */
const PACK: usize = memory.data(256 * 16, 16);

function initPack(): void {
  for (let m = 0; m < 256; m++) {
    const row = PACK + (<usize>m << 4);
    memory.fill(row, 0x80, 16);
    let k: usize = 0;
    for (let lane = 0; lane < 8; lane++) {
      if (((m >> lane) & 1) == 0) continue;
      store<u8>(row + k, <u8>(2 * lane));
      store<u8>(row + k + 1, <u8>(2 * lane + 1));
      k += 2;
    }
  }
}
initPack();

/**
 * SampleNTT's rejection step over `len` squeezed bytes (a multiple of 12) at buf, appending
 * accepted coefficients in stream order to the i16 array out from index j; returns the new count.
 * Eight candidates at a time: one shuffle puts the byte pairs of four triples into eight u16
 * lanes, a mask (even lanes) or a shift (odd lanes) makes the 12-bit candidates, one compare
 * accepts them, and the accepted ones are packed to the front by the swizzle PACK holds for their
 * mask and stored together (rejections are one in five, so whole groups rarely pass). Reads 4 bytes
 * past buf + len and writes up to 8 slots past out + 2 N once j >= N: the buffers have the slack.
 * The stream is a function of rho, public (so is the table index); this is for speed.
 */
export function rejectUniform(out: usize, j: i32, buf: usize, len: i32): i32 {
  const fff = i16x8.splat(0xfff);
  const q = i16x8.splat(<i16>Q);
  const even = i32x4.splat(0xffff);
  for (let i: usize = 0; i < <usize>len && j < N; i += 12) {
    const v = i8x16.shuffle(v128.load(buf + i), v128.load(buf + i), 0, 1, 1, 2, 3, 4, 4, 5, 6, 7, 7, 8, 9, 10, 10, 11);
    const d = v128.bitselect(v128.and(v, fff), i16x8.shr_u(v, 4), even);
    const m = i16x8.bitmask(i16x8.lt_u(d, q));
    v128.store(out + (<usize>j << 1), i8x16.swizzle(d, v128.load(PACK + (<usize>m << 4))));
    j += popcnt<i32>(m);
  }
  return j;
}

/** Copies 256 coefficients in stream order to the NTT-domain layout (per 16: the even ones, then the odd ones). */
export function toNttLayout(a: usize, natural: usize): void {
  for (let p: usize = 0; p < <usize>POLY_BYTES; p += 32) {
    const v0 = v128.load(natural + p);
    const v1 = v128.load(natural + p, 16);
    v128.store(a + p, i8x16.shuffle(v0, v1, 0, 1, 4, 5, 8, 9, 12, 13, 16, 17, 20, 21, 24, 25, 28, 29));
    v128.store(a + p, i8x16.shuffle(v0, v1, 2, 3, 6, 7, 10, 11, 14, 15, 18, 19, 22, 23, 26, 27, 30, 31), 16);
  }
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

/** Starts entry e of A-hat in state `which` of X2: rho || j || i, SHAKE128's padding, zeros. */
function seedLane(which: usize, rho: usize, e: i32): void {
  const s = X2 + (which << 3);
  for (let i: usize = 0; i < 25; i++) store<u64>(s + (i << 4), 0);
  for (let i: usize = 0; i < 4; i++) store<u64>(s + (i << 4), load<u64>(rho + (i << 3)));
  store<u64>(s + 64, xofLane(e));
  store<u64>(s + (<usize>((RATE128 >> 3) - 1) << 4), <u64>0x80 << 56);
}

/** Matrix entries each lane of X2 samples (-1: none) and their counts so far; the next one to start. */
let laneE0 = -1, laneE1 = -1, laneJ0 = 0, laneJ1 = 0, nextE = 0;

/** Takes the next entry into lane `which`, or leaves it idle (-1) when none is left. */
function startLane(which: usize, rho: usize, count: i32): i32 {
  if (nextE >= count) return -1;
  seedLane(which, rho, nextE);
  return nextE++;
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
  laneJ0 = 0;
  laneJ1 = 0;
  const hBlocks = padLastBlock(PAD, hIn, hLen, 136, DS_SHA3);
  laneE0 = -1;
  laneE1 = startLane(1, rho, count);
  for (let b: usize = 0; b < hBlocks || laneE0 >= 0 || laneE1 >= 0; b++) {
    if (b < hBlocks) absorbBlockX2(X2, 0, b + 1 < hBlocks ? hIn + b * 136 : PAD, 136);
    keccakF1600x2(X2);
    if (b < hBlocks) {
      if (b + 1 == hBlocks) {
        extractX2(X2, 0, hOut, 32);
        laneE0 = startLane(0, rho, count);
      }
    } else if (laneE0 >= 0) {
      extractX2(X2, 0, BUF0, <usize>RATE128);
      laneJ0 = rejectUniform(NAT0, laneJ0, BUF0, RATE128);
      if (laneJ0 >= N) {
        toNttLayout(mat + <usize>(laneE0 * POLY_BYTES), NAT0);
        laneJ0 = 0;
        laneE0 = startLane(0, rho, count);
      }
    }
    if (laneE1 >= 0) {
      extractX2(X2, 1, BUF1, <usize>RATE128);
      laneJ1 = rejectUniform(NAT1, laneJ1, BUF1, RATE128);
      if (laneJ1 >= N) {
        toNttLayout(mat + <usize>(laneE1 * POLY_BYTES), NAT1);
        laneJ1 = 0;
        laneE1 = startLane(1, rho, count);
      }
    }
  }
}

/** expandMatrix without a hash: entries in pairs, an odd one out in the scalar permutation. */
function expandAlone(mat: usize, rho: usize): void {
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
  if (e < count) {
    const a0 = mat + <usize>(e * POLY_BYTES);
    seedOne(rho, xofLane(e), RATE128);
    for (let j = 0; j < N; ) {
      squeezeOne(RATE128, 0);
      j = rejectUniform(NAT0, j, BUF0, RATE128);
    }
    toNttLayout(a0, NAT0);
  }
}

/**
 * A-hat (k x k, row-major at `mat`, NTT-domain layout) from rho. Repeated operations under one
 * key reuse the last expansion. With hOut non-zero it also writes SHA3-256 of the hLen bytes at
 * hIn there (encapsulation's H(ek), public like rho), in the matrix's permutations.
 */
export function expandMatrix(mat: usize, rho: usize, hIn: usize = 0, hLen: usize = 0, hOut: usize = 0): void {
  if (cachedMat == mat && cachedK == K && sameRho(rho)) {
    if (hOut != 0) hashAlone(hIn, hLen, hOut);
    return;
  }
  if (hOut != 0) expandBesideHash(mat, rho, hIn, hLen, hOut);
  else expandAlone(mat, rho);
  memory.copy(CACHED_RHO, rho, 32);
  cachedMat = mat;
  cachedK = K;
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
}
