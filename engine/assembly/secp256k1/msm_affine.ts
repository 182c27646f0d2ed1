/**
 * Variable-time multi-scalar multiplication sum k_i P_i for many public affine points (zk-FIDNA
 * batch verification) by Pippenger's bucket method: signed c-bit windows (digits in
 * [-2^(c-1), 2^(c-1)]), each point added (or subtracted) into the bucket of its digit's size, the
 * points summed into their buckets in affine coordinates. For a group of windows at once,
 * every bucket's waiting points are paired up round after round and each pair is added with the
 * affine formulas, lambda = (y2 - y1) / (x2 - x1) (3 x^2 / 2y for a doubling), whose divisions all
 * share one field inversion per round (Montgomery's trick): about 5 multiplications and a squaring
 * per addition against 8 and 3 for a mixed Jacobian one. When each bucket holds at most one point,
 * each window's sum j B_j is taken with two running sums, and the windows are combined by
 * doublings. Equal points are doubled and opposite ones dropped, so any input is handled.
 */
import { reserve } from './arena';
import { feZeroVar, gejAddGeSignedVar } from './addvar';
import { FE_SIZE, feAdd, feMul, feMulInt, feNeg, feNormalizeWeak, feSetInt, feSqr, feSub } from './field';
import { feInv } from './fieldpow';
import { GE_SIZE, GEJ_SIZE, gejAddVar, gejDoubleVar, gejSetInfinity } from './point';
import { SC_SIZE, scToLE } from './scalar';

/** Most points one call takes. */
export const AFFINE_MAX_POINTS: i32 = 2048;
const MAX_C: i32 = 10;
const MIN_C: i32 = 4;
const MAX_WINDOWS: i32 = 256 / MIN_C + 1;
/** (point, bucket) entries per group of windows: bounds the scratch (two pools of this many points). */
const GROUP: i32 = 4096;

let digits: usize = 0;
let cur: usize = 0;
let nxt: usize = 0;
let counts: usize = 0;
let pools: usize = 0;
let dens: usize = 0;
let prefix: usize = 0;
let kinds: usize = 0;
let sums: usize = 0;
const BYTES: usize = memory.data(48, 16);
const RUN: usize = memory.data(<i32>GEJ_SIZE, 16);
const SUM: usize = memory.data(<i32>GEJ_SIZE, 16);
const YA: usize = memory.data(<i32>FE_SIZE, 16);
const YB: usize = memory.data(<i32>FE_SIZE, 16);
const T: usize = memory.data(<i32>FE_SIZE, 16);
const L: usize = memory.data(<i32>FE_SIZE, 16);
const INV: usize = memory.data(<i32>FE_SIZE, 16);

/** Pair kinds: an addition, a doubling, or P + (-P) (no output). */
const ADD: u8 = 0;
const DOUBLE: u8 = 1;
const CANCEL: u8 = 2;

/** The window width for n points: about log2(n) - 2. */
export function affineWindow(n: i32): i32 {
  const c = 31 - clz<i32>(max(n, 1)) - 2;
  return min(MAX_C, max(MIN_C, c));
}

function ensureScratch(): void {
  if (digits != 0) return;
  digits = reserve(<usize>(AFFINE_MAX_POINTS * MAX_WINDOWS) * 2);
  cur = reserve(<usize>GROUP * 4);
  nxt = reserve(<usize>GROUP * 4);
  counts = reserve(<usize>GROUP * 4);
  pools = reserve(<usize>(2 * GROUP) * GE_SIZE);
  dens = reserve(<usize>(GROUP / 2) * FE_SIZE);
  prefix = reserve(<usize>(GROUP / 2) * FE_SIZE);
  kinds = reserve(<usize>(GROUP / 2));
  sums = reserve(<usize>MAX_WINDOWS * GEJ_SIZE);
}

/** y of the entry e (a point's address, bit 0 set when negated) into dst, magnitude <= 2. */
// @ts-ignore: decorator
@inline function loadYVar(dst: usize, e: u32): void {
  const p = <usize>(e & ~1);
  if ((e & 1) != 0) feNeg(dst, p + 40, 1);
  else memory.copy(dst, p + 40, FE_SIZE);
}

