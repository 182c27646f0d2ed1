/**
 * BIP-340 Schnorr signatures over secp256k1: x-only public keys, tagged hashes, auxiliary
 * randomness, messages of any length.
 *
 * The message reaches the engine in chunks, so signing and verifying are staged around one
 * running tagged hash (MSG) that the host streams the message into with schnorrAbsorb:
 *   sign:   schnorrSignBegin, absorb m, schnorrSignNonce, absorb m again, schnorrSignFinish
 *   verify: schnorrVerifyBegin, absorb m, schnorrVerifyFinish
 * The secret values (d, t, k) stay in the engine's memory between stages and are wiped at the end.
 */
import { SHA256_STATE_SIZE, sha256Final, sha256Init, sha256Update } from '../sha256';
import { FE_SIZE, feGetB32, feIsOdd, feSetB32 } from './field';
import { GE_SIZE, GEJ_SIZE, geSetGejVar, geSetXoVar, gejIsInfinity } from './point';
import { ecmultGen } from './ecmult_gen';
import { ecmultVar } from './ecmult';
import { SC_SIZE, scAdd, scCmov, scGetB32, scIsZero, scMul, scNeg, scSetB32 } from './scalar';

const TAG_AUX: usize = memory.data(SHA256_STATE_SIZE, 16);
const TAG_NONCE: usize = memory.data(SHA256_STATE_SIZE, 16);
const TAG_CHALLENGE: usize = memory.data(SHA256_STATE_SIZE, 16);
const MSG: usize = memory.data(SHA256_STATE_SIZE, 16);

const D: usize = memory.data(<i32>SC_SIZE, 16);
const K: usize = memory.data(<i32>SC_SIZE, 16);
const E: usize = memory.data(<i32>SC_SIZE, 16);
const S: usize = memory.data(<i32>SC_SIZE, 16);
const T: usize = memory.data(<i32>SC_SIZE, 16);
const BUF: usize = memory.data(32, 16);
const PXB: usize = memory.data(32, 16);
const RXB: usize = memory.data(32, 16);
const X: usize = memory.data(<i32>FE_SIZE, 16);
const Y: usize = memory.data(<i32>FE_SIZE, 16);
const P: usize = memory.data(<i32>GE_SIZE, 16);
const RJ: usize = memory.data(<i32>GEJ_SIZE, 16);

/** Starts MSG as the tagged hash whose midstate is at `tag`. */
// @ts-ignore: decorator
@inline function startTagged(tag: usize): void {
  memory.copy(MSG, tag, SHA256_STATE_SIZE);
}

/** mid = SHA-256 state after absorbing SHA256(tag) || SHA256(tag), one full block. */
function midstate(mid: usize, tag: usize, len: usize): void {
  sha256Init(mid, false);
  sha256Update(mid, tag, len);
  sha256Final(mid, BUF);
  sha256Init(mid, false);
  sha256Update(mid, BUF, 32);
  sha256Update(mid, BUF, 32);
}

function wipe(): void {
  memory.fill(D, 0, SC_SIZE);
  memory.fill(K, 0, SC_SIZE);
  memory.fill(T, 0, SC_SIZE);
  memory.fill(BUF, 0, 32);
  memory.fill(MSG, 0, SHA256_STATE_SIZE);
}

/** Sets D to the secret key and P's x (bytes) and y to d'G; false for a key outside [1, n). */
function loadKey(sk: usize): bool {
  if ((scSetB32(D, sk) | scIsZero(D)) != 0) return false;
  ecmultGen(X, Y, D);
  feGetB32(PXB, X);
  return true;
}

/** Writes the 32-byte x-only public key of the secret key at sk; false for an invalid key. */
export function schnorrPublicKey(out: usize, sk: usize): bool {
  if (!loadKey(sk)) {
    wipe();
    return false;
  }
  memory.copy(out, PXB, 32);
  wipe();
  return true;
}

