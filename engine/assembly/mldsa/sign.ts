/**
 * ML-DSA.KeyGen_internal, ML-DSA.Sign_internal (from mu) and ML-DSA.Verify_internal (from mu),
 * FIPS 204 Algorithms 6, 7 and 8. The host computes mu = H(tr || M', 64) by streaming the message
 * through the Keccak sponge, so messages of any length never need to fit in wasm memory.
 */
import { DS_SHAKE, RATE_SHAKE256, SPONGE_SIZE, spongeAbsorb, spongeInit, spongeSqueeze } from '../keccak';
import { N, K, L, D, ETA, ETA_BITS, BETA, GAMMA1, GAMMA1_BITS, GAMMA2, OMEGA, CTILDE_BYTES, W1_BITS, POLY_BYTES, MAX_K, MAX_L, PK_BYTES, TR_BYTES } from './params';
import { BESIDE_HASH_BLOCKS, expandA, expandS, expandSLastBesideHash, matrixCached, wipeSamplers } from './sample';
import { sampleInBall, wipeChallenge } from './challenge';
import { expandBesideHashes } from './expand_hashes';
import { hashBesideMask, maskAttempt, wipeMask } from './mask';
import { packSigned, packSimple, unpackSigned, unpackSimple } from './packing';
import { exceeds, invNttVec, matVec, mulChallenge, nttVec, poly } from './polyvec';
import { addExceeds, decomposeVec, makeHints, power2RoundVec, subLowBitsExceeds, useHintVec } from './rounding';
import { decodeHints, encodeHints } from './hints';
import { ntt } from './ntt';

const MAT: usize = memory.data(MAX_K * MAX_L * POLY_BYTES, 16);
const S1: usize = memory.data(MAX_L * POLY_BYTES, 16);
const S2: usize = memory.data(MAX_K * POLY_BYTES, 16);
const T0: usize = memory.data(MAX_K * POLY_BYTES, 16);
const T1: usize = memory.data(MAX_K * POLY_BYTES, 16);
const Y: usize = memory.data(MAX_L * POLY_BYTES, 16);
const YHAT: usize = memory.data(MAX_L * POLY_BYTES, 16);
const W: usize = memory.data(MAX_K * POLY_BYTES, 16);
const W1: usize = memory.data(MAX_K * POLY_BYTES, 16);
const TMP: usize = memory.data(POLY_BYTES, 16);
const CP: usize = memory.data(POLY_BYTES, 16);
const SPONGE: usize = memory.data(SPONGE_SIZE, 16);
/** rho || rho' || K from the seed, then rho'' during signing. */
const SEEDS: usize = memory.data(192, 16);
/** mu || w1Encode(w1): hashed into c~. */
const HASH_IN: usize = memory.data(64 + MAX_K * 32 * 6, 16);
const CTILDE: usize = memory.data(64, 16);
/** mu, when computed here from M'. */
const MU: usize = memory.data(64, 16);

/**
 * Clears every static buffer that held secret material, so nothing outlives the call: the first
 * l or k polynomials of each, all that a call at this level writes. Only signing (`signed`)
 * writes y-hat, w, y, TMP and the mask stream.
 */
function wipeSecrets(signed: bool): void {
  memory.fill(S1, 0, L * POLY_BYTES);
  memory.fill(S2, 0, K * POLY_BYTES);
  memory.fill(T0, 0, K * POLY_BYTES);
  memory.fill(SEEDS, 0, 192);
  memory.fill(SPONGE, 0, SPONGE_SIZE);
  wipeSamplers();
  if (!signed) return;
  wipeChallenge();
  memory.fill(YHAT, 0, L * POLY_BYTES);
  memory.fill(W, 0, K * POLY_BYTES);
  memory.fill(Y, 0, L * POLY_BYTES);
  memory.fill(TMP, 0, POLY_BYTES);
  wipeMask();
}

/** Signing gives up after this many rejected attempts (expected: about 4 to 5). */
const MAX_ATTEMPTS: i32 = 1000;

function shake256(dst: usize, dstLen: i32, src: usize, srcLen: i32): void {
  spongeInit(SPONGE, RATE_SHAKE256, DS_SHAKE);
  spongeAbsorb(SPONGE, src, <usize>srcLen);
  spongeSqueeze(SPONGE, dst, <usize>dstLen);
}

/**
 * KeyGen_internal from the 32-byte seed xi; writes pk and sk. s1 and s2 are packed first, so that
 * s1 can go to the NTT domain in place, and t is computed in T0, where Power2Round leaves t0.
 */
