/**
 * The samplers of FIPS 203 section 4.2.2: SampleNTT (the matrix A-hat from SHAKE128) and
 * SamplePolyCBD over PRF = SHAKE256. Every input is a 32-byte seed plus one or two bytes, so each
 * sponge is one padded block written lane by lane; two sponges run at once in the two-way SIMD
 * Keccak, and an odd one out in the scalar permutation.
 */
import { keccakF1600 } from '../keccak';
import { squeezeBlocksX2, X2_STATE_SIZE } from '../keccak_x2';
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

/** Byte offset of coefficient j in the NTT-domain layout (even and odd halves of 16-blocks). */
// @ts-ignore: decorator
@inline function nttPos(j: i32): usize {
  return <usize>((j & ~15) | ((j & 1) << 3) | ((j >> 1) & 7)) << 1;
}

/** Where a candidate goes once the polynomial is full (it is never read). */
const SINK: usize = memory.data(16, 16);

/**
 * SampleNTT's rejection step over one SHAKE128 block; returns the new coefficient count. About one
 * candidate in five is rejected, unpredictably, so instead of branching on it every candidate is
 * written at slot j and j advances only when it is accepted: a rejected value is overwritten by
 * the next one. (The data are public; this is for speed, not for constant time.)
 */
function rejBlock(a: usize, j: i32, buf: usize): i32 {
  for (let i: usize = 0; i < <usize>RATE128 && j < N; i += 3) {
    // Reads one byte past the triple: BUF0 and BUF1 are longer than a SHAKE128 block.
    const t = load<u32>(buf + i);
    const d1 = <i32>(t & 0xfff);
    const d2 = <i32>((t >> 12) & 0xfff);
    store<i16>(a + nttPos(j), <i16>d1);
    j += <i32>(d1 < Q);
    store<i16>(select<usize>(a + nttPos(j), SINK, j < N), <i16>d2);
    j += <i32>(d2 < Q) & <i32>(j < N);
  }
  return j;
}

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

/**
 * A-hat (k x k, row-major at `mat`, NTT-domain layout) from rho. Repeated operations under one
 * key reuse the last expansion.
 */
export function expandMatrix(mat: usize, rho: usize): void {
  if (cachedMat == mat && cachedK == K && sameRho(rho)) return;
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
      j0 = rejBlock(a0, j0, BUF0);
      j1 = rejBlock(a1, j1, BUF1);
    }
  }
  if (e < count) {
    const a0 = mat + <usize>(e * POLY_BYTES);
    seedOne(rho, xofLane(e), RATE128);
    for (let j = 0; j < N; ) {
      squeezeOne(RATE128, 0);
      j = rejBlock(a0, j, BUF0);
    }
  }
  memory.copy(CACHED_RHO, rho, 32);
  cachedMat = mat;
  cachedK = K;
}

/** Forgets the cached matrix (the caller is about to overwrite its buffer with something else). */
export function forgetMatrix(): void {
  cachedMat = 0;
}

/** SamplePolyCBD with eta = 2: 128 bytes -> 256 coefficients in [-2, 2], standard order. */
function cbd2(a: usize, buf: usize): void {
  for (let w: usize = 0; w < 32; w++) {
    const x = load<u32>(buf + (w << 2));
    const d = (x & 0x55555555) + ((x >> 1) & 0x55555555);
    for (let c: u32 = 0; c < 8; c++) {
      const f = <i32>((d >> (4 * c)) & 3) - <i32>((d >> (4 * c + 2)) & 3);
      store<i16>(a + (w << 4) + (<usize>c << 1), <i16>f);
    }
  }
}

/** SamplePolyCBD with eta = 3: 192 bytes -> 256 coefficients in [-3, 3], standard order. */
function cbd3(a: usize, buf: usize): void {
  for (let g: usize = 0; g < 64; g++) {
    const p = buf + g * 3;
    const x = <u32>load<u8>(p) | (<u32>load<u8>(p + 1) << 8) | (<u32>load<u8>(p + 2) << 16);
    const d = (x & 0x249249) + ((x >> 1) & 0x249249) + ((x >> 2) & 0x249249);
    for (let c: u32 = 0; c < 4; c++) {
      const f = <i32>((d >> (6 * c)) & 7) - <i32>((d >> (6 * c + 3)) & 7);
      store<i16>(a + (g << 3) + (<usize>c << 1), <i16>f);
    }
  }
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
