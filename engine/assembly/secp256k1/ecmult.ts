/**
 * Variable-time double-scalar multiplication u1 * G + u2 * P for verification, where every input
 * is public. Straus's method: one shared chain of doublings, and at each NAF digit a mixed
 * (Jacobian + affine) addition of a precomputed odd multiple of a base. Every scalar is cut to 128
 * bits so the chain is 128 doublings long: u1 into its low and high halves, which multiply G and
 * 2^128 G through gtable.ts's wide tables (width-G_WINDOW digits, few additions); u2 by the GLV
 * split into k1 and k2, which multiply P and lambda P through width-5 tables of P, 3P, ..., 15P
 * and their images (beta x, y), affine on an isomorphic curve (pTablesVar) so that no inversion
 * is needed.
 */
import { gejAddGeSignedVar } from './addvar';
import { gejAddGeRatioVar, gejAddZinvSignedVar } from './addzinv';
import { FE_SIZE, feMul, feSqr } from './field';
import { BETA, splitLambdaVar } from './glv';
import { G_ENTRIES, G_WINDOW, gTablesVar } from './gtable';
import { GE_SIZE, GEJ_SIZE, gejDoubleVar, gejIsInfinity, gejSetGe, gejSetInfinity } from './point';
import { SC_SIZE, scToLE } from './scalar';

/** NAF width for the public key's halves, and its odd multiples (digits 1, 3, ..., 15). */
const W: i32 = 5;
const P_ENTRIES: i32 = 1 << (W - 2);
/** Digits per NAF: a 128-bit scalar plus a possible final carry, with room to spare. */
const MAX_DIGITS: i32 = 144;

const NAF_P: usize = memory.data(MAX_DIGITS * 4, 16);
const NAF_L: usize = memory.data(MAX_DIGITS * 4, 16);
const NAF_LO: usize = memory.data(MAX_DIGITS * 4, 16);
const NAF_HI: usize = memory.data(MAX_DIGITS * 4, 16);
/** Scalars as little-endian bytes, zero padded so that reads past the top give zero bits. */
const BYTES: usize = memory.data(48, 16);
const HALF: usize = memory.data(32, 16);
const PJAC: usize = memory.data(P_ENTRIES * <i32>GEJ_SIZE, 16);
const RATIO: usize = memory.data(P_ENTRIES * <i32>FE_SIZE, 16);
const D: usize = memory.data(<i32>GEJ_SIZE, 16);
const S: usize = memory.data(<i32>FE_SIZE, 16);
const S23: usize = memory.data(<i32>FE_SIZE, 16);
/** The tables' curve is the real one scaled by ZALL (x ZALL^2, y ZALL^3). */
const ZALL: usize = memory.data(<i32>FE_SIZE, 16);
const PTABLE: usize = memory.data(P_ENTRIES * <i32>GE_SIZE, 16);
const LTABLE: usize = memory.data(P_ENTRIES * <i32>GE_SIZE, 16);
const K1: usize = memory.data(<i32>SC_SIZE, 16);
const K2: usize = memory.data(<i32>SC_SIZE, 16);

// @ts-ignore: decorator
@inline function bits(num: usize, pos: i32, count: i32): i32 {
  return <i32>(load<u64>(num + <usize>(pos >> 3)) >> <u64>(pos & 7)) & ((1 << count) - 1);
}

/**
 * Width-w NAF of the 128-bit little-endian number at `num` into the i32 array `out`: every
 * nonzero digit is odd, below 2^(w-1) in absolute value, and followed by at least w - 1 zeros.
 * Walking up the bits with a carry: where bit + carry is odd, take the next w bits as a digit,
 * made negative (carrying one up) when it is 2^(w-1) or more. Returns one past the top digit.
 */
function wnafVar(out: usize, num: usize, w: i32): i32 {
  memory.fill(out, 0, <usize>(MAX_DIGITS * 4));
  let carry = 0;
  let top = 0;
  let bit = 0;
  while (bit < 128 + w) {
    if (bits(num, bit, 1) == carry) {
      bit++;
      continue;
    }
    let word = bits(num, bit, w) + carry;
    carry = (word >> (w - 1)) & 1;
    word -= carry << w;
    store<i32>(out + <usize>(bit << 2), word);
    top = bit + 1;
    bit += w;
  }
  return top;
}

/** Adds digit d's multiple from an affine odd-multiples table (negated for d < 0). */
// @ts-ignore: decorator
@inline function addDigitVar(r: usize, table: usize, d: i32): void {
  if (d > 0) gejAddGeSignedVar(r, table + <usize>((d - 1) >> 1) * GE_SIZE, false);
  else if (d < 0) gejAddGeSignedVar(r, table + <usize>((-d - 1) >> 1) * GE_SIZE, true);
}

/** The NAF of a scalar below 2^128 (its low 16 bytes). */
function wnaf128Var(out: usize, k: usize): i32 {
  memory.fill(BYTES, 0, 48);
  scToLE(BYTES, k);
  return wnafVar(out, BYTES, W);
}

