/**
 * The samplers of FIPS 204 section 7.3: ExpandA (RejNTTPoly), ExpandS (RejBoundedPoly),
 * ExpandMask and SampleInBall. Each works on a static sponge and a static squeeze buffer.
 */
import { DS_SHAKE, RATE_SHAKE128, RATE_SHAKE256, SPONGE_SIZE, spongeAbsorb, spongeInit, spongeSqueeze, spongeSqueezeBlock } from '../keccak';
import { keccakF1600x2, X2_STATE_SIZE } from '../keccak_x2';
import { unpackSigned } from './packing';
import { ETA, GAMMA1, GAMMA1_BITS, L, K, N, POLY_BYTES, Q, TAU } from './params';

const SPONGE: usize = memory.data(SPONGE_SIZE, 16);
/** Squeeze buffer: one SHAKE128 block, or one packed mask polynomial (up to 640 bytes). */
const BUF: usize = memory.data(640, 16);
/** Two interleaved SHAKE128 states and the second stream's squeeze buffer, for ExpandA. */
const X2: usize = memory.data(X2_STATE_SIZE, 16);
const BUF2: usize = memory.data(168, 16);
/** Seed plus a two-byte nonce. */
const SEED_IN: usize = memory.data(80, 16);

/** Rejection-samples one squeezed SHAKE128 block into a from index j; returns the new index. */
function rejUniformBlock(a: usize, j: i32, buf: usize): i32 {
  for (let i: usize = 0; i < <usize>RATE_SHAKE128 && j < N; i += 3) {
    const t = <i32>load<u8>(buf + i) | (<i32>load<u8>(buf + i + 1) << 8) | ((<i32>load<u8>(buf + i + 2) & 0x7f) << 16);
    if (t < Q) {
      store<i32>(a + (<usize>j << 2), t);
      j++;
    }
  }
  return j;
}

/**
 * RejNTTPoly twice at once: a0 from SHAKE128(rho || s0 || r0) and a1 from SHAKE128(rho || s1 || r1),
 * coefficients uniform in [0, q). Both 34-byte inputs fit in one padded block, written lane by lane.
 */
