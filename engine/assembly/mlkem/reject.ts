/**
 * SampleNTT's rejection step of FIPS 203 (Algorithm 7) in v128, and the copy of its coefficients
 * into the NTT-domain layout of ntt.ts. Their input is a SHAKE128 stream of rho, public.
 */
import { N, POLY_BYTES, Q } from './params';

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
 * rejectUniform's constants, loaded once per call so that V8 keeps them in registers instead of
 * building each splat anew: 0xfff and q in eight u16 lanes, the even-lane mask, and the swizzle
 * that puts the byte pairs of four triples into eight u16 lanes.
 */
const REJECT_CONSTANTS: usize = memory.data<u16>([
  0xfff, 0xfff, 0xfff, 0xfff, 0xfff, 0xfff, 0xfff, 0xfff,
  <u16>Q, <u16>Q, <u16>Q, <u16>Q, <u16>Q, <u16>Q, <u16>Q, <u16>Q,
  0xffff, 0, 0xffff, 0, 0xffff, 0, 0xffff, 0,
  0x0100, 0x0201, 0x0403, 0x0504, 0x0706, 0x0807, 0x0a09, 0x0b0a,
], 16);

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
  const fff = v128.load(REJECT_CONSTANTS);
  const q = v128.load(REJECT_CONSTANTS, 16);
  const even = v128.load(REJECT_CONSTANTS, 32);
  const pairs = v128.load(REJECT_CONSTANTS, 48);
  for (let i: usize = 0; i < <usize>len && j < N; i += 12) {
    const v = i8x16.swizzle(v128.load(buf + i), pairs);
    const d = v128.bitselect(v128.and(v, fff), i16x8.shr_u(v, 4), even);
    // Candidates are below 2^12, so the signed compare (one instruction) does.
    const m = i16x8.bitmask(i16x8.gt_s(q, d));
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
