/**
 * The ChaCha20 stream cipher (RFC 8439 section 2.4): four 64-byte blocks at a time in WebAssembly
 * SIMD, one block per i32x4 lane, so lane i of vector w is word w of block (counter + i).
 *
 * A stream lives at a caller-chosen address: key (32) | nonce (12) | next block counter u32 |
 * position in the keystream buffer u32 | 256 bytes of keystream (four blocks).
 */

/** Bytes one ChaCha20 stream occupies in memory. */
export const CHACHA_STATE_SIZE: i32 = 320;
const NONCE_OFF: usize = 32;
const COUNTER_OFF: usize = 44;
const POS_OFF: usize = 48;
/** Offset of the keystream buffer in a stream. */
export const KS_OFF: usize = 64;
const KS_BYTES: usize = 256;

// @ts-ignore: decorator
@inline function rotl(x: v128, n: i32): v128 {
  return v128.or(i32x4.shl(x, n), i32x4.shr_u(x, 32 - n));
}

/** Rotations by 16 and 8 bits move whole bytes: one shuffle each. */
// @ts-ignore: decorator
@inline function rotl16(x: v128): v128 {
  return i8x16.shuffle(x, x, 2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13);
}
// @ts-ignore: decorator
@inline function rotl8(x: v128): v128 {
  return i8x16.shuffle(x, x, 3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14);
}

/** Stores four words (vectors a..d, one block per lane) of four blocks in per-block order at out. */
// @ts-ignore: decorator
@inline function storeWords(out: usize, a: v128, b: v128, c: v128, d: v128): void {
  const t0 = i32x4.shuffle(a, b, 0, 4, 1, 5);
  const t1 = i32x4.shuffle(c, d, 0, 4, 1, 5);
  const t2 = i32x4.shuffle(a, b, 2, 6, 3, 7);
  const t3 = i32x4.shuffle(c, d, 2, 6, 3, 7);
  v128.store(out, i64x2.shuffle(t0, t1, 0, 2));
  v128.store(out + 64, i64x2.shuffle(t0, t1, 1, 3));
  v128.store(out + 128, i64x2.shuffle(t2, t3, 0, 2));
  v128.store(out + 192, i64x2.shuffle(t2, t3, 1, 3));
}

