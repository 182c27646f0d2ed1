/**
 * ML-KEM.KeyGen_internal, Encaps_internal and Decaps_internal (FIPS 203 Algorithms 16 to 18) over
 * K-PKE (Algorithms 13 to 15), plus the input checks of section 7. Randomness (d, z, m) always
 * comes from the caller.
 */
import { DS_SHA3, DS_SHAKE, RATE_SHAKE256, SPONGE_SIZE, spongeAbsorb, spongeInit, spongeSqueeze } from '../keccak';
import { extractX2, hashPairX2, keccakF1600x2, X2_STATE_SIZE } from '../keccak_x2';
import { cbd2 } from './cbd';
import { addVec, canonicalVec, mulConstVec, subPoly } from './arith';
import { compressPack, decode12, encode12, messageToPoly, polyToMessage, unpackDecompress } from './encode';
import { invNtt, mulAcc, ntt, prepareGamma } from './ntt';
import { CT_BYTES, DU, DV, EK_BYTES, ETA1, ETA2, K, MAX_CT_BYTES, MAX_DK_BYTES, MAX_EK_BYTES, MAX_K, POLY_BYTES, POLY_PACKED } from './params';
import { oddEntryStart, oddEntryStep } from './odd_entry';
import { expandMatrix, hashPublic, sampleNoise } from './sample';

const P: usize = <usize>POLY_BYTES;
const MAT: usize = memory.data(MAX_K * MAX_K * POLY_BYTES, 16);
const SHAT: usize = memory.data(MAX_K * POLY_BYTES, 16);
const THAT: usize = memory.data(MAX_K * POLY_BYTES, 16);
const NOISE: usize = memory.data(MAX_K * POLY_BYTES, 16);
const Y: usize = memory.data(MAX_K * POLY_BYTES, 16);
const U: usize = memory.data(MAX_K * POLY_BYTES, 16);
const V: usize = memory.data(POLY_BYTES, 16);
const W: usize = memory.data(POLY_BYTES, 16);
/** Odd halves of the right-hand vector times gamma (ntt.ts prepareGamma). */
const VG: usize = memory.data(MAX_K * 256, 16);
const SPONGE: usize = memory.data(SPONGE_SIZE, 16);
/** d || k, then rho || sigma = G(d || k). */
const SEEDS: usize = memory.data(64, 16);
/** m || H(ek), then K || r = G(m || H(ek)). */
const G_IN: usize = memory.data(64, 16);
const G_OUT: usize = memory.data(64, 16);
const K_BAR: usize = memory.data(32, 16);
const HASH: usize = memory.data(32, 16);
/** The re-encryption in Decaps, and the key expanded from a seed. */
const CT2: usize = memory.data(MAX_CT_BYTES, 16);
/** z || c, the input of J. */
const J_IN: usize = memory.data(32 + MAX_CT_BYTES, 16);
const DK_SEED: usize = memory.data(MAX_DK_BYTES, 16);
const EK_SEED: usize = memory.data(MAX_EK_BYTES, 16);

function hash(dst: usize, dstLen: usize, src: usize, srcLen: usize, rate: u32, ds: u32): void {
  spongeInit(SPONGE, rate, ds);
  spongeAbsorb(SPONGE, src, srcLen);
  spongeSqueeze(SPONGE, dst, dstLen);
  // G's state holds K and r, the next call's nothing of it.
  memory.fill(SPONGE, 0, SPONGE_SIZE);
}

/** H = SHA3-256. */
function sha3_256(dst: usize, src: usize, len: usize): void {
  hash(dst, 32, src, len, 136, DS_SHA3);
}

/** G = SHA3-512. */
function sha3_512(dst: usize, src: usize, len: usize): void {
  hash(dst, 64, src, len, 72, DS_SHA3);
}

// @ts-ignore: decorator
@inline function poly(base: usize, i: i32): usize {
  return base + <usize>i * P;
}

