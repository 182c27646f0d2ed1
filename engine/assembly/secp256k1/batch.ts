/**
 * Jacobian to affine conversion of many points with one field inversion (Montgomery's trick:
 * invert the product of all Z, then peel one factor off per point), and the tables of odd
 * multiples P, 3P, 5P, ... that both multi-scalar multiplications read. A table for NAF width w
 * holds 2^(w-2) entries, up to (2^(w-1) - 1) P: width 8 (64 entries) for fixed generators, whose
 * tables are built once, width 6 (16 entries) for points met once.
 */
import { reserve } from './arena';
import { FE_SIZE, feCopy, feMul, feNormalize, feSqr } from './field';
import { feInv } from './fieldpow';
import { GE_SIZE, GEJ_SIZE, gejAddVar, gejDoubleVar, gejSetGe } from './point';

/** Most points one call of gejToGeBatch converts. */
export const BATCH_MAX: i32 = 256;

/** NAF widths of the two table sizes. */
export const WIDE: i32 = 8;
export const NARROW: i32 = 6;

/** Entries of a table for NAF width w: (2j + 1) P for j < 2^(w-2). */
// @ts-ignore: decorator
@inline export function tableEntries(width: i32): i32 {
  return 1 << (width - 2);
}

/** Bytes of a table for NAF width w (affine entries). */
// @ts-ignore: decorator
@inline export function tableSize(width: i32): usize {
  return <usize>tableEntries(width) * GE_SIZE;
}

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

/** Jacobian scratch for one batch inversion's worth of entries, reserved on first use. */
let JAC: usize = 0;
const TWICE: usize = memory.data(<i32>GEJ_SIZE, 16);

/**
 * Builds the width-w odd-multiple tables of `count` affine points (at points, `stride` bytes
 * apart) into dst, tableSize(width) bytes per point. Public points only (variable time).
 */
export function buildTables(dst: usize, points: usize, stride: usize, count: i32, width: i32): void {
  if (JAC == 0) JAC = reserve(<usize>BATCH_MAX * GEJ_SIZE);
  const entries = tableEntries(width);
  const chunk = BATCH_MAX / entries;
  for (let first = 0; first < count; first += chunk) {
    const n = min(chunk, count - first);
    for (let p = 0; p < n; p++) {
      const row = JAC + <usize>(p * entries) * GEJ_SIZE;
      gejSetGe(row, points + <usize>(first + p) * stride);
      gejDoubleVar(TWICE, row);
      for (let j = 1; j < entries; j++) {
        gejAddVar(row + <usize>j * GEJ_SIZE, row + <usize>(j - 1) * GEJ_SIZE, TWICE);
      }
    }
    gejToGeBatch(dst + <usize>first * tableSize(width), JAC, n * entries);
  }
}
