/**
 * Jacobian to affine conversion of many points with one field inversion (Montgomery's trick:
 * invert the product of all Z, then peel one factor off per point), and the tables of odd
 * multiples P, 3P, ..., 31P that both multi-scalar multiplications read.
 */
import { reserve } from './arena';
import { FE_SIZE, feCopy, feMul, feNormalize, feSqr } from './field';
import { feInv } from './fieldpow';
import { GE_SIZE, GEJ_SIZE, gejAddVar, gejDouble, gejSetGe } from './point';

/** Most points one call of gejToGeBatch converts. */
export const BATCH_MAX: i32 = 256;

/** Odd multiples per table: (2j + 1) P for j < TABLE_ENTRIES. */
export const TABLE_ENTRIES: i32 = 16;
/** Bytes of one table (affine entries). */
export const TABLE_SIZE: usize = <usize>TABLE_ENTRIES * GE_SIZE;

const PREFIX: usize = memory.data(BATCH_MAX * <i32>FE_SIZE, 16);
const INV: usize = memory.data(<i32>FE_SIZE, 16);
const ZI: usize = memory.data(<i32>FE_SIZE, 16);
const ZI2: usize = memory.data(<i32>FE_SIZE, 16);

/** dst = the affine form of src given ZI = 1/Z. */
function toAffine(dst: usize, src: usize): void {
  feSqr(ZI2, ZI);
  feMul(dst, src, ZI2);
  feNormalize(dst);
  feMul(ZI2, ZI2, ZI);
  feMul(dst + 40, src + 40, ZI2);
  feNormalize(dst + 40);
}

/**
 * Writes the affine forms of `count` (<= BATCH_MAX) finite Jacobian points at src (GEJ_SIZE
 * apart) to dst (GE_SIZE apart). Variable time in nothing but count; the points must not be
 * infinity (their Z would zero the product).
 */
export function gejToGeBatch(dst: usize, src: usize, count: i32): void {
  feCopy(PREFIX, src + 80);
  for (let i = 1; i < count; i++) {
    feMul(PREFIX + <usize>i * FE_SIZE, PREFIX + <usize>(i - 1) * FE_SIZE, src + <usize>i * GEJ_SIZE + 80);
  }
  feInv(INV, PREFIX + <usize>(count - 1) * FE_SIZE);
  for (let i = count - 1; i > 0; i--) {
    const p = src + <usize>i * GEJ_SIZE;
    feMul(ZI, INV, PREFIX + <usize>(i - 1) * FE_SIZE);
    feMul(INV, INV, p + 80);
    toAffine(dst + <usize>i * GE_SIZE, p);
  }
  feCopy(ZI, INV);
  toAffine(dst, src);
}

/** Points whose tables are built per batch inversion. */
const CHUNK: i32 = BATCH_MAX / TABLE_ENTRIES;
/** Jacobian scratch for one chunk, reserved on first use. */
let JAC: usize = 0;
const TWICE: usize = memory.data(<i32>GEJ_SIZE, 16);

/**
 * Builds the odd-multiple tables of `count` affine points (at points, `stride` bytes apart) into
 * dst, TABLE_SIZE bytes per point. Public points only (variable time).
 */
export function buildTables(dst: usize, points: usize, stride: usize, count: i32): void {
  if (JAC == 0) JAC = reserve(<usize>BATCH_MAX * GEJ_SIZE);
  for (let first = 0; first < count; first += CHUNK) {
    const n = min(CHUNK, count - first);
    for (let p = 0; p < n; p++) {
      const row = JAC + <usize>(p * TABLE_ENTRIES) * GEJ_SIZE;
      gejSetGe(row, points + <usize>(first + p) * stride);
      gejDouble(TWICE, row);
      for (let j = 1; j < TABLE_ENTRIES; j++) {
        gejAddVar(row + <usize>j * GEJ_SIZE, row + <usize>(j - 1) * GEJ_SIZE, TWICE);
      }
    }
    gejToGeBatch(dst + <usize>first * TABLE_SIZE, JAC, n * TABLE_ENTRIES);
  }
}
