/**
 * The vectors of scalars and the per-proof point tables zk-FIDNA's prover and verifier work in,
 * reserved once (secp256k1/arena.ts) on the first zk-FIDNA call together with the generators.
 */
import { reserve } from '../secp256k1/arena';
import { NARROW, tableSize } from '../secp256k1/batch';
import { GE_SIZE, GEJ_SIZE } from '../secp256k1/point';
import { SC_SIZE } from '../secp256k1/scalar';
import { ensureGenerators, NM_MAX } from './generators';

/** Vectors of NM_MAX scalars. Prover: nonces s_L, s_R; l; r; y^i s_R; y^i; the IPP's generator coefficients. */
export const V_SL: i32 = 0;
export const V_SR: i32 = 1;
export const V_L: i32 = 2;
export const V_R: i32 = 3;
export const V_R1: i32 = 4;
export const V_YP: i32 = 5;
export const V_GC: i32 = 6;
export const V_HC: i32 = 7;
/** Verifier: r a s_i and b s_i, with s_i the IPP's products of challenges. */
export const V_S: i32 = 8;
export const V_BS: i32 = 9;
const VECTORS: i32 = 10;
const VECTOR_SIZE: usize = <usize>NM_MAX * SC_SIZE;

/** Points of a proof the verifier builds tables for: A, S, T1, T2, L_1..L_7, R_1..R_7, V_0, V_1. */
export const DYN_POINTS: i32 = 22;
/** Vector length at which the prover's inner-product argument computes its folded generators. */
export const MATERIALIZE: i32 = 16;
/** NAF width of the tables of points met once (a proof's points, the folded generators). */
export const DYN_WIDTH: i32 = NARROW;
const TABLE: usize = tableSize(NARROW);

let vectors: usize = 0;
let tables: usize = 0;
let folded: usize = 0;

/** Reserves the workspace and computes the generators unless done. */
export function ensureWorkspace(): void {
  ensureGenerators();
  if (vectors != 0) return;
  vectors = reserve(<usize>VECTORS * VECTOR_SIZE);
  tables = reserve(<usize>DYN_POINTS * TABLE);
  folded = reserve(<usize>(2 * MATERIALIZE) * (GEJ_SIZE + GE_SIZE + TABLE));
}

/** The prover's folded generators G'_0..G'_15, H'_0..H'_15: Jacobian, affine, and their tables. */
export function foldedJacobian(): usize {
  return folded;
}
export function foldedAffine(): usize {
  return folded + <usize>(2 * MATERIALIZE) * GEJ_SIZE;
}
// @ts-ignore: decorator
@inline export function foldedTable(i: i32): usize {
  return folded + <usize>(2 * MATERIALIZE) * (GEJ_SIZE + GE_SIZE) + <usize>i * TABLE;
}

/** Element i of vector v. */
// @ts-ignore: decorator
@inline export function at(v: i32, i: i32): usize {
  return vectors + <usize>v * VECTOR_SIZE + <usize>i * SC_SIZE;
}

/** Table of the verifier's dynamic point j. */
// @ts-ignore: decorator
@inline export function dynTable(j: i32): usize {
  return tables + <usize>j * TABLE;
}

/** Zeroes the prover's secret vectors. */
export function wipeVectors(): void {
  memory.fill(vectors, 0, <usize>VECTORS * VECTOR_SIZE);
}
