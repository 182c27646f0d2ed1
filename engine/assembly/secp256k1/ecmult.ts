/**
 * Variable-time double-scalar multiplication u1 * G + u2 * P for verification, where every input
 * is public. Straus's method with width-5 NAFs: one shared chain of doublings, and at each digit
 * an addition of a precomputed odd multiple (+-1..15) of a base. Every scalar is cut to 128 bits
 * so the chain is 128 doublings long: u1 into its low and high halves, which multiply G and
 * 2^128 G (table.ts's G_ODD and G128_ODD); u2 by the GLV split into k1 and k2, which
 * multiply P and lambda P through tables of P, 3P, ..., 15P and their images (beta X, Y, Z).
 */
import { feMul } from './field';
import { BETA, splitLambdaVar } from './glv';
import { GE_SIZE, GEJ_SIZE, geNeg, gejAddGeVar, gejAddVar, gejDoubleVar, gejNeg, gejSetGe, gejSetInfinity } from './point';
import { SC_SIZE, scToLE } from './scalar';
import { G128_ODD, G_ODD, ODD_ENTRIES } from './table';

const W: i32 = 5;
/** Digits per NAF: a 128-bit scalar plus a possible final carry, with room to spare. */
const MAX_DIGITS: i32 = 136;

const NAF_P: usize = memory.data(MAX_DIGITS * 4, 16);
const NAF_L: usize = memory.data(MAX_DIGITS * 4, 16);
const NAF_LO: usize = memory.data(MAX_DIGITS * 4, 16);
const NAF_HI: usize = memory.data(MAX_DIGITS * 4, 16);
/** Scalars as little-endian bytes, zero padded so that reads past the top give zero bits. */
const BYTES: usize = memory.data(48, 16);
const HALF: usize = memory.data(32, 16);
const PTABLE: usize = memory.data(ODD_ENTRIES * <i32>GEJ_SIZE, 16);
const LTABLE: usize = memory.data(ODD_ENTRIES * <i32>GEJ_SIZE, 16);
const K1: usize = memory.data(<i32>SC_SIZE, 16);
const K2: usize = memory.data(<i32>SC_SIZE, 16);
const P2: usize = memory.data(<i32>GEJ_SIZE, 16);
const NEG: usize = memory.data(<i32>GEJ_SIZE, 16);
const G1: usize = G_ODD;
const G128: usize = G128_ODD;

// @ts-ignore: decorator
@inline function bits(num: usize, pos: i32, count: i32): i32 {
  return <i32>(load<u64>(num + <usize>(pos >> 3)) >> <u64>(pos & 7)) & ((1 << count) - 1);
}

/**
 * Width-W NAF of the `len`-bit little-endian number at `num` into the i32 array `out`: every
 * nonzero digit is odd, below 2^(W-1) in absolute value, and followed by at least W - 1 zeros.
 * Walking up the bits with a carry: where bit + carry is odd, take the next W bits as a digit,
 * made negative (carrying one up) when it is 2^(W-1) or more. Returns one past the top digit.
 */
function wnafVar(out: usize, num: usize, len: i32): i32 {
  memory.fill(out, 0, <usize>(MAX_DIGITS * 4));
  let carry = 0;
  let top = 0;
  let bit = 0;
  while (bit < len + W) {
    if (bits(num, bit, 1) == carry) {
      bit++;
      continue;
    }
    let word = bits(num, bit, W) + carry;
    carry = (word >> (W - 1)) & 1;
    word -= carry << W;
    store<i32>(out + <usize>(bit << 2), word);
    top = bit + 1;
    bit += W;
  }
  return top;
}

/** Adds digit d's multiple from an affine table row (negated for d < 0). */
// @ts-ignore: decorator
@inline function addAffineVar(r: usize, row: usize, d: i32): void {
  if (d > 0) {
    gejAddGeVar(r, r, row + <usize>((d - 1) >> 1) * GE_SIZE);
  } else if (d < 0) {
    geNeg(NEG, row + <usize>((-d - 1) >> 1) * GE_SIZE);
    gejAddGeVar(r, r, NEG);
  }
}

/** Adds digit d's multiple from a Jacobian table (negated for d < 0). */
// @ts-ignore: decorator
@inline function addJacobianVar(r: usize, table: usize, d: i32): void {
  if (d > 0) {
    gejAddVar(r, r, table + <usize>((d - 1) >> 1) * GEJ_SIZE);
  } else if (d < 0) {
    gejNeg(NEG, table + <usize>((-d - 1) >> 1) * GEJ_SIZE);
    gejAddVar(r, r, NEG);
  }
}

/** The NAF of a scalar below 2^128 (its low 16 bytes). */
function wnaf128Var(out: usize, k: usize): i32 {
  memory.fill(BYTES, 0, 48);
  scToLE(BYTES, k);
  return wnafVar(out, BYTES, 128);
}

/**
 * r = u1 * G + u2 * P (Jacobian; may be infinity) for scalars u1, u2 and an affine point P.
 */
export function ecmultVar(r: usize, u1: usize, p: usize, u2: usize): void {
  // Odd multiples of P: P, then each previous one plus 2P; and their images under lambda.
  gejSetGe(PTABLE, p);
  gejDoubleVar(P2, PTABLE);
  for (let j = 1; j < ODD_ENTRIES; j++) {
    gejAddVar(PTABLE + <usize>j * GEJ_SIZE, PTABLE + <usize>(j - 1) * GEJ_SIZE, P2);
  }
  memory.copy(LTABLE, PTABLE, <usize>ODD_ENTRIES * GEJ_SIZE);
  for (let j = 0; j < ODD_ENTRIES; j++) {
    const e = LTABLE + <usize>j * GEJ_SIZE;
    feMul(e, e, BETA);
  }
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
  const lenLo = wnafVar(NAF_LO, BYTES, 128);
  memory.copy(BYTES, HALF, 16);
  const lenHi = wnafVar(NAF_HI, BYTES, 128);
  if (lenL > len) len = lenL;
  if (lenLo > len) len = lenLo;
  if (lenHi > len) len = lenHi;

  gejSetInfinity(r);
  for (let i = len - 1; i >= 0; i--) {
    gejDoubleVar(r, r);
    const off = <usize>(i << 2);
    addJacobianVar(r, PTABLE, s1 * load<i32>(NAF_P + off));
    addJacobianVar(r, LTABLE, s2 * load<i32>(NAF_L + off));
    addAffineVar(r, G1, load<i32>(NAF_LO + off));
    addAffineVar(r, G128, load<i32>(NAF_HI + off));
  }
  memory.fill(BYTES, 0, 48);
}
