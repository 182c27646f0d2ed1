/**
 * The aggregated range proof, verifier side: parse the core, replay the transcript, then accept
 * iff one multi-scalar multiplication is the identity. The batching weight c (label "batch",
 * drawn last) folds the t-check (t_x against T1, T2 and the V_j) into the inner-product check:
 *   A + x S + c x T1 + c x^2 T2 + sum (u_j^2 L_j + u_j^-2 R_j) + (-mu - c tau_x) G
 *   + (w (t_x - a b) + c (delta(y, z) - t_x)) B + sum (-z - a s_i) G_i
 *   + sum (z + y^-i (d_i - b s_(nm-1-i))) H_i + sum c z^(2+j) V_j = 0,
 * with s_i the product of u_j^+-1 picked by the bits of i and d_i = z^(2 + i/64) 2^(i mod 64).
 * Everything is public, so all of it runs in variable time. rangeScalars computes the equation's
 * scalars; rangeCheck sums it alone, batch.ts weighs many proofs' into one sum.
 */
import { buildTables } from '../secp256k1/batch';
import { GE_SIZE, GEJ_SIZE, gejIsInfinity } from '../secp256k1/point';
import { ONE, scAdd, scMul, scNeg, scSetB32 } from '../secp256k1/scalar';
import { sec1ParseVar } from '../secp256k1/sec1';
import { msmWideResetVar, msmWideTermVar, msmWideVar } from '../secp256k1/msm_wide';
import { GEN_WIDTH, tableB, tableBlind, tableG, tableH } from './generators';
import { L_A, L_BATCH, L_E_BLINDING, L_IPP_N, L_L, L_M, L_N, L_R, L_S, L_T1, L_T2, L_TX, L_TX_BLINDING, L_U, L_V, L_W, L_X, L_Y, L_Z } from './labels';
import { NBITS } from './prover';
import { recordChallenge } from './record';
import { SC_SIZE, scBatchInvert, scEqualVar, scFromU64, scSub } from './scalars';
import { trAppend, trAppendU64, trChallenge } from './transcript';
import { at, DYN_POINTS, DYN_WIDTH, dynTable, V_BS, V_GC, V_HC, V_S } from './workspace';

/** Most inner-product rounds (m <= 2: nm <= 128). */
const MAX_ROUNDS: i32 = 7;
/** Parsed points: A, S, T1, T2, then L_1, R_1, ..., L_k, R_k, then V_0..V_(m-1). */
const PTS: usize = memory.data(DYN_POINTS * <i32>GE_SIZE, 16);
const TX: usize = memory.data(<i32>SC_SIZE, 16);
const TAUX: usize = memory.data(<i32>SC_SIZE, 16);
const MU: usize = memory.data(<i32>SC_SIZE, 16);
const AA: usize = memory.data(<i32>SC_SIZE, 16);
const BB: usize = memory.data(<i32>SC_SIZE, 16);
const Y: usize = memory.data(<i32>SC_SIZE, 16);
const Z: usize = memory.data(<i32>SC_SIZE, 16);
const X: usize = memory.data(<i32>SC_SIZE, 16);
const W: usize = memory.data(<i32>SC_SIZE, 16);
const C: usize = memory.data(<i32>SC_SIZE, 16);
/** y, then u_1..u_k; inverted into INV, followed there by 1 / (y - 1). */
const CH: usize = memory.data((1 + MAX_ROUNDS) * <i32>SC_SIZE, 16);
const INV: usize = memory.data((2 + MAX_ROUNDS) * <i32>SC_SIZE, 16);
const USQ: usize = memory.data(MAX_ROUNDS * <i32>SC_SIZE, 16);
const T: usize = memory.data(<i32>SC_SIZE, 16);
const T2: usize = memory.data(<i32>SC_SIZE, 16);
const YI: usize = memory.data(<i32>SC_SIZE, 16);
const YP: usize = memory.data(<i32>SC_SIZE, 16);
const SUMY: usize = memory.data(<i32>SC_SIZE, 16);
const DELTA: usize = memory.data(<i32>SC_SIZE, 16);
const D: usize = memory.data(<i32>SC_SIZE, 16);
const ZP: usize = memory.data(2 * <i32>SC_SIZE, 16);
const RZ: usize = memory.data(<i32>SC_SIZE, 16);
const RC: usize = memory.data(<i32>SC_SIZE, 16);
const SUM: usize = memory.data(<i32>GEJ_SIZE, 16);

