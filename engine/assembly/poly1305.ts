/**
 * Poly1305 (RFC 8439 section 2.5) with the accumulator in five 26-bit limbs, so every product
 * (26 bits by 29 bits) and every sum of five fits an i64 lane without overflow. No branch or
 * memory index depends on the key or the data.
 *
 * A state lives at a caller-chosen address: r0..r4 u32 | h0..h4 u32 | s (the 16-byte pad) |
 * 16-byte block buffer | buffered u32.
 */

/** Bytes one Poly1305 state occupies in memory. */
export const POLY1305_STATE_SIZE: i32 = 80;
const H_OFF: usize = 20;
const PAD_OFF: usize = 40;
const BUF_OFF: usize = 56;
const POS_OFF: usize = 72;
const MASK: u32 = 0x3ffffff;

/** Starts a state with the 32-byte one-time key r || s (r clamped as RFC 8439 requires). */
export function poly1305Init(st: usize, key: usize): void {
  store<u32>(st, load<u32>(key, 0) & 0x3ffffff, 0);
  store<u32>(st, (load<u32>(key, 3) >> 2) & 0x3ffff03, 4);
  store<u32>(st, (load<u32>(key, 6) >> 4) & 0x3ffc0ff, 8);
  store<u32>(st, (load<u32>(key, 9) >> 6) & 0x3f03fff, 12);
  store<u32>(st, (load<u32>(key, 12) >> 8) & 0x00fffff, 16);
  memory.fill(st + H_OFF, 0, 20);
  memory.copy(st + PAD_OFF, key + 16, 16);
  store<u32>(st, 0, POS_OFF);
}

/** h = (h + m + hibit * 2^128) * r mod 2^130 - 5 for `blocks` 16-byte blocks at m. */
function processBlocks(st: usize, m: usize, blocks: usize, hibit: u32): void {
  const r0 = <u64>load<u32>(st, 0), r1 = <u64>load<u32>(st, 4), r2 = <u64>load<u32>(st, 8);
  const r3 = <u64>load<u32>(st, 12), r4 = <u64>load<u32>(st, 16);
  const s1 = r1 * 5, s2 = r2 * 5, s3 = r3 * 5, s4 = r4 * 5;
  let h0 = load<u32>(st, H_OFF), h1 = load<u32>(st, H_OFF + 4), h2 = load<u32>(st, H_OFF + 8);
  let h3 = load<u32>(st, H_OFF + 12), h4 = load<u32>(st, H_OFF + 16);
  for (let b: usize = 0; b < blocks; b++, m += 16) {
    h0 += load<u32>(m, 0) & MASK;
    h1 += (load<u32>(m, 3) >> 2) & MASK;
    h2 += (load<u32>(m, 6) >> 4) & MASK;
    h3 += (load<u32>(m, 9) >> 6) & MASK;
    h4 += (load<u32>(m, 12) >> 8) | (hibit << 24);
    const d0 = <u64>h0 * r0 + <u64>h1 * s4 + <u64>h2 * s3 + <u64>h3 * s2 + <u64>h4 * s1;
    let d1 = <u64>h0 * r1 + <u64>h1 * r0 + <u64>h2 * s4 + <u64>h3 * s3 + <u64>h4 * s2;
    let d2 = <u64>h0 * r2 + <u64>h1 * r1 + <u64>h2 * r0 + <u64>h3 * s4 + <u64>h4 * s3;
    let d3 = <u64>h0 * r3 + <u64>h1 * r2 + <u64>h2 * r1 + <u64>h3 * r0 + <u64>h4 * s4;
    let d4 = <u64>h0 * r4 + <u64>h1 * r3 + <u64>h2 * r2 + <u64>h3 * r1 + <u64>h4 * r0;
    d1 += d0 >> 26; h0 = <u32>d0 & MASK;
    d2 += d1 >> 26; h1 = <u32>d1 & MASK;
    d3 += d2 >> 26; h2 = <u32>d2 & MASK;
    d4 += d3 >> 26; h3 = <u32>d3 & MASK;
    h4 = <u32>d4 & MASK;
    // 2^130 = 5 mod p: the carry out of the top limb re-enters at the bottom times five.
    h0 += <u32>(d4 >> 26) * 5;
    h1 += h0 >> 26;
    h0 &= MASK;
  }
  store<u32>(st, h0, H_OFF);
  store<u32>(st, h1, H_OFF + 4);
  store<u32>(st, h2, H_OFF + 8);
  store<u32>(st, h3, H_OFF + 12);
  store<u32>(st, h4, H_OFF + 16);
}

