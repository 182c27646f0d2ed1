/**
 * ExpandMask (FIPS 204 Algorithm 34) as one stream of mask polynomials over the nonces 0, 1, 2, ...
 * that signing's attempts take l at a time (attempt a uses kappa = a l .. a l + l - 1, each
 * polynomial from SHAKE256(rho'' || u16le(nonce))). Each state of the two-way Keccak squeezes one
 * polynomial and takes the next nonce as soon as it is done, so neither idles when l is odd, and
 * the commitment hash c~ runs in state 0 while state 1 goes on with the next attempt's
 * polynomials (docs/decisions/076-ml-dsa-mask-stream-and-lane-complementing.md).
 *
 * Which state does what, and when, depends only on the attempt's index: never on a coefficient.
 */
import { DS_SHAKE, RATE_SHAKE256 } from '../keccak';
import { absorbBlockX2, clearStateX2, extractX2, keccakF1600x2, padLastBlock, seedStateX2, X2_STATE_SIZE } from '../keccak_x2';
import { unpackSigned } from './packing';
import { GAMMA1, GAMMA1_BITS, L, MAX_L, POLY_BYTES } from './params';

const RATE: i32 = RATE_SHAKE256;
const X2: usize = memory.data(X2_STATE_SIZE, 16);
/** Polynomials made ahead wait here: nonce n in slot n mod 2l, for n < base + 2l. */
const RING: usize = memory.data(2 * MAX_L * POLY_BYTES, 16);
/** One state's squeezed bytes: a packed polynomial is at most 640 bytes, five blocks. */
const LANE_BYTES: i32 = 5 * RATE;
const OUT: usize = memory.data(2 * LANE_BYTES, 16);
/** Per state: the nonce it squeezes (-1: none) and the blocks it has squeezed for it. */
const LANE_NONCE: usize = memory.data(8, 16);
const LANE_BLOCKS: usize = memory.data(8, 16);
/** State 0's polynomial in progress, set aside while the hash uses state 0. */
const SAVED: usize = memory.data(200, 16);
const PAD: usize = memory.data(RATE, 16);

/** The current attempt's first nonce. */
let base = 0;
/** The next nonce a state will take. */
let nextNonce = 0;
/** Bit i: the polynomial of nonce base + i is in the ring. */
let ready = 0;

// @ts-ignore: decorator
@inline function laneNonce(which: usize): i32 {
  return load<i32>(LANE_NONCE + (which << 2));
}

/** State `which` starts the next nonce: rho'' || u16le(nonce), SHAKE256-padded; or idles if the ring is full. */
function startNonce(which: usize, rhoPP: usize): void {
  if (nextNonce >= base + 2 * L) {
    store<i32>(LANE_NONCE + (which << 2), -1);
    return;
  }
  seedStateX2(X2, which, rhoPP, 64, <u64>(nextNonce & 0xffff) | (<u64>DS_SHAKE << 16), RATE);
  store<i32>(LANE_NONCE + (which << 2), nextNonce);
  store<i32>(LANE_BLOCKS + (which << 2), 0);
  nextNonce++;
}

/** After a permutation: state `which` keeps its block; a finished polynomial goes to the ring and the state starts the next. */
function takeMaskBlock(which: usize, rhoPP: usize): void {
  const nonce = laneNonce(which);
  if (nonce < 0) return;
  const out = OUT + which * <usize>LANE_BYTES;
  const b = load<i32>(LANE_BLOCKS + (which << 2));
  extractX2(X2, which, out + <usize>(b * RATE), <usize>RATE);
  const blocks = (32 * GAMMA1_BITS + RATE - 1) / RATE;
  if (b + 1 < blocks) {
    store<i32>(LANE_BLOCKS + (which << 2), b + 1);
    return;
  }
  unpackSigned(RING + <usize>((nonce % (2 * L)) * POLY_BYTES), out, GAMMA1_BITS, GAMMA1);
  ready |= 1 << (nonce - base);
  startNonce(which, rhoPP);
}

/**
 * ExpandMask(rho'', kappa) into y (l polynomials): the attempt that starts at kappa (0 for the
 * first, then kappa + l each time). Permutes until the attempt's l polynomials are all made,
 * both states taking the next nonces as they finish.
 */
export function maskAttempt(y: usize, rhoPP: usize, kappa: i32): void {
  if (kappa == 0) {
    nextNonce = 0;
    ready = 0;
    store<i32>(LANE_NONCE, -1);
    store<i32>(LANE_NONCE + 4, -1);
  } else {
    ready >>= kappa - base;
  }
  base = kappa;
  if (laneNonce(0) < 0) startNonce(0, rhoPP);
  if (laneNonce(1) < 0) startNonce(1, rhoPP);
  const all = (1 << L) - 1;
  while ((ready & all) != all) {
    keccakF1600x2(X2);
    takeMaskBlock(0, rhoPP);
    takeMaskBlock(1, rhoPP);
  }
  for (let r = 0; r < L; r++) {
    memory.copy(y + <usize>(r * POLY_BYTES), RING + <usize>(((kappa + r) % (2 * L)) * POLY_BYTES), POLY_BYTES);
  }
}

/**
 * out = SHAKE256(src[0..len), outLen) (outLen a multiple of 8, at most the rate) in state 0, while
 * state 1 goes on with the mask stream; state 0's own polynomial in progress is set aside and
 * resumed after.
 */
export function hashBesideMask(out: usize, outLen: i32, src: usize, len: i32, rhoPP: usize): void {
  extractX2(X2, 0, SAVED, 200);
  const savedNonce = laneNonce(0);
  const savedBlocks = load<i32>(LANE_BLOCKS);
  store<i32>(LANE_NONCE, -1);
  clearStateX2(X2, 0);
  const blocks = padLastBlock(PAD, src, <usize>len, RATE, DS_SHAKE);
  for (let b: usize = 0; b < blocks; b++) {
    absorbBlockX2(X2, 0, b + 1 < blocks ? src + b * <usize>RATE : PAD, RATE);
    keccakF1600x2(X2);
    takeMaskBlock(1, rhoPP);
  }
  extractX2(X2, 0, out, <usize>outLen);
  clearStateX2(X2, 0);
  absorbBlockX2(X2, 0, SAVED, 200);
  store<i32>(LANE_NONCE, savedNonce);
  store<i32>(LANE_BLOCKS, savedBlocks);
}

/** Clears the stream's states and buffers, which held expansions of the secret rho''. */
export function wipeMask(): void {
  memory.fill(X2, 0, X2_STATE_SIZE);
  memory.fill(RING, 0, 2 * L * POLY_BYTES);
  memory.fill(OUT, 0, 2 * LANE_BYTES);
  memory.fill(SAVED, 0, 200);
  memory.fill(PAD, 0, RATE);
  store<i32>(LANE_NONCE, -1);
  store<i32>(LANE_NONCE + 4, -1);
  base = 0;
  nextNonce = 0;
  ready = 0;
}