/** Rounds of the inner-product argument for m values. */
export function roundsFor(m: i32): i32 {
  return m == 1 ? 6 : 7;
}

/** Bytes of the range-proof core for m values: 4 points, 3 scalars, 2k points, 2 scalars. */
export function coreSize(m: i32): i32 {
  return 4 * 33 + 3 * 32 + 2 * roundsFor(m) * 33 + 2 * 32;
}

// @ts-ignore: decorator
@inline function pt(i: i32): usize {
  return PTS + <usize>i * GE_SIZE;
}

/** Parses a 33-byte compressed point; the identity, x >= p and points off the curve fail. */
function parsePoint(dst: usize, src: usize): bool {
  return sec1ParseVar(dst, src, 33);
}

/** Parses a canonical scalar (below n). */
function parseScalar(dst: usize, src: usize): bool {
  return scSetB32(dst, src) == 0;
}

/** Parses the core at `core` for m values; false for any invalid point or non-canonical scalar. */
export function rangeParse(core: usize, m: i32): bool {
  const k = roundsFor(m);
  for (let i = 0; i < 4; i++) if (!parsePoint(pt(i), core + <usize>(33 * i))) return false;
  if (!parseScalar(TX, core + 132) || !parseScalar(TAUX, core + 164) || !parseScalar(MU, core + 196)) return false;
  for (let i = 0; i < 2 * k; i++) if (!parsePoint(pt(4 + i), core + 228 + <usize>(33 * i))) return false;
  const ab = core + 228 + <usize>(66 * k);
  return parseScalar(AA, ab) && parseScalar(BB, ab + 32);
}

/** Stores the m values' commitments V_j (affine, derived by the caller) after the proof's points. */
export function rangeSetV(m: i32, v: usize): void {
  memory.copy(pt(4 + 2 * roundsFor(m)), v, <usize>m * GE_SIZE);
}

/**
 * Replays the range proof's transcript after the statement: n, m, V_j (compressed at vEnc), A, S,
 * y, z, T1, T2, x, the three scalars, w, ipp-n and every L, R, u. False for a zero challenge.
 */
export function rangeReplay(core: usize, m: i32, vEnc: usize): bool {
  const k = roundsFor(m);
  trAppendU64(L_N, <u64>NBITS);
  trAppendU64(L_M, <u64>m);
  for (let j = 0; j < m; j++) trAppend(L_V, vEnc + <usize>j * 33, 33);
  trAppend(L_A, core, 33);
  trAppend(L_S, core + 33, 33);
  if (!trChallenge(L_Y, Y) || !trChallenge(L_Z, Z)) return false;
  trAppend(L_T1, core + 66, 33);
  trAppend(L_T2, core + 99, 33);
  if (!trChallenge(L_X, X)) return false;
  trAppend(L_TX, core + 132, 32);
  trAppend(L_TX_BLINDING, core + 164, 32);
  trAppend(L_E_BLINDING, core + 196, 32);
  if (!trChallenge(L_W, W)) return false;
  recordChallenge(Y);
  recordChallenge(Z);
  recordChallenge(X);
  recordChallenge(W);
  trAppendU64(L_IPP_N, <u64>(NBITS * m));
  memory.copy(CH, Y, SC_SIZE);
  for (let j = 0; j < k; j++) {
    const lr = core + 228 + <usize>(66 * j);
    trAppend(L_L, lr, 33);
    trAppend(L_R, lr + 33, 33);
    const u = CH + <usize>(1 + j) * SC_SIZE;
    if (!trChallenge(L_U, u)) return false;
    recordChallenge(u);
  }
  return true;
}

