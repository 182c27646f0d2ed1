/**
 * The aggregated 64-bit range proof, prover side (Bulletproofs, section 4.3): for m values
 * v_j < 2^64 committed as V_j = v_j B + gamma_j G, proves every v_j is in [0, 2^64) with A, S,
 * T1, T2, t_x, tau_x, mu and an inner-product argument on l and r.
 *
 * Everything that touches the values, blindings or nonces (A, S, T1, T2, the vectors l0, r0 and
 * the polynomial t) runs in constant time: bits are selected by masks, the multi-scalar
 * multiplications are msm_ct's. Randomness is derived from the transcript and the 32-byte rng:
 * after n, m and the V_j, a fork of the transcript squeezes 64 bytes under the label "rng", and
 * SHAKE256("ZK-FIDNA/v1 nonce" || those bytes || u64be(v_j)... || gamma_j... || rng) gives, 64
 * bytes per scalar mod n, alpha, rho, s_L, s_R, tau1, tau2, then 32 bytes of aux for the caller.
 */
import { DS_SHAKE, RATE_SHAKE256, SPONGE_SIZE, spongeAbsorb, spongeInit, spongeSqueeze } from '../keccak';
import { FE_SIZE, feCmov, feNeg } from '../secp256k1/field';
import { pjAddGe, pjToGe } from '../secp256k1/complete';
import { ctMsm, ctSum, ctTerm } from '../secp256k1/msm_ct';
import { GE_SIZE } from '../secp256k1/point';
import { scAdd, scGetB32, scMul } from '../secp256k1/scalar';
import { scInv } from '../secp256k1/scalarinv';
import { sec1Serialize } from '../secp256k1/sec1';
import { tableB, tableBlind, tableG, tableH } from './generators';
import { ippProve } from './ipp';
import { L_A, L_E_BLINDING, L_IPP_N, L_M, L_N, L_NONCE_DOMAIN, L_RNG, L_S, L_T1, L_T2, L_TX, L_TX_BLINDING, L_V, L_X, L_Y, L_Z, L_W, labelLen, labelPtr } from './labels';
import { recordChallenge } from './record';
import { SC_SIZE, scFromB64, scFromU64, scInner, scSetOne, scSub } from './scalars';
import { trAppend, trAppendU64, trChallenge, trFork } from './transcript';
import { at, V_L, V_R, V_R1, V_SL, V_SR, V_YP } from './workspace';

/** Bits per value. */
export const NBITS: i32 = 64;

const FORK: usize = memory.data(SPONGE_SIZE, 16);
const NONCES: usize = memory.data(SPONGE_SIZE, 16);
const WIDE: usize = memory.data(64, 16);
const HEAD: usize = memory.data(8, 16);
/** The 32 bytes of aux drawn after the proof's nonces (the custom circuit's BIP-340 aux). */
export const AUX: usize = memory.data(32, 16);

const ALPHA: usize = memory.data(<i32>SC_SIZE, 16);
const RHO: usize = memory.data(<i32>SC_SIZE, 16);
const TAU1: usize = memory.data(<i32>SC_SIZE, 16);
const TAU2: usize = memory.data(<i32>SC_SIZE, 16);
const T1: usize = memory.data(<i32>SC_SIZE, 16);
const T2: usize = memory.data(<i32>SC_SIZE, 16);
const TMP: usize = memory.data(<i32>SC_SIZE, 16);
const D: usize = memory.data(<i32>SC_SIZE, 16);
const Y: usize = memory.data(<i32>SC_SIZE, 16);
const Z: usize = memory.data(<i32>SC_SIZE, 16);
const X: usize = memory.data(<i32>SC_SIZE, 16);
const W: usize = memory.data(<i32>SC_SIZE, 16);
const YINV: usize = memory.data(<i32>SC_SIZE, 16);
/** z^(2 + j) for j < m (at most 2). */
const ZP: usize = memory.data(2 * <i32>SC_SIZE, 16);
const E: usize = memory.data(<i32>GE_SIZE, 16);
const NH: usize = memory.data(<i32>GE_SIZE, 16);
const P: usize = memory.data(<i32>GE_SIZE, 16);

function draw(r: usize): void {
  spongeSqueeze(NONCES, WIDE, 64);
  scFromB64(r, WIDE);
}

