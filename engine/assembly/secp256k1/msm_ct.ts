/**
 * Constant-time multi-scalar multiplication sum k_i P_i for secret scalars k_i and public points
 * P_i given by their width-8 tables of odd multiples (batch.ts: P, 3P, ..., 127P, or the first 64
 * entries of a wider table, which begins the same): Straus'
 * method with one shared chain of doublings and fixed 7-bit windows.
 *
 * Recoding: an odd integer k < 2^260 is sum over j < 37 of (2 w_j - 127) 128^j + 128^37, with
 * w_j the bits 7j + 1 .. 7j + 7 of k, so every digit is odd and nonzero and picks exactly one
 * table entry (negated for w_j < 64). An even scalar k is replaced by the odd integer k + n, which
 * is the same multiple of any point. The 128^37 parts of all terms make the starting point
 * sum P_i (public). Entries are read by masked scans of the whole table (geSelect) and added with
 * the complete formulas (pjAddGe), both in complete.ts, so neither branches nor memory addresses
 * depend on a scalar.
 */
import { FE_SIZE, feCmov, feMul, feNeg } from './field';
import { geSelect, PJ_SIZE, pjAddGe, pjDouble, pjSetInfinity, pjToGe } from './complete';
import { GE_SIZE, GEJ_SIZE, gejAddGeVar, gejIsInfinity, gejSetInfinity } from './point';
import { scToLE } from './scalar';

/** Most terms one ctMsm call takes. */
export const CT_MAX_TERMS: i32 = 260;
const WINDOW: i32 = 7;
const WINDOWS: i32 = 37;
/** Table entries a window digit selects among: 2^(WINDOW - 1). */
const ENTRIES: u32 = 64;
/** Bytes per recoded scalar: 33 significant, zero padded so 8-byte reads stay inside. */
const KSTRIDE: usize = 48;

const TABLES: usize = memory.data(CT_MAX_TERMS * 4, 16);
const KS: usize = memory.data(CT_MAX_TERMS * <i32>KSTRIDE, 16);
const ACC: usize = memory.data(<i32>PJ_SIZE, 16);
const START: usize = memory.data(<i32>GEJ_SIZE, 16);
const E: usize = memory.data(<i32>GE_SIZE, 16);
const NY: usize = memory.data(<i32>FE_SIZE, 16);
const LE: usize = memory.data(32, 16);
/** n, little-endian bytes. */
const N_LE: usize = memory.data<u8>([
  0x41, 0x41, 0x36, 0xd0, 0x8c, 0x5e, 0xd2, 0xbf, 0x3b, 0xa0, 0x48, 0xaf, 0xe6, 0xdc, 0xae, 0xba,
  0xfe, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
]);

/** Sets term i: the table of P_i and the secret scalar k_i (limbs, below n). */
export function ctTerm(i: i32, table: usize, k: usize): void {
  store<u32>(TABLES + (<usize>i << 2), <u32>table);
  const dst = KS + <usize>i * KSTRIDE;
  scToLE(LE, k);
  // dst = k + (1 - parity) n, byte by byte with a carry; the addend is masked, not branched on.
  const mask: u32 = ((<u32>load<u8>(LE) & 1) ^ 1) * 0xff;
  let carry: u32 = 0;
  for (let b: usize = 0; b < 32; b++) {
    const s = <u32>load<u8>(LE + b) + (<u32>load<u8>(N_LE + b) & mask) + carry;
    store<u8>(dst + b, <u8>s);
    carry = s >> 8;
  }
  store<u8>(dst + 32, <u8>carry);
  memory.fill(dst + 33, 0, KSTRIDE - 33);
  memory.fill(LE, 0, 32);
}

/**
 * Sums the first `count` terms set by ctTerm into a projective accumulator and returns its
 * address (valid until the next call; callers may add more points to it). Wipes the recoded
 * scalars.
 */
export function ctSum(count: i32): usize {
  // The public starting point: the sum of the bases, each entry 0 of its table.
  gejSetInfinity(START);
  for (let i = 0; i < count; i++) gejAddGeVar(START, START, <usize>load<u32>(TABLES + (<usize>i << 2)));
  if (gejIsInfinity(START)) {
    pjSetInfinity(ACC);
  } else {
    // Jacobian (X, Y, Z) is homogeneous (X Z, Y, Z^3).
    const x = ACC, y = ACC + 40, z = ACC + 80;
    feMul(x, START, START + 80);
    memory.copy(y, START + 40, FE_SIZE);
    feMul(z, START + 80, START + 80);
    feMul(z, z, START + 80);
  }
  const mask: u32 = (1 << (WINDOW - 1)) - 1;
  for (let j = WINDOWS - 1; j >= 0; j--) {
    for (let d = 0; d < WINDOW; d++) pjDouble(ACC);
    const bit = <usize>(WINDOW * j + 1);
    for (let i = 0; i < count; i++) {
      const k = KS + <usize>i * KSTRIDE;
      const w = <u32>(load<u64>(k + (bit >> 3)) >> (bit & 7)) & ((1 << WINDOW) - 1);
      const neg = 1 - (w >> (WINDOW - 1));
      geSelect(E, <usize>load<u32>(TABLES + (<usize>i << 2)), ENTRIES, (w & mask) ^ (neg * mask));
      feNeg(NY, E + 40, 1);
      feCmov(E + 40, NY, neg);
      pjAddGe(ACC, E, E + 40);
    }
  }
  memory.fill(KS, 0, <usize>count * KSTRIDE);
  memory.fill(E, 0, GE_SIZE);
  return ACC;
}

/** r = the sum of the first `count` terms, affine; false (r untouched) for the identity. */
export function ctMsm(r: usize, count: i32): bool {
  return pjToGe(r, ctSum(count));
}
