/**
 * The prover's inner-product argument (Bulletproofs, section 3): proves <a, b> for a = l, b = r
 * against G' = (G_i) and H' = (y^-i H_i), with Q = w B, halving the vectors each round:
 *   L = <a_lo, G'_hi> + <b_hi, H'_lo> + <a_lo, b_hi> Q,  R = <a_hi, G'_lo> + <b_lo, H'_hi> + <a_hi, b_lo> Q,
 *   u = challenge; a <- u a_lo + u^-1 a_hi, b <- u^-1 b_lo + u b_hi,
 *   G' <- u^-1 G'_lo + u G'_hi, H' <- u H'_lo + u^-1 H'_hi.
 * The folded generators are not computed round by round: each basis point keeps a coefficient
 * (the product of the u^+-1 it has been folded with), so L and R are multi-scalar multiplications
 * over tabled points. Each such sum costs about the same whatever the round, so once the vectors
 * are down to MATERIALIZE entries the folded G' and H' are computed once (each a sum of n /
 * MATERIALIZE generators), tabled, and the remaining rounds work on them. l and r could be
 * published without losing zero knowledge, so this runs in variable time.
 */
import { gejToGeBatch } from '../secp256k1/affine';
import { buildTables, tableSize } from '../secp256k1/batch';
import { sec1Serialize } from '../secp256k1/sec1';
import { GE_SIZE, GEJ_SIZE, geSetGej, gejIsInfinity } from '../secp256k1/point';
import { scAdd, scGetB32, scMul } from '../secp256k1/scalar';
import { scInv } from '../secp256k1/scalarinv';
import { msmWideResetVar, msmWideTermVar, msmWideVar } from '../secp256k1/msm_wide';
import { GEN_WIDTH, tableB, tableG, tableH } from './generators';
import { L_L, L_R, L_U } from './labels';
import { recordChallenge } from './record';
import { SC_SIZE, scInner, scSetOne } from './scalars';
import { trAppend, trChallenge } from './transcript';
import { at, DYN_WIDTH, foldedAffine, foldedJacobian, foldedTable, MATERIALIZE, V_GC, V_HC, V_L, V_R } from './workspace';

const C: usize = memory.data(<i32>SC_SIZE, 16);
const C2: usize = memory.data(<i32>SC_SIZE, 16);
const CL: usize = memory.data(<i32>SC_SIZE, 16);
const CR: usize = memory.data(<i32>SC_SIZE, 16);
const U: usize = memory.data(<i32>SC_SIZE, 16);
const UINV: usize = memory.data(<i32>SC_SIZE, 16);
const J: usize = memory.data(<i32>GEJ_SIZE, 16);
const P: usize = memory.data(<i32>GE_SIZE, 16);

/** The basis L and R are sums over: n points per kind, their width-w tables from g (G') and h (H'). */
let basisN: i32 = 0;
let basisG: usize = 0;
let basisH: usize = 0;
let basisW: i32 = 0;

function setBasis(n: i32, g: usize, h: usize, w: i32): void {
  basisN = n;
  basisG = g;
  basisH = h;
  basisW = w;
}

// @ts-ignore: decorator
@inline function baseG(i: i32): usize {
  return basisG + <usize>i * tableSize(basisW);
}

// @ts-ignore: decorator
@inline function baseH(i: i32): usize {
  return basisH + <usize>i * tableSize(basisW);
}

/**
 * One of L (left = true) or R for the current length `cur`, compressed to out; false if it is the
 * point at infinity.
 */
function commitHalf(out: usize, cur: i32, left: bool, cross: usize, w: usize): bool {
  const h = cur >> 1;
  msmWideResetVar();
  let t = 0;
  for (let i = 0; i < basisN; i++) {
    const s = i & (cur - 1);
    if ((s >= h) == left) {
      // G'_i sits in the half paired with the other half of a.
      scMul(C, at(V_L, left ? s - h : s + h), at(V_GC, i));
      msmWideTermVar(t++, baseG(i), C, basisW);
    } else {
      scMul(C, at(V_R, left ? s + h : s - h), at(V_HC, i));
      msmWideTermVar(t++, baseH(i), C, basisW);
    }
  }
  scMul(C, cross, w);
  msmWideTermVar(t++, tableB(), C, GEN_WIDTH);
  msmWideVar(J, t);
  if (gejIsInfinity(J)) return false;
  geSetGej(P, J);
  sec1Serialize(out, P, true);
  return true;
}

