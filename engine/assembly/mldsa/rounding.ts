/** Power2Round, Decompose and UseHint (FIPS 204 section 7.4), branch-free on their inputs. */
import { D, GAMMA2, W1_MAX } from './params';

/** Power2Round high part for r in [0, q): ceil((r - 2^(d-1)) / 2^d). */
// @ts-ignore: decorator
@inline export function power2RoundHigh(r: i32): i32 {
  return (r + (1 << (D - 1)) - 1) >> D;
}

/** floor(x / (2 * gamma2)) for 0 <= x < 2^24 by a multiply-shift (no division instruction). */
// @ts-ignore: decorator
@inline function divTwoGamma2(x: i32): i32 {
  // ceil(2^48 / (2 * gamma2)) for each gamma2; the error stays below 1 / (2 * gamma2) for x < 2^24.
  const m: i64 = GAMMA2 == 261888 ? 537395713 : 1477838210;
  return <i32>((<i64>x * m) >> 48);
}

/** Decompose high part r1 of r in [0, q). */
// @ts-ignore: decorator
@inline export function highBits(r: i32): i32 {
  const r1 = divTwoGamma2(r + GAMMA2 - 1);
  // r1 == (q - 1) / (2 * gamma2) happens only where r - r0 = q - 1; FIPS 204 maps it to 0.
  return r1 & ~(-(<i32>(r1 == W1_MAX)));
}

/** Decompose low part r0 of r in [0, q), centred in (-gamma2, gamma2] (or -gamma2 for the wrap case). */
// @ts-ignore: decorator
@inline export function lowBits(r: i32): i32 {
  const r1 = divTwoGamma2(r + GAMMA2 - 1);
  const wrap = -(<i32>(r1 == W1_MAX));
  return r - r1 * 2 * GAMMA2 + wrap;
}

/** UseHint: the high part of r corrected by hint bit h (public data: verification only). */
export function useHint(h: i32, r: i32): i32 {
  const r1 = highBits(r);
  if (h == 0) return r1;
  const r0 = lowBits(r);
  if (r0 > 0) return r1 + 1 == W1_MAX ? 0 : r1 + 1;
  return r1 == 0 ? W1_MAX - 1 : r1 - 1;
}
