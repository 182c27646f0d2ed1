/**
 * Host-facing exports of the HPKE building blocks: ML-KEM (FIPS 203), HKDF-SHA256 (RFC 5869) and
 * ChaCha20-Poly1305 (RFC 8439). IO layout (byte offsets into the IO buffer), shared with
 * engine/src/mlkem.ts, hkdf.ts and chacha20poly1305.ts:
 *   mlkemKeygen:      seed d || z (64) at 0              -> ek at 4096, dk at 8192
 *   mlkemEncaps:      ek at 0, m (32) at 2048            -> c at 4096, shared secret at 8192
 *   mlkemDecaps:      dk at 0, c at 4096                 -> shared secret at 8192
 *   mlkemDecapsSeed:  seed d || z (64) at 0, c at 4096   -> shared secret at 8192
 *   mlkemCheckEk / mlkemCheckDk: the key at 0
 * `level` is 512, 768 or 1024; an unknown level returns -1.
 */
import { IO } from './io';
import { checkDecapsulationKey, checkEncapsulationKey, decaps, decapsSeed, encaps, keygen } from './mlkem/kem';
import { setLevel } from './mlkem/params';

const KEY: usize = 0;
const RANDOM: usize = 2048;
const CIPHERTEXT: usize = 4096;
const OUT: usize = 8192;

/** ML-KEM.KeyGen_internal: returns 1, or -1 for an unknown level. */
export function mlkemKeygen(level: i32): i32 {
  if (!setLevel(level)) return -1;
  keygen(IO + KEY, IO + CIPHERTEXT, IO + OUT);
  return 1;
}

/** ML-KEM.Encaps_internal after the modulus check: 1, 0 if ek fails the check, -1 unknown level. */
export function mlkemEncaps(level: i32): i32 {
  if (!setLevel(level)) return -1;
  if (!checkEncapsulationKey(IO + KEY)) return 0;
  encaps(IO + KEY, IO + RANDOM, IO + CIPHERTEXT, IO + OUT);
  return 1;
}

/** ML-KEM.Decaps_internal after the hash check: 1, 0 if dk fails the check, -1 unknown level. */
export function mlkemDecaps(level: i32): i32 {
  if (!setLevel(level)) return -1;
  if (!checkDecapsulationKey(IO + KEY)) return 0;
  decaps(IO + KEY, IO + CIPHERTEXT, IO + OUT);
  return 1;
}

/** ML-KEM.Decaps_internal with the key in seed form (no check needed: dk is derived here). */
export function mlkemDecapsSeed(level: i32): i32 {
  if (!setLevel(level)) return -1;
  decapsSeed(IO + KEY, IO + CIPHERTEXT, IO + OUT);
  return 1;
}

/** FIPS 203 section 7.2 modulus check of ek: 1 passes, 0 fails, -1 unknown level. */
export function mlkemCheckEk(level: i32): i32 {
  if (!setLevel(level)) return -1;
  return checkEncapsulationKey(IO + KEY) ? 1 : 0;
}

/** FIPS 203 section 7.3 hash check of dk: 1 passes, 0 fails, -1 unknown level. */
export function mlkemCheckDk(level: i32): i32 {
  if (!setLevel(level)) return -1;
  return checkDecapsulationKey(IO + KEY) ? 1 : 0;
}
