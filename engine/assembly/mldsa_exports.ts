/**
 * Host-facing ML-DSA exports. `level` is 44, 65 or 87. IO offsets and return codes are in
 * engine/assembly/layout.ts (MLDSA_*):
 *   keygen:  seed (32) at MLDSA_IN                          -> pk at MLDSA_OUT, sk at MLDSA_OUT_SECRET_KEY
 *   sign:    sk at MLDSA_IN, rnd (32) at MLDSA_RANDOM, and mu (64) at MLDSA_MU (messageLen -1) or
 *            M' (messageLen bytes) at MLDSA_MESSAGE                 -> signature at MLDSA_OUT
 *   verify:  pk at MLDSA_IN, signature at MLDSA_SIGNATURE, and mu or M' as for sign
 *   decode:  signature at MLDSA_IN                          -> c at MLDSA_OUT, z at MLDSA_OUT_Z
 *   decodeJson: signature at MLDSA_IN                       -> `"c":[…],"z":[…]` at MLDSA_OUT_JSON
 */
import { writeI32List } from './decimal';
import { IO } from './io';
import { ERR_ARGUMENT, ERR_REJECTED, MLDSA_IN, MLDSA_MESSAGE, MLDSA_MESSAGE_MAX, MLDSA_MU, MLDSA_OUT, MLDSA_OUT_JSON, MLDSA_OUT_SECRET_KEY, MLDSA_OUT_Z, MLDSA_RANDOM, MLDSA_SIGNATURE, OK } from './layout';
import { L, N, setLevel } from './mldsa/params';
import { decodeSignature, keygen, sign, verify } from './mldsa/sign';

/** KeyGen_internal: OK, or ERR_ARGUMENT for an unknown level. */
export function mldsaKeygen(level: i32): i32 {
  if (!setLevel(level)) return ERR_ARGUMENT;
  keygen(IO + MLDSA_IN, IO + MLDSA_OUT, IO + MLDSA_OUT_SECRET_KEY);
  return OK;
}

/** Whether messageLen is -1 (mu given) or the length of an M' that fits at MLDSA_MESSAGE. */
function messageLength(messageLen: i32): bool {
  return messageLen >= -1 && messageLen <= MLDSA_MESSAGE_MAX;
}

/**
 * Sign_internal from mu, or from M' with mu = H(tr || M') computed here: the number of attempts
 * (at least 1), ERR_REJECTED when none was accepted (only a corrupt key does that), or
 * ERR_ARGUMENT for an unknown level or a message length out of range.
 */
export function mldsaSign(level: i32, messageLen: i32): i32 {
  if (!setLevel(level) || !messageLength(messageLen)) return ERR_ARGUMENT;
  const attempts = sign(IO + MLDSA_IN, IO + MLDSA_MU, IO + MLDSA_RANDOM, IO + MLDSA_OUT, IO + MLDSA_MESSAGE, messageLen);
  return attempts > 0 ? attempts : ERR_REJECTED;
}

/**
 * Verify_internal from mu, or from M' with tr and mu computed here: OK, INVALID, or ERR_ARGUMENT
 * for an unknown level or a message length out of range.
 */
export function mldsaVerify(level: i32, messageLen: i32): i32 {
  if (!setLevel(level) || !messageLength(messageLen)) return ERR_ARGUMENT;
  return verify(IO + MLDSA_IN, IO + MLDSA_MU, IO + MLDSA_SIGNATURE, IO + MLDSA_MESSAGE, messageLen);
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

/** ASCII bytes of s at out; returns their count. */
function writeAscii(out: usize, s: string): i32 {
  for (let i = 0; i < s.length; i++) store<u8>(out + <usize>i, <u8>s.charCodeAt(i));
  return s.length;
}

/**
 * The c and z views of a signature as JSON object members, `"c":[…],"z":[…]`, the text
 * JSON.stringify gives for the arrays mldsaDecode writes: the number of bytes written (whatever
 * the hint encoding), or ERR_ARGUMENT for an unknown level.
 */
export function mldsaDecodeJson(level: i32): i32 {
  if (!setLevel(level)) return ERR_ARGUMENT;
  decodeSignature(IO + MLDSA_IN, IO + MLDSA_OUT, IO + MLDSA_OUT_Z);
  let p = IO + MLDSA_OUT_JSON;
  p += <usize>writeAscii(p, '"c":[');
  p += <usize>writeI32List(p, IO + MLDSA_OUT, N);
  p += <usize>writeAscii(p, '],"z":[');
  p += <usize>writeI32List(p, IO + MLDSA_OUT_Z, L * N);
  p += <usize>writeAscii(p, ']');
  return <i32>(p - (IO + MLDSA_OUT_JSON));
}
