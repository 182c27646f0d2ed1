/**
 * zk-FIDNA proofs, version 1: statements (statement.ts) proven by the aggregated range proof, in
 * this encoding:
 *   version 0x01 | circuit | result | m = 2 | log2(n) = 6 | context length | context
 *   | commitments (33 each) | min, max (u64be, range_proof only) | range-proof core | kernel (64,
 *   custom only).
 * The prover's blindings come from SHAKE256("ZK-FIDNA/v1 blinding" || rng || u64be of each
 * committed value), 64 bytes per blinding mod n, in commitment order.
 */
import { DS_SHAKE, RATE_SHAKE256, SPONGE_SIZE, spongeAbsorb, spongeInit, spongeSqueeze } from '../keccak';
import { feGetB32 } from '../secp256k1/field';
import { ctMsm, ctTerm } from '../secp256k1/msm_ct';
import { GE_SIZE } from '../secp256k1/point';
import { scGetB32, scIsZero, scNeg } from '../secp256k1/scalar';
import { sec1ParseVar, sec1Serialize } from '../secp256k1/sec1';
import { schnorrAbsorb, schnorrSignBegin, schnorrSignFinish, schnorrSignNonce, schnorrVerifyBegin, schnorrVerifyFinish } from '../secp256k1/schnorr';
import { tableB, tableBlind } from './generators';
import { L_BLINDING_DOMAIN, L_KERNEL, labelLen, labelPtr } from './labels';
import { AUX, rangeProve, wipeProver } from './prover';
import { recordReset } from './record';
import { SC_SIZE, scFromB64, scFromU64, scSub } from './scalars';
import { CIRCUIT_BALANCE, CIRCUIT_CUSTOM, CIRCUIT_RANGE, commitmentCount, deriveV, kernelExcess, statementPrefix } from './statement';
import { trChallengeBytes } from './transcript';
import { coreSize, rangeCheck, rangeParse, rangeReplay, rangeSetV } from './verifier';
import { ensureWorkspace, wipeVectors } from './workspace';

/** Values per proof: every circuit proves two. */
export const M: i32 = 2;
const VERSION: u8 = 1;
const LOG_N: u8 = 6;
export const KERNEL_SIZE: i32 = 64;

/** Verification verdict bits. */
export const OK_STRUCTURE: i32 = 1;
export const OK_CIRCUIT: i32 = 2;
export const OK_MATH: i32 = 4;
export const OK_KERNEL: i32 = 8;

/** Prover results besides a length. */
export const PROVE_INVALID: i32 = -1;
export const PROVE_RETRY: i32 = -2;

/** Bytes of a proof. */
export function proofSize(circuit: i32, ctxLen: i32): i32 {
  return 6 + ctxLen + 33 * commitmentCount(circuit) + (circuit == CIRCUIT_RANGE ? 16 : 0) + coreSize(M) + (circuit == CIRCUIT_CUSTOM ? KERNEL_SIZE : 0);
}

const C: usize = memory.data(3 * <i32>GE_SIZE, 16);
const V: usize = memory.data(2 * <i32>GE_SIZE, 16);
const VENC: usize = memory.data(2 * 33, 16);
const EXCESS: usize = memory.data(<i32>GE_SIZE, 16);
const BLIND: usize = memory.data(3 * <i32>SC_SIZE, 16);
const GAMMA: usize = memory.data(2 * <i32>SC_SIZE, 16);
const VALUES: usize = memory.data(24, 16);
const K: usize = memory.data(<i32>SC_SIZE, 16);
const SPONGE: usize = memory.data(SPONGE_SIZE, 16);
const WIDE: usize = memory.data(64, 16);
const MSG: usize = memory.data(32, 16);
const KEY: usize = memory.data(32, 16);

function putU64(at: usize, v: u64): void {
  store<u64>(at, bswap<u64>(v));
}

/** Blindings, one per committed value (VALUES, count of them), from rng. */
function drawBlindings(rng: usize, count: i32): void {
  spongeInit(SPONGE, RATE_SHAKE256, DS_SHAKE);
  spongeAbsorb(SPONGE, labelPtr(L_BLINDING_DOMAIN), <usize>labelLen(L_BLINDING_DOMAIN));
  spongeAbsorb(SPONGE, rng, 32);
  for (let i = 0; i < count; i++) {
    putU64(WIDE, load<u64>(VALUES + (<usize>i << 3)));
    spongeAbsorb(SPONGE, WIDE, 8);
  }
  for (let i = 0; i < count; i++) {
    spongeSqueeze(SPONGE, WIDE, 64);
    scFromB64(BLIND + <usize>i * SC_SIZE, WIDE);
  }
}