/** Absorbs `len` message bytes; partial blocks wait in the buffer. */
export function poly1305Update(st: usize, src: usize, len: usize): void {
  let pos = <usize>load<u32>(st, POS_OFF);
  let i: usize = 0;
  if (pos != 0) {
    i = 16 - pos;
    if (i > len) i = len;
    memory.copy(st + BUF_OFF + pos, src, i);
    pos += i;
    if (pos < 16) {
      store<u32>(st, <u32>pos, POS_OFF);
      return;
    }
    processBlocks(st, st + BUF_OFF, 1, 1);
    pos = 0;
  }
  const blocks = (len - i) >> 4;
  if (blocks != 0) {
    processBlocks(st, src + i, blocks, 1);
    i += blocks << 4;
  }
  if (i < len) {
    pos = len - i;
    memory.copy(st + BUF_OFF, src + i, pos);
  }
  store<u32>(st, <u32>pos, POS_OFF);
}

/** Absorbs zero bytes up to the next 16-byte boundary (RFC 8439's pad16 inside the AEAD). */
export function poly1305PadBlock(st: usize): void {
  const pos = <usize>load<u32>(st, POS_OFF);
  if (pos == 0) return;
  memory.fill(st + BUF_OFF + pos, 0, 16 - pos);
  processBlocks(st, st + BUF_OFF, 1, 1);
  store<u32>(st, 0, POS_OFF);
}

/** Finishes and writes the 16-byte tag to `tag`; the state must be re-initialized to reuse it. */
export function poly1305Final(st: usize, tag: usize): void {
  const pos = <usize>load<u32>(st, POS_OFF);
  if (pos != 0) {
    // The last partial block gets a 1 byte after the message instead of the 2^128 bit.
    store<u8>(st + BUF_OFF + pos, 1);
    memory.fill(st + BUF_OFF + pos + 1, 0, 15 - pos);
    processBlocks(st, st + BUF_OFF, 1, 0);
  }
  let h0 = load<u32>(st, H_OFF), h1 = load<u32>(st, H_OFF + 4), h2 = load<u32>(st, H_OFF + 8);
  let h3 = load<u32>(st, H_OFF + 12), h4 = load<u32>(st, H_OFF + 16);
  h2 += h1 >> 26; h1 &= MASK;
  h3 += h2 >> 26; h2 &= MASK;
  h4 += h3 >> 26; h3 &= MASK;
  h0 += (h4 >> 26) * 5; h4 &= MASK;
  h1 += h0 >> 26; h0 &= MASK;
  // g = h + 5 - 2^130; keep g when it did not go negative (h >= p), by masks.
  let g0 = h0 + 5;
  let g1 = h1 + (g0 >> 26); g0 &= MASK;
  let g2 = h2 + (g1 >> 26); g1 &= MASK;
  let g3 = h3 + (g2 >> 26); g2 &= MASK;
  let g4 = h4 + (g3 >> 26) - (<u32>1 << 26); g3 &= MASK;
  const keepG = (g4 >> 31) - 1;
  h0 = (h0 & ~keepG) | (g0 & keepG);
  h1 = (h1 & ~keepG) | (g1 & keepG);
  h2 = (h2 & ~keepG) | (g2 & keepG);
  h3 = (h3 & ~keepG) | (g3 & keepG);
  h4 = (h4 & ~keepG) | (g4 & keepG);
  // h mod 2^128, plus the pad s, little-endian.
  let f = <u64>(h0 | (h1 << 26)) + <u64>load<u32>(st, PAD_OFF);
  store<u32>(tag, <u32>f, 0);
  f = <u64>((h1 >> 6) | (h2 << 20)) + <u64>load<u32>(st, PAD_OFF + 4) + (f >> 32);
  store<u32>(tag, <u32>f, 4);
  f = <u64>((h2 >> 12) | (h3 << 14)) + <u64>load<u32>(st, PAD_OFF + 8) + (f >> 32);
  store<u32>(tag, <u32>f, 8);
  f = <u64>((h3 >> 18) | (h4 << 8)) + <u64>load<u32>(st, PAD_OFF + 12) + (f >> 32);
  store<u32>(tag, <u32>f, 12);
  memory.fill(st, 0, POLY1305_STATE_SIZE);
}