/** The scalars of the proof's own points (rangePoints), then of B and G, set by rangeScalars. */
const DSC: usize = memory.data((DYN_POINTS + 2) * <i32>SC_SIZE, 16);

/** Points of the proof that rangeScalars weighs: A, S, T1, T2, L_j, R_j, V_j (affine, GE_SIZE apart). */
export function rangePoints(): usize {
  return PTS;
}

/** How many they are for m values. */
export function rangePointCount(m: i32): i32 {
  return 4 + 2 * roundsFor(m) + m;
}

/** Scalar of the proof's point j (j < rangePointCount), or of B (j = DYN_POINTS) and G (DYN_POINTS + 1). */
// @ts-ignore: decorator
@inline export function rangeScalar(j: i32): usize {
  return DSC + <usize>j * SC_SIZE;
}

/** The batching weight c drawn by the last rangeChallenge (it depends on the whole transcript). */
export function rangeBatchChallenge(): usize {
  return C;
}

/** Draws the batching weight c that folds the t-check in; false for a zero c. */
export function rangeChallenge(): bool {
  return trChallenge(L_BATCH, C);
}

/** The scalars of rangeCheck's equation alone (weight 1): rangeChallenge, then rangeWeightedVar. */
export function rangeScalars(m: i32): bool {
  if (!rangeChallenge()) return false;
  rangeWeightedVar(m, ONE);
  return true;
}

/**
 * Computes every scalar of the one equation times the weight r (batch.ts; 1 alone): G_i's at
 * V_GC, H_i's at V_HC (i < nm), B's, G's and the proof's own points' at rangeScalar. rangeParse,
 * rangeReplay and rangeChallenge must have succeeded for the same m. The weight rides on the
 * recurrences' starting values (r a s_0, r y^0), so it costs no product per generator; sum y^i
 * is (y^nm - 1) / (y - 1), its inversion shared with the u_j's.
 */
