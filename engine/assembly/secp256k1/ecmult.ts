/**
 * Variable-time double-scalar multiplication u1 * G + u2 * P for verification, where every input
 * is public. Straus's method with width-5 NAFs: one shared chain of doublings, and at each digit
 * an addition of a precomputed odd multiple (+-1..15) of the base. u1 is split into its low and
 * high 128 bits, which multiply G and 2^128 G (rows 0 and 32 of the fixed-base table), so G costs
 * no extra doublings; u2 multiplies P through a table of P, 3P, ..., 15P made per call.
 */
import { GE_SIZE, GEJ_SIZE, geNeg, gejAddGeVar, gejAddVar, gejDouble, gejNeg, gejSetGe, gejSetInfinity } from './point';
import { scToLE } from './scalar';
import { GEN, GEN_ENTRIES } from './table';

const W: i32 = 5;
/** Digits per NAF: a 256-bit scalar plus a possible final carry, with room to spare. */
const MAX_DIGITS: i32 = 264;

const NAF_P: usize = memory.data(MAX_DIGITS * 4, 16);
const NAF_LO: usize = memory.data(MAX_DIGITS * 4, 16);
const NAF_HI: usize = memory.data(MAX_DIGITS * 4, 16);
/** Scalars as little-endian bytes, zero padded so that reads past the top give zero bits. */
const BYTES: usize = memory.data(48, 16);
const HALF: usize = memory.data(32, 16);
const PTABLE: usize = memory.data(GEN_ENTRIES * <i32>GEJ_SIZE, 16);
const P2: usize = memory.data(<i32>GEJ_SIZE, 16);
const NEG: usize = memory.data(<i32>GEJ_SIZE, 16);
const G1: usize = GEN;
const G128: usize = GEN + <usize>(32 * GEN_ENTRIES) * GE_SIZE;

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
function wnaf(out: usize, num: usize, len: i32): i32 {
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
@inline function addAffine(r: usize, row: usize, d: i32): void {
  if (d > 0) {
    gejAddGeVar(r, r, row + <usize>((d - 1) >> 1) * GE_SIZE);
  } else if (d < 0) {
    geNeg(NEG, row + <usize>((-d - 1) >> 1) * GE_SIZE);
    gejAddGeVar(r, r, NEG);
  }
}

/**
 * r = u1 * G + u2 * P (Jacobian; may be infinity) for scalars u1, u2 and an affine point P.
 */
export function ecmultVar(r: usize, u1: usize, p: usize, u2: usize): void {
  // Odd multiples of P: P, then each previous one plus 2P.
  gejSetGe(PTABLE, p);
  gejDouble(P2, PTABLE);
  for (let j = 1; j < GEN_ENTRIES; j++) {
    gejAddVar(PTABLE + <usize>j * GEJ_SIZE, PTABLE + <usize>(j - 1) * GEJ_SIZE, P2);
  }
  memory.fill(BYTES, 0, 48);
  scToLE(BYTES, u2);
  let len = wnaf(NAF_P, BYTES, 256);
  scToLE(BYTES, u1);
  memory.copy(HALF, BYTES + 16, 16);
  memory.fill(BYTES + 16, 0, 16);
  const lenLo = wnaf(NAF_LO, BYTES, 128);
  memory.copy(BYTES, HALF, 16);
  const lenHi = wnaf(NAF_HI, BYTES, 128);
  if (lenLo > len) len = lenLo;
  if (lenHi > len) len = lenHi;

  gejSetInfinity(r);
  for (let i = len - 1; i >= 0; i--) {
    gejDouble(r, r);
    const off = <usize>(i << 2);
    const d = load<i32>(NAF_P + off);
    if (d > 0) {
      gejAddVar(r, r, PTABLE + <usize>((d - 1) >> 1) * GEJ_SIZE);
    } else if (d < 0) {
      gejNeg(NEG, PTABLE + <usize>((-d - 1) >> 1) * GEJ_SIZE);
      gejAddVar(r, r, NEG);
    }
    addAffine(r, G1, load<i32>(NAF_LO + off));
    addAffine(r, G128, load<i32>(NAF_HI + off));
  }
  memory.fill(BYTES, 0, 48);
}
