/**
 * ML-KEM parameter sets (FIPS 203, Table 2). The active set is selected once per exported call by
 * `setLevel`, as for ML-DSA, so one code path serves ML-KEM-512, -768 and -1024.
 */

export const N: i32 = 256;
export const Q: i32 = 3329;
/** Bytes of one polynomial of i16 coefficients. */
export const POLY_BYTES: i32 = N * 2;
export const MAX_K: i32 = 4;
/** Bytes of one ByteEncode12 polynomial (t-hat, s-hat). */
export const POLY_PACKED: i32 = 384;
export const SEED_BYTES: i32 = 32;
export const SS_BYTES: i32 = 32;
export const ETA2: i32 = 2;
/** Largest ciphertext (ML-KEM-1024), for static buffers. */
export const MAX_CT_BYTES: i32 = 1568;
export const MAX_EK_BYTES: i32 = 1568;
export const MAX_DK_BYTES: i32 = 3168;

export let K: i32 = 3;
export let ETA1: i32 = 2;
export let DU: i32 = 10;
export let DV: i32 = 4;
export let EK_BYTES: i32 = 1184;
export let DK_BYTES: i32 = 2400;
export let CT_BYTES: i32 = 1088;

/** Selects ML-KEM-512, -768 or -1024; returns false for any other level. */
export function setLevel(level: i32): bool {
  if (level == 512) {
    K = 2; ETA1 = 3; DU = 10; DV = 4;
  } else if (level == 768) {
    K = 3; ETA1 = 2; DU = 10; DV = 4;
  } else if (level == 1024) {
    K = 4; ETA1 = 2; DU = 11; DV = 5;
  } else {
    return false;
  }
  EK_BYTES = POLY_PACKED * K + 32;
  DK_BYTES = 2 * POLY_PACKED * K + 96;
  CT_BYTES = 32 * (DU * K + DV);
  return true;
}
