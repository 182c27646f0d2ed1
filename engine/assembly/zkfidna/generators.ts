/**
 * zk-FIDNA's generators, nothing up the sleeve: with the RFC 9380 suite
 * secp256k1_XMD:SHA-256_SSWU_RO_ and the DST below, the value base B = hash_to_curve("value"),
 * G_i = hash_to_curve("G" || u32be(i)) and H_i = hash_to_curve("H" || u32be(i)) for i < 256; the
 * blinding base is secp256k1's G. The generator digest is SHA-256 of all of them compressed, in
 * the order B, G, G_0..G_255, H_0..H_255.
 *
 * Computed once, on the first zk-FIDNA call (513 hashes to the curve), then kept in affine form
 * with width-10 odd-multiple tables (256 entries) for the bases proofs use: G_i and H_i for
 * i < NM_MAX, B and G.
 */
import { SHA256_STATE_SIZE, sha256Final, sha256Init, sha256Update } from '../sha256';
import { reserve } from '../secp256k1/arena';
import { buildTables, tableSize } from '../secp256k1/batch';
import { GE_SIZE } from '../secp256k1/point';
import { hashToCurve } from '../secp256k1/h2c';
import { sec1Serialize } from '../secp256k1/sec1';
import { G } from '../secp256k1/table';

/** Generators per kind (G_i, H_i), enough for m <= 4 aggregated 64-bit proofs. */
export const GENERATORS: i32 = 256;
/** Generators per kind with tables: 64 * m for the m <= 2 that proofs use. */
export const NM_MAX: i32 = 128;
/** Indices of the affine points in digest order. */
export const POINT_B: i32 = 0;
export const POINT_G: i32 = 1;
const FIRST_G: i32 = 2;
const FIRST_H: i32 = FIRST_G + GENERATORS;
const POINT_COUNT: i32 = FIRST_H + GENERATORS;
/**
 * NAF width of the generators' tables: 256 entries (P, 3P, ..., 511P), one nonzero digit per 11
 * bits in the verifier's and the inner-product argument's sums (msm_wide.ts); the prover's
 * constant-time sums (msm_ct.ts) scan only the first 64, the width-8 table they expect.
 */
export const GEN_WIDTH: i32 = 10;
const TABLE: usize = tableSize(GEN_WIDTH);

/** The affine points in digest order, and the tables G_0..G_127, H_0..H_127, B, G (reserved). */
let POINTS: usize = 0;
let TABLES: usize = 0;
/** SHA-256 of the 514 compressed generators. */
export const GENERATOR_DIGEST: usize = memory.data(32, 16);

/** "ZKFIDNA-V01-CS01-with-secp256k1_XMD:SHA-256_SSWU_RO_" */
const DST: usize = memory.data<u8>([
  0x5a, 0x4b, 0x46, 0x49, 0x44, 0x4e, 0x41, 0x2d, 0x56, 0x30, 0x31, 0x2d, 0x43, 0x53, 0x30, 0x31, 0x2d,
  0x77, 0x69, 0x74, 0x68, 0x2d, 0x73, 0x65, 0x63, 0x70, 0x32, 0x35, 0x36, 0x6b, 0x31, 0x5f, 0x58, 0x4d,
  0x44, 0x3a, 0x53, 0x48, 0x41, 0x2d, 0x32, 0x35, 0x36, 0x5f, 0x53, 0x53, 0x57, 0x55, 0x5f, 0x52, 0x4f,
  0x5f,
]);
const DST_LEN: i32 = 52;
/** "value" */
const VALUE: usize = memory.data<u8>([0x76, 0x61, 0x6c, 0x75, 0x65]);

const MSG: usize = memory.data(8, 16);
const Q0: usize = memory.data(<i32>GE_SIZE, 16);
const Q1: usize = memory.data(<i32>GE_SIZE, 16);
const SHA: usize = memory.data(SHA256_STATE_SIZE, 16);
const ENC: usize = memory.data(40, 16);
let ready = false;

/** Affine point `index` in digest order (POINT_B, POINT_G, then G_i, then H_i). */
// @ts-ignore: decorator
@inline export function generatorPoint(index: i32): usize {
  return POINTS + <usize>index * GE_SIZE;
}

/** Table of G_i (i < NM_MAX). */
// @ts-ignore: decorator
@inline export function tableG(i: i32): usize {
  return TABLES + <usize>i * TABLE;
}

/** Table of H_i (i < NM_MAX). */
// @ts-ignore: decorator
@inline export function tableH(i: i32): usize {
  return TABLES + <usize>(NM_MAX + i) * TABLE;
}

/** Table of the value base B. */
// @ts-ignore: decorator
@inline export function tableB(): usize {
  return TABLES + <usize>(2 * NM_MAX) * TABLE;
}

/** Table of the blinding base (secp256k1's G). */
// @ts-ignore: decorator
@inline export function tableBlind(): usize {
  return TABLES + <usize>(2 * NM_MAX + 1) * TABLE;
}

function hashIndexed(index: i32, kind: u8, i: i32): void {
  store<u8>(MSG, kind);
  store<u32>(MSG + 1, bswap<u32>(<u32>i));
  hashToCurve(generatorPoint(index), Q0, Q1, MSG, 5, DST, DST_LEN);
}

/** Computes the generators, their digest and tables unless already done. */
export function ensureGenerators(): void {
  if (ready) return;
  POINTS = reserve(<usize>POINT_COUNT * GE_SIZE);
  TABLES = reserve(<usize>(2 * NM_MAX + 2) * TABLE);
  hashToCurve(generatorPoint(POINT_B), Q0, Q1, VALUE, 5, DST, DST_LEN);
  memory.copy(generatorPoint(POINT_G), G, GE_SIZE);
  for (let i = 0; i < GENERATORS; i++) {
    hashIndexed(FIRST_G + i, 0x47, i);
    hashIndexed(FIRST_H + i, 0x48, i);
  }
  sha256Init(SHA, false);
  for (let p = 0; p < POINT_COUNT; p++) {
    sec1Serialize(ENC, generatorPoint(p), true);
    sha256Update(SHA, ENC, 33);
  }
  sha256Final(SHA, GENERATOR_DIGEST);
  buildTables(tableG(0), generatorPoint(FIRST_G), GE_SIZE, NM_MAX, GEN_WIDTH);
  buildTables(tableH(0), generatorPoint(FIRST_H), GE_SIZE, NM_MAX, GEN_WIDTH);
  buildTables(tableB(), generatorPoint(POINT_B), GE_SIZE, 2, GEN_WIDTH);
  ready = true;
}

/** Index in digest order of G_i (kind 0) or H_i (kind 1). */
export function generatorIndex(kind: i32, i: i32): i32 {
  return (kind == 0 ? FIRST_G : FIRST_H) + i;
}