/** Commitment i = value_i B + blinding_i G, constant time, into C (affine) and enc. */
function commit(i: i32, enc: usize): bool {
  scFromU64(K, load<u64>(VALUES + (<usize>i << 3)));
  ctTerm(0, tableB(), K);
  ctTerm(1, tableBlind(), BLIND + <usize>i * SC_SIZE);
  const c = C + <usize>i * GE_SIZE;
  if (!ctMsm(c, 2)) return false;
  sec1Serialize(enc + <usize>(33 * i), c, true);
  return true;
}

// @ts-ignore: decorator
@inline function blind(i: i32): usize {
  return BLIND + <usize>i * SC_SIZE;
}

/**
 * The witness of the range proof: values (VALUES as u64s) and blindings (GAMMA) of V_0, V_1.
 * Blindings per circuit: balance r_X, r_Y; range r_X; custom r_Y, r_P, r_R.
 */
function witness(circuit: i32, result: i32, x: u64, y: u64, min: u64, max: u64): void {
  if (circuit == CIRCUIT_RANGE) {
    store<u64>(VALUES, x - min);
    store<u64>(VALUES + 8, max - x);
    memory.copy(GAMMA, blind(0), SC_SIZE);
    scNeg(GAMMA + SC_SIZE, blind(0));
  } else if (circuit == CIRCUIT_CUSTOM) {
    store<u64>(VALUES, x - 1);
    store<u64>(VALUES + 8, y - x);
    memory.copy(GAMMA, blind(1), 2 * SC_SIZE);
  } else if (result == 1) {
    store<u64>(VALUES, x - 1);
    store<u64>(VALUES + 8, y - x);
    memory.copy(GAMMA, blind(0), SC_SIZE);
    scSub(GAMMA + SC_SIZE, blind(1), blind(0));
  } else {
    store<u64>(VALUES, y);
    store<u64>(VALUES + 8, x - y - 1);
    memory.copy(GAMMA, blind(1), SC_SIZE);
    scSub(GAMMA + SC_SIZE, blind(0), blind(1));
  }
}

/** Whether the statement is true, so that a proof exists (x >= 1 always). */
export function provable(circuit: i32, x: u64, y: u64, min: u64, max: u64): bool {
  if (x < 1) return false;
  if (circuit == CIRCUIT_RANGE) return min <= max && x >= min && x <= max;
  if (circuit == CIRCUIT_CUSTOM) return y >= x;
  return circuit == CIRCUIT_BALANCE;
}

/** BIP-340 signature by e = r_Y - r_P - r_R on the kernel message; false if e = 0. */
function signKernel(sig: usize): bool {
  scSub(K, blind(0), blind(1));
  scSub(K, K, blind(2));
  if (scIsZero(K) != 0) return false;
  scGetB32(KEY, K);
  trChallengeBytes(L_KERNEL, MSG, 32);
  const ok = schnorrSignBegin(KEY, AUX);
  memory.fill(KEY, 0, 32);
  memory.fill(K, 0, SC_SIZE);
  if (!ok) return false;
  schnorrAbsorb(MSG, 32);
  if (!schnorrSignNonce()) return false;
  schnorrAbsorb(MSG, 32);
  schnorrSignFinish(sig);
  return true;
}

function attempt(out: usize, circuit: i32, result: i32, x: u64, y: u64, min: u64, max: u64, ctx: usize, ctxLen: i32, rng: usize): i32 {
  const count = commitmentCount(circuit);
  // Committed values in commitment order: balance X, Y; range X; custom Y, X, Y - X.
  if (circuit == CIRCUIT_CUSTOM) {
    store<u64>(VALUES, y);
    store<u64>(VALUES + 8, x);
    store<u64>(VALUES + 16, y - x);
  } else {
    store<u64>(VALUES, x);
    store<u64>(VALUES + 8, y);
  }
  drawBlindings(rng, count);
  store<u8>(out, VERSION);
  store<u8>(out + 1, <u8>circuit);
  store<u8>(out + 2, <u8>result);
  store<u8>(out + 3, <u8>M);
  store<u8>(out + 4, LOG_N);
  store<u8>(out + 5, <u8>ctxLen);
  memory.copy(out + 6, ctx, <usize>ctxLen);
  const enc = out + 6 + <usize>ctxLen;
  for (let i = 0; i < count; i++) if (!commit(i, enc)) return PROVE_RETRY;
  let core = enc + <usize>(33 * count);
  if (circuit == CIRCUIT_RANGE) {
    putU64(core, min);
    putU64(core + 8, max);
    core += 16;
  }
  if (!deriveV(circuit, result, min, max, C, V, VENC)) return PROVE_RETRY;
  statementPrefix(circuit, result, min, max, ctx, ctxLen, enc);
  witness(circuit, result, x, y, min, max);
  if (!rangeProve(core, M, VALUES, GAMMA, VENC, rng)) return PROVE_RETRY;
  if (circuit == CIRCUIT_CUSTOM && !signKernel(core + <usize>coreSize(M))) return PROVE_RETRY;
  return proofSize(circuit, ctxLen);
}

