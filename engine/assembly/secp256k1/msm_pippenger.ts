/**
 * Variable-time multi-scalar multiplication sum k_i P_i by Pippenger's bucket method, for large
 * sums of public affine points (zk-FIDNA batch verification): each scalar in signed c-bit windows
 * (digits in [-2^(c-1), 2^(c-1)]), and per window, from the top, c doublings of the result, every
 * point added (or subtracted) into the bucket of its digit's size, and the buckets summed as
 * sum j B_j with two running sums. No tables are built, so per point it costs one mixed addition
 * per window; the buckets' 2^c Jacobian additions per window are shared, which pays once the
 * points far outnumber the buckets. Public data only.
 */
import { reserve } from './arena';
import { gejAddGeSignedVar } from './addvar';
import { GE_SIZE, GEJ_SIZE, gejAddVar, gejDoubleVar, gejSetInfinity } from './point';
import { SC_SIZE, scToLE } from './scalar';

/** Most points one call takes. */
export const PIPPENGER_MAX_POINTS: i32 = 2048;
const MAX_C: i32 = 10;
const MAX_WINDOWS: i32 = 256 / 5 + 1;

let digits: usize = 0;
let buckets: usize = 0;
const BYTES: usize = memory.data(48, 16);
const RUN: usize = memory.data(<i32>GEJ_SIZE, 16);
const SUM: usize = memory.data(<i32>GEJ_SIZE, 16);

/** The window width for n points: about log2(n) - 2, the minimum of (256 / c)(n + 2^c). */
export function pippengerWindow(n: i32): i32 {
  const c = 31 - clz<i32>(max(n, 1)) - 2;
  return min(MAX_C, max(5, c));
}

/**
 * r = sum of scalars[i] (limbs, SC_SIZE apart) times points[i] (affine, GE_SIZE apart) for
 * i < n <= PIPPENGER_MAX_POINTS, in c-bit windows (5 <= c <= 10). r is Jacobian, may be infinity.
 */
export function msmPippengerVar(r: usize, points: usize, scalars: usize, n: i32, c: i32): void {
  if (digits == 0) {
    digits = reserve(<usize>(PIPPENGER_MAX_POINTS * MAX_WINDOWS) * 2);
    buckets = reserve(<usize>(1 << (MAX_C - 1)) * GEJ_SIZE);
  }
  const windows = 256 / c + 1;
  const half = 1 << (c - 1);
  const mask: u64 = (<u64>1 << <u64>c) - 1;
  for (let i = 0; i < n; i++) {
    memory.fill(BYTES, 0, 48);
    scToLE(BYTES, scalars + <usize>i * SC_SIZE);
    let carry = 0;
    for (let w = 0; w < windows; w++) {
      const pos = w * c;
      let d = <i32>((load<u64>(BYTES + <usize>(pos >> 3)) >> <u64>(pos & 7)) & mask) + carry;
      carry = d >= half ? 1 : 0;
      d -= carry << c;
      store<i16>(digits + (<usize>(i * windows + w) << 1), <i16>d);
    }
  }
  gejSetInfinity(r);
  for (let w = windows - 1; w >= 0; w--) {
    for (let k = 0; k < c; k++) gejDoubleVar(r, r);
    for (let j = 0; j < half; j++) gejSetInfinity(buckets + <usize>j * GEJ_SIZE);
    for (let i = 0; i < n; i++) {
      const d = <i32>load<i16>(digits + (<usize>(i * windows + w) << 1));
      if (d == 0) continue;
      const p = points + <usize>i * GE_SIZE;
      if (d > 0) gejAddGeSignedVar(buckets + <usize>(d - 1) * GEJ_SIZE, p, false);
      else gejAddGeSignedVar(buckets + <usize>(-d - 1) * GEJ_SIZE, p, true);
    }
    // sum over j of (j + 1) B_j: RUN = B_top + ... + B_j, added into SUM once per j.
    gejSetInfinity(RUN);
    gejSetInfinity(SUM);
    for (let j = half - 1; j >= 0; j--) {
      gejAddVar(RUN, RUN, buckets + <usize>j * GEJ_SIZE);
      gejAddVar(SUM, SUM, RUN);
    }
    gejAddVar(r, r, SUM);
  }
}
