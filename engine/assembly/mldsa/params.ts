/**
 * ML-DSA parameter sets (FIPS 204, Table 1). The active set is selected once per exported call by
 * `setLevel`; every other module reads these globals, so one code path serves all three sets.
 */

export const N: i32 = 256;
export const Q: i32 = 8380417;
export const D: i32 = 13;
/** Bytes of one polynomial of i32 coefficients. */
export const POLY_BYTES: i32 = N * 4;
export const SEED_BYTES: i32 = 32;
export const TR_BYTES: i32 = 64;
export const MU_BYTES: i32 = 64;
export const RND_BYTES: i32 = 32;
export const MAX_K: i32 = 8;
export const MAX_L: i32 = 7;

export let K: i32 = 6;
export let L: i32 = 5;
export let ETA: i32 = 4;
/** Bits per coefficient of a packed s1/s2 polynomial (bitlen(2 * eta)). */
export let ETA_BITS: i32 = 4;
export let TAU: i32 = 49;
export let BETA: i32 = 196;
export let GAMMA1: i32 = 1 << 19;
/** Bits per coefficient of a packed z polynomial (1 + bitlen(gamma1 - 1)). */
export let GAMMA1_BITS: i32 = 20;
export let GAMMA2: i32 = (Q - 1) / 32;
/** (q - 1) / (2 * gamma2): the number of HighBits values. */
export let W1_MAX: i32 = 16;
/** Bits per coefficient of w1Encode. */
export let W1_BITS: i32 = 4;
export let OMEGA: i32 = 55;
/** Bytes of the commitment hash c~ (lambda / 4). */
export let CTILDE_BYTES: i32 = 48;

export let PK_BYTES: i32 = 1952;
export let SK_BYTES: i32 = 4032;
export let SIG_BYTES: i32 = 3309;

/** Selects ML-DSA-44, -65 or -87; returns false for any other level. */
export function setLevel(level: i32): bool {
  if (level == 44) {
    K = 4; L = 4; ETA = 2; ETA_BITS = 3; TAU = 39; BETA = 78;
    GAMMA1 = 1 << 17; GAMMA1_BITS = 18; GAMMA2 = (Q - 1) / 88; W1_MAX = 44; W1_BITS = 6;
    OMEGA = 80; CTILDE_BYTES = 32;
  } else if (level == 65) {
    K = 6; L = 5; ETA = 4; ETA_BITS = 4; TAU = 49; BETA = 196;
    GAMMA1 = 1 << 19; GAMMA1_BITS = 20; GAMMA2 = (Q - 1) / 32; W1_MAX = 16; W1_BITS = 4;
    OMEGA = 55; CTILDE_BYTES = 48;
  } else if (level == 87) {
    K = 8; L = 7; ETA = 2; ETA_BITS = 3; TAU = 60; BETA = 120;
    GAMMA1 = 1 << 19; GAMMA1_BITS = 20; GAMMA2 = (Q - 1) / 32; W1_MAX = 16; W1_BITS = 4;
    OMEGA = 75; CTILDE_BYTES = 64;
  } else {
    return false;
  }
  PK_BYTES = SEED_BYTES + K * 320;
  SK_BYTES = 2 * SEED_BYTES + TR_BYTES + (K + L) * 32 * ETA_BITS + K * 32 * D;
  SIG_BYTES = CTILDE_BYTES + L * 32 * GAMMA1_BITS + OMEGA + K;
  return true;
}