/** Seeds the nonce stream from the transcript fork, the witness and rng, and draws every nonce. */
function drawNonces(m: i32, values: usize, gammas: usize, rng: usize): void {
  trFork(FORK);
  store<u8>(HEAD, 2);
  store<u8>(HEAD + 1, <u8>labelLen(L_RNG));
  spongeAbsorb(FORK, HEAD, 2);
  spongeAbsorb(FORK, labelPtr(L_RNG), <usize>labelLen(L_RNG));
  spongeSqueeze(FORK, WIDE, 64);
  spongeInit(NONCES, RATE_SHAKE256, DS_SHAKE);
  spongeAbsorb(NONCES, labelPtr(L_NONCE_DOMAIN), <usize>labelLen(L_NONCE_DOMAIN));
  spongeAbsorb(NONCES, WIDE, 64);
  for (let j = 0; j < m; j++) {
    store<u64>(HEAD, bswap<u64>(load<u64>(values + (<usize>j << 3))));
    spongeAbsorb(NONCES, HEAD, 8);
  }
  for (let j = 0; j < m; j++) {
    scGetB32(WIDE, gammas + <usize>j * SC_SIZE);
    spongeAbsorb(NONCES, WIDE, 32);
  }
  spongeAbsorb(NONCES, rng, 32);
  draw(ALPHA);
  draw(RHO);
  const nm = NBITS * m;
  for (let i = 0; i < nm; i++) draw(at(V_SL, i));
  for (let i = 0; i < nm; i++) draw(at(V_SR, i));
  draw(TAU1);
  draw(TAU2);
  spongeSqueeze(NONCES, AUX, 32);
}

/** Bit i of the concatenated values (LSB first), 0 or 1; shifts by public amounts only. */
// @ts-ignore: decorator
@inline function bitOf(values: usize, i: i32): u32 {
  return <u32>(load<u64>(values + (<usize>(i >> 6) << 3)) >> <u64>(i & 63)) & 1;
}

/** A = alpha G + sum over i of (bit i ? G_i : -H_i), every step the same whatever the bits. */
function commitBits(out: usize, nm: i32, values: usize): bool {
  ctTerm(0, tableBlind(), ALPHA);
  const acc = ctSum(1);
  for (let i = 0; i < nm; i++) {
    const bit = bitOf(values, i);
    memory.copy(E, tableG(i), GE_SIZE);
    memory.copy(NH, tableH(i), FE_SIZE);
    feNeg(NH + 40, tableH(i) + 40, 1);
    feCmov(E, NH, 1 - bit);
    feCmov(E + 40, NH + 40, 1 - bit);
    pjAddGe(acc, E, E + 40);
  }
  memory.fill(E, 0, GE_SIZE);
  return pjToGe(P, acc) && serialize(out);
}

function serialize(out: usize): bool {
  sec1Serialize(out, P, true);
  return true;
}

/** T = t B + tau G, constant time. */
function commitScalar(out: usize, t: usize, tau: usize): bool {
  ctTerm(0, tableB(), t);
  ctTerm(1, tableBlind(), tau);
  return ctMsm(P, 2) && serialize(out);
}

/**
 * Writes the range proof core (A, S, T1, T2, t_x, tau_x, mu, the L_j, R_j and a, b) to out and
 * feeds the transcript, which must hold the statement already. values: m u64s; gammas: m
 * scalars; vEnc: the m V_j compressed. False when the proof must be redone with new randomness
 * (a zero challenge or a commitment at infinity, probability about 2^-256).
 */
