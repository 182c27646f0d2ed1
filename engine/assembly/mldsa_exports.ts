/**
 * Host-facing ML-DSA exports. `level` is 44, 65 or 87. IO offsets and return codes are in
 * engine/assembly/layout.ts (MLDSA_*):
 *   keygen:  seed (32) at MLDSA_IN                          -> pk at MLDSA_OUT, sk at MLDSA_OUT_SECRET_KEY
 *   sign:    sk at MLDSA_IN, mu (64) at MLDSA_MU, rnd (32) at MLDSA_RANDOM -> signature at MLDSA_OUT
 *   verify:  pk at MLDSA_IN, mu at MLDSA_MU, signature at MLDSA_SIGNATURE
 *   decode:  signature at MLDSA_IN                          -> c at MLDSA_OUT, z at MLDSA_OUT_Z
 */
import { IO } from './io';
import { ERR_ARGUMENT, ERR_REJECTED, MLDSA_IN, MLDSA_MU, MLDSA_OUT, MLDSA_OUT_SECRET_KEY, MLDSA_OUT_Z, MLDSA_RANDOM, MLDSA_SIGNATURE, OK } from './layout';
import { setLevel } from './mldsa/params';
import { decodeSignature, keygen, sign, verify } from './mldsa/sign';

/** KeyGen_internal: OK, or ERR_ARGUMENT for an unknown level. */
export function mldsaKeygen(level: i32): i32 {
  if (!setLevel(level)) return ERR_ARGUMENT;
  keygen(IO + MLDSA_IN, IO + MLDSA_OUT, IO + MLDSA_OUT_SECRET_KEY);
  return OK;
}

/**
 * Sign_internal from mu: the number of attempts (at least 1), ERR_REJECTED when none was accepted
 * (only a corrupt key does that), or ERR_ARGUMENT for an unknown level.
 */
export function mldsaSign(level: i32): i32 {
  if (!setLevel(level)) return ERR_ARGUMENT;
  const attempts = sign(IO + MLDSA_IN, IO + MLDSA_MU, IO + MLDSA_RANDOM, IO + MLDSA_OUT);
  return attempts > 0 ? attempts : ERR_REJECTED;
}

/** Verify_internal from mu: OK, INVALID, or ERR_ARGUMENT for an unknown level. */
export function mldsaVerify(level: i32): i32 {
  if (!setLevel(level)) return ERR_ARGUMENT;
  return verify(IO + MLDSA_IN, IO + MLDSA_MU, IO + MLDSA_SIGNATURE);
}

/**
 * The c and z views of a signature: the number of hint bits, ERR_REJECTED for a malformed hint
 * encoding (c and z are written all the same), or ERR_ARGUMENT for an unknown level.
 */
export function mldsaDecode(level: i32): i32 {
  if (!setLevel(level)) return ERR_ARGUMENT;
  const hints = decodeSignature(IO + MLDSA_IN, IO + MLDSA_OUT, IO + MLDSA_OUT_Z);
  return hints < 0 ? ERR_REJECTED : hints;
}