export function rangeWeightedVar(m: i32, r: usize): void {
  const k = roundsFor(m);
  const nm = NBITS * m;
  const geometric = !scEqualVar(Y, ONE);
  memory.copy(INV, CH, <usize>(1 + k) * SC_SIZE);
  if (geometric) scSub(INV + <usize>(1 + k) * SC_SIZE, Y, ONE);
  scBatchInvert(INV, geometric ? 2 + k : 1 + k);
  const yinv = INV;
  // r a s_i and b s_i: s_0 = product of u_j^-1; s_i = s_(i - 2^p) u_(k-p)^2 for p = floor(log2 i).
  scMul(at(V_S, 0), AA, r);
  memory.copy(at(V_BS, 0), BB, SC_SIZE);
  for (let j = 0; j < k; j++) {
    const u = CH + <usize>(1 + j) * SC_SIZE;
    const inv = INV + <usize>(1 + j) * SC_SIZE;
    scMul(at(V_S, 0), at(V_S, 0), inv);
    scMul(at(V_BS, 0), at(V_BS, 0), inv);
    scMul(USQ + <usize>j * SC_SIZE, u, u);
  }
  for (let i = 1; i < nm; i++) {
    const p = 31 - clz<i32>(i);
    const sq = USQ + <usize>(k - 1 - p) * SC_SIZE;
    scMul(at(V_S, i), at(V_S, i - (1 << p)), sq);
    scMul(at(V_BS, i), at(V_BS, i - (1 << p)), sq);
  }
  // G_i: -(r z + r a s_i). H_i: r z + r y^-i (d_i - b s_(nm-1-i)), d_i = z^(2 + i/64) 2^(i mod 64).
  scMul(ZP, Z, Z);
  scMul(ZP + SC_SIZE, ZP, Z);
  scMul(RZ, Z, r);
  memory.copy(YI, r, SC_SIZE);
  for (let i = 0; i < nm; i++) {
    scAdd(T, RZ, at(V_S, i));
    scNeg(at(V_GC, i), T);
    if ((i & 63) == 0) memory.copy(D, ZP + <usize>(i >> 6) * SC_SIZE, SC_SIZE);
    else scAdd(D, D, D);
    scSub(T, D, at(V_BS, nm - 1 - i));
    scMul(T, T, YI);
    scAdd(at(V_HC, i), T, RZ);
    scMul(YI, YI, yinv);
  }
  // sum of y^i for i < nm.
  if (geometric) {
    memory.copy(YP, Y, SC_SIZE);
    for (let b = nm; b > 1; b >>= 1) scMul(YP, YP, YP);
    scSub(T, YP, ONE);
    scMul(SUMY, T, INV + <usize>(1 + k) * SC_SIZE);
  } else {
    scFromU64(SUMY, <u64>nm);
  }
  // delta = (z - z^2) sum y^i - sum of z^(3+j) (2^64 - 1).
  scSub(T, Z, ZP);
  scMul(DELTA, T, SUMY);
  scFromU64(T2, 0xffffffffffffffff);
  for (let j = 0; j < m; j++) {
    scMul(T, ZP + <usize>j * SC_SIZE, Z);
    scMul(T, T, T2);
    scSub(DELTA, DELTA, T);
  }
  // B: r (w (t_x - a b) + c (delta - t_x)). G: -r (mu + c tau_x).
  scMul(RC, C, r);
  scMul(T, AA, BB);
  scSub(T, TX, T);
  scMul(T, T, W);
  scMul(T, T, r);
  scSub(T2, DELTA, TX);
  scMul(T2, T2, RC);
  scAdd(rangeScalar(DYN_POINTS), T, T2);
  scMul(T, RC, TAUX);
  scMul(T2, MU, r);
  scAdd(T, T, T2);
  scNeg(rangeScalar(DYN_POINTS + 1), T);
  // The proof's own points: A r, S r x, T1 r c x, T2 r c x^2, L_j r u_j^2, R_j r u_j^-2, V_j r c z^(2+j).
  memory.copy(rangeScalar(0), r, SC_SIZE);
  scMul(rangeScalar(1), X, r);
  scMul(rangeScalar(2), RC, X);
  scMul(rangeScalar(3), rangeScalar(2), X);
  for (let j = 0; j < k; j++) {
    scMul(rangeScalar(4 + 2 * j), USQ + <usize>j * SC_SIZE, r);
    const inv = INV + <usize>(1 + j) * SC_SIZE;
    scMul(T, inv, inv);
    scMul(rangeScalar(5 + 2 * j), T, r);
  }
  for (let j = 0; j < m; j++) scMul(rangeScalar(4 + 2 * k + j), RC, ZP + <usize>j * SC_SIZE);
}

/**
 * Checks the one equation alone (rangeScalars, then one MSM); rangeParse and rangeReplay must
 * have succeeded for the same m. False for a zero c or an equation that does not hold.
 */
export function rangeCheck(m: i32): bool {
  if (!rangeScalars(m)) return false;
  const nm = NBITS * m;
  msmWideResetVar();
  let t = 0;
  for (let i = 0; i < nm; i++) {
    msmWideTermVar(t++, tableG(i), at(V_GC, i), GEN_WIDTH);
    msmWideTermVar(t++, tableH(i), at(V_HC, i), GEN_WIDTH);
  }
  msmWideTermVar(t++, tableB(), rangeScalar(DYN_POINTS), GEN_WIDTH);
  msmWideTermVar(t++, tableBlind(), rangeScalar(DYN_POINTS + 1), GEN_WIDTH);
  const count = rangePointCount(m);
  buildTables(dynTable(0), PTS, GE_SIZE, count, DYN_WIDTH);
  for (let j = 0; j < count; j++) msmWideTermVar(t++, dynTable(j), rangeScalar(j), DYN_WIDTH);
  msmWideVar(SUM, t);
  return gejIsInfinity(SUM);
}
