/**
 * Keccak-f[1600] and the FIPS 202 sponge (SHA3-224/256/384/512, SHAKE128, SHAKE256).
 *
 * A sponge lives in linear memory at a caller-chosen address, so the host can keep any number of
 * incremental hashers (it copies SPONGE_SIZE bytes in and out) and the engine's own algorithms use
 * static sponges of their own without allocating.
 *
 * Layout: 25 little-endian lanes (200 bytes) | rate u32 | pos u32 | domain byte u32 | squeezing u32
 */

/** Bytes one sponge occupies in memory. */
export const SPONGE_SIZE: i32 = 216;
const RATE_OFF: usize = 200;
const POS_OFF: usize = 204;
const DS_OFF: usize = 208;
const SQUEEZE_OFF: usize = 212;

/** SHA3 domain-separation suffix (FIPS 202 "01" plus the first pad bit). */
export const DS_SHA3: u32 = 0x06;
/** SHAKE domain-separation suffix ("1111" plus the first pad bit). */
export const DS_SHAKE: u32 = 0x1f;

export const RATE_SHAKE128: u32 = 168;
export const RATE_SHAKE256: u32 = 136;

/** The 24 round constants of iota. */
export const RC: usize = memory.data<u64>([
  0x0000000000000001, 0x0000000000008082, 0x800000000000808a, 0x8000000080008000,
  0x000000000000808b, 0x0000000080000001, 0x8000000080008081, 0x8000000000008009,
  0x000000000000008a, 0x0000000000000088, 0x0000000080008009, 0x000000008000000a,
  0x000000008000808b, 0x800000000000008b, 0x8000000000008089, 0x8000000000008003,
  0x8000000000008002, 0x8000000000000080, 0x000000000000800a, 0x800000008000000a,
  0x8000000080008081, 0x8000000000008080, 0x0000000080000001, 0x8000000080008008,
]);

/**
 * Lane complementing (the Keccak team's implementation overview, section 2.2): keccakF1600 keeps
 * lanes 0, 3, 4, 9, 13, 14, 18 and 20 complemented through the rounds. With that mask, theta, rho
 * and pi carry each chi input in a known polarity, so twenty of chi's 25 outputs take an AND or an
 * OR where the plain form needs a NOT and an AND, and a round maps the mask to itself at the cost
 * of two NOTs (lanes 3 and 5). The lanes are complemented on entry and back on exit, so callers see
 * the plain state. Decision 076 has the search that chose the mask, and why the two-way kernel,
 * whose and-not is one instruction, does without.
 */
// @ts-ignore: decorator
@inline function complementLanes(state: usize): void {
  store<u64>(state, ~load<u64>(state, 0), 0);
  store<u64>(state, ~load<u64>(state, 24), 24);
  store<u64>(state, ~load<u64>(state, 32), 32);
  store<u64>(state, ~load<u64>(state, 72), 72);
  store<u64>(state, ~load<u64>(state, 104), 104);
  store<u64>(state, ~load<u64>(state, 112), 112);
  store<u64>(state, ~load<u64>(state, 144), 144);
  store<u64>(state, ~load<u64>(state, 160), 160);
}

/** Where the odd rounds' input lives; zeroed after each permutation (see keccakF1600). */
const SCRATCH: usize = memory.data(200, 16);

/**
 * Keccak-f[1600] on the 25 lanes at `state`, two rounds per pass: the even round writes its output
 * row by row to SCRATCH, the odd one back to `state`. Each output row takes its five input lanes
 * from memory (theta's d, rho and pi) and chi combines them at once, and theta's column sums for
 * the next round are accumulated as rows come out: about fifteen values stay live, where holding
 * the whole state in locals made V8 spill and reload most of it every round. SCRATCH is zeroed at
 * the end: it holds the state after the 23rd round, from which the input could be recomputed.
 */
