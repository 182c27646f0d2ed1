/**
 * Variable-time multi-scalar multiplication sum k_i P_i for public data (verification, and the
 * inner-product argument, whose vectors may leak): Straus' method with width-w NAFs over the
 * affine odd-multiple tables of batch.ts (w per term, matching its table: about one nonzero digit
 * per w + 1 bits), one shared chain of at most 257 doublings, and one mixed addition per nonzero
 * digit.
 *
 * Digits are stored bit-major (all terms' digit at bit b side by side), so the main loop skips
 * eight terms with zero digits per 8-byte read.
 */
import { reserve } from './arena';
import { gejAddGeSignedVar } from './addvar';
import { GE_SIZE, gejDoubleVar, gejSetInfinity } from './point';
import { scToLE } from './scalar';

/** Most terms one msmVar call takes (a multiple of 8, for the row scans). */
export const VAR_MAX_TERMS: i32 = 296;
/** Digit positions: a 256-bit scalar's NAF has at most 257 digits. */
const ROWS: i32 = 258;

const TABLES: usize = memory.data(VAR_MAX_TERMS * 4, 16);
/** Digits, bit-major (ROWS x VAR_MAX_TERMS i8), reserved on first use. */
let DIGITS: usize = 0;
const BYTES: usize = memory.data(48, 16);
let top: i32 = 0;

/** Forgets earlier terms: call before setting the terms of a new sum. */
export function msmResetVar(): void {
  if (DIGITS == 0) DIGITS = reserve(<usize>(ROWS * VAR_MAX_TERMS));
  memory.fill(DIGITS, 0, <usize>(ROWS * VAR_MAX_TERMS));
  top = 0;
}

// @ts-ignore: decorator
@inline function bits(pos: i32, count: i32): i32 {
  return <i32>(load<u64>(BYTES + <usize>(pos >> 3)) >> <u64>(pos & 7)) & ((1 << count) - 1);
}

/**
 * Sets term i: P_i's table for NAF width w and the scalar k (limbs). Its width-w NAF: where the
 * running bit (plus carry) is odd, the next w bits form a digit, made negative with a carry
 * upwards when it is 2^(w-1) or more; each nonzero digit is followed by at least w - 1 zeros.
 */
export function msmTermVar(i: i32, table: usize, k: usize, w: i32): void {
  store<u32>(TABLES + (<usize>i << 2), <u32>table);
  memory.fill(BYTES, 0, 48);
  scToLE(BYTES, k);
  let carry = 0;
  let bit = 0;
  while (bit < 256 + w) {
    if (bits(bit, 1) == carry) {
      bit++;
      continue;
    }
    let word = bits(bit, w) + carry;
    carry = (word >> (w - 1)) & 1;
    word -= carry << w;
    store<i8>(DIGITS + <usize>(bit * VAR_MAX_TERMS + i), <i8>word);
    if (bit >= top) top = bit + 1;
    bit += w;
  }
}

/** r = the sum over the terms set since msmResetVar (Jacobian, may be infinity). */
export function msmVar(r: usize, count: i32): void {
  gejSetInfinity(r);
  const words = (count + 7) >> 3;
  for (let b = top - 1; b >= 0; b--) {
    gejDoubleVar(r, r);
    const row = DIGITS + <usize>(b * VAR_MAX_TERMS);
    for (let w = 0; w < words; w++) {
      if (load<u64>(row + (<usize>w << 3)) == 0) continue;
      const end = min(count, (w + 1) << 3);
      for (let i = w << 3; i < end; i++) {
        const d = <i32>load<i8>(row + <usize>i);
        if (d == 0) continue;
        const table = <usize>load<u32>(TABLES + (<usize>i << 2));
        if (d > 0) gejAddGeSignedVar(r, table + <usize>((d - 1) >> 1) * GE_SIZE, false);
        else gejAddGeSignedVar(r, table + <usize>((-d - 1) >> 1) * GE_SIZE, true);
      }
    }
  }
}
