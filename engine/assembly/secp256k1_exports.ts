/**
 * Host-facing secp256k1 exports (ECDSA with RFC 6979, BIP-340 Schnorr). IO offsets and return
 * codes are in engine/assembly/layout.ts (SECP_*):
 *   publicKey:          sk (32) at SECP_KEY                    -> SEC1 key (33 or 65) at SECP_PUBLIC_KEY_OUT
 *   ecdsaSign:          sk at SECP_KEY, digest (32) at SECP_DIGEST, extra data (extraLen <= 256)
 *                       at SECP_EXTRA                          -> r || s at SECP_SIGNATURE_OUT
 *   ecdsaVerify:        SEC1 key (pkLen) at SECP_KEY, digest at SECP_VERIFY_DIGEST, r || s at SECP_VERIFY_SIGNATURE
 *   schnorrPublicKey:   sk at SECP_KEY                         -> x-only key (32) at SECP_PUBLIC_KEY_OUT
 *   schnorrSignBegin:   sk at SECP_KEY, aux (32) at SECP_AUX; then schnorrAbsorb(len) streams m from IO[0..len)
 *   schnorrSignFinish:  signature (64) at SECP_SCHNORR_OUT
 *   schnorrVerifyBegin: x-only key at SECP_KEY, signature at SECP_SCHNORR_SIGNATURE; then stream m; schnorrVerifyFinish
 * Functions returning i32 give OK for success / valid, INVALID for an invalid key or signature and
 * ERR_ARGUMENT for a length out of range. Every function that reads a secret key zeroes it (and aux
 * or extra data) in IO before returning.
 */
import { IO } from './io';
import { ERR_ARGUMENT, ERR_RETRY, INVALID, OK, SECP_AUX, SECP_DIGEST, SECP_EXTRA, SECP_EXTRA_MAX, SECP_KEY, SECP_PUBLIC_KEY_OUT, SECP_SCHNORR_OUT, SECP_SCHNORR_SIGNATURE, SECP_SIGNATURE_OUT, SECP_VERIFY_DIGEST, SECP_VERIFY_SIGNATURE } from './layout';
import { ecdsaSign, ecdsaVerify } from './secp256k1/ecdsa';
import { ecmultGen } from './secp256k1/ecmult_gen';
import { scIsZero, scSetB32 } from './secp256k1/scalar';
import { sec1ParseVar, sec1Serialize } from './secp256k1/sec1';
import { schnorrAbsorb, schnorrPublicKey, schnorrSignBegin, schnorrSignFinish, schnorrSignNonce, schnorrVerifyBegin, schnorrVerifyFinish } from './secp256k1/schnorr';

const SCALAR: usize = memory.data(36, 16);
const POINT: usize = memory.data(80, 16);

/** SEC1 public key of the secret key: OK, or INVALID when the key is not in [1, n). */
export function secp256k1PublicKey(compressed: i32): i32 {
  const invalid = scSetB32(SCALAR, IO + SECP_KEY) | scIsZero(SCALAR);
  memory.fill(IO + SECP_KEY, 0, 32);
  if (invalid != 0) return INVALID;
  ecmultGen(POINT, POINT + 40, SCALAR);
  sec1Serialize(IO + SECP_PUBLIC_KEY_OUT, POINT, compressed != 0);
  memory.fill(SCALAR, 0, 36);
  return OK;
}

/** ECDSA sign (RFC 6979, low-S): OK, INVALID when the secret key is not in [1, n), ERR_ARGUMENT when extraLen is not in 0..256. */
export function secp256k1EcdsaSign(extraLen: i32): i32 {
  const bad = extraLen < 0 || extraLen > SECP_EXTRA_MAX;
  const len = bad ? 0 : extraLen;
  const ok = !bad && ecdsaSign(IO + SECP_SIGNATURE_OUT, IO + SECP_KEY, IO + SECP_DIGEST, IO + SECP_EXTRA, len);
  memory.fill(IO + SECP_KEY, 0, 32);
  memory.fill(IO + SECP_EXTRA, 0, <usize>(bad ? SECP_EXTRA_MAX : len));
  if (bad) return ERR_ARGUMENT;
  return ok ? OK : INVALID;
}

/** ECDSA verify: OK valid, INVALID invalid (including a key that does not parse), ERR_ARGUMENT when pkLen is not 33 or 65. */
export function secp256k1EcdsaVerify(pkLen: i32, lowS: i32): i32 {
  if (pkLen != 33 && pkLen != 65) return ERR_ARGUMENT;
  if (!sec1ParseVar(POINT, IO + SECP_KEY, pkLen)) return INVALID;
  return ecdsaVerify(POINT, IO + SECP_VERIFY_DIGEST, IO + SECP_VERIFY_SIGNATURE, lowS != 0) ? OK : INVALID;
}

/** BIP-340 x-only public key: OK, or INVALID when the secret key is not in [1, n). */
export function secp256k1SchnorrPublicKey(): i32 {
  const ok = schnorrPublicKey(IO + SECP_PUBLIC_KEY_OUT, IO + SECP_KEY);
  memory.fill(IO + SECP_KEY, 0, 32);
  return ok ? OK : INVALID;
}

/** BIP-340 sign, stage 1: OK, or INVALID when the secret key is not in [1, n). */
export function secp256k1SchnorrSignBegin(): i32 {
  const ok = schnorrSignBegin(IO + SECP_KEY, IO + SECP_AUX);
  memory.fill(IO + SECP_KEY, 0, 32);
  memory.fill(IO + SECP_AUX, 0, 32);
  return ok ? OK : INVALID;
}

/** Absorbs message bytes IO[0..len) into the running Schnorr hash. */
export function secp256k1SchnorrAbsorb(len: i32): void {
  schnorrAbsorb(IO, <usize>len);
}

/** BIP-340 sign, stage 2 (after the first pass over m): OK, or ERR_RETRY if k' = 0 (never in practice: draw another aux). */
export function secp256k1SchnorrSignNonce(): i32 {
  return schnorrSignNonce() ? OK : ERR_RETRY;
}

/** BIP-340 sign, stage 3 (after the second pass over m): the signature to SECP_SCHNORR_OUT. */
export function secp256k1SchnorrSignFinish(): void {
  schnorrSignFinish(IO + SECP_SCHNORR_OUT);
}

/** BIP-340 verify, stage 1: OK to go on streaming m, INVALID when key or signature is malformed. */
export function secp256k1SchnorrVerifyBegin(): i32 {
  return schnorrVerifyBegin(IO + SECP_KEY, IO + SECP_SCHNORR_SIGNATURE) ? OK : INVALID;
}

/** BIP-340 verify, stage 2: OK valid, INVALID invalid. */
export function secp256k1SchnorrVerifyFinish(): i32 {
  return schnorrVerifyFinish() ? OK : INVALID;
}
