/**
 * zk-FIDNA's three statements over Pedersen commitments Commit(v, r) = v B + r G:
 *   1 balance_proof  C_X, C_Y     result 1 (Y >= X): V_0 = C_X - B (X - 1), V_1 = C_Y - C_X (Y - X)
 *                                 result 0 (Y < X):  V_0 = C_Y (Y), V_1 = C_X - C_Y - B (X - Y - 1)
 *   2 range_proof    C_X          V_0 = C_X - min B (X - min), V_1 = max B - C_X (max - X)
 *   3 custom         C_Y, C_P, C_R  V_0 = C_P - B (X - 1), V_1 = C_R (Y - X), and a BIP-340 kernel
 *                                 proving C_Y - C_P - C_R = e G (a transfer that creates nothing)
 * Both values are then proven to lie in [0, 2^64) by one aggregated range proof (m = 2), all bound
 * by the transcript prefix: protocol, generators, circuit, result, bounds (range only), context,
 * and each commitment.
 */
import { GE_SIZE, GEJ_SIZE, geNeg, geSetGej, gejAddGeVar, gejIsInfinity, gejNeg, gejSetGe } from '../secp256k1/point';
import { msmWideResetVar, msmWideTermVar, msmWideVar } from '../secp256k1/msm_wide';
import { sec1Serialize } from '../secp256k1/sec1';
import { GEN_WIDTH, GENERATOR_DIGEST, generatorPoint, POINT_B, tableB } from './generators';
import { L_BOUNDS, L_C, L_CIRCUIT, L_CONTEXT, L_GENERATORS, L_PROTOCOL, L_PROTOCOL_NAME, L_RESULT, labelLen, labelPtr } from './labels';
import { SC_SIZE, scFromU64 } from './scalars';
import { trAppend, trInit } from './transcript';

export const CIRCUIT_BALANCE: i32 = 1;
export const CIRCUIT_RANGE: i32 = 2;
export const CIRCUIT_CUSTOM: i32 = 3;

/** Public commitments of a circuit. */
export function commitmentCount(circuit: i32): i32 {
  return circuit == CIRCUIT_CUSTOM ? 3 : circuit == CIRCUIT_RANGE ? 1 : 2;
}

const BYTE: usize = memory.data(16, 16);
const J: usize = memory.data(<i32>GEJ_SIZE, 16);
const J2: usize = memory.data(<i32>GEJ_SIZE, 16);
const NEG: usize = memory.data(<i32>GE_SIZE, 16);
const K: usize = memory.data(<i32>SC_SIZE, 16);

/**
 * Starts the transcript with the statement: commitments are the compressed points at `enc` (33
 * bytes each, commitmentCount of them).
 */
export function statementPrefix(circuit: i32, result: i32, min: u64, max: u64, ctx: usize, ctxLen: i32, enc: usize): void {
  trInit();
  trAppend(L_PROTOCOL, labelPtr(L_PROTOCOL_NAME), labelLen(L_PROTOCOL_NAME));
  trAppend(L_GENERATORS, GENERATOR_DIGEST, 32);
  store<u8>(BYTE, <u8>circuit);
  trAppend(L_CIRCUIT, BYTE, 1);
  store<u8>(BYTE, <u8>result);
  trAppend(L_RESULT, BYTE, 1);
  if (circuit == CIRCUIT_RANGE) {
    store<u64>(BYTE, bswap<u64>(min));
    store<u64>(BYTE + 8, bswap<u64>(max));
    trAppend(L_BOUNDS, BYTE, 16);
  }
  trAppend(L_CONTEXT, ctx, ctxLen);
  const count = commitmentCount(circuit);
  for (let i = 0; i < count; i++) trAppend(L_C, enc + <usize>(33 * i), 33);
}

/** J = v B (Jacobian; infinity for v = 0). */
function timesB(v: u64): void {
  scFromU64(K, v);
  msmWideResetVar();
  msmWideTermVar(0, tableB(), K, GEN_WIDTH);
  msmWideVar(J, 1);
}

/** J = J + sign a for an affine a (sign +1 or -1). */
function addSigned(a: usize, sign: i32): void {
  if (sign > 0) {
    gejAddGeVar(J, J, a);
  } else {
    geNeg(NEG, a);
    gejAddGeVar(J, J, NEG);
  }
}

/** Stores J affine at dst and compressed at enc; false when J is infinity. */
function finish(dst: usize, enc: usize): bool {
  if (gejIsInfinity(J)) return false;
  geSetGej(dst, J);
  sec1Serialize(enc, dst, true);
  return true;
}

/**
 * Derives V_0 and V_1 (affine at v, compressed at vEnc) from the commitments (affine at c, GE_SIZE
 * apart). False when one is the identity: it has no encoding, so no proof can be about it.
 * Public data only (variable time).
 */
export function deriveV(circuit: i32, result: i32, min: u64, max: u64, c: usize, v: usize, vEnc: usize): bool {
  const c0 = c, c1 = c + GE_SIZE, c2 = c + 2 * GE_SIZE;
  const b = generatorPoint(POINT_B);
  if (circuit == CIRCUIT_RANGE) {
    timesB(min);
    gejNeg(J, J);
    addSigned(c0, 1);
    if (!finish(v, vEnc)) return false;
    timesB(max);
    addSigned(c0, -1);
    return finish(v + GE_SIZE, vEnc + 33);
  }
  if (circuit == CIRCUIT_CUSTOM) {
    gejSetGe(J, c1);
    addSigned(b, -1);
    if (!finish(v, vEnc)) return false;
    gejSetGe(J, c2);
    return finish(v + GE_SIZE, vEnc + 33);
  }
  if (result == 1) {
    gejSetGe(J, c0);
    addSigned(b, -1);
    if (!finish(v, vEnc)) return false;
    gejSetGe(J, c1);
    addSigned(c0, -1);
    return finish(v + GE_SIZE, vEnc + 33);
  }
  gejSetGe(J, c1);
  if (!finish(v, vEnc)) return false;
  gejSetGe(J, c0);
  addSigned(c1, -1);
  addSigned(b, -1);
  return finish(v + GE_SIZE, vEnc + 33);
}

/** The custom circuit's kernel excess E = C_Y - C_P - C_R, affine at e; false for the identity. */
export function kernelExcess(c: usize, e: usize): bool {
  gejSetGe(J2, c);
  geNeg(NEG, c + GE_SIZE);
  gejAddGeVar(J2, J2, NEG);
  geNeg(NEG, c + 2 * GE_SIZE);
  gejAddGeVar(J2, J2, NEG);
  if (gejIsInfinity(J2)) return false;
  geSetGej(e, J2);
  return true;
}
