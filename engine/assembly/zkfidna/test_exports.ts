/**
 * zk-FIDNA's test hooks, exported by the test build alone (engine/assembly/test-entry.ts, asconfig.json
 * target `test`, engine/build/test.wasm); the shipped module has none of them
 * (docs/decisions/043-engine-test-build-and-constant-time-code.md). IO offsets and return codes are
 * in engine/assembly/layout.ts (ZK_*):
 *   zkTestHashToCurve: message at 0, DST at ZK_H2C_DST -> u0, u1 (32 each) at ZK_H2C_OUT, Q0 (x || y)
 *                      at +64, Q1 at +128, P at +192 (mode 0: hash_to_curve; 1: encode_to_curve, no u1/Q1)
 *   zkTestGenerator:   -> a 33-byte point at ZK_GENERATOR_OUT
 *   zkTestMsm:         terms from 0 -> the sum at ZK_MSM_OUT
 *   zkTestRangeProve, zkTestRangeVerify: the bare range proof's core at ZK_PROOF, V_j at ZK_COMMITMENTS
 *   zkTestForceZeroChallenge: the index-th challenge of every later transcript is zero
 */
import { IO } from '../io';
import { ERR_ARGUMENT, INVALID, OK, ZK_CHALLENGES, ZK_COMMITMENTS, ZK_GENERATOR_OUT, ZK_H2C_DST, ZK_H2C_OUT, ZK_MSM_OUT, ZK_PROOF } from '../layout';
import { feGetB32 } from '../secp256k1/field';
import { GE_SIZE, GEJ_SIZE, geSetGej, gejIsInfinity } from '../secp256k1/point';
import { encodeToCurve, H2C_MAX_DST, hashToCurve, lastU } from '../secp256k1/h2c';
import { reserve } from '../secp256k1/arena';
import { affineWindow, msmAffineVar } from '../secp256k1/msm_affine';
import { CT_MAX_TERMS, ctMsm, ctTerm } from '../secp256k1/msm_ct';
import { WIDE_MAX_TERMS, msmWideResetVar, msmWideTermVar, msmWideVar } from '../secp256k1/msm_wide';
import { SC_SIZE, scSetB32 } from '../secp256k1/scalar';
import { sec1Serialize } from '../secp256k1/sec1';
import { ensureGenerators, GEN_WIDTH, GENERATORS, generatorPoint, NM_MAX, tableB, tableBlind, tableG, tableH } from './generators';
import { rawProve, rawVerify } from './raw';
import { copyRecorded } from './record';
import { trForceZero } from './transcript';

const Q0: usize = memory.data(<i32>GE_SIZE, 16);
const Q1: usize = memory.data(<i32>GE_SIZE, 16);
const P: usize = memory.data(<i32>GE_SIZE, 16);

function writeGe(dst: usize, a: usize): void {
  feGetB32(dst, a);
  feGetB32(dst + 32, a + 40);
}

/**
 * Test hook: RFC 9380 hash_to_curve (mode 0) or encode_to_curve (mode 1) with every intermediate
 * value: OK, INVALID when hash_to_curve sums to the point at infinity, ERR_ARGUMENT for a bad
 * length or mode.
 */
export function zkTestHashToCurve(msgLen: i32, dstLen: i32, mode: i32): i32 {
  if (msgLen < 0 || msgLen > ZK_H2C_DST || dstLen < 1 || dstLen > H2C_MAX_DST || (mode != 0 && mode != 1)) return ERR_ARGUMENT;
  const out = IO + ZK_H2C_OUT;
  if (mode == 0) {
    if (!hashToCurve(P, Q0, Q1, IO, msgLen, IO + ZK_H2C_DST, dstLen)) return INVALID;
    feGetB32(out + 32, lastU(1));
    writeGe(out + 128, Q1);
  } else {
    encodeToCurve(P, IO, msgLen, IO + ZK_H2C_DST, dstLen);
    memory.copy(Q0, P, GE_SIZE);
  }
  feGetB32(out, lastU(0));
  writeGe(out + 64, Q0);
  writeGe(out + 192, P);
  return OK;
}

/**
 * Test hook: writes generator `index` (digest order: B, G, G_0..G_255, H_0..H_255) compressed to
 * ZK_GENERATOR_OUT: OK, or ERR_ARGUMENT for an index outside 0..513.
 */
export function zkTestGenerator(index: i32): i32 {
  if (index < 0 || index >= 2 + 2 * GENERATORS) return ERR_ARGUMENT;
  ensureGenerators();
  sec1Serialize(IO + ZK_GENERATOR_OUT, generatorPoint(index), true);
  return OK;
}

