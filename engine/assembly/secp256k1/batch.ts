/**
 * The tables of odd multiples P, 3P, 5P, ... that both multi-scalar multiplications read, made
 * affine in batches by affine.ts. A table for NAF width w holds 2^(w-2) entries, up to
 * (2^(w-1) - 1) P: width 8 (64 entries) for fixed generators, whose tables are built once, width 6
 * (16 entries) for points met once.
 */
import { AFFINE_BATCH_MAX, gejToGeBatch } from './affine';
import { reserve } from './arena';
import { GE_SIZE, GEJ_SIZE, gejAddVar, gejDoubleVar, gejSetGe } from './point';

/** Most points one batch inversion converts while building tables. */
export const BATCH_MAX: i32 = AFFINE_BATCH_MAX;

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