/** K-PKE.KeyGen(d): ek = ByteEncode12(t-hat) || rho, dk_PKE = ByteEncode12(s-hat). */
function pkeKeygen(d: usize, ek: usize, dkPke: usize): void {
  memory.copy(SEEDS, d, 32);
  store<u8>(SEEDS + 32, <u8>K);
  sha3_512(SEEDS, SEEDS, 33);
  const sigma = SEEDS + 32;
  expandMatrix(MAT, SEEDS);
  sampleNoise(sigma, 0, SHAT, K, ETA1, NOISE, K, ETA1);
  for (let i = 0; i < K; i++) {
    ntt(poly(SHAT, i));
    ntt(poly(NOISE, i));
  }
  prepareGamma(VG, SHAT, K);
  for (let i = 0; i < K; i++) mulAcc(poly(THAT, i), poly(MAT, i * K), P, SHAT, VG, K);
  // The products carry 2^-16; 2^16 mod q = 2285 restores them before e-hat is added.
  mulConstVec(THAT, K, 2285);
  addVec(THAT, NOISE, K);
  canonicalVec(THAT, K);
  canonicalVec(SHAT, K);
  for (let i = 0; i < K; i++) {
    encode12(ek + <usize>(i * POLY_PACKED), poly(THAT, i));
    encode12(dkPke + <usize>(i * POLY_PACKED), poly(SHAT, i));
  }
  memory.copy(ek + <usize>(K * POLY_PACKED), SEEDS, 32);
}

/** K-PKE.Encrypt(ek, m, r) into c with t-hat (THAT) and A-hat (MAT) in place; e2 already in W unless withE2. */
function encryptExpanded(m: usize, r: usize, c: usize, withE2: bool = true): void {
  sampleNoise(r, 0, Y, K, ETA1, NOISE, K, ETA2, W, withE2 ? 1 : 0, ETA2);
  for (let i = 0; i < K; i++) ntt(poly(Y, i));
  prepareGamma(VG, Y, K);
  // u = NTT^-1(A-hat^T o y-hat) + e1: column i of A-hat, entries k polynomials apart.
  for (let i = 0; i < K; i++) {
    mulAcc(poly(U, i), poly(MAT, i), <usize>K * P, Y, VG, K);
    invNtt(poly(U, i));
  }
  addVec(U, NOISE, K);
  canonicalVec(U, K);
  for (let i = 0; i < K; i++) compressPack(c + <usize>(32 * DU * i), poly(U, i), DU);
  // v = NTT^-1(t-hat^T o y-hat) + e2 + Decompress_1(m)
  mulAcc(V, THAT, P, Y, VG, K);
  invNtt(V);
  addVec(V, W, 1);
  messageToPoly(W, m);
  addVec(V, W, 1);
  canonicalVec(V, 1);
  compressPack(c + <usize>(32 * DU * K), V, DV);
}

/** K-PKE.Decrypt(dk_PKE, c): the 32-byte message m. */
function pkeDecrypt(dkPke: usize, c: usize, m: usize): void {
  for (let i = 0; i < K; i++) {
    unpackDecompress(poly(U, i), c + <usize>(32 * DU * i), DU);
    ntt(poly(U, i));
    decode12(poly(SHAT, i), dkPke + <usize>(i * POLY_PACKED));
  }
  prepareGamma(VG, U, K);
  mulAcc(W, SHAT, P, U, VG, K);
  invNtt(W);
  unpackDecompress(V, c + <usize>(32 * DU * K), DV);
  subPoly(V, V, W);
  canonicalVec(V, 1);
  polyToMessage(m, V);
}

/** ML-KEM.KeyGen_internal(d, z) from the 64-byte seed d || z: writes ek and dk. */
export function keygen(seed: usize, ek: usize, dk: usize): void {
  const pke = <usize>(K * POLY_PACKED);
  pkeKeygen(seed, ek, dk);
  memory.copy(dk + pke, ek, <usize>EK_BYTES);
  sha3_256(dk + pke + <usize>EK_BYTES, ek, <usize>EK_BYTES);
  memory.copy(dk + pke + <usize>EK_BYTES + 32, seed + 32, 32);
  wipeWork();
}

