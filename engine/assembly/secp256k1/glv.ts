/**
 * The GLV endomorphism of secp256k1 (Gallant, Lambert, Vanstone 2001), for verification only.
 *
 * beta is a cube root of 1 mod p and lambda one mod n with lambda * (x, y) = (beta x, y), so
 * k * P = k1 * P + k2 * (lambda P), where lambda P costs one field multiplication. Any k splits as
 * k = k1 + k2 lambda (mod n) with |k1|, |k2| < 2^128 by rounding against a short basis of the
 * lattice {(a, b) : a + b lambda = 0 mod n}: (a1, b1), (a2, b2), found by the extended Euclidean
 * algorithm on (n, lambda). With c1 = round(b2 k / n), c2 = round(-b1 k / n):
 *   k1 = k - c1 a1 - c2 a2,  k2 = -c1 b1 - c2 b2.
 * The divisions by n are products with g1 = round(2^384 b2 / n), g2 = round(2^384 (-b1) / n)
 * shifted right by 384 bits. Halving the scalars' length halves the doublings.
 */
import { SC_SIZE, scAdd, scIsHigh, scMul, scNeg, scSetB32, scToLE } from './scalar';

/** beta as a field element (10 limbs of 26 bits). */
export const BETA: usize = memory.data<u32>([0x19501ee, 0x25b0a1c, 0x995c13, 0x1d44bd6, 0x19cf049, 0x30d0d3a, 0x24479ea, 0x1c41b9, 0x22b657c, 0x1eba5a]);

// Basis (a1, b1 < 0), (a2, b2) as scalars (b1 by its absolute value), and g1, g2 as 32-bit words.
const A1: usize = memory.data<u32>([0x1284eb15, 0x3648724, 0x151af37a, 0xda4434f, 0x308, 0, 0, 0, 0]);
const A2: usize = memory.data<u32>([0x1d44cfd8, 0x1e08846c, 0x18bcfd95, 0x14a1ef51, 0x114c, 0, 0, 0, 0]);
const MINUS_B1: usize = memory.data<u32>([0xabfe4c3, 0x1aa3fd48, 0x3a20a1b, 0x6fdac02, 0xe44, 0, 0, 0, 0]);
const B2: usize = A1;
const G1: usize = memory.data<u32>([0x45dbb031, 0xe893209a, 0x71e8ca7f, 0x3daa8a14, 0x9284eb15, 0xe86c90e4, 0xa7d46bcd, 0x3086d221]);
const G2: usize = memory.data<u32>([0x8ac47f71, 0x1571b4ae, 0x9df506c6, 0x221208ac, 0xabfe4c4, 0x6f547fa9, 0x10e8828, 0xe4437ed6]);

const K: usize = memory.data(32, 16);
const PROD: usize = memory.data(64, 16);
const BE: usize = memory.data(32, 16);
const C1: usize = memory.data(<i32>SC_SIZE, 16);
const C2: usize = memory.data(<i32>SC_SIZE, 16);
const T1: usize = memory.data(<i32>SC_SIZE, 16);
const T2: usize = memory.data(<i32>SC_SIZE, 16);

/** c = round(k g / 2^384) as a scalar, for k (32-bit words at K) and g (words). */
function mulShiftRound(c: usize, g: usize): void {
  memory.fill(PROD, 0, 64);
  for (let i: usize = 0; i < 8; i++) {
    const ki = <u64>load<u32>(K + (i << 2));
    let carry: u64 = 0;
    for (let j: usize = 0; j < 8; j++) {
      const at = PROD + ((i + j) << 2);
      const t = <u64>load<u32>(at) + ki * <u64>load<u32>(g + (j << 2)) + carry;
      store<u32>(at, <u32>t);
      carry = t >> 32;
    }
    store<u32>(PROD + ((i + 8) << 2), <u32>carry);
  }
  // + 2^383 rounds to nearest; the carry runs up through words 11..15.
  let carry: u64 = 0x80000000;
  for (let i: usize = 11; i < 16; i++) {
    const t = <u64>load<u32>(PROD + (i << 2)) + carry;
    store<u32>(PROD + (i << 2), <u32>t);
    carry = t >> 32;
  }
  // Words 12..15 (< 2^128) as 32 big-endian bytes.
  memory.fill(BE, 0, 16);
  for (let i: usize = 0; i < 4; i++) store<u32>(BE + 28 - (i << 2), bswap<u32>(load<u32>(PROD + ((12 + i) << 2))));
  scSetB32(c, BE);
}

/**
 * Splits k into k1 + k2 lambda (mod n), writing |k1| and |k2| (each below 2^128) to k1 and k2;
 * returns bit 0 set when k1 is negative and bit 1 when k2 is. Variable time (public scalars).
 */
export function splitLambdaVar(k1: usize, k2: usize, k: usize): u32 {
  scToLE(K, k);
  mulShiftRound(C1, G1);
  mulShiftRound(C2, G2);
  scMul(T1, C1, A1);
  scMul(T2, C2, A2);
  scAdd(T1, T1, T2);
  scNeg(T1, T1);
  scAdd(k1, k, T1);
  scMul(T1, C1, MINUS_B1);
  scMul(T2, C2, B2);
  scNeg(T2, T2);
  scAdd(k2, T1, T2);
  const neg1 = scIsHigh(k1);
  const neg2 = scIsHigh(k2);
  if (neg1 != 0) scNeg(k1, k1);
  if (neg2 != 0) scNeg(k2, k2);
  return neg1 | (neg2 << 1);
}