/** Sign, stage 1: d from the key (negated when P has odd y), t = d xor H_aux(aux). */
export function schnorrSignBegin(sk: usize, aux: usize): bool {
  if (!loadKey(sk)) {
    wipe();
    return false;
  }
  scNeg(T, D);
  scCmov(D, T, feIsOdd(Y));
  startTagged(TAG_AUX);
  sha256Update(MSG, aux, 32);
  sha256Final(MSG, BUF);
  scGetB32(RXB, D);
  for (let i: usize = 0; i < 32; i += 8) store<u64>(BUF + i, load<u64>(BUF + i) ^ load<u64>(RXB + i));
  startTagged(TAG_NONCE);
  sha256Update(MSG, BUF, 32);
  sha256Update(MSG, PXB, 32);
  return true;
}

/** Absorbs `len` message bytes into the running tagged hash. */
export function schnorrAbsorb(src: usize, len: usize): void {
  sha256Update(MSG, src, len);
}

/** Sign, stage 2: k' = H_nonce(t || P || m) mod n, R = k'G, k negated when R has odd y. */
export function schnorrSignNonce(): bool {
  sha256Final(MSG, BUF);
  scSetB32(K, BUF);
  if (scIsZero(K) != 0) {
    wipe();
    return false;
  }
  ecmultGen(X, Y, K);
  feGetB32(RXB, X);
  scNeg(T, K);
  scCmov(K, T, feIsOdd(Y));
  startTagged(TAG_CHALLENGE);
  sha256Update(MSG, RXB, 32);
  sha256Update(MSG, PXB, 32);
  return true;
}

/** Sign, stage 3: e = H_challenge(R || P || m) mod n, sig = R || (k + e d) mod n. */
export function schnorrSignFinish(sig: usize): void {
  sha256Final(MSG, BUF);
  scSetB32(E, BUF);
  scMul(S, E, D);
  scAdd(S, S, K);
  memory.copy(sig, RXB, 32);
  scGetB32(sig + 32, S);
  wipe();
}

/**
 * Verify, stage 1: lifts the x-only key (even y), checks r < p and s < n, starts the challenge
 * hash. False means invalid without looking at the message.
 */
export function schnorrVerifyBegin(pk: usize, sig: usize): bool {
  if (!feSetB32(X, pk) || !geSetXoVar(P, X, 0)) return false;
  if (!feSetB32(X, sig)) return false;
  if (scSetB32(S, sig + 32) != 0) return false;
  memory.copy(RXB, sig, 32);
  startTagged(TAG_CHALLENGE);
  sha256Update(MSG, sig, 32);
  sha256Update(MSG, pk, 32);
  return true;
}

/** Verify, stage 2: R = sG - eP must be finite, have even y and x = r. */
export function schnorrVerifyFinish(): bool {
  sha256Final(MSG, BUF);
  scSetB32(E, BUF);
  scNeg(E, E);
  ecmultVar(RJ, S, P, E);
  if (gejIsInfinity(RJ)) return false;
  geSetGejVar(P, RJ);
  if (feIsOdd(P + 40) != 0) return false;
  feGetB32(BUF, P);
  return memory.compare(BUF, RXB, 32) == 0;
}

const AUX_TAG: usize = memory.data<u8>([0x42, 0x49, 0x50, 0x30, 0x33, 0x34, 0x30, 0x2f, 0x61, 0x75, 0x78]);
const NONCE_TAG: usize = memory.data<u8>([0x42, 0x49, 0x50, 0x30, 0x33, 0x34, 0x30, 0x2f, 0x6e, 0x6f, 0x6e, 0x63, 0x65]);
const CHALLENGE_TAG: usize = memory.data<u8>([
  0x42, 0x49, 0x50, 0x30, 0x33, 0x34, 0x30, 0x2f, 0x63, 0x68, 0x61, 0x6c, 0x6c, 0x65, 0x6e, 0x67, 0x65,
]);
midstate(TAG_AUX, AUX_TAG, 11);
midstate(TAG_NONCE, NONCE_TAG, 13);
midstate(TAG_CHALLENGE, CHALLENGE_TAG, 17);
