/**
 * Two Keccak-f[1600] permutations at once in WebAssembly SIMD: lane i of both states sits in one
 * v128 (state 0 in the low half, state 1 in the high half). Used where an algorithm needs many
 * independent sponges, such as ML-DSA's ExpandA.
 *
 * Layout: 25 v128 lanes (400 bytes), then 400 bytes through which the permutation's odd rounds
 * pass. The scratch holds the states after the 23rd round, from which the inputs could be
 * recomputed, as they could from the lanes themselves: so it sits beside them, and whoever wipes a
 * pair's X2_STATE_SIZE bytes wipes both (decision 079: a zeroing after every permutation cost 3 %).
 */
import { RC } from './keccak';

/** Rotates both 64-bit lanes left by n (0 < n < 64; wasm SIMD has no rotate). */
// @ts-ignore: decorator
@inline function rotl64x2(v: v128, n: i32): v128 {
  return v128.or(i64x2.shl(v, n), i64x2.shr_u(v, 64 - n));
}

/** Bytes two interleaved states' lanes occupy. */
const X2_LANES_SIZE: usize = 400;

/** Bytes a pair occupies: its lanes and its scratch. */
export const X2_STATE_SIZE: i32 = 2 * <i32>X2_LANES_SIZE;

/**
 * Keccak-f[1600] on both interleaved states at `state`. Each round reads the state from memory
 * and writes the next one row by row (even rounds to the scratch after the lanes, odd rounds back):
 * an output row needs five input lanes (theta's d, rho and pi), which chi combines at once, and
 * theta's column sums for the next round are accumulated as rows come out. That keeps about
 * fifteen v128 values live instead of the whole state, which V8 otherwise spills to its stack
 * every round.
 */