export function keccakF1600(state: usize): void {
  const tmp = SCRATCH;
  complementLanes(state);
  let c0 = load<u64>(state, 0) ^ load<u64>(state, 40) ^ load<u64>(state, 80) ^ load<u64>(state, 120) ^ load<u64>(state, 160);
  let c1 = load<u64>(state, 8) ^ load<u64>(state, 48) ^ load<u64>(state, 88) ^ load<u64>(state, 128) ^ load<u64>(state, 168);
  let c2 = load<u64>(state, 16) ^ load<u64>(state, 56) ^ load<u64>(state, 96) ^ load<u64>(state, 136) ^ load<u64>(state, 176);
  let c3 = load<u64>(state, 24) ^ load<u64>(state, 64) ^ load<u64>(state, 104) ^ load<u64>(state, 144) ^ load<u64>(state, 184);
  let c4 = load<u64>(state, 32) ^ load<u64>(state, 72) ^ load<u64>(state, 112) ^ load<u64>(state, 152) ^ load<u64>(state, 192);
  let d0: u64, d1: u64, d2: u64, d3: u64, d4: u64, b0: u64, b1: u64, b2: u64, b3: u64, b4: u64;
  let o0: u64, o1: u64, o2: u64, o3: u64, o4: u64;
  for (let rc = RC, end = RC + 24 * 8; rc < end; rc += 16) {
    d0 = c4 ^ rotl<u64>(c1, 1);
    d1 = c0 ^ rotl<u64>(c2, 1);
    d2 = c1 ^ rotl<u64>(c3, 1);
    d3 = c2 ^ rotl<u64>(c4, 1);
    d4 = c3 ^ rotl<u64>(c0, 1);
    b0 = load<u64>(state, 0) ^ d0;
    b1 = rotl<u64>(load<u64>(state, 48) ^ d1, 44);
    b2 = rotl<u64>(load<u64>(state, 96) ^ d2, 43);
    b3 = rotl<u64>(load<u64>(state, 144) ^ d3, 21);
    b4 = rotl<u64>(load<u64>(state, 192) ^ d4, 14);
    o0 = b0 ^ (b1 | b2) ^ load<u64>(rc, 0);
    o1 = b1 ^ (b2 & b3);
    o2 = b2 ^ (b3 | b4);
    o3 = ~(b3 ^ (b4 & b0));
    o4 = b4 ^ (b1 & ~b0);
    store<u64>(tmp, o0, 0); store<u64>(tmp, o1, 8); store<u64>(tmp, o2, 16); store<u64>(tmp, o3, 24); store<u64>(tmp, o4, 32);
    c0 = o0; c1 = o1; c2 = o2; c3 = o3; c4 = o4;
    b0 = rotl<u64>(load<u64>(state, 24) ^ d3, 28);
    b1 = rotl<u64>(load<u64>(state, 72) ^ d4, 20);
    b2 = rotl<u64>(load<u64>(state, 80) ^ d0, 3);
    b3 = rotl<u64>(load<u64>(state, 128) ^ d1, 45);
    b4 = rotl<u64>(load<u64>(state, 176) ^ d2, 61);
    o0 = ~(b0 ^ (b1 | b2));
    o1 = b1 ^ (b2 & b3);
    o2 = b2 ^ (b3 | b4);
    o3 = b3 ^ (b4 & b0);
    o4 = b4 ^ (b1 & ~b0);
    store<u64>(tmp, o0, 40); store<u64>(tmp, o1, 48); store<u64>(tmp, o2, 56); store<u64>(tmp, o3, 64); store<u64>(tmp, o4, 72);
    c0 ^= o0; c1 ^= o1; c2 ^= o2; c3 ^= o3; c4 ^= o4;
    b0 = rotl<u64>(load<u64>(state, 8) ^ d1, 1);
    b1 = rotl<u64>(load<u64>(state, 56) ^ d2, 6);
    b2 = rotl<u64>(load<u64>(state, 104) ^ d3, 25);
    b3 = rotl<u64>(load<u64>(state, 152) ^ d4, 8);
    b4 = rotl<u64>(load<u64>(state, 160) ^ d0, 18);
    o0 = b0 ^ (b1 & b2);
    o1 = b1 ^ (b2 | b3);
    o2 = b2 ^ (b3 & b4);
    o3 = b3 ^ (b0 & ~b4);
    o4 = b4 ^ (b0 | b1);
    store<u64>(tmp, o0, 80); store<u64>(tmp, o1, 88); store<u64>(tmp, o2, 96); store<u64>(tmp, o3, 104); store<u64>(tmp, o4, 112);
    c0 ^= o0; c1 ^= o1; c2 ^= o2; c3 ^= o3; c4 ^= o4;
    b0 = rotl<u64>(load<u64>(state, 32) ^ d4, 27);
    b1 = rotl<u64>(load<u64>(state, 40) ^ d0, 36);
    b2 = rotl<u64>(load<u64>(state, 88) ^ d1, 10);
    b3 = rotl<u64>(load<u64>(state, 136) ^ d2, 15);
    b4 = rotl<u64>(load<u64>(state, 184) ^ d3, 56);
    o0 = b0 ^ (b1 & b2);
    o1 = b1 ^ (b2 | b3);
    o2 = b2 ^ (b3 & ~b4);
    o3 = b3 ^ (b4 & b0);
    o4 = b4 ^ (b0 | b1);
    store<u64>(tmp, o0, 120); store<u64>(tmp, o1, 128); store<u64>(tmp, o2, 136); store<u64>(tmp, o3, 144); store<u64>(tmp, o4, 152);
    c0 ^= o0; c1 ^= o1; c2 ^= o2; c3 ^= o3; c4 ^= o4;
    b0 = rotl<u64>(load<u64>(state, 16) ^ d2, 62);
    b1 = rotl<u64>(load<u64>(state, 64) ^ d3, 55);
    b2 = rotl<u64>(load<u64>(state, 112) ^ d4, 39);
    b3 = rotl<u64>(load<u64>(state, 120) ^ d0, 41);
    b4 = rotl<u64>(load<u64>(state, 168) ^ d1, 2);
    o0 = b0 ^ (b1 & b2);
    o1 = b1 ^ (b2 | b3);
    o2 = b2 ^ (b3 & b4);
    o3 = b3 ^ (b4 | b0);
    o4 = b4 ^ (b0 & ~b1);
    store<u64>(tmp, o0, 160); store<u64>(tmp, o1, 168); store<u64>(tmp, o2, 176); store<u64>(tmp, o3, 184); store<u64>(tmp, o4, 192);
    c0 ^= o0; c1 ^= o1; c2 ^= o2; c3 ^= o3; c4 ^= o4;
    d0 = c4 ^ rotl<u64>(c1, 1);
    d1 = c0 ^ rotl<u64>(c2, 1);
    d2 = c1 ^ rotl<u64>(c3, 1);
    d3 = c2 ^ rotl<u64>(c4, 1);
    d4 = c3 ^ rotl<u64>(c0, 1);
    b0 = load<u64>(tmp, 0) ^ d0;
    b1 = rotl<u64>(load<u64>(tmp, 48) ^ d1, 44);
    b2 = rotl<u64>(load<u64>(tmp, 96) ^ d2, 43);
    b3 = rotl<u64>(load<u64>(tmp, 144) ^ d3, 21);
    b4 = rotl<u64>(load<u64>(tmp, 192) ^ d4, 14);
    o0 = b0 ^ (b1 | b2) ^ load<u64>(rc, 8);
    o1 = b1 ^ (b2 & b3);
    o2 = b2 ^ (b3 | b4);
    o3 = ~(b3 ^ (b4 & b0));
    o4 = b4 ^ (b1 & ~b0);
    store<u64>(state, o0, 0); store<u64>(state, o1, 8); store<u64>(state, o2, 16); store<u64>(state, o3, 24); store<u64>(state, o4, 32);
    c0 = o0; c1 = o1; c2 = o2; c3 = o3; c4 = o4;
    b0 = rotl<u64>(load<u64>(tmp, 24) ^ d3, 28);
    b1 = rotl<u64>(load<u64>(tmp, 72) ^ d4, 20);
    b2 = rotl<u64>(load<u64>(tmp, 80) ^ d0, 3);
    b3 = rotl<u64>(load<u64>(tmp, 128) ^ d1, 45);
    b4 = rotl<u64>(load<u64>(tmp, 176) ^ d2, 61);
    o0 = ~(b0 ^ (b1 | b2));
    o1 = b1 ^ (b2 & b3);
    o2 = b2 ^ (b3 | b4);
    o3 = b3 ^ (b4 & b0);
    o4 = b4 ^ (b1 & ~b0);
    store<u64>(state, o0, 40); store<u64>(state, o1, 48); store<u64>(state, o2, 56); store<u64>(state, o3, 64); store<u64>(state, o4, 72);
    c0 ^= o0; c1 ^= o1; c2 ^= o2; c3 ^= o3; c4 ^= o4;
    b0 = rotl<u64>(load<u64>(tmp, 8) ^ d1, 1);
    b1 = rotl<u64>(load<u64>(tmp, 56) ^ d2, 6);
    b2 = rotl<u64>(load<u64>(tmp, 104) ^ d3, 25);
    b3 = rotl<u64>(load<u64>(tmp, 152) ^ d4, 8);
    b4 = rotl<u64>(load<u64>(tmp, 160) ^ d0, 18);
    o0 = b0 ^ (b1 & b2);
    o1 = b1 ^ (b2 | b3);
    o2 = b2 ^ (b3 & b4);
    o3 = b3 ^ (b0 & ~b4);
    o4 = b4 ^ (b0 | b1);
    store<u64>(state, o0, 80); store<u64>(state, o1, 88); store<u64>(state, o2, 96); store<u64>(state, o3, 104); store<u64>(state, o4, 112);
    c0 ^= o0; c1 ^= o1; c2 ^= o2; c3 ^= o3; c4 ^= o4;
    b0 = rotl<u64>(load<u64>(tmp, 32) ^ d4, 27);
    b1 = rotl<u64>(load<u64>(tmp, 40) ^ d0, 36);
    b2 = rotl<u64>(load<u64>(tmp, 88) ^ d1, 10);
    b3 = rotl<u64>(load<u64>(tmp, 136) ^ d2, 15);
    b4 = rotl<u64>(load<u64>(tmp, 184) ^ d3, 56);
    o0 = b0 ^ (b1 & b2);
    o1 = b1 ^ (b2 | b3);
    o2 = b2 ^ (b3 & ~b4);
    o3 = b3 ^ (b4 & b0);
    o4 = b4 ^ (b0 | b1);
    store<u64>(state, o0, 120); store<u64>(state, o1, 128); store<u64>(state, o2, 136); store<u64>(state, o3, 144); store<u64>(state, o4, 152);
    c0 ^= o0; c1 ^= o1; c2 ^= o2; c3 ^= o3; c4 ^= o4;
    b0 = rotl<u64>(load<u64>(tmp, 16) ^ d2, 62);
    b1 = rotl<u64>(load<u64>(tmp, 64) ^ d3, 55);
    b2 = rotl<u64>(load<u64>(tmp, 112) ^ d4, 39);
    b3 = rotl<u64>(load<u64>(tmp, 120) ^ d0, 41);
    b4 = rotl<u64>(load<u64>(tmp, 168) ^ d1, 2);
    o0 = b0 ^ (b1 & b2);
    o1 = b1 ^ (b2 | b3);
    o2 = b2 ^ (b3 & b4);
    o3 = b3 ^ (b4 | b0);
    o4 = b4 ^ (b0 & ~b1);
    store<u64>(state, o0, 160); store<u64>(state, o1, 168); store<u64>(state, o2, 176); store<u64>(state, o3, 184); store<u64>(state, o4, 192);
    c0 ^= o0; c1 ^= o1; c2 ^= o2; c3 ^= o3; c4 ^= o4;
  }
  complementLanes(state);
  memory.fill(tmp, 0, 200);
}

