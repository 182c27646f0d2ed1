/**
 * SampleInBall (FIPS 204 Algorithm 29): the challenge c, with exactly tau coefficients in
 * {-1, 1}, from SHAKE256(c~). In two halves, so that only the one that must vary does:
 *
 * - `challengePositions` reads the stream: the 64 sign bits, then for each step i the first byte
 *   not above i. It branches on which bytes it skips, and the constant-time test leaves it out
 *   (docs/crypto/constant-time.md section 3): a skipped byte is one above i, and the bytes kept
 *   are uniform up to i whatever was skipped, so the pattern says nothing of c.
 * - `placeChallenge` runs the Fisher-Yates walk over c without a branch or an address that
 *   depends on a position or a sign: c's support and its negative coefficients are two 256-bit
 *   masks in eight u64 locals, read and written through word masks, then expanded into c four
 *   coefficients at a time (SampleInBall 480 -> 818 ns at ML-DSA-65, decision 080).
 *
 * c is public once the signature is, but a rejected attempt's c is not: with leakage of the
 * attempt's response it gives the key away (Zhou, Wang, Sun and Yu, TCHES 2025(4)).
 */
import { DS_SHAKE, RATE_SHAKE256, SPONGE_SIZE, spongeAbsorb, spongeInit, spongeSqueezeBlock } from '../keccak';
import { N, TAU } from './params';

const SPONGE: usize = memory.data(SPONGE_SIZE, 16);
/** One squeezed SHAKE256 block. */
const BUF: usize = memory.data(RATE_SHAKE256, 16);
/** The position taken at each step, one byte each (tau is at most 60). */
const POSITIONS: usize = memory.data(64, 16);
/** Bit k of a 4-bit group, per i32 lane: the expansion's masks. */
const NIBBLE_BITS: usize = memory.data<i32>([1, 2, 4, 8], 16);

/** Writes the position of each step to POSITIONS; returns the sign bits (FIPS 204 Algorithm 29, steps 1-9). */
function challengePositions(ctilde: usize, ctildeLen: i32): u64 {
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
    store<u8>(POSITIONS + <usize>(i - (N - TAU)), <u8>j);
  }
  return signs;
}

/** All ones when bit `bit` of a 256-bit mask lies in its 64-bit word `word`, else zero; no branch. */
// @ts-ignore: decorator
@inline function wordMask(bit: u64, word: u64): u64 {
  return <u64>(<i64>(((bit >> 6) ^ word) - 1) >> 63);
}

/**
 * c from POSITIONS and the sign bits (FIPS 204 Algorithm 29, steps 10-11): at step i, c_i takes
 * c_j and c_j takes the sign. Bit k of (z0..z3) says c_k != 0, of (m0..m3) that c_k = -1. Every
 * step's i is at least N - 60 = 196, so c_i is always in word 3, where it is still zero.
 */
function placeChallenge(c: usize, signs: u64): void {
  let z0: u64 = 0, z1: u64 = 0, z2: u64 = 0, z3: u64 = 0;
  let m0: u64 = 0, m1: u64 = 0, m2: u64 = 0, m3: u64 = 0;
  for (let i = N - TAU; i < N; i++) {
    const j = <u64>load<u8>(POSITIONS + <usize>(i - (N - TAU)));
    const w0 = wordMask(j, 0), w1 = wordMask(j, 1), w2 = wordMask(j, 2), w3 = wordMask(j, 3);
    const sj = j & 63;
    // c_i = c_j, c_j as it is before this step.
    const si = <u64>(i & 63);
    z3 |= ((((z0 & w0) | (z1 & w1) | (z2 & w2) | (z3 & w3)) >> sj) & 1) << si;
    m3 |= ((((m0 & w0) | (m1 & w1) | (m2 & w2) | (m3 & w3)) >> sj) & 1) << si;
    // c_j = (-1)^sign: set in the support, and in the negatives as the sign says.
    const bit = <u64>1 << sj;
    const neg = ((signs >> <u64>(i + TAU - N)) & 1) << sj;
    const b0 = bit & w0, b1 = bit & w1, b2 = bit & w2, b3 = bit & w3;
    z0 |= b0; z1 |= b1; z2 |= b2; z3 |= b3;
    m0 = (m0 & ~b0) | (neg & w0);
    m1 = (m1 & ~b1) | (neg & w1);
    m2 = (m2 & ~b2) | (neg & w2);
    m3 = (m3 & ~b3) | (neg & w3);
  }
  expandWord(c, z0, m0);
  expandWord(c + 256, z1, m1);
  expandWord(c + 512, z2, m2);
  expandWord(c + 768, z3, m3);
}

/** 64 coefficients from their support and negative bits: c_k = z_k ? (m_k ? -1 : 1) : 0. */
// @ts-ignore: decorator
@inline function expandWord(c: usize, z: u64, m: u64): void {
  const bits = v128.load(NIBBLE_BITS);
  const one = i32x4.splat(1);
  for (let k: usize = 0; k < 64; k += 4) {
    const zs = i32x4.eq(v128.and(i32x4.splat(<i32>(z >> <u64>k) & 15), bits), bits);
    const ms = i32x4.eq(v128.and(i32x4.splat(<i32>(m >> <u64>k) & 15), bits), bits);
    v128.store(c + (k << 2), v128.and(zs, v128.or(ms, one)));
  }
}

/** SampleInBall: c (256 i32 coefficients) from the ctildeLen bytes of c~. */
export function sampleInBall(c: usize, ctilde: usize, ctildeLen: i32): void {
  placeChallenge(c, challengePositions(ctilde, ctildeLen));
}

/** Clears the stream and the positions: a rejected attempt's c is secret. */
export function wipeChallenge(): void {
  memory.fill(SPONGE, 0, SPONGE_SIZE);
  memory.fill(BUF, 0, RATE_SHAKE256);
  memory.fill(POSITIONS, 0, 64);
}