export function keccakF1600x2(state: usize): void {
  const tmp = state + X2_LANES_SIZE;
  let c0 = v128.xor(v128.xor(v128.xor(v128.load(state, 0), v128.load(state, 80)), v128.xor(v128.load(state, 160), v128.load(state, 240))), v128.load(state, 320));
  let c1 = v128.xor(v128.xor(v128.xor(v128.load(state, 16), v128.load(state, 96)), v128.xor(v128.load(state, 176), v128.load(state, 256))), v128.load(state, 336));
  let c2 = v128.xor(v128.xor(v128.xor(v128.load(state, 32), v128.load(state, 112)), v128.xor(v128.load(state, 192), v128.load(state, 272))), v128.load(state, 352));
  let c3 = v128.xor(v128.xor(v128.xor(v128.load(state, 48), v128.load(state, 128)), v128.xor(v128.load(state, 208), v128.load(state, 288))), v128.load(state, 368));
  let c4 = v128.xor(v128.xor(v128.xor(v128.load(state, 64), v128.load(state, 144)), v128.xor(v128.load(state, 224), v128.load(state, 304))), v128.load(state, 384));
  let d0: v128, d1: v128, d2: v128, d3: v128, d4: v128, b0: v128, b1: v128, b2: v128, b3: v128, b4: v128;
  let o0: v128, o1: v128, o2: v128, o3: v128, o4: v128;
  for (let rc = RC, end = RC + 24 * 8; rc < end; rc += 16) {
    d0 = v128.xor(c4, rotl64x2(c1, 1));
    d1 = v128.xor(c0, rotl64x2(c2, 1));
    d2 = v128.xor(c1, rotl64x2(c3, 1));
    d3 = v128.xor(c2, rotl64x2(c4, 1));
    d4 = v128.xor(c3, rotl64x2(c0, 1));
    b0 = v128.xor(v128.load(state, 0), d0);
    b1 = rotl64x2(v128.xor(v128.load(state, 96), d1), 44);
    b2 = rotl64x2(v128.xor(v128.load(state, 192), d2), 43);
    b3 = rotl64x2(v128.xor(v128.load(state, 288), d3), 21);
    b4 = rotl64x2(v128.xor(v128.load(state, 384), d4), 14);
    o0 = v128.xor(v128.xor(b0, v128.andnot(b2, b1)), i64x2.splat(load<u64>(rc, 0)));
    o1 = v128.xor(b1, v128.andnot(b3, b2));
    o2 = v128.xor(b2, v128.andnot(b4, b3));
    o3 = v128.xor(b3, v128.andnot(b0, b4));
    o4 = v128.xor(b4, v128.andnot(b1, b0));
    v128.store(tmp, o0, 0); v128.store(tmp, o1, 16); v128.store(tmp, o2, 32); v128.store(tmp, o3, 48); v128.store(tmp, o4, 64);
    c0 = o0; c1 = o1; c2 = o2; c3 = o3; c4 = o4;
    b0 = rotl64x2(v128.xor(v128.load(state, 48), d3), 28);
    b1 = rotl64x2(v128.xor(v128.load(state, 144), d4), 20);
    b2 = rotl64x2(v128.xor(v128.load(state, 160), d0), 3);
    b3 = rotl64x2(v128.xor(v128.load(state, 256), d1), 45);
    b4 = rotl64x2(v128.xor(v128.load(state, 352), d2), 61);
    o0 = v128.xor(b0, v128.andnot(b2, b1));
    o1 = v128.xor(b1, v128.andnot(b3, b2));
    o2 = v128.xor(b2, v128.andnot(b4, b3));
    o3 = v128.xor(b3, v128.andnot(b0, b4));
    o4 = v128.xor(b4, v128.andnot(b1, b0));
    v128.store(tmp, o0, 80); v128.store(tmp, o1, 96); v128.store(tmp, o2, 112); v128.store(tmp, o3, 128); v128.store(tmp, o4, 144);
    c0 = v128.xor(c0, o0); c1 = v128.xor(c1, o1); c2 = v128.xor(c2, o2); c3 = v128.xor(c3, o3); c4 = v128.xor(c4, o4);
    b0 = rotl64x2(v128.xor(v128.load(state, 16), d1), 1);
    b1 = rotl64x2(v128.xor(v128.load(state, 112), d2), 6);
    b2 = rotl64x2(v128.xor(v128.load(state, 208), d3), 25);
    b3 = rotl64x2(v128.xor(v128.load(state, 304), d4), 8);
    b4 = rotl64x2(v128.xor(v128.load(state, 320), d0), 18);
    o0 = v128.xor(b0, v128.andnot(b2, b1));
    o1 = v128.xor(b1, v128.andnot(b3, b2));
    o2 = v128.xor(b2, v128.andnot(b4, b3));
    o3 = v128.xor(b3, v128.andnot(b0, b4));
    o4 = v128.xor(b4, v128.andnot(b1, b0));
    v128.store(tmp, o0, 160); v128.store(tmp, o1, 176); v128.store(tmp, o2, 192); v128.store(tmp, o3, 208); v128.store(tmp, o4, 224);
    c0 = v128.xor(c0, o0); c1 = v128.xor(c1, o1); c2 = v128.xor(c2, o2); c3 = v128.xor(c3, o3); c4 = v128.xor(c4, o4);
    b0 = rotl64x2(v128.xor(v128.load(state, 64), d4), 27);
    b1 = rotl64x2(v128.xor(v128.load(state, 80), d0), 36);
    b2 = rotl64x2(v128.xor(v128.load(state, 176), d1), 10);
    b3 = rotl64x2(v128.xor(v128.load(state, 272), d2), 15);
    b4 = rotl64x2(v128.xor(v128.load(state, 368), d3), 56);
    o0 = v128.xor(b0, v128.andnot(b2, b1));
    o1 = v128.xor(b1, v128.andnot(b3, b2));
    o2 = v128.xor(b2, v128.andnot(b4, b3));
    o3 = v128.xor(b3, v128.andnot(b0, b4));
    o4 = v128.xor(b4, v128.andnot(b1, b0));
    v128.store(tmp, o0, 240); v128.store(tmp, o1, 256); v128.store(tmp, o2, 272); v128.store(tmp, o3, 288); v128.store(tmp, o4, 304);
    c0 = v128.xor(c0, o0); c1 = v128.xor(c1, o1); c2 = v128.xor(c2, o2); c3 = v128.xor(c3, o3); c4 = v128.xor(c4, o4);
    b0 = rotl64x2(v128.xor(v128.load(state, 32), d2), 62);
    b1 = rotl64x2(v128.xor(v128.load(state, 128), d3), 55);
    b2 = rotl64x2(v128.xor(v128.load(state, 224), d4), 39);
    b3 = rotl64x2(v128.xor(v128.load(state, 240), d0), 41);
    b4 = rotl64x2(v128.xor(v128.load(state, 336), d1), 2);
    o0 = v128.xor(b0, v128.andnot(b2, b1));
    o1 = v128.xor(b1, v128.andnot(b3, b2));
    o2 = v128.xor(b2, v128.andnot(b4, b3));
    o3 = v128.xor(b3, v128.andnot(b0, b4));
    o4 = v128.xor(b4, v128.andnot(b1, b0));
    v128.store(tmp, o0, 320); v128.store(tmp, o1, 336); v128.store(tmp, o2, 352); v128.store(tmp, o3, 368); v128.store(tmp, o4, 384);
    c0 = v128.xor(c0, o0); c1 = v128.xor(c1, o1); c2 = v128.xor(c2, o2); c3 = v128.xor(c3, o3); c4 = v128.xor(c4, o4);
    d0 = v128.xor(c4, rotl64x2(c1, 1));
    d1 = v128.xor(c0, rotl64x2(c2, 1));
    d2 = v128.xor(c1, rotl64x2(c3, 1));
    d3 = v128.xor(c2, rotl64x2(c4, 1));
    d4 = v128.xor(c3, rotl64x2(c0, 1));
    b0 = v128.xor(v128.load(tmp, 0), d0);
    b1 = rotl64x2(v128.xor(v128.load(tmp, 96), d1), 44);
    b2 = rotl64x2(v128.xor(v128.load(tmp, 192), d2), 43);
    b3 = rotl64x2(v128.xor(v128.load(tmp, 288), d3), 21);
    b4 = rotl64x2(v128.xor(v128.load(tmp, 384), d4), 14);
    o0 = v128.xor(v128.xor(b0, v128.andnot(b2, b1)), i64x2.splat(load<u64>(rc, 8)));
    o1 = v128.xor(b1, v128.andnot(b3, b2));
    o2 = v128.xor(b2, v128.andnot(b4, b3));
    o3 = v128.xor(b3, v128.andnot(b0, b4));
    o4 = v128.xor(b4, v128.andnot(b1, b0));
    v128.store(state, o0, 0); v128.store(state, o1, 16); v128.store(state, o2, 32); v128.store(state, o3, 48); v128.store(state, o4, 64);
    c0 = o0; c1 = o1; c2 = o2; c3 = o3; c4 = o4;
    b0 = rotl64x2(v128.xor(v128.load(tmp, 48), d3), 28);
    b1 = rotl64x2(v128.xor(v128.load(tmp, 144), d4), 20);
    b2 = rotl64x2(v128.xor(v128.load(tmp, 160), d0), 3);
    b3 = rotl64x2(v128.xor(v128.load(tmp, 256), d1), 45);
    b4 = rotl64x2(v128.xor(v128.load(tmp, 352), d2), 61);
    o0 = v128.xor(b0, v128.andnot(b2, b1));
    o1 = v128.xor(b1, v128.andnot(b3, b2));
    o2 = v128.xor(b2, v128.andnot(b4, b3));
    o3 = v128.xor(b3, v128.andnot(b0, b4));
    o4 = v128.xor(b4, v128.andnot(b1, b0));
    v128.store(state, o0, 80); v128.store(state, o1, 96); v128.store(state, o2, 112); v128.store(state, o3, 128); v128.store(state, o4, 144);
    c0 = v128.xor(c0, o0); c1 = v128.xor(c1, o1); c2 = v128.xor(c2, o2); c3 = v128.xor(c3, o3); c4 = v128.xor(c4, o4);
    b0 = rotl64x2(v128.xor(v128.load(tmp, 16), d1), 1);
    b1 = rotl64x2(v128.xor(v128.load(tmp, 112), d2), 6);
    b2 = rotl64x2(v128.xor(v128.load(tmp, 208), d3), 25);
    b3 = rotl64x2(v128.xor(v128.load(tmp, 304), d4), 8);
    b4 = rotl64x2(v128.xor(v128.load(tmp, 320), d0), 18);
    o0 = v128.xor(b0, v128.andnot(b2, b1));
    o1 = v128.xor(b1, v128.andnot(b3, b2));
    o2 = v128.xor(b2, v128.andnot(b4, b3));
    o3 = v128.xor(b3, v128.andnot(b0, b4));
    o4 = v128.xor(b4, v128.andnot(b1, b0));
    v128.store(state, o0, 160); v128.store(state, o1, 176); v128.store(state, o2, 192); v128.store(state, o3, 208); v128.store(state, o4, 224);
    c0 = v128.xor(c0, o0); c1 = v128.xor(c1, o1); c2 = v128.xor(c2, o2); c3 = v128.xor(c3, o3); c4 = v128.xor(c4, o4);
    b0 = rotl64x2(v128.xor(v128.load(tmp, 64), d4), 27);
    b1 = rotl64x2(v128.xor(v128.load(tmp, 80), d0), 36);
    b2 = rotl64x2(v128.xor(v128.load(tmp, 176), d1), 10);
    b3 = rotl64x2(v128.xor(v128.load(tmp, 272), d2), 15);
    b4 = rotl64x2(v128.xor(v128.load(tmp, 368), d3), 56);
    o0 = v128.xor(b0, v128.andnot(b2, b1));
    o1 = v128.xor(b1, v128.andnot(b3, b2));
    o2 = v128.xor(b2, v128.andnot(b4, b3));
    o3 = v128.xor(b3, v128.andnot(b0, b4));
    o4 = v128.xor(b4, v128.andnot(b1, b0));
    v128.store(state, o0, 240); v128.store(state, o1, 256); v128.store(state, o2, 272); v128.store(state, o3, 288); v128.store(state, o4, 304);
    c0 = v128.xor(c0, o0); c1 = v128.xor(c1, o1); c2 = v128.xor(c2, o2); c3 = v128.xor(c3, o3); c4 = v128.xor(c4, o4);
    b0 = rotl64x2(v128.xor(v128.load(tmp, 32), d2), 62);
    b1 = rotl64x2(v128.xor(v128.load(tmp, 128), d3), 55);
    b2 = rotl64x2(v128.xor(v128.load(tmp, 224), d4), 39);
    b3 = rotl64x2(v128.xor(v128.load(tmp, 240), d0), 41);
    b4 = rotl64x2(v128.xor(v128.load(tmp, 336), d1), 2);
    o0 = v128.xor(b0, v128.andnot(b2, b1));
    o1 = v128.xor(b1, v128.andnot(b3, b2));
    o2 = v128.xor(b2, v128.andnot(b4, b3));
    o3 = v128.xor(b3, v128.andnot(b0, b4));
    o4 = v128.xor(b4, v128.andnot(b1, b0));
    v128.store(state, o0, 320); v128.store(state, o1, 336); v128.store(state, o2, 352); v128.store(state, o3, 368); v128.store(state, o4, 384);
    c0 = v128.xor(c0, o0); c1 = v128.xor(c1, o1); c2 = v128.xor(c2, o2); c3 = v128.xor(c3, o3); c4 = v128.xor(c4, o4);
  }
}

