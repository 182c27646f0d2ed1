/**
 * ExpandS's rejection step (FIPS 204 Algorithms 15 and 31, CoeffFromHalfByte and the loop of
 * RejBoundedPoly over one squeezed block) in v128: sixteen half-bytes a pass, the accepted ones
 * packed by a swizzle chosen by their acceptance mask.
 */
import { ETA, N } from './params';

/**
 * Per 8-bit acceptance mask m of eight byte lanes, the i8x16.swizzle that packs the accepted ones
 * to the front in order (unused bytes select zero): 256 masks, 16 bytes each, filled once.
 */
const PACK8: usize = memory.data(256 * 16, 16);

function initPack8(): void {
  for (let m = 0; m < 256; m++) {
    const row = PACK8 + (<usize>m << 4);
    memory.fill(row, 0x80, 16);
    let k: usize = 0;
    for (let lane = 0; lane < 8; lane++) {
      if (((m >> lane) & 1) == 0) continue;
      store<u8>(row + k, <u8>lane);
      k++;
    }
  }
}
initPack8();

/**
 * rejEtaBlock's byte constants, loaded once per block so that V8 keeps them in registers: 0x0f,
 * the acceptance bound (15 for eta = 2, 9 for eta = 4), eta, 4 and 9, sixteen lanes each; the
 * table for eta = 2, then the one for eta = 4, filled once.
 */
const ETA_CONSTANTS: usize = memory.data(2 * 80, 16);

function initEtaConstants(): void {
  for (let eta = 2; eta <= 4; eta += 2) {
    const k = ETA_CONSTANTS + <usize>((eta - 2) * 40);
    memory.fill(k, 0x0f, 16);
    memory.fill(k + 16, eta == 2 ? 15 : 9, 16);
    memory.fill(k + 32, <u8>eta, 16);
    memory.fill(k + 48, 4, 16);
    memory.fill(k + 64, 9, 16);
  }
}
initEtaConstants();

/** The half-bytes of the low eight bytes of x in stream order (low half of each byte first), one per i8 lane. */
// @ts-ignore: decorator
@inline function halfBytes(x: v128, low: v128): v128 {
  return i8x16.shuffle(v128.and(x, low), v128.and(i16x8.shr_u(x, 4), low), 0, 16, 1, 17, 2, 18, 3, 19, 4, 20, 5, 21, 6, 22, 7, 23);
}

/** CoeffFromHalfByte's value in each i8 lane: eta - (b mod 5) for eta = 2, eta - b for eta = 4. */
// @ts-ignore: decorator
@inline function etaCoefficients(h: v128, eta: v128, four: v128, nine: v128): v128 {
  if (ETA == 2) {
    // -floor(b / 5) for b < 15, then b mod 5 = b + 5 (-floor(b / 5)).
    const m = i8x16.add(i8x16.gt_s(h, four), i8x16.gt_s(h, nine));
    const m2 = i8x16.add(m, m);
    return i8x16.sub(eta, i8x16.add(h, i8x16.add(i8x16.add(m2, m2), m)));
  }
  return i8x16.sub(eta, h);
}

/** Stores the lanes of c's low eight that `accepted` (8 bits) marks at a[j..], widened to i32; returns the new count. */
// @ts-ignore: decorator
@inline function storeAccepted(a: usize, j: i32, c: v128, accepted: i32): i32 {
  const w = i16x8.extend_low_i8x16_s(i8x16.swizzle(c, v128.load(PACK8 + (<usize>accepted << 4))));
  v128.store(a + (<usize>j << 2), i32x4.extend_low_i16x8_s(w));
  v128.store(a + (<usize>j << 2), i32x4.extend_high_i16x8_s(w), 16);
  return j + popcnt<i32>(accepted);
}

/**
 * CoeffFromHalfByte over `len` squeezed bytes (a multiple of 4) at buf, appending to the i32 array
 * a from index j; returns the new count. Sixteen half-bytes at a time, in stream order: their
 * coefficients and acceptance (b < 15, resp. b < 9) in i8 lanes; the accepted ones of each eight
 * are packed to the front by the swizzle PACK8 holds for their mask, widened to i32 and stored
 * together. Stops after the eight half-bytes in which the 256th coefficient is accepted, having
 * written up to eight slots past a + 4 N. The index into PACK8 is the pattern of dropped
 * half-bytes, which is independent of the coefficients kept (docs/crypto/constant-time.md
 * section 3, as rejBoundedPoly's branch on the count); the coefficients themselves meet no branch
 * and no index.
 */
export function rejEtaBlock(a: usize, j: i32, buf: usize, len: i32): i32 {
  // Half-bytes are below 16, so signed byte compares (one instruction each) do.
  const k = ETA_CONSTANTS + <usize>((ETA - 2) * 40);
  const low = v128.load(k);
  const bound = v128.load(k, 16);
  const eta = v128.load(k, 32);
  const four = v128.load(k, 48);
  const nine = v128.load(k, 64);
  let i: usize = 0;
  for (; i + 8 <= <usize>len && j < N; i += 8) {
    const h = halfBytes(v128.load64_zero(buf + i), low);
    const c = etaCoefficients(h, eta, four, nine);
    const accepted = i8x16.bitmask(i8x16.gt_s(bound, h));
    j = storeAccepted(a, j, c, accepted & 0xff);
    if (j >= N) return j;
    j = storeAccepted(a, j, v128.shuffle<i64>(c, c, 1, 1), accepted >> 8);
  }
  if (i + 4 <= <usize>len && j < N) {
    const h = halfBytes(v128.load32_zero(buf + i), low);
    j = storeAccepted(a, j, etaCoefficients(h, eta, four, nine), i8x16.bitmask(i8x16.gt_s(bound, h)) & 0xff);
  }
  return j;
}
