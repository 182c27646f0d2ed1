/**
 * Precomputed multiples of the generator G, built once when the module is instantiated (from G's
 * coordinates, nothing hard-coded beyond them):
 *   GEN[i][j] = (2j + 1) * 64^i * G for i < 43, j < 32: the fixed-base table for k*G, where i
 *     selects a 6-bit window and j the odd digit (docs/decisions/067);
 *   GEN_START = 2^255 * G, the point k*G starts from (ecmult_gen.ts says why 2^255).
 * Entries are affine (x | y, 80 bytes), so they add with the cheaper mixed formulas.
 */
import { gejToGeBatch } from './affine';
import { feSetB32 } from './field';
import { GE_SIZE, GEJ_SIZE, gejAddVar, gejDoubleVar, gejSetGe } from './point';

/** Window width, windows and odd multiples per window of the fixed-base table. */
export const GEN_BITS: i32 = 6;
export const GEN_WINDOWS: i32 = 43;
export const GEN_ENTRIES: i32 = 32;

/** GEN[i][j] = (2j + 1) 64^i G, row-major, affine. */
export const GEN: usize = memory.data(GEN_WINDOWS * GEN_ENTRIES * <i32>GE_SIZE, 16);
/** 2^255 G, affine. */
export const GEN_START: usize = memory.data(<i32>GE_SIZE, 16);
/** The generator itself (affine, normalized). */
export const G: usize = memory.data(<i32>GE_SIZE, 16);

const G_BYTES: usize = memory.data<u8>([
  0x79, 0xbe, 0x66, 0x7e, 0xf9, 0xdc, 0xbb, 0xac, 0x55, 0xa0, 0x62, 0x95, 0xce, 0x87, 0x0b, 0x07,
  0x02, 0x9b, 0xfc, 0xdb, 0x2d, 0xce, 0x28, 0xd9, 0x59, 0xf2, 0x81, 0x5b, 0x16, 0xf8, 0x17, 0x98,
  0x48, 0x3a, 0xda, 0x77, 0x26, 0xa3, 0xc4, 0x65, 0x5d, 0xa4, 0xfb, 0xfc, 0x0e, 0x11, 0x08, 0xa8,
  0xfd, 0x17, 0xb4, 0x48, 0xa6, 0x85, 0x54, 0x19, 0x9c, 0x47, 0xd0, 0x8f, 0xfb, 0x10, 0xd4, 0xb8,
]);

/** Points converted per batch inversion while building. */
const BATCH: i32 = 64;
const JAC: usize = memory.data(BATCH * <i32>GEJ_SIZE, 16);
const B: usize = memory.data(<i32>GEJ_SIZE, 16);
const B2: usize = memory.data(<i32>GEJ_SIZE, 16);

/** dst = JAC[0..count) as affine points (affine.ts). */
function toAffineBatch(dst: usize, count: i32): void {
  gejToGeBatch(dst, JAC, count);
}

/** JAC[0..count) = B, 3B, ..., (2 count - 1) B for the Jacobian B (B2 = 2B as scratch). */
function oddMultiples(row: usize, count: i32): void {
  memory.copy(row, B, GEJ_SIZE);
  gejDoubleVar(B2, B);
  for (let j = 1; j < count; j++) {
    gejAddVar(row + <usize>j * GEJ_SIZE, row + <usize>(j - 1) * GEJ_SIZE, B2);
  }
}

function doubleB(times: i32): void {
  for (let d = 0; d < times; d++) gejDoubleVar(B, B);
}

function build(): void {
  feSetB32(G, G_BYTES);
  feSetB32(G + 40, G_BYTES + 32);
  gejSetGe(B, G);
  const perBatch = BATCH / GEN_ENTRIES;
  for (let w = 0; w < GEN_WINDOWS; w += perBatch) {
    const rows = min(perBatch, GEN_WINDOWS - w);
    for (let k = 0; k < rows; k++) {
      // B = 64^(w + k) G: its odd multiples B, 3B, ..., 63B go to JAC.
      oddMultiples(JAC + <usize>(k * GEN_ENTRIES) * GEJ_SIZE, GEN_ENTRIES);
      if (w + k < GEN_WINDOWS - 1) doubleB(GEN_BITS);
    }
    toAffineBatch(GEN + <usize>(w * GEN_ENTRIES) * GE_SIZE, rows * GEN_ENTRIES);
  }
  // B = 64^42 G = 2^252 G.
  doubleB(3);
  memory.copy(JAC, B, GEJ_SIZE);
  toAffineBatch(GEN_START, 1);
}

build();
