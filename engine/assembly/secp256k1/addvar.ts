/**
 * The mixed Jacobian + affine addition of the variable-time multi-scalar multiplication, tuned
 * for it: the sign of the affine point is an argument (no negated copy), and the exceptional-case
 * tests use a quick zero test that settles almost every case from the two lowest limbs. Public
 * data only.
 */
import { FE_SIZE, feIsZero, feMul, feMulInt, feMulSmall, feNeg, feNormalize, feNormalizeWeak, feSetInt, feSqr, feSub } from './field';
import { feMul2 } from './fieldsimd';
import { gejDoubleVar, gejSetInfinity } from './point';

const T: usize = memory.data(<i32>FE_SIZE, 16);
const ZZ: usize = memory.data(<i32>FE_SIZE, 16);
const H: usize = memory.data(<i32>FE_SIZE, 16);
const R: usize = memory.data(<i32>FE_SIZE, 16);
const S2: usize = memory.data(<i32>FE_SIZE, 16);
const HH: usize = memory.data(<i32>FE_SIZE, 16);
const HHH: usize = memory.data(<i32>FE_SIZE, 16);
const V: usize = memory.data(<i32>FE_SIZE, 16);

/**
 * Whether a (magnitude <= 31) is 0 mod p. One carry pass leaves a value below 2p with canonical
 * limbs 0 and 1, so it is 0 mod p only if it is 0 or p, and then its low 52 bits are those of 0 or
 * of p: any other pair answers at once.
 */
export function feZeroVar(a: usize): bool {
  feMulSmall(T, a, 1);
  const l0 = load<u32>(T), l1 = load<u32>(T, 4);
  if ((l0 | l1) != 0 && (l0 != 0x3fffc2f || l1 != 0x3ffffbf)) return false;
  feNormalize(T);
  return feIsZero(T) != 0;
}

/**
 * r += b (negated when neg), r Jacobian (X | Y | Z | infinity flag, may be infinity), b affine
 * with y of magnitude <= 2: 8 multiplications and 3 squarings, ten of them in independent pairs
 * (fieldsimd.ts feMul2).
 */
export function gejAddGeSignedVar(r: usize, b: usize, neg: bool): void {
  const x = r, y = r + 40, z = r + 80;
  if (load<u32>(r, 120) != 0) {
    memory.copy(r, b, 80);
    if (neg) feNeg(y, b + 40, 2);
    feNormalizeWeak(y);
    feSetInt(z, 1);
    store<u32>(r, 0, 120);
    return;
  }
  feMul2(ZZ, z, z, S2, b + 40, z);
  feMul2(H, b, ZZ, S2, S2, ZZ); // U2, S2
  if (neg) feNeg(S2, S2, 1);
  feSub(H, H, x, 1); // H = U2 - X1, magnitude 3
  feSub(R, S2, y, 1); // R = S2 - Y1, magnitude <= 4
  if (feZeroVar(H)) {
    if (feZeroVar(R)) {
      // b equals the accumulator: double it.
      gejDoubleVar(r, r);
    } else {
      gejSetInfinity(r);
    }
    return;
  }
  gejAddFinish(r, H, R);
}

/**
 * Ends a mixed addition at r (X | Y | Z, finite) given h = U2 - X1 (magnitude <= 3, nonzero) and
 * rr = S2 - Y1 (magnitude <= 4): Z3 = Z1 h, X3 = rr^2 - h^3 - 2 X1 h^2, Y3 = rr (X1 h^2 - X3) - Y1 h^3,
 * independent products in pairs (fieldsimd.ts feMul2). h and rr must not be this module's scratch.
 */
export function gejAddFinish(r: usize, h: usize, rr: usize): void {
  const x = r, y = r + 40, z = r + 80;
  feMul2(z, z, h, T, rr, rr); // Z3 = Z1 h, rr^2
  feSqr(HH, h);
  feMul2(HHH, h, HH, V, x, HH);
  feSub(T, T, HHH, 1);
  feMulInt(x, V, 2);
  feSub(x, T, x, 2); // X3 = rr^2 - h^3 - 2 V, magnitude 6
  feNormalizeWeak(x);
  feSub(V, V, x, 1);
  feMul2(V, V, rr, HHH, HHH, y);
  feSub(y, V, HHH, 1);
  feNormalizeWeak(y);
}
