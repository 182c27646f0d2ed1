/**
 * Verification's tables of the generator, built on the first verification (so that a process
 * which never verifies pays nothing at start-up), then kept: the odd multiples (2j + 1) G and
 * (2j + 1) 2^128 G for j < G_ENTRIES, affine. The two 128-bit halves of a scalar u1 multiply G
 * and 2^128 G in ecmult.ts with width-G_WINDOW NAF digits, so that u1 G costs about
 * 256 / (G_WINDOW + 1) mixed additions on top of the doublings the public key's part needs anyway.
 */
import { gejToGeBatch } from './affine';
import { gejAddGeSignedVar } from './addvar';
import { reserve } from './arena';
import { GE_SIZE, GEJ_SIZE, gejDoubleVar, gejSetGe } from './point';
import { G } from './table';

/** NAF width of G's digits, and odd multiples per table (digits 1, 3, ..., 2^(w-1) - 1). */
export const G_WINDOW: i32 = 12;
export const G_ENTRIES: i32 = 1 << (G_WINDOW - 2);

/** Points converted per batch inversion while building (at most affine.ts's AFFINE_BATCH_MAX). */
const G_BATCH: i32 = 64;
const JAC: usize = memory.data(G_BATCH * <i32>GEJ_SIZE, 16);
const B: usize = memory.data(<i32>GEJ_SIZE, 16);
const B2: usize = memory.data(<i32>GEJ_SIZE, 16);
const B2_AFFINE: usize = memory.data(<i32>GE_SIZE, 16);
let tables: usize = 0;

/**
 * dst[j] = (2j + 1) B for j < G_ENTRIES, converted G_BATCH points at a time. 2B is made
 * affine first so that each step is a mixed addition (never exceptional: the multiples are
 * distinct and nonzero below n).
 */
function oddMultiples(dst: usize): void {
  gejDoubleVar(B2, B);
  gejToGeBatch(B2_AFFINE, B2, 1);
  memory.copy(JAC, B, GEJ_SIZE);
  for (let j = 0; j < G_ENTRIES; j += G_BATCH) {
    if (j > 0) {
      memory.copy(JAC, JAC + <usize>(G_BATCH - 1) * GEJ_SIZE, GEJ_SIZE);
      gejAddGeSignedVar(JAC, B2_AFFINE, false);
    }
    for (let k = 1; k < G_BATCH; k++) {
      const e = JAC + <usize>k * GEJ_SIZE;
      memory.copy(e, e - GEJ_SIZE, GEJ_SIZE);
      gejAddGeSignedVar(e, B2_AFFINE, false);
    }
    gejToGeBatch(dst + <usize>j * GE_SIZE, JAC, G_BATCH);
  }
}

/**
 * The tables' address: G's odd multiples, then 2^128 G's at G_ENTRIES * GE_SIZE further on.
 * Builds them on the first call.
 */
export function gTablesVar(): usize {
  if (tables != 0) return tables;
  const at = reserve(<usize>(2 * G_ENTRIES) * GE_SIZE);
  gejSetGe(B, G);
  oddMultiples(at);
  gejSetGe(B, G);
  for (let i = 0; i < 128; i++) gejDoubleVar(B, B);
  oddMultiples(at + <usize>G_ENTRIES * GE_SIZE);
  tables = at;
  return at;
}