/** Starts an empty sponge with the given rate (bytes) and domain suffix. */
export function spongeInit(s: usize, rate: u32, ds: u32): void {
  memory.fill(s, 0, 200);
  store<u32>(s, rate, RATE_OFF);
  store<u32>(s, 0, POS_OFF);
  store<u32>(s, ds, DS_OFF);
  store<u32>(s, 0, SQUEEZE_OFF);
}

/** Absorbs `len` bytes from `src`. Must not be called after squeezing started. */
export function spongeAbsorb(s: usize, src: usize, len: usize): void {
  const rate = <usize>load<u32>(s, RATE_OFF);
  let pos = <usize>load<u32>(s, POS_OFF);
  let i: usize = 0;
  // Finish a partially filled block byte by byte.
  while (pos != 0 && i < len) {
    store<u8>(s + pos, load<u8>(s + pos) ^ load<u8>(src + i));
    pos++;
    i++;
    if (pos == rate) {
      keccakF1600(s);
      pos = 0;
    }
  }
  // Whole blocks, a lane at a time.
  while (len - i >= rate) {
    for (let j: usize = 0; j < rate; j += 8) {
      store<u64>(s + j, load<u64>(s + j) ^ load<u64>(src + i + j));
    }
    keccakF1600(s);
    i += rate;
  }
  while (i < len) {
    store<u8>(s + pos, load<u8>(s + pos) ^ load<u8>(src + i));
    pos++;
    i++;
  }
  store<u32>(s, <u32>pos, POS_OFF);
}

