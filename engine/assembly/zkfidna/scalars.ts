/**
 * Scalar helpers zk-FIDNA needs beyond secp256k1/scalar.ts: wide reduction of 64-byte challenges
 * and nonces, small integers, subtraction, inner products and batch inversion. Scalars are the
 * nine-limb values of scalar.ts (SC_SIZE bytes, below n). Constant time unless named ...Var.
 */
import { ONE, SC_SIZE, scAdd, scMul, scNeg, scSetB32 } from '../secp256k1/scalar';
import { scInv } from '../secp256k1/scalarinv';

export { SC_SIZE };

/** 2^256 mod n. */
const R256: usize = memory.data<u32>([0xfc9bebf, 0x16d0b99, 0xdd7f110, 0x24632a1, 0x1455, 0, 0, 0, 0]);
const HI: usize = memory.data(<i32>SC_SIZE, 16);
const T: usize = memory.data(<i32>SC_SIZE, 16);

/** r = OS2IP(64 big-endian bytes at src) mod n (bias below 2^-256). */
export function scFromB64(r: usize, src: usize): void {
  scSetB32(HI, src); // each half is below 2^256 < 2n, so one subtraction reduces it
  scSetB32(r, src + 32);
  scMul(HI, HI, R256);
  scAdd(r, r, HI);
  memory.fill(HI, 0, SC_SIZE);
}

/** r = v for a 64-bit integer. */
export function scFromU64(r: usize, v: u64): void {
  memory.fill(r, 0, SC_SIZE);
  store<u32>(r, <u32>(v & 0x1fffffff), 0);
  store<u32>(r, <u32>((v >> 29) & 0x1fffffff), 4);
  store<u32>(r, <u32>(v >> 58), 8);
}

/** r = a - b mod n (any of them may alias). */
export function scSub(r: usize, a: usize, b: usize): void {
  scNeg(T, b);
  scAdd(r, a, T);
}

/** r = 1. */
export function scSetOne(r: usize): void {
  memory.copy(r, ONE, SC_SIZE);
}

/** Whether a and b are equal (public values only). */
export function scEqualVar(a: usize, b: usize): bool {
  return memory.compare(a, b, SC_SIZE) == 0;
}

/** r = sum of a_i b_i for i < n, over vectors of scalars SC_SIZE apart. */
export function scInner(r: usize, a: usize, b: usize, n: i32): void {
  memory.fill(r, 0, SC_SIZE);
  for (let i = 0; i < n; i++) {
    const off = <usize>i * SC_SIZE;
    scMul(T, a + off, b + off);
    scAdd(r, r, T);
  }
}

/** Most scalars one batch inversion takes. */
export const BATCH_INV_MAX: i32 = 16;
const PREFIX: usize = memory.data(BATCH_INV_MAX * <i32>SC_SIZE, 16);
const INV: usize = memory.data(<i32>SC_SIZE, 16);

/**
 * Replaces each of the `n` nonzero scalars at v (SC_SIZE apart) by its inverse, with one
 * inversion (Montgomery's trick).
 */
export function scBatchInvert(v: usize, n: i32): void {
  memory.copy(PREFIX, v, SC_SIZE);
  for (let i = 1; i < n; i++) {
    scMul(PREFIX + <usize>i * SC_SIZE, PREFIX + <usize>(i - 1) * SC_SIZE, v + <usize>i * SC_SIZE);
  }
  scInv(INV, PREFIX + <usize>(n - 1) * SC_SIZE);
  for (let i = n - 1; i > 0; i--) {
    const at = v + <usize>i * SC_SIZE;
    scMul(T, INV, PREFIX + <usize>(i - 1) * SC_SIZE);
    scMul(INV, INV, at);
    memory.copy(at, T, SC_SIZE);
  }
  memory.copy(v, INV, SC_SIZE);
}