/**
 * Replaces the basis by its `cur` folded points per kind: G'_s = sum of GC[i] G_i over i = s mod
 * cur (likewise H'), tabled, with coefficients reset to 1. False if one is infinity.
 */
function materialize(cur: i32): bool {
  const points = foldedJacobian();
  for (let kind = 0; kind < 2; kind++) {
    for (let s = 0; s < cur; s++) {
      msmWideResetVar();
      let t = 0;
      for (let i = s; i < basisN; i += cur) {
        if (kind == 0) msmWideTermVar(t++, baseG(i), at(V_GC, i), basisW);
        else msmWideTermVar(t++, baseH(i), at(V_HC, i), basisW);
      }
      const jac = points + <usize>(kind * cur + s) * GEJ_SIZE;
      msmWideVar(jac, t);
      if (gejIsInfinity(jac)) return false;
    }
  }
  gejToGeBatch(foldedAffine(), points, 2 * cur);
  buildTables(foldedTable(0), foldedAffine(), GE_SIZE, 2 * cur, DYN_WIDTH);
  for (let s = 0; s < cur; s++) {
    scSetOne(at(V_GC, s));
    scSetOne(at(V_HC, s));
  }
  setBasis(cur, foldedTable(0), foldedTable(cur), DYN_WIDTH);
  return true;
}

/**
 * Runs the argument on a = V_L, b = V_R (length n, a power of two) with y^-1 and w given;
 * writes L_1, R_1, ..., L_k, R_k (33 bytes each) and then a, b (32 each) to out, appending to
 * the transcript. False when a challenge is zero or a point is infinity (draw new randomness).
 */
export function ippProve(out: usize, n: i32, yinv: usize, w: usize): bool {
  for (let i = 0; i < n; i++) {
    scSetOne(at(V_GC, i));
    if (i == 0) scSetOne(at(V_HC, 0));
    else scMul(at(V_HC, i), at(V_HC, i - 1), yinv);
  }
  setBasis(n, tableG(0), tableH(0), GEN_WIDTH);
  let cur = n;
  let pos = out;
  while (cur > 1) {
    if (cur == MATERIALIZE && basisN > cur && !materialize(cur)) return false;
    const h = cur >> 1;
    scInner(CL, at(V_L, 0), at(V_R, h), h);
    scInner(CR, at(V_L, h), at(V_R, 0), h);
    if (!commitHalf(pos, cur, true, CL, w) || !commitHalf(pos + 33, cur, false, CR, w)) return false;
    trAppend(L_L, pos, 33);
    trAppend(L_R, pos + 33, 33);
    if (!trChallenge(L_U, U)) return false;
    recordChallenge(U);
    scInv(UINV, U);
    for (let s = 0; s < h; s++) {
      scMul(C, U, at(V_L, s));
      scMul(C2, UINV, at(V_L, s + h));
      scAdd(at(V_L, s), C, C2);
      scMul(C, UINV, at(V_R, s));
      scMul(C2, U, at(V_R, s + h));
      scAdd(at(V_R, s), C, C2);
    }
    for (let i = 0; i < basisN; i++) {
      const lo = (i & (cur - 1)) < h;
      scMul(at(V_GC, i), at(V_GC, i), lo ? UINV : U);
      scMul(at(V_HC, i), at(V_HC, i), lo ? U : UINV);
    }
    cur = h;
    pos += 66;
  }
  scGetB32(pos, at(V_L, 0));
  scGetB32(pos + 32, at(V_R, 0));
  return true;
}