/**
 * Permutes the two interleaved states at `state`, then writes one `rate`-byte block of each
 * stream, state 0's to out0 and state 1's to out1: the squeeze step of two sponges run together.
 * Two lanes at a time are split by two shuffles (punpcklqdq and punpckhqdq on x64), half the
 * instructions of copying each lane of each state (decision 079).
 */
export function squeezeBlocksX2(state: usize, rate: i32, out0: usize, out1: usize): void {
  keccakF1600x2(state);
  const lanes = <usize>(rate >> 3);
  let i: usize = 0;
  for (; i + 2 <= lanes; i += 2) {
    const a = v128.load(state + (i << 4));
    const b = v128.load(state + (i << 4), 16);
    v128.store(out0 + (i << 3), v128.shuffle<i64>(a, b, 0, 2));
    v128.store(out1 + (i << 3), v128.shuffle<i64>(a, b, 1, 3));
  }
  if (i < lanes) {
    store<u64>(out0 + (i << 3), load<u64>(state + (i << 4)));
    store<u64>(out1 + (i << 3), load<u64>(state + (i << 4) + 8));
  }
}

/** XORs one `rate`-byte block at src into state `which` (0 or 1) of the interleaved pair. */
export function absorbBlockX2(state: usize, which: usize, src: usize, rate: i32): void {
  const s = state + (which << 3);
  for (let i: usize = 0; i < <usize>(rate >> 3); i++) {
    store<u64>(s + (i << 4), load<u64>(s + (i << 4)) ^ load<u64>(src + (i << 3)));
  }
}