/**
 * Proves the statement of `circuit` about X = x and Y = y (range: min <= X <= max) bound to the
 * context, writing the proof to out and the blindings (32 bytes each, commitment order) to
 * openings. Returns the proof's length, PROVE_INVALID for a false statement, or PROVE_RETRY when
 * this rng met a zero challenge or an identity (the caller draws a new rng).
 */
export function prove(out: usize, openings: usize, circuit: i32, x: u64, y: u64, min: u64, max: u64, ctx: usize, ctxLen: i32, rng: usize): i32 {
  if (!provable(circuit, x, y, min, max) || ctxLen < 0 || ctxLen > 255) return PROVE_INVALID;
  ensureWorkspace();
  recordReset();
  const result = circuit == CIRCUIT_BALANCE && y < x ? 0 : 1;
  const len = attempt(out, circuit, result, x, y, min, max, ctx, ctxLen, rng);
  if (len > 0) {
    for (let i = 0; i < commitmentCount(circuit); i++) scGetB32(openings + <usize>(32 * i), blind(i));
  }
  wipeProver();
  wipeVectors();
  memory.fill(BLIND, 0, 3 * SC_SIZE);
  memory.fill(GAMMA, 0, 2 * SC_SIZE);
  memory.fill(VALUES, 0, 24);
  memory.fill(K, 0, SC_SIZE);
  memory.fill(SPONGE, 0, SPONGE_SIZE);
  memory.fill(WIDE, 0, 64);
  return len;
}

/** verifyPrefixVar's bit for "the equation can be checked": the transcript replayed with no zero challenge. */
export const READY: i32 = 16;

/**
 * Verifies the `len`-byte proof at p. Returns the verdict bits: OK_STRUCTURE (it decodes: header,
 * length, canonical points and scalars), OK_CIRCUIT (bounds in order, V_j and the kernel excess
 * are not the identity), OK_MATH (the range-proof equation, no zero challenge) and OK_KERNEL (the
 * custom circuit's BIP-340 kernel, set for the others). Without structure nothing else is judged,
 * without a valid circuit neither check runs; the last two are independent.
 */
export function verifyVar(p: usize, len: i32): i32 {
  const v = verifyPrefixVar(p, len);
  if ((v & READY) == 0) return v;
  return (v & ~READY) | (rangeCheck(M) ? OK_MATH : 0);
}

/**
 * Everything verifyVar does but the range-proof equation: the verdict bits without OK_MATH, with
 * READY when the equation is left to check (rangeScalars or rangeCheck with M, next).
 */
export function verifyPrefixVar(p: usize, len: i32): i32 {
  ensureWorkspace();
  recordReset();
  if (len < 6) return 0;
  const circuit = <i32>load<u8>(p + 1);
  const result = <i32>load<u8>(p + 2);
  const ctxLen = <i32>load<u8>(p + 5);
  if (load<u8>(p) != VERSION || circuit < CIRCUIT_BALANCE || circuit > CIRCUIT_CUSTOM) return 0;
  if (result > 1 || (result == 0 && circuit != CIRCUIT_BALANCE)) return 0;
  if (<i32>load<u8>(p + 3) != M || load<u8>(p + 4) != LOG_N || len != proofSize(circuit, ctxLen)) return 0;
  const count = commitmentCount(circuit);
  const enc = p + 6 + <usize>ctxLen;
  for (let i = 0; i < count; i++) if (!sec1ParseVar(C + <usize>i * GE_SIZE, enc + <usize>(33 * i), 33)) return 0;
  let core = enc + <usize>(33 * count);
  let min: u64 = 0, max: u64 = 0;
  if (circuit == CIRCUIT_RANGE) {
    min = bswap<u64>(load<u64>(core));
    max = bswap<u64>(load<u64>(core + 8));
    core += 16;
  }
  if (!rangeParse(core, M)) return 0;
  if (circuit == CIRCUIT_RANGE && min > max) return OK_STRUCTURE;
  if (!deriveV(circuit, result, min, max, C, V, VENC)) return OK_STRUCTURE;
  if (circuit == CIRCUIT_CUSTOM && !kernelExcess(C, EXCESS)) return OK_STRUCTURE;
  rangeSetV(M, V);
  statementPrefix(circuit, result, min, max, p + 6, ctxLen, enc);
  const ok = OK_STRUCTURE | OK_CIRCUIT;
  if (!rangeReplay(core, M, VENC)) return ok;
  let kernel = OK_KERNEL;
  if (circuit == CIRCUIT_CUSTOM) {
    trChallengeBytes(L_KERNEL, MSG, 32);
    feGetB32(KEY, EXCESS);
    const sig = core + <usize>coreSize(M);
    kernel = 0;
    if (schnorrVerifyBegin(KEY, sig)) {
      schnorrAbsorb(MSG, 32);
      if (schnorrVerifyFinish()) kernel = OK_KERNEL;
    }
  }
  return ok | READY | kernel;
}
