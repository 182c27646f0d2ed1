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

/** Keccak-f[1600] on the 25 lanes at `state`, fully unrolled over locals. */
export function keccakF1600(state: usize): void {
  let a0 = load<u64>(state, 0);
  let a1 = load<u64>(state, 8);
  let a2 = load<u64>(state, 16);
  let a3 = load<u64>(state, 24);
  let a4 = load<u64>(state, 32);
  let a5 = load<u64>(state, 40);
  let a6 = load<u64>(state, 48);
  let a7 = load<u64>(state, 56);
  let a8 = load<u64>(state, 64);
  let a9 = load<u64>(state, 72);
  let a10 = load<u64>(state, 80);
  let a11 = load<u64>(state, 88);
  let a12 = load<u64>(state, 96);
  let a13 = load<u64>(state, 104);
  let a14 = load<u64>(state, 112);
  let a15 = load<u64>(state, 120);
  let a16 = load<u64>(state, 128);
  let a17 = load<u64>(state, 136);
  let a18 = load<u64>(state, 144);
  let a19 = load<u64>(state, 152);
  let a20 = load<u64>(state, 160);
  let a21 = load<u64>(state, 168);
  let a22 = load<u64>(state, 176);
  let a23 = load<u64>(state, 184);
  let a24 = load<u64>(state, 192);

  for (let round = 0; round < 24; round++) {
    const c0 = a0 ^ a5 ^ a10 ^ a15 ^ a20;
    const c1 = a1 ^ a6 ^ a11 ^ a16 ^ a21;
    const c2 = a2 ^ a7 ^ a12 ^ a17 ^ a22;
    const c3 = a3 ^ a8 ^ a13 ^ a18 ^ a23;
    const c4 = a4 ^ a9 ^ a14 ^ a19 ^ a24;
    const d0 = c4 ^ rotl<u64>(c1, 1);
    const d1 = c0 ^ rotl<u64>(c2, 1);
    const d2 = c1 ^ rotl<u64>(c3, 1);
    const d3 = c2 ^ rotl<u64>(c4, 1);
    const d4 = c3 ^ rotl<u64>(c0, 1);
    const b0 = a0 ^ d0;
    const b10 = rotl<u64>(a1 ^ d1, 1);
    const b20 = rotl<u64>(a2 ^ d2, 62);
    const b5 = rotl<u64>(a3 ^ d3, 28);
    const b15 = rotl<u64>(a4 ^ d4, 27);
    const b16 = rotl<u64>(a5 ^ d0, 36);
    const b1 = rotl<u64>(a6 ^ d1, 44);
    const b11 = rotl<u64>(a7 ^ d2, 6);
    const b21 = rotl<u64>(a8 ^ d3, 55);
    const b6 = rotl<u64>(a9 ^ d4, 20);
    const b7 = rotl<u64>(a10 ^ d0, 3);
    const b17 = rotl<u64>(a11 ^ d1, 10);
    const b2 = rotl<u64>(a12 ^ d2, 43);
    const b12 = rotl<u64>(a13 ^ d3, 25);
    const b22 = rotl<u64>(a14 ^ d4, 39);
    const b23 = rotl<u64>(a15 ^ d0, 41);
    const b8 = rotl<u64>(a16 ^ d1, 45);
    const b18 = rotl<u64>(a17 ^ d2, 15);
    const b3 = rotl<u64>(a18 ^ d3, 21);
    const b13 = rotl<u64>(a19 ^ d4, 8);
    const b14 = rotl<u64>(a20 ^ d0, 18);
    const b24 = rotl<u64>(a21 ^ d1, 2);
    const b9 = rotl<u64>(a22 ^ d2, 61);
    const b19 = rotl<u64>(a23 ^ d3, 56);
    const b4 = rotl<u64>(a24 ^ d4, 14);
    a0 = b0 ^ (~b1 & b2);
    a1 = b1 ^ (~b2 & b3);
    a2 = b2 ^ (~b3 & b4);
    a3 = b3 ^ (~b4 & b0);
    a4 = b4 ^ (~b0 & b1);
    a5 = b5 ^ (~b6 & b7);
    a6 = b6 ^ (~b7 & b8);
    a7 = b7 ^ (~b8 & b9);
    a8 = b8 ^ (~b9 & b5);
    a9 = b9 ^ (~b5 & b6);
    a10 = b10 ^ (~b11 & b12);
    a11 = b11 ^ (~b12 & b13);
    a12 = b12 ^ (~b13 & b14);
    a13 = b13 ^ (~b14 & b10);
    a14 = b14 ^ (~b10 & b11);
    a15 = b15 ^ (~b16 & b17);
    a16 = b16 ^ (~b17 & b18);
    a17 = b17 ^ (~b18 & b19);
    a18 = b18 ^ (~b19 & b15);
    a19 = b19 ^ (~b15 & b16);
    a20 = b20 ^ (~b21 & b22);
    a21 = b21 ^ (~b22 & b23);
    a22 = b22 ^ (~b23 & b24);
    a23 = b23 ^ (~b24 & b20);
    a24 = b24 ^ (~b20 & b21);
    a0 ^= load<u64>(RC + (<usize>round << 3));

  }
  store<u64>(state, a0, 0);
  store<u64>(state, a1, 8);
  store<u64>(state, a2, 16);
  store<u64>(state, a3, 24);
  store<u64>(state, a4, 32);
  store<u64>(state, a5, 40);
  store<u64>(state, a6, 48);
  store<u64>(state, a7, 56);
  store<u64>(state, a8, 64);
  store<u64>(state, a9, 72);
  store<u64>(state, a10, 80);
  store<u64>(state, a11, 88);
  store<u64>(state, a12, 96);
  store<u64>(state, a13, 104);
  store<u64>(state, a14, 112);
  store<u64>(state, a15, 120);
  store<u64>(state, a16, 128);
  store<u64>(state, a17, 136);
  store<u64>(state, a18, 144);
  store<u64>(state, a19, 152);
  store<u64>(state, a20, 160);
  store<u64>(state, a21, 168);
  store<u64>(state, a22, 176);
  store<u64>(state, a23, 184);
  store<u64>(state, a24, 192);

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
