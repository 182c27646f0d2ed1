/**
 * Host-facing secp256k1 exports (ECDSA with RFC 6979, BIP-340 Schnorr). IO layout (byte offsets
 * into the IO buffer), shared with engine/src/secp256k1.ts:
 *   publicKey:         sk (32) at 0                      -> SEC1 key (33 or 65) at 64
 *   ecdsaSign:         sk at 0, digest (32) at 32, extra data (extraLen <= 256) at 64 -> r || s at 512
 *   ecdsaVerify:       SEC1 key (pkLen) at 0, digest at 96, r || s at 128
 *   schnorrPublicKey:  sk at 0                           -> x-only key (32) at 64
 *   schnorrSignBegin:  sk at 0, aux (32) at 32; then schnorrAbsorb(len) streams m from IO[0..len)
 *   schnorrSignFinish: signature (64) at 0
 *   schnorrVerifyBegin: x-only key at 0, signature at 32; then stream m; schnorrVerifyFinish
 * Functions returning i32 give 1 for success / valid and 0 for an invalid key or signature.
 * Every function that reads a secret key zeroes it (and aux or extra data) in IO before returning.
 */
import { IO } from './io';
import { ecdsaSign, ecdsaVerify } from './secp256k1/ecdsa';
import { ecmultGen } from './secp256k1/ecmult_gen';
import { scIsZero, scSetB32 } from './secp256k1/scalar';
import { sec1Parse, sec1Serialize } from './secp256k1/sec1';
import { schnorrAbsorb, schnorrPublicKey, schnorrSignBegin, schnorrSignFinish, schnorrSignNonce, schnorrVerifyBegin, schnorrVerifyFinish } from './secp256k1/schnorr';

const SCALAR: usize = memory.data(36, 16);
const POINT: usize = memory.data(80, 16);

/** SEC1 public key of the secret key at IO[0..32): 1, or 0 when the key is not in [1, n). */
export function secp256k1PublicKey(compressed: i32): i32 {
  const invalid = scSetB32(SCALAR, IO) | scIsZero(SCALAR);
  memory.fill(IO, 0, 32);
  if (invalid != 0) return 0;
  ecmultGen(POINT, POINT + 40, SCALAR);
  sec1Serialize(IO + 64, POINT, compressed != 0);
  memory.fill(SCALAR, 0, 36);
  return 1;
}

/** ECDSA sign (RFC 6979, low-S): 1, or 0 when the secret key is not in [1, n). */
export function secp256k1EcdsaSign(extraLen: i32): i32 {
  const len = extraLen < 0 ? 0 : min(extraLen, 256);
  const ok = ecdsaSign(IO + 512, IO, IO + 32, IO + 64, len);
  memory.fill(IO, 0, 32);
  memory.fill(IO + 64, 0, <usize>len);
  return ok ? 1 : 0;
}

/** ECDSA verify: 1 valid, 0 invalid (including a public key that does not parse). */
export function secp256k1EcdsaVerify(pkLen: i32, lowS: i32): i32 {
  if (!sec1Parse(POINT, IO, pkLen)) return 0;
  return ecdsaVerify(POINT, IO + 96, IO + 128, lowS != 0) ? 1 : 0;
}

/** BIP-340 x-only public key: 1, or 0 when the secret key is not in [1, n). */
export function secp256k1SchnorrPublicKey(): i32 {
  const ok = schnorrPublicKey(IO + 64, IO);
  memory.fill(IO, 0, 32);
  return ok ? 1 : 0;
}

/** BIP-340 sign, stage 1: 1, or 0 when the secret key is not in [1, n). */
export function secp256k1SchnorrSignBegin(): i32 {
  const ok = schnorrSignBegin(IO, IO + 32);
  memory.fill(IO, 0, 64);
  return ok ? 1 : 0;
}

/** Absorbs message bytes IO[0..len) into the running Schnorr hash. */
export function secp256k1SchnorrAbsorb(len: i32): void {
  schnorrAbsorb(IO, <usize>len);
}

/** BIP-340 sign, stage 2 (after the first pass over m): 1, or 0 if k' = 0 (never in practice). */
export function secp256k1SchnorrSignNonce(): i32 {
  return schnorrSignNonce() ? 1 : 0;
}

/** BIP-340 sign, stage 3 (after the second pass over m): signature to IO[0..64). */
export function secp256k1SchnorrSignFinish(): void {
  schnorrSignFinish(IO);
}

/** BIP-340 verify, stage 1: 1 to go on streaming m, 0 when key or signature is malformed. */
export function secp256k1SchnorrVerifyBegin(): i32 {
  return schnorrVerifyBegin(IO, IO + 32) ? 1 : 0;
}

/** BIP-340 verify, stage 2: 1 valid, 0 invalid. */
export function secp256k1SchnorrVerifyFinish(): i32 {
  return schnorrVerifyFinish() ? 1 : 0;
}