/** Zeroes state `which` (0 or 1) of the pair at `state`. */
export function clearStateX2(state: usize, which: usize): void {
  const s = state + (which << 3);
  for (let i: usize = 0; i < 25; i++) store<u64>(s + (i << 4), 0);
}

/**
 * Starts state `which` of the pair on a one-block input already padded: the seedLen bytes (a
 * multiple of 8) at seed, then the lane `tail` (the input's last bytes and the domain byte after
 * them), zeros, and the final padding bit of `rate`. The samplers' inputs (a seed and a short
 * nonce) are all of this shape.
 */
export function seedStateX2(state: usize, which: usize, seed: usize, seedLen: usize, tail: u64, rate: i32): void {
  clearStateX2(state, which);
  const s = state + (which << 3);
  for (let i: usize = 0; i < seedLen; i += 8) store<u64>(s + (i << 1), load<u64>(seed + i));
  store<u64>(s + (seedLen << 1), tail);
  store<u64>(s + (<usize>((rate >> 3) - 1) << 4), load<u64>(s + (<usize>((rate >> 3) - 1) << 4)) | (<u64>0x80 << 56));
}

/**
 * seedStateX2 for both states of the pair from one seed, with tails tail0 and tail1: one v128
 * store a lane, where starting each state alone writes every lane twice.
 */