export function keygen(xi: usize, pk: usize, sk: usize): void {
  memory.copy(SEEDS, xi, 32);
  store<u8>(SEEDS + 32, <u8>K);
  store<u8>(SEEDS + 33, <u8>L);
  shake256(SEEDS, 128, SEEDS, 34);
  const rho = SEEDS;
  expandA(MAT, rho);
  // With l + k odd, the last row of s2 is sampled beside tr's hash below (expandSLastBesideHash).
  const odd = ((L + K) & 1) != 0;
  const rows = odd ? K - 1 : K;
  expandS(S1, S2, SEEDS + 32);
  // sk = rho || K || tr || s1 || s2 || t0
  memory.copy(sk, rho, 32);
  memory.copy(sk + 32, SEEDS + 96, 32);
  const etaBytes = <usize>(32 * ETA_BITS);
  const s2Packed = sk + 128 + <usize>L * etaBytes;
  for (let i = 0; i < L; i++) packSigned(sk + 128 + <usize>i * etaBytes, poly(S1, i), ETA_BITS, ETA);
  for (let i = 0; i < rows; i++) packSigned(s2Packed + <usize>i * etaBytes, poly(S2, i), ETA_BITS, ETA);
  nttVec(S1, L);
  matVec(T0, MAT, S1, K, L, 0, 0);
  invNttVec(T0, K);
  power2RoundVec(T1, T0, T0, S2, rows);
  memory.copy(pk, rho, 32);
  for (let i = 0; i < rows; i++) packSimple(pk + 32 + <usize>(i * 320), poly(T1, i), 10);
  let hashed: usize = 0;
  if (odd) {
    // tr's first blocks need only the rows of t1 packed so far (ten or more blocks of them).
    const last = K - 1;
    expandSLastBesideHash(poly(S2, last), L + last, SEEDS + 32, pk, SPONGE);
    hashed = <usize>(BESIDE_HASH_BLOCKS * <i32>RATE_SHAKE256);
    packSigned(s2Packed + <usize>last * etaBytes, poly(S2, last), ETA_BITS, ETA);
    power2RoundVec(poly(T1, last), poly(T0, last), poly(T0, last), poly(S2, last), 1);
    packSimple(pk + 32 + <usize>(last * 320), poly(T1, last), 10);
  } else {
    spongeInit(SPONGE, RATE_SHAKE256, DS_SHAKE);
  }
  spongeAbsorb(SPONGE, pk + hashed, <usize>PK_BYTES - hashed);
  spongeSqueeze(SPONGE, sk + 64, TR_BYTES);
  let off = s2Packed + <usize>K * etaBytes;
  for (let i = 0; i < K; i++, off += 32 * D) packSigned(off, poly(T0, i), D, 1 << (D - 1));
  wipeSecrets(false);
}

/** Unpacks sk and brings s1, s2, t0 into the NTT domain; A is expanded from rho. */
function loadSecretKey(sk: usize): void {
  let off = sk + 128;
  const etaBytes = <usize>(32 * ETA_BITS);
  for (let i = 0; i < L; i++, off += etaBytes) unpackSigned(poly(S1, i), off, ETA_BITS, ETA);
  for (let i = 0; i < K; i++, off += etaBytes) unpackSigned(poly(S2, i), off, ETA_BITS, ETA);
  for (let i = 0; i < K; i++, off += 32 * D) unpackSigned(poly(T0, i), off, D, 1 << (D - 1));
  nttVec(S1, L);
  nttVec(S2, K);
  nttVec(T0, K);
  expandA(MAT, sk);
}

/** Lays mu || w1Encode(w1) out in HASH_IN, the input of c~; returns its length. */
function commitmentInput(mu: usize): i32 {
  memory.copy(HASH_IN, mu, 64);
  const w1Bytes = 32 * W1_BITS;
  for (let i = 0; i < K; i++) packSimple(HASH_IN + 64 + <usize>(i * w1Bytes), poly(W1, i), W1_BITS);
  return 64 + K * w1Bytes;
}

/**
 * Sign_internal with the 32-byte rnd, from mu, or (msgLen >= 0) from M' at msg with mu =
 * H(tr || M') computed here (the 64 bytes before msg are free for tr); writes the signature.
 * Returns the number of attempts, or 0 if none was accepted within MAX_ATTEMPTS (only possible
 * with a corrupt key).
 */