/** The modulus check of FIPS 203 section 7.2: every encoded coefficient of ek is below q. */
export function checkEncapsulationKey(ek: usize): bool {
  let over = 0;
  for (let i = 0; i < K; i++) over |= decode12(poly(THAT, i), ek + <usize>(i * POLY_PACKED));
  return over == 0;
}

/**
 * The hash check of FIPS 203 section 7.3: dk embeds H(ek) of the ek it embeds. H(ek) comes from
 * sample.ts hashPublic, which compares an ek it hashed last time byte for byte instead of hashing
 * it again.
 */
export function checkDecapsulationKey(dk: usize): bool {
  const ek = dk + <usize>(K * POLY_PACKED);
  hashPublic(ek, <usize>EK_BYTES, HASH);
  return embedsHash(ek + <usize>EK_BYTES);
}

/** Whether the 32 bytes at h (the H(ek) a dk embeds) equal HASH; both public, so not masked. */
function embedsHash(h: usize): bool {
  let diff: u64 = 0;
  for (let i: usize = 0; i < 32; i += 8) diff |= load<u64>(HASH + i) ^ load<u64>(h + i);
  return diff == 0;
}

/** Zeroes G's input (m, then H(ek)) and output (K, r): secrets that must not outlive the call. */
function wipeG(): void {
  memory.fill(G_IN, 0, 64);
  memory.fill(G_OUT, 0, 64);
}

/**
 * Zeroes the working values that held secrets, the k polynomials a call at this level writes:
 * sigma (SEEDS), s-hat, the noise, y-hat and its gamma halves, u and v before compression,
 * Decompress(m) (W) and Decaps' re-encryption (of m', secret when c was tampered with).
 */
function wipeWork(): void {
  const polys = <usize>K * P;
  memory.fill(SEEDS, 0, 64);
  memory.fill(SHAT, 0, polys);
  memory.fill(NOISE, 0, polys);
  memory.fill(Y, 0, polys);
  memory.fill(U, 0, polys);
  memory.fill(VG, 0, <usize>K * 256);
  memory.fill(V, 0, P);
  memory.fill(W, 0, P);
  memory.fill(CT2, 0, <usize>CT_BYTES);
}

/**
 * ML-KEM.Encaps_internal(ek, m) after the modulus check of FIPS 203 section 7.2: writes the
 * ciphertext c and the shared secret, or returns false (writing nothing) when ek fails the check.
 * H(ek) is hashed beside the matrix (sample.ts expandMatrix), from which it is independent.
 */
export function encaps(ek: usize, m: usize, c: usize, ss: usize): bool {
  if (!checkEncapsulationKey(ek)) return false;
  memory.copy(G_IN, m, 32);
  expandMatrix(MAT, ek + <usize>(K * POLY_PACKED), ek, <usize>EK_BYTES, G_IN + 32);
  sha3_512(G_OUT, G_IN, 64);
  encryptExpanded(m, G_OUT + 32, c);
  memory.copy(ss, G_OUT, 32);
  wipeG();
  wipeWork();
  return true;
}

const PAIR: usize = memory.data(X2_STATE_SIZE, 16);
const E2_PRF: usize = memory.data(136, 16);

/**
 * For odd k: G(m' || h) into G_OUT, then e2 = CBD(PRF(r, 2k)) into W, each one permutation of
 * state 0 of PAIR, while state 1 squeezes the matrix entry expandMatrix left out (odd_entry.ts,
 * public; nothing when it left none). Three scalar permutations' worth of work in two two-way ones.
 */