export function seedPairX2(state: usize, seed: usize, seedLen: usize, tail0: u64, tail1: u64, rate: i32): void {
  const zero = i64x2.splat(0);
  for (let i: usize = 0; i < 400; i += 16) v128.store(state + i, zero);
  for (let i: usize = 0; i < seedLen; i += 8) v128.store(state + (i << 1), i64x2.splat(load<u64>(seed + i)));
  v128.store(state + (seedLen << 1), i64x2.replace_lane(i64x2.splat(tail0), 1, tail1));
  const last = state + (<usize>((rate >> 3) - 1) << 4);
  v128.store(last, v128.or(v128.load(last), i64x2.splat(<u64>0x80 << 56)));
}

/** Copies the first `len` bytes (a multiple of 8) of state `which` of the pair to dst. */
export function extractX2(state: usize, which: usize, dst: usize, len: usize): void {
  for (let i: usize = 0; i < len; i += 8) store<u64>(dst + i, load<u64>(state + (which << 3) + (i << 1)));
}

/**
 * The last block of a `len`-byte message at src under FIPS 202 padding, written to pad (`rate`
 * bytes): the bytes after the whole blocks, the domain byte ds, zeros, and the final 0x80.
 * Returns the message's number of blocks, this one included.
 */
export function padLastBlock(pad: usize, src: usize, len: usize, rate: i32, ds: u32): usize {
  const r = <usize>rate;
  const whole = len / r;
  const tail = len - whole * r;
  memory.fill(pad, 0, r);
  memory.copy(pad, src + whole * r, tail);
  store<u8>(pad + tail, <u8>ds);
  store<u8>(pad + r - 1, load<u8>(pad + r - 1) | 0x80);
  return whole + 1;
}

const PAIR: usize = memory.data(X2_STATE_SIZE, 16);
const PAD0: usize = memory.data(200, 16);
const PAD1: usize = memory.data(200, 16);

/**
 * Two sponges of one rate over two messages at once: out0 = the first outLen bytes (a multiple of
 * 8, at most rate) of the sponge (rate, ds0) over in0, out1 likewise over in1. ML-KEM's
 * decapsulation hashes H(ek) for its key check beside J(z || c) this way (SHA3-256 and SHAKE256
 * share the rate 136). The lengths are public; the states and padded blocks are zeroed after.
 */
export function hashPairX2(rate: i32, outLen: usize, out0: usize, in0: usize, len0: usize, ds0: u32, out1: usize, in1: usize, len1: usize, ds1: u32): void {
  const r = <usize>rate;
  const n0 = padLastBlock(PAD0, in0, len0, rate, ds0);
  const n1 = padLastBlock(PAD1, in1, len1, rate, ds1);
  memory.fill(PAIR, 0, X2_STATE_SIZE);
  const n = n0 > n1 ? n0 : n1;
  for (let b: usize = 0; b < n; b++) {
    if (b < n0) absorbBlockX2(PAIR, 0, b + 1 < n0 ? in0 + b * r : PAD0, rate);
    if (b < n1) absorbBlockX2(PAIR, 1, b + 1 < n1 ? in1 + b * r : PAD1, rate);
    keccakF1600x2(PAIR);
    if (b + 1 == n0) extractX2(PAIR, 0, out0, outLen);
    if (b + 1 == n1) extractX2(PAIR, 1, out1, outLen);
  }
  memory.fill(PAIR, 0, X2_STATE_SIZE);
  memory.fill(PAD0, 0, 200);
  memory.fill(PAD1, 0, 200);
}