function rejNttPolyPair(a0: usize, s0: i32, r0: i32, a1: usize, s1: i32, r1: i32, rho: usize): void {
  memory.fill(X2, 0, X2_STATE_SIZE);
  for (let i: usize = 0; i < 4; i++) {
    const lane = load<u64>(rho + (i << 3));
    store<u64>(X2 + (i << 4), lane);
    store<u64>(X2 + (i << 4) + 8, lane);
  }
  store<u64>(X2 + 64, <u64>s0 | (<u64>r0 << 8) | (<u64>0x1f << 16));
  store<u64>(X2 + 72, <u64>s1 | (<u64>r1 << 8) | (<u64>0x1f << 16));
  // Last byte of the 168-byte block (lane 20) carries the final pad bit.
  store<u64>(X2 + 320, <u64>0x80 << 56);
  store<u64>(X2 + 328, <u64>0x80 << 56);
  let j0 = 0;
  let j1 = 0;
  while (j0 < N || j1 < N) {
    keccakF1600x2(X2);
    for (let i: usize = 0; i < 21; i++) {
      store<u64>(BUF + (i << 3), load<u64>(X2 + (i << 4)));
      store<u64>(BUF2 + (i << 3), load<u64>(X2 + (i << 4) + 8));
    }
    j0 = rejUniformBlock(a0, j0, BUF);
    j1 = rejUniformBlock(a1, j1, BUF2);
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

/**
 * ExpandA: the k x l matrix, already in the NTT domain, row-major at `mat`. A is a function of the
 * public seed rho alone, so repeated operations under one key reuse the last expansion.
 */
export function expandA(mat: usize, rho: usize): void {
  if (cachedMat == mat && cachedK == K && cachedL == L && sameRho(rho)) return;
  // k * l is even for every parameter set: entries are generated in pairs, row-major.
  for (let e = 0; e < K * L; e += 2) {
    const r0 = e / L, s0 = e % L, r1 = (e + 1) / L, s1 = (e + 1) % L;
    rejNttPolyPair(mat + <usize>(e * POLY_BYTES), s0, r0, mat + <usize>((e + 1) * POLY_BYTES), s1, r1, rho);
  }
  memory.copy(CACHED_RHO, rho, 32);
  cachedMat = mat;
  cachedK = K;
  cachedL = L;
}

/** RejBoundedPoly: coefficients in [-eta, eta] from SHAKE256(rho' || u16le(nonce)). */
function rejBoundedPoly(a: usize, rhoPrime: usize, nonce: i32): void {
  memory.copy(SEED_IN, rhoPrime, 64);
  store<u16>(SEED_IN + 64, <u16>nonce);
  spongeInit(SPONGE, RATE_SHAKE256, DS_SHAKE);
  spongeAbsorb(SPONGE, SEED_IN, 66);
  let j = 0;
  while (j < N) {
    spongeSqueezeBlock(SPONGE, BUF);
    for (let i: usize = 0; i < <usize>RATE_SHAKE256 && j < N; i++) {
      const z = <i32>load<u8>(BUF + i);
      j = coeffFromHalfByte(a, j, z & 15);
      if (j < N) j = coeffFromHalfByte(a, j, z >> 4);
    }
  }
}

/** CoeffFromHalfByte: stores the coefficient for b at index j when b is accepted; returns the next index. */
// @ts-ignore: decorator
@inline function coeffFromHalfByte(a: usize, j: i32, b: i32): i32 {
  if (ETA == 2) {
    if (b < 15) {
      // 2 - (b mod 5), with b mod 5 computed as b - 5 * floor(b * 205 / 1024) (exact for b < 15).
      store<i32>(a + (<usize>j << 2), 2 - (b - ((b * 205) >> 10) * 5));
      return j + 1;
    }
  } else if (b < 9) {
    store<i32>(a + (<usize>j << 2), 4 - b);
    return j + 1;
  }
  return j;
}

/** ExpandS: s1 (l polynomials) and s2 (k polynomials). */
export function expandS(s1: usize, s2: usize, rhoPrime: usize): void {
  for (let r = 0; r < L; r++) rejBoundedPoly(s1 + <usize>(r * POLY_BYTES), rhoPrime, r);
  for (let r = 0; r < K; r++) rejBoundedPoly(s2 + <usize>(r * POLY_BYTES), rhoPrime, r + L);
}

/** ExpandMask: y (l polynomials) with coefficients in (-gamma1, gamma1] from SHAKE256(rho'' || u16le(kappa + r)). */
export function expandMask(y: usize, rhoPP: usize, kappa: i32): void {
  const bytes = <usize>(32 * GAMMA1_BITS);
  for (let r = 0; r < L; r++) {
    memory.copy(SEED_IN, rhoPP, 64);
    store<u16>(SEED_IN + 64, <u16>(kappa + r));
    spongeInit(SPONGE, RATE_SHAKE256, DS_SHAKE);
    spongeAbsorb(SPONGE, SEED_IN, 66);
    spongeSqueeze(SPONGE, BUF, bytes);
    unpackSigned(y + <usize>(r * POLY_BYTES), BUF, GAMMA1_BITS, GAMMA1);
  }
}

/** SampleInBall: c with exactly tau coefficients in {-1, 1}, from SHAKE256(c~). c is public. */
export function sampleInBall(c: usize, ctilde: usize, ctildeLen: i32): void {
  memory.fill(c, 0, POLY_BYTES);
  spongeInit(SPONGE, RATE_SHAKE256, DS_SHAKE);
  spongeAbsorb(SPONGE, ctilde, <usize>ctildeLen);
  spongeSqueezeBlock(SPONGE, BUF);
  const signs = load<u64>(BUF);
  let pos: usize = 8;
  for (let i = N - TAU; i < N; i++) {
    let j: i32;
    do {
      if (pos == <usize>RATE_SHAKE256) {
        spongeSqueezeBlock(SPONGE, BUF);
        pos = 0;
      }
      j = <i32>load<u8>(BUF + pos);
      pos++;
    } while (j > i);
    store<i32>(c + (<usize>i << 2), load<i32>(c + (<usize>j << 2)));
    const bit = <i32>((signs >> <u64>(i + TAU - N)) & 1);
    store<i32>(c + (<usize>j << 2), 1 - 2 * bit);
  }
}

/** Clears the samplers' buffers, which held expansions of secret seeds. */
export function wipeSamplers(): void {
  memory.fill(SPONGE, 0, SPONGE_SIZE);
  memory.fill(BUF, 0, 640);
  memory.fill(SEED_IN, 0, 80);
}