function gAndE2BesideOddEntry(rho: usize, left: i32): void {
  memory.fill(PAIR, 0, X2_STATE_SIZE);
  for (let i: usize = 0; i < 8; i++) store<u64>(PAIR + (i << 4), load<u64>(G_IN + (i << 3)));
  // SHA3-512's rate is 72 bytes: lane 8 takes the domain byte and the final padding bit.
  store<u64>(PAIR + 128, <u64>DS_SHA3 | (<u64>0x80 << 56));
  oddEntryStart(PAIR, MAT, rho, left);
  keccakF1600x2(PAIR);
  extractX2(PAIR, 0, G_OUT, 64);
  oddEntryStep(PAIR, false);
  // PRF(r, 2k) = SHAKE256(r || 2k): the nonce and 0x1f in lane 4, the final bit atop lane 16.
  for (let i: usize = 0; i < 25; i++) store<u64>(PAIR + (i << 4), 0);
  for (let i: usize = 0; i < 4; i++) store<u64>(PAIR + (i << 4), load<u64>(G_OUT + 32 + (i << 3)));
  store<u64>(PAIR + 64, <u64>(2 * K) | (<u64>DS_SHAKE << 8));
  store<u64>(PAIR + 256, <u64>0x80 << 56);
  keccakF1600x2(PAIR);
  extractX2(PAIR, 0, E2_PRF, 128);
  oddEntryStep(PAIR, true);
  cbd2(W, E2_PRF);
  memory.fill(PAIR, 0, X2_STATE_SIZE);
  memory.fill(E2_PRF, 0, 136);
}

/**
 * ML-KEM.Decaps_internal(dk, c) after the hash check of FIPS 203 section 7.3, with implicit
 * rejection: the shared secret is K' when c re-encrypts to itself and J(z || c) otherwise, chosen
 * by a mask, not by a branch. Returns false (writing nothing) when dk embeds a wrong H(ek). The
 * check's SHA3-256 runs on every call beside J's SHAKE256 in the two-way Keccak (same rate, same
 * block count at every level), which costs about a tenth of J instead of nine scalar permutations.
 */
export function decaps(dk: usize, c: usize, ss: usize): bool {
  const pke = <usize>(K * POLY_PACKED);
  const ek = dk + pke;
  const h = ek + <usize>EK_BYTES;
  const z = h + 32;
  memory.copy(J_IN, z, 32);
  memory.copy(J_IN + 32, c, <usize>CT_BYTES);
  hashPairX2(RATE_SHAKE256, 32, HASH, ek, <usize>EK_BYTES, DS_SHA3, K_BAR, J_IN, 32 + <usize>CT_BYTES, DS_SHAKE);
  // z is secret: its copy does not outlive the hash.
  memory.fill(J_IN, 0, 32);
  // ek and H(ek) are public parts of dk: refusing on them reveals nothing.
  if (!embedsHash(h)) {
    memory.fill(K_BAR, 0, 32);
    return false;
  }
  for (let i = 0; i < K; i++) decode12(poly(THAT, i), ek + <usize>(i * POLY_PACKED));
  const rho = ek + <usize>(K * POLY_PACKED);
  const left = expandMatrix(MAT, rho, 0, 0, 0, true);
  pkeDecrypt(dk, c, G_IN);
  memory.copy(G_IN + 32, h, 32);
  if ((K & 1) == 0) {
    sha3_512(G_OUT, G_IN, 64);
    encryptExpanded(G_IN, G_OUT + 32, CT2);
  } else {
    gAndE2BesideOddEntry(rho, left);
    encryptExpanded(G_IN, G_OUT + 32, CT2, false);
  }
  // Every ciphertext length (768, 1088, 1568) is a multiple of 8.
  let diff: u64 = 0;
  for (let i: usize = 0; i < <usize>CT_BYTES; i += 8) diff |= load<u64>(c + i) ^ load<u64>(CT2 + i);
  const equal: u64 = ((diff | (0 - diff)) >> 63) - 1;
  for (let i: usize = 0; i < 32; i += 8) {
    const kBar = load<u64>(K_BAR + i);
    store<u64>(ss + i, kBar ^ (equal & (load<u64>(G_OUT + i) ^ kBar)));
  }
  memory.fill(K_BAR, 0, 32);
  wipeG();
  wipeWork();
  return true;
}

/** Decaps with a 64-byte seed d || z as the key: expands it (keygen), then decapsulates. */
export function decapsSeed(seed: usize, c: usize, ss: usize): void {
  keygen(seed, EK_SEED, DK_SEED);
  decaps(DK_SEED, c, ss); // dk was derived here: its check passes
  memory.fill(DK_SEED, 0, MAX_DK_BYTES);
}