/** Classifies the pair (a, b) and writes the denominator of its lambda to den (1 when it cancels). */
function pairDenominatorVar(den: usize, a: u32, b: u32): u8 {
  const pa = <usize>(a & ~1), pb = <usize>(b & ~1);
  feSub(den, pb, pa, 1);
  if (!feZeroVar(den)) return ADD;
  loadYVar(YA, a);
  loadYVar(YB, b);
  feSub(T, YB, YA, 2);
  if (feZeroVar(T)) {
    feAdd(den, YA, YA);
    return DOUBLE;
  }
  feSetInt(den, 1);
  return CANCEL;
}

/** dst = a + b given inv = 1 / the pair's denominator (affine, magnitude 1). */
function pairSumVar(dst: usize, a: u32, b: u32, kind: u8, inv: usize): void {
  const pa = <usize>(a & ~1), pb = <usize>(b & ~1);
  loadYVar(YA, a);
  if (kind == ADD) {
    loadYVar(YB, b);
    feSub(T, YB, YA, 2);
  } else {
    feSqr(T, pa);
    feMulInt(T, T, 3);
  }
  feMul(L, T, inv);
  feSqr(dst, L);
  feSub(dst, dst, pa, 1);
  feSub(dst, dst, pb, 1);
  feNormalizeWeak(dst);
  feSub(T, pa, dst, 1);
  feMul(dst + 40, L, T);
  feSub(dst + 40, dst + 40, YA, 2);
  feNormalizeWeak(dst + 40);
}

/**
 * Sums each of `lists` buckets (entries at cur, counts at counts, in order) down to at most one
 * point, in rounds of pairwise affine additions with one inversion per round.
 */
function reduceBucketsVar(lists: i32): void {
  let round = 0;
  while (true) {
    let pairs = 0;
    for (let l = 0; l < lists; l++) pairs += load<u32>(counts + (<usize>l << 2)) >> 1;
    if (pairs == 0) return;
    // Denominators, and their running products for the shared inversion.
    let e = 0, p = 0;
    for (let l = 0; l < lists; l++) {
      const c = <i32>load<u32>(counts + (<usize>l << 2));
      for (let j = 0; j + 1 < c; j += 2) {
        const den = dens + <usize>p * FE_SIZE;
        const a = load<u32>(cur + (<usize>(e + j) << 2)), b = load<u32>(cur + (<usize>(e + j + 1) << 2));
        store<u8>(kinds + <usize>p, pairDenominatorVar(den, a, b));
        if (p == 0) memory.copy(prefix, den, FE_SIZE);
        else feMul(prefix + <usize>p * FE_SIZE, prefix + <usize>(p - 1) * FE_SIZE, den);
        p++;
      }
      e += c;
    }
    feInv(INV, prefix + <usize>(pairs - 1) * FE_SIZE);
    for (let q = pairs - 1; q > 0; q--) {
      const den = dens + <usize>q * FE_SIZE;
      feMul(T, INV, prefix + <usize>(q - 1) * FE_SIZE);
      feMul(INV, INV, den);
      memory.copy(den, T, FE_SIZE);
    }
    memory.copy(dens, INV, FE_SIZE);
    // The sums (and any odd point out) go to this round's pool, in bucket order.
    const pool = pools + <usize>((round & 1) * GROUP) * GE_SIZE;
    let out = 0;
    e = 0;
    p = 0;
    for (let l = 0; l < lists; l++) {
      const c = <i32>load<u32>(counts + (<usize>l << 2));
      const first = out;
      for (let j = 0; j + 1 < c; j += 2) {
        const a = load<u32>(cur + (<usize>(e + j) << 2)), b = load<u32>(cur + (<usize>(e + j + 1) << 2));
        const kind = load<u8>(kinds + <usize>p);
        if (kind != CANCEL) {
          const dst = pool + <usize>out * GE_SIZE;
          pairSumVar(dst, a, b, kind, dens + <usize>p * FE_SIZE);
          store<u32>(nxt + (<usize>out << 2), <u32>dst);
          out++;
        }
        p++;
      }
      if ((c & 1) != 0) {
        const a = load<u32>(cur + (<usize>(e + c - 1) << 2));
        const dst = pool + <usize>out * GE_SIZE;
        memory.copy(dst, <usize>(a & ~1), 40);
        loadYVar(dst + 40, a);
        store<u32>(nxt + (<usize>out << 2), <u32>dst);
        out++;
      }
      store<u32>(counts + (<usize>l << 2), <u32>(out - first));
      e += c;
    }
    memory.copy(cur, nxt, <usize>out << 2);
    round++;
  }
}

