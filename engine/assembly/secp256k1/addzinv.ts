/**
 * The two additions of verification's "effective affine" public-key table (ecmult.ts), public data
 * only. The table's odd multiples of P are computed on an isomorphic curve on which 2P is affine,
 * then brought to one shared Z; read with that Z as 1, they are affine points of a third isomorphic
 * curve (x Z^2, y Z^3 for the real x, y), where the main loop adds them with the mixed formula and
 * no inversion. G's entries stay on the real curve: on that third curve, G's affine entry (x, y)
 * is the Jacobian point (x, y, 1/Z), which gejAddZinvSignedVar adds given Z.
 */
import { FE_SIZE, feMul, feNeg, feNormalizeWeak, feSetInt, feSqr, feSub } from './field';
import { feZeroVar, gejAddFinish } from './addvar';
import { feMul2 } from './fieldsimd';
import { gejDoubleVar, gejSetInfinity } from './point';

const AZ: usize = memory.data(<i32>FE_SIZE, 16);
const ZZ: usize = memory.data(<i32>FE_SIZE, 16);
const H: usize = memory.data(<i32>FE_SIZE, 16);
const R: usize = memory.data(<i32>FE_SIZE, 16);
const S2: usize = memory.data(<i32>FE_SIZE, 16);

/**
 * r += b for r Jacobian (finite) and b affine, writing the ratio Z3 / Z1 (= H) to `ratio`.
 * Pre: r != b and r != -b (for the table: (2j - 1) P + 2P with j < 8, never exceptional in a
 * group of prime order n > 15).
 */
export function gejAddGeRatioVar(r: usize, b: usize, ratio: usize): void {
  const x = r, y = r + 40, z = r + 80;
  feSqr(ZZ, z);
  feMul(H, b, ZZ);
  feMul(S2, b + 40, z);
  feMul(S2, S2, ZZ);
  feSub(H, H, x, 1);
  feSub(R, S2, y, 1);
  feNormalizeWeak(H);
  memory.copy(ratio, H, FE_SIZE);
  gejAddFinish(r, H, R);
}

/**
 * r += b (negated when neg), where r is a Jacobian point of the curve scaled by Z (may be
 * infinity) and b an affine point of the real curve with y of magnitude <= 1, given bzinv = Z:
 * b is the Jacobian (x, y, 1 / bzinv) there. 9 multiplications and 3 squarings.
 */
export function gejAddZinvSignedVar(r: usize, b: usize, bzinv: usize, neg: bool): void {
  const x = r, y = r + 40, z = r + 80;
  if (load<u32>(r, 120) != 0) {
    feSqr(ZZ, bzinv);
    feMul(x, b, ZZ);
    feMul(ZZ, ZZ, bzinv);
    feMul(y, b + 40, ZZ);
    if (neg) {
      feNeg(y, y, 1);
      feNormalizeWeak(y);
    }
    feSetInt(z, 1);
    store<u32>(r, 0, 120);
    return;
  }
  feMul(AZ, z, bzinv);
  feMul2(ZZ, AZ, AZ, S2, b + 40, AZ);
  feMul2(H, b, ZZ, S2, S2, ZZ); // U2, S2
  if (neg) feNeg(S2, S2, 1);
  feSub(H, H, x, 1); // magnitude 3
  feSub(R, S2, y, 1); // magnitude <= 4
  if (feZeroVar(H)) {
    if (feZeroVar(R)) gejDoubleVar(r, r);
    else gejSetInfinity(r);
    return;
  }
  gejAddFinish(r, H, R); // Z3 = Z1 H: the scaled U2 and S2 carry the factor 1/Z of b
}