export function sign(sk: usize, mu: usize, rnd: usize, sig: usize, msg: usize, msgLen: i32): i32 {
  if (msgLen >= 0) {
    memory.copy(msg - <usize>TR_BYTES, sk + 64, TR_BYTES);
    shake256(MU, 64, msg - <usize>TR_BYTES, TR_BYTES + msgLen);
    mu = MU;
  }
  loadSecretKey(sk);
  // rho'' = H(K || rnd || mu, 64)
  memory.copy(SEEDS + 64, sk + 32, 32);
  memory.copy(SEEDS + 96, rnd, 32);
  memory.copy(SEEDS + 128, mu, 64);
  shake256(SEEDS, 64, SEEDS + 64, 128);
  const z = YHAT;
  for (let attempt = 1, kappa = 0; attempt <= MAX_ATTEMPTS; attempt++, kappa += L) {
    maskAttempt(Y, SEEDS, kappa);
    memory.copy(YHAT, Y, L * POLY_BYTES);
    nttVec(YHAT, L);
    matVec(W, MAT, YHAT, K, L, 0, 0);
    invNttVec(W, K);
    decomposeVec(W1, W, K);
    hashBesideMask(CTILDE, CTILDE_BYTES, HASH_IN, commitmentInput(mu), SEEDS);
    sampleInBall(CP, CTILDE, CTILDE_BYTES);
    ntt(CP);
    // z = y + c s1
    let reject = false;
    for (let j = 0; j < L && !reject; j++) {
      mulChallenge(poly(z, j), CP, poly(S1, j));
      reject = addExceeds(poly(z, j), poly(Y, j), GAMMA1 - BETA);
    }
    if (reject) continue;
    // r0 = LowBits(w - c s2); W becomes w - c s2 for the hints.
    for (let i = 0; i < K && !reject; i++) {
      mulChallenge(TMP, CP, poly(S2, i));
      reject = subLowBitsExceeds(poly(W, i), TMP, GAMMA2 - BETA);
    }
    if (reject) continue;
    // h = MakeHint(-c t0, w - c s2 + c t0): HighBits(w - c s2 + c t0) != w1.
    let hints = 0;
    for (let i = 0; i < K && !reject; i++) {
      mulChallenge(TMP, CP, poly(T0, i));
      const count = makeHints(poly(W1, i), poly(W, i), TMP);
      reject = count < 0;
      hints += count;
    }
    if (reject || hints > OMEGA) continue;
    memory.copy(sig, CTILDE, CTILDE_BYTES);
    const zBytes = <usize>(32 * GAMMA1_BITS);
    let off = sig + <usize>CTILDE_BYTES;
    for (let j = 0; j < L; j++, off += zBytes) packSigned(off, poly(z, j), GAMMA1_BITS, GAMMA1);
    encodeHints(off, W1);
    wipeSecrets(true);
    return attempt;
  }
  wipeSecrets(true);
  return 0;
}

/**
 * Verify_internal from mu, or (msgLen >= 0) from M' at msg with tr = H(pk) and mu = H(tr || M')
 * computed beside ExpandA (the 64 bytes before msg are free for tr): 1 when sig is a valid
 * signature under pk, else 0.
 */
export function verify(pk: usize, mu: usize, sig: usize, msg: usize, msgLen: i32): i32 {
  const z = Y;
  const zBytes = <usize>(32 * GAMMA1_BITS);
  let off = sig + <usize>CTILDE_BYTES;
  for (let j = 0; j < L; j++, off += zBytes) unpackSigned(poly(z, j), off, GAMMA1_BITS, GAMMA1);
  if (!decodeHints(W1, off)) return 0;
  for (let j = 0; j < L; j++) if (exceeds(poly(z, j), GAMMA1 - BETA)) return 0;
  for (let i = 0; i < K; i++) {
    const t1 = poly(T1, i);
    unpackSimple(t1, pk + 32 + <usize>(i * 320), 10);
    for (let n: usize = 0; n < <usize>(N << 2); n += 16) v128.store(t1 + n, i32x4.shl(v128.load(t1 + n), D));
  }
  if (msgLen < 0) {
    expandA(MAT, pk);
  } else if (matrixCached(MAT, pk)) {
    shake256(msg - <usize>TR_BYTES, TR_BYTES, pk, PK_BYTES);
    shake256(MU, 64, msg - <usize>TR_BYTES, TR_BYTES + msgLen);
  } else {
    expandBesideHashes(MAT, pk, msg, msgLen, MU);
  }
  if (msgLen >= 0) mu = MU;
  sampleInBall(CP, sig, CTILDE_BYTES);
  ntt(CP);
  nttVec(z, L);
  nttVec(T1, K);
  matVec(W, MAT, z, K, L, CP, T1);
  invNttVec(W, K);
  useHintVec(W1, W, K);
  shake256(CTILDE, CTILDE_BYTES, HASH_IN, commitmentInput(mu));
  let diff = 0;
  for (let i = 0; i < CTILDE_BYTES; i++) diff |= load<u8>(CTILDE + i) ^ load<u8>(sig + i);
  return <i32>(diff == 0);
}


/**
 * The views of a signature a person can inspect: c = SampleInBall(c~) into `c` and z's l * 256
 * coefficients into `z`. Returns the number of hint bits, or -1 for a malformed hint encoding.
 */
export function decodeSignature(sig: usize, c: usize, z: usize): i32 {
  sampleInBall(c, sig, CTILDE_BYTES);
  const zBytes = <usize>(32 * GAMMA1_BITS);
  let off = sig + <usize>CTILDE_BYTES;
  for (let j = 0; j < L; j++, off += zBytes) unpackSigned(poly(z, j), off, GAMMA1_BITS, GAMMA1);
  if (!decodeHints(W1, off)) return -1;
  let count = 0;
  for (let p = W1; p < poly(W1, K); p += 4) count += load<i32>(p);
  return count;
}