/**
 * r = sum of scalars[i] (limbs, SC_SIZE apart) times points[i] (affine, GE_SIZE apart, y of
 * magnitude <= 1, points 16-byte aligned) for i < n <= AFFINE_MAX_POINTS, in c-bit windows
 * (MIN_C <= c <= MAX_C). r is Jacobian, may be infinity.
 */
export function msmAffineVar(r: usize, points: usize, scalars: usize, n: i32, c: i32): void {
  ensureScratch();
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
  const per = max(1, min(GROUP / max(n, 1), GROUP / half));
  for (let w0 = 0; w0 < windows; w0 += per) {
    const w1 = min(windows, w0 + per);
    const lists = (w1 - w0) * half;
    // Bucket lists of the group's windows by counting sort: list (w - w0) half + |d| - 1.
    memory.fill(counts, 0, <usize>lists << 2);
    for (let w = w0; w < w1; w++) {
      for (let i = 0; i < n; i++) {
        const d = <i32>load<i16>(digits + (<usize>(i * windows + w) << 1));
        if (d == 0) continue;
        const at = counts + (<usize>((w - w0) * half + abs(d) - 1) << 2);
        store<u32>(at, load<u32>(at) + 1);
      }
    }
    let start = 0;
    for (let l = 0; l < lists; l++) {
      const at = counts + (<usize>l << 2);
      const c2 = <i32>load<u32>(at);
      store<u32>(at, <u32>start);
      start += c2;
    }
    for (let w = w0; w < w1; w++) {
      for (let i = 0; i < n; i++) {
        const d = <i32>load<i16>(digits + (<usize>(i * windows + w) << 1));
        if (d == 0) continue;
        const at = counts + (<usize>((w - w0) * half + abs(d) - 1) << 2);
        const slot = load<u32>(at);
        store<u32>(cur + (<usize>slot << 2), <u32>(points + <usize>i * GE_SIZE) | (d < 0 ? 1 : 0));
        store<u32>(at, slot + 1);
      }
    }
    // counts now hold each list's end: back to lengths.
    for (let l = lists - 1; l > 0; l--) {
      const at = counts + (<usize>l << 2);
      store<u32>(at, load<u32>(at) - load<u32>(at - 4));
    }
    reduceBucketsVar(lists);
    // Each bucket's one point (0 when empty), then each window's sum over j of (j + 1) B_j.
    let idx = 0;
    for (let l = 0; l < lists; l++) {
      const cnt = load<u32>(counts + (<usize>l << 2));
      store<u32>(nxt + (<usize>l << 2), cnt != 0 ? load<u32>(cur + (<usize>idx << 2)) : 0);
      idx += <i32>cnt;
    }
    for (let w = w0; w < w1; w++) {
      gejSetInfinity(RUN);
      gejSetInfinity(SUM);
      for (let j = half - 1; j >= 0; j--) {
        const en = load<u32>(nxt + (<usize>((w - w0) * half + j) << 2));
        if (en != 0) gejAddGeSignedVar(RUN, <usize>(en & ~1), (en & 1) != 0);
        gejAddVar(SUM, SUM, RUN);
      }
      memory.copy(sums + <usize>w * GEJ_SIZE, SUM, GEJ_SIZE);
    }
  }
  gejSetInfinity(r);
  for (let w = windows - 1; w >= 0; w--) {
    for (let k = 0; k < c; k++) gejDoubleVar(r, r);
    gejAddVar(r, r, sums + <usize>w * GEJ_SIZE);
  }
}