/** Four keystream blocks (counter .. counter + 3) of stream s into its keystream buffer. */
function blocks4(s: usize, counter: u32): void {
  const k0 = i32x4.splat(load<i32>(s, 0)), k1 = i32x4.splat(load<i32>(s, 4));
  const k2 = i32x4.splat(load<i32>(s, 8)), k3 = i32x4.splat(load<i32>(s, 12));
  const k4 = i32x4.splat(load<i32>(s, 16)), k5 = i32x4.splat(load<i32>(s, 20));
  const k6 = i32x4.splat(load<i32>(s, 24)), k7 = i32x4.splat(load<i32>(s, 28));
  const ctr = i32x4.add(i32x4.splat(<i32>counter), i32x4(0, 1, 2, 3));
  const n0 = i32x4.splat(load<i32>(s + NONCE_OFF, 0));
  const n1 = i32x4.splat(load<i32>(s + NONCE_OFF, 4));
  const n2 = i32x4.splat(load<i32>(s + NONCE_OFF, 8));
  const c0 = i32x4.splat(0x61707865), c1 = i32x4.splat(0x3320646e);
  const c2 = i32x4.splat(0x79622d32), c3 = i32x4.splat(0x6b206574);
  let x0 = c0, x1 = c1, x2 = c2, x3 = c3, x4 = k0, x5 = k1, x6 = k2, x7 = k3;
  let x8 = k4, x9 = k5, x10 = k6, x11 = k7, x12 = ctr, x13 = n0, x14 = n1, x15 = n2;
  for (let round = 0; round < 10; round++) {
    // Column rounds: (0 4 8 12) (1 5 9 13) (2 6 10 14) (3 7 11 15).
    x0 = i32x4.add(x0, x4); x12 = rotl16(v128.xor(x12, x0)); x8 = i32x4.add(x8, x12); x4 = rotl(v128.xor(x4, x8), 12);
    x0 = i32x4.add(x0, x4); x12 = rotl8(v128.xor(x12, x0)); x8 = i32x4.add(x8, x12); x4 = rotl(v128.xor(x4, x8), 7);
    x1 = i32x4.add(x1, x5); x13 = rotl16(v128.xor(x13, x1)); x9 = i32x4.add(x9, x13); x5 = rotl(v128.xor(x5, x9), 12);
    x1 = i32x4.add(x1, x5); x13 = rotl8(v128.xor(x13, x1)); x9 = i32x4.add(x9, x13); x5 = rotl(v128.xor(x5, x9), 7);
    x2 = i32x4.add(x2, x6); x14 = rotl16(v128.xor(x14, x2)); x10 = i32x4.add(x10, x14); x6 = rotl(v128.xor(x6, x10), 12);
    x2 = i32x4.add(x2, x6); x14 = rotl8(v128.xor(x14, x2)); x10 = i32x4.add(x10, x14); x6 = rotl(v128.xor(x6, x10), 7);
    x3 = i32x4.add(x3, x7); x15 = rotl16(v128.xor(x15, x3)); x11 = i32x4.add(x11, x15); x7 = rotl(v128.xor(x7, x11), 12);
    x3 = i32x4.add(x3, x7); x15 = rotl8(v128.xor(x15, x3)); x11 = i32x4.add(x11, x15); x7 = rotl(v128.xor(x7, x11), 7);
    // Diagonal rounds: (0 5 10 15) (1 6 11 12) (2 7 8 13) (3 4 9 14).
    x0 = i32x4.add(x0, x5); x15 = rotl16(v128.xor(x15, x0)); x10 = i32x4.add(x10, x15); x5 = rotl(v128.xor(x5, x10), 12);
    x0 = i32x4.add(x0, x5); x15 = rotl8(v128.xor(x15, x0)); x10 = i32x4.add(x10, x15); x5 = rotl(v128.xor(x5, x10), 7);
    x1 = i32x4.add(x1, x6); x12 = rotl16(v128.xor(x12, x1)); x11 = i32x4.add(x11, x12); x6 = rotl(v128.xor(x6, x11), 12);
    x1 = i32x4.add(x1, x6); x12 = rotl8(v128.xor(x12, x1)); x11 = i32x4.add(x11, x12); x6 = rotl(v128.xor(x6, x11), 7);
    x2 = i32x4.add(x2, x7); x13 = rotl16(v128.xor(x13, x2)); x8 = i32x4.add(x8, x13); x7 = rotl(v128.xor(x7, x8), 12);
    x2 = i32x4.add(x2, x7); x13 = rotl8(v128.xor(x13, x2)); x8 = i32x4.add(x8, x13); x7 = rotl(v128.xor(x7, x8), 7);
    x3 = i32x4.add(x3, x4); x14 = rotl16(v128.xor(x14, x3)); x9 = i32x4.add(x9, x14); x4 = rotl(v128.xor(x4, x9), 12);
    x3 = i32x4.add(x3, x4); x14 = rotl8(v128.xor(x14, x3)); x9 = i32x4.add(x9, x14); x4 = rotl(v128.xor(x4, x9), 7);
  }
  const out = s + KS_OFF;
  storeWords(out, i32x4.add(x0, c0), i32x4.add(x1, c1), i32x4.add(x2, c2), i32x4.add(x3, c3));
  storeWords(out + 16, i32x4.add(x4, k0), i32x4.add(x5, k1), i32x4.add(x6, k2), i32x4.add(x7, k3));
  storeWords(out + 32, i32x4.add(x8, k4), i32x4.add(x9, k5), i32x4.add(x10, k6), i32x4.add(x11, k7));
  storeWords(out + 48, i32x4.add(x12, ctr), i32x4.add(x13, n0), i32x4.add(x14, n1), i32x4.add(x15, n2));
}

/** Starts stream s with a 32-byte key and 12-byte nonce; the first block used is `counter`. */
export function chachaInit(s: usize, key: usize, nonce: usize, counter: u32): void {
  memory.copy(s, key, 32);
  memory.copy(s + NONCE_OFF, nonce, 12);
  store<u32>(s, counter, COUNTER_OFF);
  store<u32>(s, <u32>KS_BYTES, POS_OFF);
}

/**
 * Generates the next four blocks into the keystream buffer and marks them unread. The AEAD uses
 * it to read block 0 (the Poly1305 key) and continue the stream from block 1 without recomputing.
 */
export function chachaRefill(s: usize): void {
  const counter = load<u32>(s, COUNTER_OFF);
  blocks4(s, counter);
  store<u32>(s, counter + 4, COUNTER_OFF);
  store<u32>(s, 0, POS_OFF);
}

/** Moves the read position within the current keystream buffer (after chachaRefill). */
export function chachaSkip(s: usize, bytes: u32): void {
  store<u32>(s, load<u32>(s, POS_OFF) + bytes, POS_OFF);
}

/** XORs the next `len` keystream bytes into buf in place; successive calls continue the stream. */
export function chachaXor(s: usize, buf: usize, len: usize): void {
  const ks = s + KS_OFF;
  let pos = <usize>load<u32>(s, POS_OFF);
  let i: usize = 0;
  while (i < len) {
    if (pos == KS_BYTES) {
      chachaRefill(s);
      pos = 0;
    }
    let n = KS_BYTES - pos;
    if (n > len - i) n = len - i;
    let j: usize = 0;
    for (; j + 16 <= n; j += 16) v128.store(buf + i + j, v128.xor(v128.load(buf + i + j), v128.load(ks + pos + j)));
    for (; j < n; j++) store<u8>(buf + i + j, load<u8>(buf + i + j) ^ load<u8>(ks + pos + j));
    pos += n;
    i += n;
  }
  store<u32>(s, <u32>pos, POS_OFF);
}

/** Clears a stream's key and keystream. */
export function chachaWipe(s: usize): void {
  memory.fill(s, 0, CHACHA_STATE_SIZE);
}
