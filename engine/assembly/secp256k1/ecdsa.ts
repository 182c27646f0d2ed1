/**
 * ECDSA over secp256k1 (SEC 1 v2, section 4.1) on a 32-byte message digest, with RFC 6979 nonces
 * and low-S signatures (s <= (n - 1) / 2, as Bitcoin requires), compact r || s encoding.
 */
import { FE_SIZE, feAdd, feEqualVar, feGetB32, feMul, feSetB32, feSqr } from './field';
import { GEJ_SIZE, gejIsInfinity } from './point';
import { ecmultGen } from './ecmult_gen';
import { ecmultVar } from './ecmult';
import { SC_SIZE, scAdd, scCmov, scGetB32, scIsHigh, scIsZero, scMul, scNeg, scSetB32 } from './scalar';
import { scInvDivsteps, scInvVar } from './modinv';
import { nonceClear, nonceInit, nonceNext } from './rfc6979';

const D: usize = memory.data(<i32>SC_SIZE, 16);
const Z: usize = memory.data(<i32>SC_SIZE, 16);
const H1: usize = memory.data(32, 16);
const KB: usize = memory.data(32, 16);
const KS: usize = memory.data(<i32>SC_SIZE, 16);
const KI: usize = memory.data(<i32>SC_SIZE, 16);
const R: usize = memory.data(<i32>SC_SIZE, 16);
const S: usize = memory.data(<i32>SC_SIZE, 16);
const T: usize = memory.data(<i32>SC_SIZE, 16);
const RX: usize = memory.data(<i32>FE_SIZE, 16);
const RY: usize = memory.data(<i32>FE_SIZE, 16);
const RXB: usize = memory.data(32, 16);
const RJ: usize = memory.data(<i32>GEJ_SIZE, 16);
const FE: usize = memory.data(<i32>FE_SIZE, 16);
const ZZ: usize = memory.data(<i32>FE_SIZE, 16);
/** n as a field element, and p - n big-endian (r + n < p exactly when r < p - n). */
const N_FE: usize = memory.data<u32>([0x364141, 0x97a334, 0x203bbfd, 0x39abd22, 0x2baaedc, 0x3ffffff, 0x3ffffff, 0x3ffffff, 0x3ffffff, 0x3fffff]);
const P_MINUS_N: usize = memory.data<u8>([
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0x45, 0x51, 0x23, 0x19, 0x50, 0xb7, 0x5f, 0xc4,
  0x40, 0x2d, 0xa1, 0x72, 0x2f, 0xc9, 0xba, 0xee,
]);

function wipe(): void {
  memory.fill(D, 0, SC_SIZE);
  memory.fill(KB, 0, 32);
  memory.fill(KS, 0, SC_SIZE);
  memory.fill(KI, 0, SC_SIZE);
  memory.fill(T, 0, SC_SIZE);
  nonceClear();
}

/**
 * Signs the 32-byte digest at `hash` with the secret key at `sk`, writing r || s (64 bytes) to
 * `sig`. `extra` / `extraLen` is RFC 6979's optional additional data (extraLen 0 for none).
 * Returns false when the key is not in [1, n).
 */
export function ecdsaSign(sig: usize, sk: usize, hash: usize, extra: usize, extraLen: i32): bool {
  if ((scSetB32(D, sk) | scIsZero(D)) != 0) {
    wipe();
    return false;
  }
  scSetB32(Z, hash); // bits2int(h) mod n: the digest is exactly qlen = 256 bits
  scGetB32(H1, Z);
  nonceInit(sk, H1, extra, extraLen);
  while (true) {
    nonceNext(KB);
    // A candidate outside [1, n) is skipped (probability about 2^-128).
    if ((scSetB32(KS, KB) | scIsZero(KS)) != 0) continue;
    ecmultGen(RX, RY, KS);
    feGetB32(RXB, RX);
    scSetB32(R, RXB); // r = x mod n
    if (scIsZero(R) != 0) continue;
    scInvDivsteps(KI, KS);
    scMul(T, R, D);
    scAdd(T, T, Z);
    scMul(S, KI, T); // s = k^-1 (z + r d)
    if (scIsZero(S) != 0) continue;
    scNeg(T, S);
    scCmov(S, T, scIsHigh(S));
    break;
  }
  scGetB32(sig, R);
  scGetB32(sig + 32, S);
  wipe();
  return true;
}

/**
 * Verifies r || s at `sig` for the digest at `hash` under the affine public key `pk`. With
 * `lowS`, a signature whose s is above (n - 1) / 2 is invalid (its twin with n - s is the only
 * accepted form).
 */
export function ecdsaVerify(pk: usize, hash: usize, sig: usize, lowS: bool): bool {
  if ((scSetB32(R, sig) | scIsZero(R)) != 0) return false;
  if ((scSetB32(S, sig + 32) | scIsZero(S)) != 0) return false;
  if (lowS && scIsHigh(S) != 0) return false;
  scSetB32(Z, hash);
  scInvVar(T, S);
  scMul(Z, Z, T); // u1 = z / s
  scMul(T, R, T); // u2 = r / s
  ecmultVar(RJ, Z, pk, T);
  if (gejIsInfinity(RJ)) return false;
  // x(R) mod n = r, checked projectively: X = x Z^2 for x = r, or x = r + n when that is below p.
  feSqr(ZZ, RJ + 80);
  feSetB32(FE, sig);
  feMul(FE, FE, ZZ);
  if (feEqualVar(FE, RJ)) return true;
  if (memory.compare(sig, P_MINUS_N, 32) >= 0) return false;
  feSetB32(FE, sig);
  feAdd(FE, FE, N_FE);
  feMul(FE, FE, ZZ);
  return feEqualVar(FE, RJ);
}