const SCALAR: usize = memory.data(<i32>SC_SIZE, 16);
const SUM: usize = memory.data(<i32>GEJ_SIZE, 16);

/** Table of base `b`: 0..127 G_i, 128..255 H_i, 256 B, 257 the blinding base G. */
function tableOf(b: i32): usize {
  if (b < NM_MAX) return tableG(b);
  if (b < 2 * NM_MAX) return tableH(b - NM_MAX);
  return b == 2 * NM_MAX ? tableB() : tableBlind();
}

/** Affine points and scalars of zkTestMsm's bucket mode, reserved on first use. */
let msmPoints: usize = 0;
let msmScalars: usize = 0;

/**
 * Test hook for the multi-scalar multiplications: IO holds `count` entries of u32le base index
 * (see tableOf) and a 32-byte big-endian scalar (36 bytes each); the sum is written as x || y to
 * ZK_MSM_OUT. mode 1: constant time (msm_ct); 0: Straus over the tables (msm_wide); 2: affine
 * buckets (msm_affine) over the bases' affine points in c-bit windows, c = mode >> 2 (4..10; 0
 * for affineWindow's choice). Returns OK, INVALID for the identity, or
 * ERR_ARGUMENT for a bad count, mode or base index.
 */
export function zkTestMsm(count: i32, mode: i32): i32 {
  const kind = mode & 3;
  if (count < 1 || count > CT_MAX_TERMS || count > WIDE_MAX_TERMS || kind > 2) return ERR_ARGUMENT;
  ensureGenerators();
  if (msmPoints == 0) {
    msmPoints = reserve(<usize>WIDE_MAX_TERMS * GE_SIZE);
    msmScalars = reserve(<usize>WIDE_MAX_TERMS * SC_SIZE);
  }
  if (kind == 0) msmWideResetVar();
  for (let i = 0; i < count; i++) {
    const at = IO + <usize>(i * 36);
    const b = load<i32>(at);
    if (b < 0 || b > 2 * NM_MAX + 1) return ERR_ARGUMENT;
    scSetB32(SCALAR, at + 4);
    if (kind == 1) ctTerm(i, tableOf(b), SCALAR);
    else if (kind == 0) msmWideTermVar(i, tableOf(b), SCALAR, GEN_WIDTH);
    else {
      memory.copy(msmPoints + <usize>i * GE_SIZE, tableOf(b), GE_SIZE);
      memory.copy(msmScalars + <usize>i * SC_SIZE, SCALAR, SC_SIZE);
    }
  }
  if (kind == 1) {
    if (!ctMsm(P, count)) return INVALID;
  } else {
    if (kind == 0) msmWideVar(SUM, count);
    else {
      const c = (mode >> 2) == 0 ? affineWindow(count) : mode >> 2;
      if (c < 4 || c > 10) return ERR_ARGUMENT;
      msmAffineVar(SUM, msmPoints, msmScalars, count, c);
    }
    if (gejIsInfinity(SUM)) return INVALID;
    geSetGej(P, SUM);
  }
  writeGe(IO + ZK_MSM_OUT, P);
  return OK;
}

/** Test hook: the index-th challenge scalar of every later transcript is zero (-1: off). */
export function zkTestForceZeroChallenge(index: i32): void {
  trForceZero(index);
}

/**
 * Test hook: the bare range proof for m = 1 or 2 (zkfidna/raw.ts; its inputs from 0), core to
 * ZK_PROOF and V_j to ZK_COMMITMENTS: OK, INVALID when it must be redone, ERR_ARGUMENT for another m.
 */
export function zkTestRangeProve(m: i32): i32 {
  if (m != 1 && m != 2) return ERR_ARGUMENT;
  const ok = rawProve(m, IO, IO + ZK_PROOF, IO + ZK_COMMITMENTS);
  copyRecorded(IO + ZK_CHALLENGES);
  return ok ? OK : INVALID;
}

/** Test hook: checks a bare range proof (core at ZK_PROOF, V_j at ZK_COMMITMENTS): OK, INVALID, or ERR_ARGUMENT for m other than 1 or 2. */
export function zkTestRangeVerify(m: i32): i32 {
  if (m != 1 && m != 2) return ERR_ARGUMENT;
  return rawVerify(m, IO + ZK_PROOF, IO + ZK_COMMITMENTS) ? OK : INVALID;
}