export function rangeProve(out: usize, m: i32, values: usize, gammas: usize, vEnc: usize, rng: usize): bool {
  const nm = NBITS * m;
  trAppendU64(L_N, <u64>NBITS);
  trAppendU64(L_M, <u64>m);
  for (let j = 0; j < m; j++) trAppend(L_V, vEnc + <usize>j * 33, 33);
  drawNonces(m, values, gammas, rng);

  if (!commitBits(out, nm, values)) return false;
  ctTerm(0, tableBlind(), RHO);
  for (let i = 0; i < nm; i++) {
    ctTerm(1 + i, tableG(i), at(V_SL, i));
    ctTerm(1 + nm + i, tableH(i), at(V_SR, i));
  }
  if (!ctMsm(P, 2 * nm + 1) || !serialize(out + 33)) return false;
  trAppend(L_A, out, 33);
  trAppend(L_S, out + 33, 33);
  if (!trChallenge(L_Y, Y) || !trChallenge(L_Z, Z)) return false;
  recordChallenge(Y);
  recordChallenge(Z);

  // l0 = a_L - z, r0 = y^i (a_R + z) + z^(2+j) 2^(i mod 64), r1 = y^i s_R.
  scMul(ZP, Z, Z);
  scMul(ZP + SC_SIZE, ZP, Z);
  for (let i = 0; i < nm; i++) {
    if (i == 0) scSetOne(at(V_YP, 0));
    else scMul(at(V_YP, i), at(V_YP, i - 1), Y);
    if ((i & 63) == 0) memory.copy(D, ZP + <usize>(i >> 6) * SC_SIZE, SC_SIZE);
    else scAdd(D, D, D);
    const bit = bitOf(values, i);
    scFromU64(TMP, <u64>bit);
    scSub(at(V_L, i), TMP, Z);
    scFromU64(TMP, <u64>(1 - bit));
    scSub(TMP, Z, TMP);
    scMul(TMP, TMP, at(V_YP, i));
    scAdd(at(V_R, i), TMP, D);
    scMul(at(V_R1, i), at(V_YP, i), at(V_SR, i));
  }
  // t1 = <l0, r1> + <s_L, r0>, t2 = <s_L, r1>.
  scInner(T1, at(V_L, 0), at(V_R1, 0), nm);
  scInner(TMP, at(V_SL, 0), at(V_R, 0), nm);
  scAdd(T1, T1, TMP);
  scInner(T2, at(V_SL, 0), at(V_R1, 0), nm);
  if (!commitScalar(out + 66, T1, TAU1) || !commitScalar(out + 99, T2, TAU2)) return false;
  trAppend(L_T1, out + 66, 33);
  trAppend(L_T2, out + 99, 33);
  if (!trChallenge(L_X, X)) return false;
  recordChallenge(X);

  // l = l0 + x s_L, r = r0 + x r1, t_x = <l, r>.
  for (let i = 0; i < nm; i++) {
    scMul(TMP, X, at(V_SL, i));
    scAdd(at(V_L, i), at(V_L, i), TMP);
    scMul(TMP, X, at(V_R1, i));
    scAdd(at(V_R, i), at(V_R, i), TMP);
  }
  scInner(TMP, at(V_L, 0), at(V_R, 0), nm);
  scGetB32(out + 132, TMP);
  // tau_x = tau2 x^2 + tau1 x + sum of z^(2+j) gamma_j; mu = alpha + rho x.
  scMul(TMP, TAU2, X);
  scAdd(TMP, TMP, TAU1);
  scMul(TMP, TMP, X);
  for (let j = 0; j < m; j++) {
    scMul(D, ZP + <usize>j * SC_SIZE, gammas + <usize>j * SC_SIZE);
    scAdd(TMP, TMP, D);
  }
  scGetB32(out + 164, TMP);
  scMul(TMP, RHO, X);
  scAdd(TMP, TMP, ALPHA);
  scGetB32(out + 196, TMP);
  trAppend(L_TX, out + 132, 32);
  trAppend(L_TX_BLINDING, out + 164, 32);
  trAppend(L_E_BLINDING, out + 196, 32);
  if (!trChallenge(L_W, W)) return false;
  recordChallenge(W);

  trAppendU64(L_IPP_N, <u64>nm);
  scInv(YINV, Y);
  return ippProve(out + 228, nm, YINV, W);
}

/** Zeroes the prover's secret scalars and the nonce stream. */
export function wipeProver(): void {
  memory.fill(ALPHA, 0, SC_SIZE);
  memory.fill(RHO, 0, SC_SIZE);
  memory.fill(TAU1, 0, SC_SIZE);
  memory.fill(TAU2, 0, SC_SIZE);
  memory.fill(T1, 0, SC_SIZE);
  memory.fill(T2, 0, SC_SIZE);
  memory.fill(TMP, 0, SC_SIZE);
  memory.fill(D, 0, SC_SIZE);
  memory.fill(NONCES, 0, SPONGE_SIZE);
  memory.fill(FORK, 0, SPONGE_SIZE);
  memory.fill(WIDE, 0, 64);
  memory.fill(HEAD, 0, 8);
  memory.fill(AUX, 0, 32);
}