/**
 * PTABLE = P, 3P, ..., 15P and LTABLE = their images under lambda, affine on the curve scaled by
 * ZALL (addzinv.ts): the odd multiples are built with mixed additions of 2P on the curve where
 * 2P = (X, Y, Z) is affine (P there is (x Z^2, y Z^3)), each addition's Z ratio kept, then every
 * entry is scaled to the last one's Z, which with 2P's Z makes ZALL. No inversion.
 */
function pTablesVar(p: usize): void {
  gejSetGe(PJAC, p);
  gejDoubleVar(D, PJAC);
  feSqr(S, D + 80);
  feMul(PJAC, p, S);
  feMul(S, S, D + 80);
  feMul(PJAC + 40, p + 40, S);
  for (let j = 1; j < P_ENTRIES; j++) {
    const e = PJAC + <usize>j * GEJ_SIZE;
    memory.copy(e, e - GEJ_SIZE, GEJ_SIZE);
    gejAddGeRatioVar(e, D, RATIO + <usize>j * FE_SIZE);
  }
  const last = PJAC + <usize>(P_ENTRIES - 1) * GEJ_SIZE;
  memory.copy(PTABLE + <usize>(P_ENTRIES - 1) * GE_SIZE, last, GE_SIZE);
  feMul(ZALL, last + 80, D + 80);
  // Entry j times (Z_last / Z_j)^2 and ^3, the ratio running down from the top.
  memory.copy(S, RATIO + <usize>(P_ENTRIES - 1) * FE_SIZE, FE_SIZE);
  for (let j = P_ENTRIES - 2; j >= 0; j--) {
    const e = PJAC + <usize>j * GEJ_SIZE;
    const t = PTABLE + <usize>j * GE_SIZE;
    feSqr(S23, S);
    feMul(t, e, S23);
    feMul(S23, S23, S);
    feMul(t + 40, e + 40, S23);
    if (j > 0) feMul(S, S, RATIO + <usize>j * FE_SIZE);
  }
  memory.copy(LTABLE, PTABLE, <usize>P_ENTRIES * GE_SIZE);
  for (let j = 0; j < P_ENTRIES; j++) {
    const e = LTABLE + <usize>j * GE_SIZE;
    feMul(e, e, BETA);
  }
}

/** Adds digit d's multiple from G's table: affine on the real curve, so through ZALL. */
// @ts-ignore: decorator
@inline function addGDigitVar(r: usize, table: usize, d: i32): void {
  if (d > 0) gejAddZinvSignedVar(r, table + <usize>((d - 1) >> 1) * GE_SIZE, ZALL, false);
  else if (d < 0) gejAddZinvSignedVar(r, table + <usize>((-d - 1) >> 1) * GE_SIZE, ZALL, true);
}

/**
 * r = u1 * G + u2 * P (Jacobian; may be infinity) for scalars u1, u2 and an affine point P.
 */
export function ecmultVar(r: usize, u1: usize, p: usize, u2: usize): void {
  const gTable = gTablesVar();
  const g128Table = gTable + <usize>G_ENTRIES * GE_SIZE;
  pTablesVar(p);
  // u2 = k1 + k2 lambda: the sign of each half becomes the sign of its digits.
  const negs = splitLambdaVar(K1, K2, u2);
  const s1 = 1 - <i32>((negs & 1) << 1);
  const s2 = 1 - <i32>(negs & 2);
  let len = wnaf128Var(NAF_P, K1);
  const lenL = wnaf128Var(NAF_L, K2);
  memory.fill(BYTES, 0, 48);
  scToLE(BYTES, u1);
  memory.copy(HALF, BYTES + 16, 16);
  memory.fill(BYTES + 16, 0, 16);
  const lenLo = wnafVar(NAF_LO, BYTES, G_WINDOW);
  memory.copy(BYTES, HALF, 16);
  const lenHi = wnafVar(NAF_HI, BYTES, G_WINDOW);
  if (lenL > len) len = lenL;
  if (lenLo > len) len = lenLo;
  if (lenHi > len) len = lenHi;

  gejSetInfinity(r);
  for (let i = len - 1; i >= 0; i--) {
    gejDoubleVar(r, r);
    const off = <usize>(i << 2);
    addDigitVar(r, PTABLE, s1 * load<i32>(NAF_P + off));
    addDigitVar(r, LTABLE, s2 * load<i32>(NAF_L + off));
    addGDigitVar(r, gTable, load<i32>(NAF_LO + off));
    addGDigitVar(r, g128Table, load<i32>(NAF_HI + off));
  }
  // Back to the real curve: (X, Y, Z) there is (X, Y, Z ZALL) here.
  if (!gejIsInfinity(r)) feMul(r + 80, r + 80, ZALL);
  memory.fill(BYTES, 0, 48);
}