/** Pads and switches the sponge to squeezing; called implicitly by the first squeeze. */
export function spongeFinalize(s: usize): void {
  if (load<u32>(s, SQUEEZE_OFF) != 0) return;
  const rate = <usize>load<u32>(s, RATE_OFF);
  const pos = <usize>load<u32>(s, POS_OFF);
  store<u8>(s + pos, load<u8>(s + pos) ^ <u8>load<u32>(s, DS_OFF));
  store<u8>(s + rate - 1, load<u8>(s + rate - 1) ^ 0x80);
  keccakF1600(s);
  store<u32>(s, 0, POS_OFF);
  store<u32>(s, 1, SQUEEZE_OFF);
}

/** Squeezes `len` bytes into `dst`; successive calls continue the output stream. */
export function spongeSqueeze(s: usize, dst: usize, len: usize): void {
  spongeFinalize(s);
  const rate = <usize>load<u32>(s, RATE_OFF);
  let pos = <usize>load<u32>(s, POS_OFF);
  let i: usize = 0;
  while (i < len) {
    if (pos == rate) {
      keccakF1600(s);
      pos = 0;
    }
    let n = rate - pos;
    if (n > len - i) n = len - i;
    memory.copy(dst + i, s + pos, n);
    pos += n;
    i += n;
  }
  store<u32>(s, <u32>pos, POS_OFF);
}

/**
 * Squeezes whole blocks straight out of the state (rejection samplers read `rate` bytes at a
 * time). Only valid right after finalize or a previous block squeeze (pos is 0 or rate).
 */
export function spongeSqueezeBlock(s: usize, dst: usize): void {
  spongeFinalize(s);
  const rate = <usize>load<u32>(s, RATE_OFF);
  if (load<u32>(s, POS_OFF) == <u32>rate) keccakF1600(s);
  memory.copy(dst, s, rate);
  store<u32>(s, <u32>rate, POS_OFF);
}
