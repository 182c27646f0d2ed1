/**
 * Host-facing ML-DSA exports. IO layout (byte offsets into the IO buffer), shared with
 * engine/src/mldsa.ts:
 *   keygen:  seed (32) at 0                      -> pk at 16384, sk at 24576
 *   sign:    sk at 0, mu (64) at 8192, rnd (32) at 12288 -> signature at 16384
 *   verify:  pk at 0, mu (64) at 8192, signature at 12288
 *   decode:  signature at 0                      -> c (256 x i32) at 16384, z (l x 256 x i32) at 17408
 * `level` is 44, 65 or 87; an unknown level returns -1.
 */
import { IO } from './io';
import { setLevel } from './mldsa/params';
import { decodeSignature, keygen, sign, verify } from './mldsa/sign';

const IN_A: usize = 0;
const IN_B: usize = 8192;
const IN_C: usize = 12288;
const OUT_A: usize = 16384;
const OUT_B: usize = 24576;

/** KeyGen_internal: returns 1, or -1 for an unknown level. */
export function mldsaKeygen(level: i32): i32 {
  if (!setLevel(level)) return -1;
  keygen(IO + IN_A, IO + OUT_A, IO + OUT_B);
  return 1;
}

/** Sign_internal from mu: returns the number of attempts (0: none accepted), or -1 for an unknown level. */
export function mldsaSign(level: i32): i32 {
  if (!setLevel(level)) return -1;
  return sign(IO + IN_A, IO + IN_B, IO + IN_C, IO + OUT_A);
}

/** Verify_internal from mu: 1 valid, 0 invalid, -1 unknown level. */
export function mldsaVerify(level: i32): i32 {
  if (!setLevel(level)) return -1;
  return verify(IO + IN_A, IO + IN_B, IO + IN_C);
}

/** The c and z views of a signature: the hint count, -1 for malformed hints, -2 for an unknown level. */
export function mldsaDecode(level: i32): i32 {
  if (!setLevel(level)) return -2;
  return decodeSignature(IO + IN_A, IO + OUT_A, IO + OUT_A + 1024);
}
