/**
 * Batch conversion of finite Jacobian points to affine, normalized, with one inversion
 * (Montgomery's trick: invert the product of all Z, then peel off one factor per point), the
 * inversion constant-time. Used for the precomputed tables of G, verification's table of the
 * public key, and the multi-scalar multiplications' tables (batch.ts).
 */
import { FE_SIZE, feCopy, feMul } from './field';
import { feInvDivsteps } from './modinv';
import { GE_SIZE, GEJ_SIZE, geSetGejZinv } from './point';

/** Most points one call converts. */
export const AFFINE_BATCH_MAX: i32 = 256;

const PREFIX: usize = memory.data(AFFINE_BATCH_MAX * <i32>FE_SIZE, 16);
const INV: usize = memory.data(<i32>FE_SIZE, 16);
const ZI: usize = memory.data(<i32>FE_SIZE, 16);

/**
 * dst[i] = src[i] as affine (x | y) for i < count, 1 <= count <= AFFINE_BATCH_MAX. Pre: every src[i]
 * is finite (Z != 0). dst and src must not overlap.
 */
export function gejToGeBatch(dst: usize, src: usize, count: i32): void {
  feCopy(PREFIX, src + 80);
  for (let i = 1; i < count; i++) {
    feMul(PREFIX + <usize>i * FE_SIZE, PREFIX + <usize>(i - 1) * FE_SIZE, src + <usize>i * GEJ_SIZE + 80);
  }
  feInvDivsteps(INV, PREFIX + <usize>(count - 1) * FE_SIZE);
  for (let i = count - 1; i > 0; i--) {
    const p = src + <usize>i * GEJ_SIZE;
    feMul(ZI, INV, PREFIX + <usize>(i - 1) * FE_SIZE);
    feMul(INV, INV, p + 80);
    geSetGejZinv(dst + <usize>i * GE_SIZE, p, ZI);
  }
  geSetGejZinv(dst, src, INV);
}
