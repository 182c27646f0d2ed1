/**
 * Batch verification: many proofs' range-proof equations E_i (verifier.ts), each a sum of points
 * that must be the identity, checked as one: sum r_i E_i = 0 with independent random weights r_i.
 * The generators G_i, H_i, B and G are shared, so their scalars add up across proofs and the batch
 * pays for them once; each proof adds only its own 20 points. A false E_i survives the weighted
 * sum with probability about 1/n (n the group order) over the r_i.
 *
 * r_i is a challenge drawn from proof i's own finished transcript after absorbing the host's fresh
 * 32-byte seed and i: unpredictable to whoever made the proofs as long as the seed is (the host
 * draws it from its CSPRNG), distinct per slot even for proofs whose transcripts agree (a and b are
 * not in the transcript), and still bound to the proofs if a host's seed were ever weak.
 *
 * Everything here is public (proofs, statements, weights are never secret from the verifier), so
 * it all runs in variable time; the prover's constant-time paths are not involved.
 */
import { ZK_BATCH_MAX } from '../layout';
import { reserve } from '../secp256k1/arena';
import { buildTables, NARROW, tableSize } from '../secp256k1/batch';
import { affineWindow, msmAffineVar } from '../secp256k1/msm_affine';
import { msmWideResetVar, msmWideTermVar, msmWideVar } from '../secp256k1/msm_wide';
import { GE_SIZE, GEJ_SIZE, gejAddVar, gejIsInfinity } from '../secp256k1/point';
import { scAdd } from '../secp256k1/scalar';
import { M, READY, verifyPrefixVar } from './circuits';
import { GEN_WIDTH, tableB, tableBlind, tableG, tableH } from './generators';
import { L_BATCH, L_RNG } from './labels';
import { NBITS } from './prover';
import { SC_SIZE } from './scalars';
import { trAppend, trChallenge } from './transcript';
import { DYN_POINTS, at, V_GC, V_HC } from './workspace';
import { rangeChallenge, rangePointCount, rangePoints, rangeScalar, rangeWeightedVar } from './verifier';

/** Most proofs in one batch. */
const BATCH_PROOFS: i32 = ZK_BATCH_MAX;
const NM: i32 = NBITS * M;
const PER_PROOF: i32 = 4 + 2 * 7 + M;
/** Shared scalars: G_0..G_(NM-1), H_0..H_(NM-1), B, G. */
const SHARED: i32 = 2 * NM + 2;
/**
 * Kept points from which buckets beat Straus' tables: measured for Jacobian buckets between 2
 * proofs (40 points, Straus a few per cent ahead) and 4 (80, buckets ahead; decision 060); the
 * affine buckets (msm_affine.ts, decision 069) cost less per point, so it can only be lower (not
 * re-measured).
 */
const PIPPENGER_FROM: i32 = 64;

const SEED: usize = memory.data(40, 16);
const R: usize = memory.data(<i32>SC_SIZE, 16);
const SUM: usize = memory.data(<i32>GEJ_SIZE, 16);
const PART: usize = memory.data(<i32>GEJ_SIZE, 16);

let acc: usize = 0;
let points: usize = 0;
let scalars: usize = 0;
let tables: usize = 0;
/** Proofs added since batchBegin, and how many of them are in the weighted sum. */
let added: i32 = -1;
let terms: i32 = 0;

// @ts-ignore: decorator
@inline function shared(j: i32): usize {
  return acc + <usize>j * SC_SIZE;
}

/** Starts a batch weighted from the 32-byte seed (copied). */
export function batchBegin(seed: usize): void {
  if (acc == 0) {
    acc = reserve(<usize>SHARED * SC_SIZE);
    points = reserve(<usize>(BATCH_PROOFS * PER_PROOF) * GE_SIZE);
    scalars = reserve(<usize>(BATCH_PROOFS * PER_PROOF) * SC_SIZE);
    tables = reserve(<usize>PIPPENGER_FROM * tableSize(NARROW));
  }
  memory.copy(SEED, seed, 32);
  memory.fill(acc, 0, <usize>SHARED * SC_SIZE);
  added = 0;
  terms = 0;
}

/** Proofs added since batchBegin; -1 before the first batchBegin. */
export function batchCount(): i32 {
  return added;
}

/**
 * Adds the `len`-byte proof at p (batchCount() < BATCH_PROOFS). Returns verifyVar's verdict bits
 * except that OK_MATH is not judged yet: READY says its equation joined the weighted sum, which
 * batchFinish checks for all of them at once.
 */
export function batchAddVar(p: usize, len: i32): i32 {
  const v = verifyPrefixVar(p, len);
  const slot = added++;
  if ((v & READY) == 0 || !rangeChallenge()) return v & ~READY;
  store<u32>(SEED + 32, <u32>slot);
  trAppend(L_RNG, SEED, 36);
  // A zero weight (probability about 2^-256) would drop the proof from the sum: judge it alone.
  if (!trChallenge(L_BATCH, R)) return v & ~READY;
  rangeWeightedVar(M, R);
  for (let i = 0; i < NM; i++) {
    scAdd(shared(i), shared(i), at(V_GC, i));
    scAdd(shared(NM + i), shared(NM + i), at(V_HC, i));
  }
  for (let j = 0; j < 2; j++) scAdd(shared(2 * NM + j), shared(2 * NM + j), rangeScalar(DYN_POINTS + j));
  const count = rangePointCount(M);
  memory.copy(points + <usize>terms * GE_SIZE, rangePoints(), <usize>count * GE_SIZE);
  memory.copy(scalars + <usize>terms * SC_SIZE, rangeScalar(0), <usize>count * SC_SIZE);
  terms += count;
  return v;
}

/**
 * Whether the weighted sum of every equation added with READY is the identity: then each of them
 * holds (but for probability about 2^-256); otherwise at least one does not.
 */
export function batchFinish(): bool {
  msmWideResetVar();
  let t = 0;
  for (let i = 0; i < NM; i++) {
    msmWideTermVar(t++, tableG(i), shared(i), GEN_WIDTH);
    msmWideTermVar(t++, tableH(i), shared(NM + i), GEN_WIDTH);
  }
  msmWideTermVar(t++, tableB(), shared(2 * NM), GEN_WIDTH);
  msmWideTermVar(t++, tableBlind(), shared(2 * NM + 1), GEN_WIDTH);
  msmWideVar(SUM, t);
  // The proofs' own points: Pippenger's buckets for many, Straus over width-6 tables for a few.
  if (terms >= PIPPENGER_FROM) {
    msmAffineVar(PART, points, scalars, terms, affineWindow(terms));
  } else {
    buildTables(tables, points, GE_SIZE, terms, NARROW);
    msmWideResetVar();
    for (let j = 0; j < terms; j++) msmWideTermVar(j, tables + <usize>j * tableSize(NARROW), scalars + <usize>j * SC_SIZE, NARROW);
    msmWideVar(PART, terms);
  }
  gejAddVar(SUM, SUM, PART);
  added = -1;
  return gejIsInfinity(SUM);
}
