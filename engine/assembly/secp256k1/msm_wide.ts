/**
 * Variable-time multi-scalar multiplication sum k_i P_i for public data (verification, and the
 * inner-product argument, whose vectors may leak): Straus' method with width-w NAFs over the
 * affine odd-multiple tables of batch.ts (w per term, matching its table: about one nonzero digit
 * per w + 1 bits), one shared chain of at most 257 doublings, and one mixed addition per nonzero
 * digit. Digits are 16-bit, so NAF widths go up to 12 and fixed generators can have tables of 256
 * entries (width 10, one nonzero digit per 11 bits instead of 9 at width 8). Used by zk-FIDNA,
 * whose equations are sums over its generators.
 *
 * Digits are stored bit-major (all terms' digit at bit b side by side) so the main loop skips
 * four terms with zero digits per 8-byte read, and each digit is cleared as it is read: a sum
 * leaves the digit rows zero, so the next msmWideResetVar has nothing to clear.
 */
import { reserve } from './arena';
import { gejAddGeSignedVar } from './addvar';
import { GE_SIZE, gejDoubleVar, gejSetInfinity } from './point';
import { scToLE } from './scalar';

/** Most terms one msmWideVar call takes (a multiple of 4, for the row scans). */
export const WIDE_MAX_TERMS: i32 = 296;
/** Widest NAF a term may use. */
export const WIDE_MAX_WIDTH: i32 = 12;
/** Digit positions: a 256-bit scalar's NAF has at most 257 digits. */
const ROWS: i32 = 258;
const ROW: usize = <usize>WIDE_MAX_TERMS * 2;

const TABLES: usize = memory.data(WIDE_MAX_TERMS * 4, 16);
/** Digits, bit-major (ROWS x WIDE_MAX_TERMS i16), reserved on first use. */
let DIGITS: usize = 0;
const BYTES: usize = memory.data(48, 16);
let top: i32 = 0;
/** Whether terms were set since the last sum (their digits are then not all cleared yet). */
let dirty = false;

/** Forgets earlier terms: call before setting the terms of a new sum. */
export function msmWideResetVar(): void {
  if (DIGITS == 0) DIGITS = reserve(<usize>ROWS * ROW);
  else if (dirty) memory.fill(DIGITS, 0, <usize>ROWS * ROW);
  dirty = false;
  top = 0;
}

// @ts-ignore: decorator
@inline function bits(pos: i32, count: i32): i32 {
  return <i32>(load<u64>(BYTES + <usize>(pos >> 3)) >> <u64>(pos & 7)) & ((1 << count) - 1);
}

/**
 * Sets term i (< WIDE_MAX_TERMS): P_i's table for NAF width w (2 <= w <= WIDE_MAX_WIDTH; the
 * table holds at least 2^(w-2) entries) and the scalar k (limbs). Its width-w NAF: where the
 * running bit (plus carry) is odd, the next w bits form a digit, made negative with a carry
 * upwards when it is 2^(w-1) or more; each nonzero digit is followed by at least w - 1 zeros.
 */
export function msmWideTermVar(i: i32, table: usize, k: usize, w: i32): void {
  store<u32>(TABLES + (<usize>i << 2), <u32>table);
  dirty = true;
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
    store<i16>(DIGITS + <usize>bit * ROW + (<usize>i << 1), <i16>word);
    if (bit >= top) top = bit + 1;
    bit += w;
  }
}

/**
 * r = the sum over terms 0..count-1, which must be every term set since msmWideResetVar
 * (Jacobian, may be infinity).
 */
export function msmWideVar(r: usize, count: i32): void {
  gejSetInfinity(r);
  const words = (count + 3) >> 2;
  for (let b = top - 1; b >= 0; b--) {
    gejDoubleVar(r, r);
    const row = DIGITS + <usize>b * ROW;
    for (let w = 0; w < words; w++) {
      const at = row + (<usize>w << 3);
      if (load<u64>(at) == 0) continue;
      const end = min(count, (w + 1) << 2);
      for (let i = w << 2; i < end; i++) {
        const d = <i32>load<i16>(row + (<usize>i << 1));
        if (d == 0) continue;
        const table = <usize>load<u32>(TABLES + (<usize>i << 2));
        if (d > 0) gejAddGeSignedVar(r, table + <usize>((d - 1) >> 1) * GE_SIZE, false);
        else gejAddGeSignedVar(r, table + <usize>((-d - 1) >> 1) * GE_SIZE, true);
      }
      store<u64>(at, 0);
    }
  }
  top = 0;
  dirty = false;
}
