/**
 * Arithmetic modulo n, the order of the secp256k1 group: nonces, secret keys, signature halves.
 *
 * A scalar is nine 29-bit limbs (u32 each, value = sum of l[i] * 2^(29 i)), always fully reduced
 * below n between calls. Products use Montgomery multiplication with R = 2^261: a 29-bit limb
 * product is under 2^58, so a column of 18 products plus carry stays below 2^63 in a u64 and needs
 * no splitting, which is what makes the nine-limb shape fast without a 128-bit multiply.
 * Everything is constant time: no branch or memory index depends on a scalar's value.
 */

/** Bytes one scalar occupies. */
export const SC_SIZE: usize = 36;

const M29: u64 = 0x1fffffff;
/** -n^-1 mod 2^29. */
const NP: u64 = 0x1588b13f;
const N0: u64 = 0x10364141;
const N1: u64 = 0x1e92f466;
const N2: u64 = 0x12280eef;
const N3: u64 = 0x1db9cd5e;
const N4: u64 = 0x1fffebaa;
const N5: u64 = 0x1fffffff;
const N6: u64 = 0x1fffffff;
const N7: u64 = 0x1fffffff;
const N8: u64 = 0xffffff;

/** n and (n - 1) / 2, as limbs. */
const N: usize = memory.data<u32>([0x10364141, 0x1e92f466, 0x12280eef, 0x1db9cd5e, 0x1fffebaa, 0x1fffffff, 0x1fffffff, 0x1fffffff, 0xffffff]);
const HALF: usize = memory.data<u32>([0x81b20a0, 0x1f497a33, 0x9140777, 0xedce6af, 0x1ffff5d5, 0x1fffffff, 0x1fffffff, 0x1fffffff, 0x7fffff]);
/** R^2 mod n: montMul by it moves a value into the Montgomery domain. */
export const R2: usize = memory.data<u32>([0x9f6ab4b, 0x1f300d1e, 0x1c0bd5d8, 0xc8ada8c, 0x11cefa2b, 0x8b79a0f, 0x1e697f5e, 0xe34de2, 0x9c7356]);
/** 1: montMul by it moves a value out of the Montgomery domain. */
export const ONE: usize = memory.data<u32>([1, 0, 0, 0, 0, 0, 0, 0, 0]);

const LE: usize = memory.data(48, 16);
const T: usize = memory.data(<i32>SC_SIZE, 16);
const D: usize = memory.data(<i32>SC_SIZE, 16);

// @ts-ignore: decorator
@inline function limb(a: usize, i: usize): u64 {
  return <u64>load<u32>(a + (i << 2));
}

/**
 * r = r - n when r >= n (r < 2n on entry, so one subtraction suffices); returns 1 when it
 * subtracted. The difference is always computed and chosen by mask.
 */
function condSubN(r: usize): u32 {
  let borrow: i64 = 0;
  for (let i: usize = 0; i < 36; i += 4) {
    const d = <i64>load<u32>(r + i) - <i64>load<u32>(N + i) - borrow;
    store<u32>(D + i, <u32>(d & <i64>M29));
    borrow = (d >> 63) & 1;
  }
  const ge = <u32>(1 - borrow);
  const mask = 0 - ge;
  for (let i: usize = 0; i < 36; i += 4) {
    store<u32>(r + i, (load<u32>(D + i) & mask) | (load<u32>(r + i) & ~mask));
  }
  return ge;
}

/**
 * Montgomery product r = a * b / R mod n for a, b < n. Product-scanning: each of the low nine
 * columns picks the multiple m_k of n that clears it, the high columns are the result (< 2n).
 */
export function montMul(r: usize, a: usize, b: usize): void {
  const a0 = limb(a, 0), a1 = limb(a, 1), a2 = limb(a, 2), a3 = limb(a, 3), a4 = limb(a, 4);
  const a5 = limb(a, 5), a6 = limb(a, 6), a7 = limb(a, 7), a8 = limb(a, 8);
  const b0 = limb(b, 0), b1 = limb(b, 1), b2 = limb(b, 2), b3 = limb(b, 3), b4 = limb(b, 4);
  const b5 = limb(b, 5), b6 = limb(b, 6), b7 = limb(b, 7), b8 = limb(b, 8);
  let acc: u64 = a0 * b0;
  const m0 = ((acc & M29) * NP) & M29;
  acc = (acc + m0 * N0) >> 29;
  acc += a0 * b1 + a1 * b0 + m0 * N1;
  const m1 = ((acc & M29) * NP) & M29;
  acc = (acc + m1 * N0) >> 29;
  acc += a0 * b2 + a1 * b1 + a2 * b0 + m0 * N2 + m1 * N1;
  const m2 = ((acc & M29) * NP) & M29;
  acc = (acc + m2 * N0) >> 29;
  acc += a0 * b3 + a1 * b2 + a2 * b1 + a3 * b0 + m0 * N3 + m1 * N2 + m2 * N1;
  const m3 = ((acc & M29) * NP) & M29;
  acc = (acc + m3 * N0) >> 29;
  acc += a0 * b4 + a1 * b3 + a2 * b2 + a3 * b1 + a4 * b0 + m0 * N4 + m1 * N3 + m2 * N2 + m3 * N1;
  const m4 = ((acc & M29) * NP) & M29;
  acc = (acc + m4 * N0) >> 29;
  acc += a0 * b5 + a1 * b4 + a2 * b3 + a3 * b2 + a4 * b1 + a5 * b0 + m0 * N5 + m1 * N4 + m2 * N3 + m3 * N2 + m4 * N1;
  const m5 = ((acc & M29) * NP) & M29;
  acc = (acc + m5 * N0) >> 29;
  acc += a0 * b6 + a1 * b5 + a2 * b4 + a3 * b3 + a4 * b2 + a5 * b1 + a6 * b0 + m0 * N6 + m1 * N5 + m2 * N4 + m3 * N3 + m4 * N2 + m5 * N1;
  const m6 = ((acc & M29) * NP) & M29;
  acc = (acc + m6 * N0) >> 29;
  acc += a0 * b7 + a1 * b6 + a2 * b5 + a3 * b4 + a4 * b3 + a5 * b2 + a6 * b1 + a7 * b0 + m0 * N7 + m1 * N6 + m2 * N5 + m3 * N4 + m4 * N3 + m5 * N2 + m6 * N1;
  const m7 = ((acc & M29) * NP) & M29;
  acc = (acc + m7 * N0) >> 29;
  acc += a0 * b8 + a1 * b7 + a2 * b6 + a3 * b5 + a4 * b4 + a5 * b3 + a6 * b2 + a7 * b1 + a8 * b0 + m0 * N8 + m1 * N7 + m2 * N6 + m3 * N5 + m4 * N4 + m5 * N3 + m6 * N2 + m7 * N1;
  const m8 = ((acc & M29) * NP) & M29;
  acc = (acc + m8 * N0) >> 29;
  acc += a1 * b8 + a2 * b7 + a3 * b6 + a4 * b5 + a5 * b4 + a6 * b3 + a7 * b2 + a8 * b1 + m1 * N8 + m2 * N7 + m3 * N6 + m4 * N5 + m5 * N4 + m6 * N3 + m7 * N2 + m8 * N1;
  store<u32>(r, <u32>(acc & M29), 0);
  acc >>= 29;
  acc += a2 * b8 + a3 * b7 + a4 * b6 + a5 * b5 + a6 * b4 + a7 * b3 + a8 * b2 + m2 * N8 + m3 * N7 + m4 * N6 + m5 * N5 + m6 * N4 + m7 * N3 + m8 * N2;
  store<u32>(r, <u32>(acc & M29), 4);
  acc >>= 29;
  acc += a3 * b8 + a4 * b7 + a5 * b6 + a6 * b5 + a7 * b4 + a8 * b3 + m3 * N8 + m4 * N7 + m5 * N6 + m6 * N5 + m7 * N4 + m8 * N3;
  store<u32>(r, <u32>(acc & M29), 8);
  acc >>= 29;
  acc += a4 * b8 + a5 * b7 + a6 * b6 + a7 * b5 + a8 * b4 + m4 * N8 + m5 * N7 + m6 * N6 + m7 * N5 + m8 * N4;
  store<u32>(r, <u32>(acc & M29), 12);
  acc >>= 29;
  acc += a5 * b8 + a6 * b7 + a7 * b6 + a8 * b5 + m5 * N8 + m6 * N7 + m7 * N6 + m8 * N5;
  store<u32>(r, <u32>(acc & M29), 16);
  acc >>= 29;
  acc += a6 * b8 + a7 * b7 + a8 * b6 + m6 * N8 + m7 * N7 + m8 * N6;
  store<u32>(r, <u32>(acc & M29), 20);
  acc >>= 29;
  acc += a7 * b8 + a8 * b7 + m7 * N8 + m8 * N7;
  store<u32>(r, <u32>(acc & M29), 24);
  acc >>= 29;
  acc += a8 * b8 + m8 * N8;
  store<u32>(r, <u32>(acc & M29), 28);
  acc >>= 29;
  store<u32>(r, <u32>acc, 32);
  condSubN(r);
}

/** Montgomery square r = a^2 / R mod n: cross products once, doubled. */
export function montSqr(r: usize, a: usize): void {
  const a0 = limb(a, 0), a1 = limb(a, 1), a2 = limb(a, 2), a3 = limb(a, 3), a4 = limb(a, 4);
  const a5 = limb(a, 5), a6 = limb(a, 6), a7 = limb(a, 7), a8 = limb(a, 8);
  const d0 = a0 << 1, d1 = a1 << 1, d2 = a2 << 1, d3 = a3 << 1, d4 = a4 << 1;
  const d5 = a5 << 1, d6 = a6 << 1, d7 = a7 << 1;
  let acc: u64 = a0 * a0;
  const m0 = ((acc & M29) * NP) & M29;
  acc = (acc + m0 * N0) >> 29;
  acc += d0 * a1 + m0 * N1;
  const m1 = ((acc & M29) * NP) & M29;
  acc = (acc + m1 * N0) >> 29;
  acc += d0 * a2 + a1 * a1 + m0 * N2 + m1 * N1;
  const m2 = ((acc & M29) * NP) & M29;
  acc = (acc + m2 * N0) >> 29;
  acc += d0 * a3 + d1 * a2 + m0 * N3 + m1 * N2 + m2 * N1;
  const m3 = ((acc & M29) * NP) & M29;
  acc = (acc + m3 * N0) >> 29;
  acc += d0 * a4 + d1 * a3 + a2 * a2 + m0 * N4 + m1 * N3 + m2 * N2 + m3 * N1;
  const m4 = ((acc & M29) * NP) & M29;
  acc = (acc + m4 * N0) >> 29;
  acc += d0 * a5 + d1 * a4 + d2 * a3 + m0 * N5 + m1 * N4 + m2 * N3 + m3 * N2 + m4 * N1;
  const m5 = ((acc & M29) * NP) & M29;
  acc = (acc + m5 * N0) >> 29;
  acc += d0 * a6 + d1 * a5 + d2 * a4 + a3 * a3 + m0 * N6 + m1 * N5 + m2 * N4 + m3 * N3 + m4 * N2 + m5 * N1;
  const m6 = ((acc & M29) * NP) & M29;
  acc = (acc + m6 * N0) >> 29;
  acc += d0 * a7 + d1 * a6 + d2 * a5 + d3 * a4 + m0 * N7 + m1 * N6 + m2 * N5 + m3 * N4 + m4 * N3 + m5 * N2 + m6 * N1;
  const m7 = ((acc & M29) * NP) & M29;
  acc = (acc + m7 * N0) >> 29;
  acc += d0 * a8 + d1 * a7 + d2 * a6 + d3 * a5 + a4 * a4 + m0 * N8 + m1 * N7 + m2 * N6 + m3 * N5 + m4 * N4 + m5 * N3 + m6 * N2 + m7 * N1;
  const m8 = ((acc & M29) * NP) & M29;
  acc = (acc + m8 * N0) >> 29;
  acc += d1 * a8 + d2 * a7 + d3 * a6 + d4 * a5 + m1 * N8 + m2 * N7 + m3 * N6 + m4 * N5 + m5 * N4 + m6 * N3 + m7 * N2 + m8 * N1;
  store<u32>(r, <u32>(acc & M29), 0);
  acc >>= 29;
  acc += d2 * a8 + d3 * a7 + d4 * a6 + a5 * a5 + m2 * N8 + m3 * N7 + m4 * N6 + m5 * N5 + m6 * N4 + m7 * N3 + m8 * N2;
  store<u32>(r, <u32>(acc & M29), 4);
  acc >>= 29;
  acc += d3 * a8 + d4 * a7 + d5 * a6 + m3 * N8 + m4 * N7 + m5 * N6 + m6 * N5 + m7 * N4 + m8 * N3;
  store<u32>(r, <u32>(acc & M29), 8);
  acc >>= 29;
  acc += d4 * a8 + d5 * a7 + a6 * a6 + m4 * N8 + m5 * N7 + m6 * N6 + m7 * N5 + m8 * N4;
  store<u32>(r, <u32>(acc & M29), 12);
  acc >>= 29;
  acc += d5 * a8 + d6 * a7 + m5 * N8 + m6 * N7 + m7 * N6 + m8 * N5;
  store<u32>(r, <u32>(acc & M29), 16);
  acc >>= 29;
  acc += d6 * a8 + a7 * a7 + m6 * N8 + m7 * N7 + m8 * N6;
  store<u32>(r, <u32>(acc & M29), 20);
  acc >>= 29;
  acc += d7 * a8 + m7 * N8 + m8 * N7;
  store<u32>(r, <u32>(acc & M29), 24);
  acc >>= 29;
  acc += a8 * a8 + m8 * N8;
  store<u32>(r, <u32>(acc & M29), 28);
  acc >>= 29;
  store<u32>(r, <u32>acc, 32);
  condSubN(r);
}

/**
 * Reads 32 big-endian bytes as a scalar reduced mod n; returns 1 when the value was n or more
 * (callers that need a value in [1, n) reject on that, e.g. secret keys and signature halves).
 */
export function scSetB32(r: usize, src: usize): u32 {
  for (let i: usize = 0; i < 32; i++) store<u8>(LE + i, load<u8>(src + 31 - i));
  for (let i: usize = 0; i < 9; i++) {
    const bit = i * 29;
    store<u32>(r + (i << 2), <u32>((load<u64>(LE + (bit >> 3)) >> (bit & 7)) & M29));
  }
  memory.fill(LE, 0, 48);
  return condSubN(r);
}

/** Writes a scalar as 32 little-endian bytes (the bit order the recodings read). */
export function scToLE(dst: usize, a: usize): void {
  let acc: u64 = 0;
  let bits: u32 = 0;
  let out: usize = 0;
  for (let i: usize = 0; i < 9; i++) {
    acc |= limb(a, i) << bits;
    bits += 29;
    while (bits >= 8 && out < 32) {
      store<u8>(dst + out, <u8>acc);
      acc >>= 8;
      bits -= 8;
      out++;
    }
  }
}

/** Writes a scalar as 32 big-endian bytes. */
export function scGetB32(dst: usize, a: usize): void {
  scToLE(LE, a);
  for (let i: usize = 0; i < 32; i++) store<u8>(dst + i, load<u8>(LE + 31 - i));
  memory.fill(LE, 0, 48);
}

/** 1 when a = 0. */
export function scIsZero(a: usize): u32 {
  let z: u32 = 0;
  for (let i: usize = 0; i < 36; i += 4) z |= load<u32>(a + i);
  return (z - 1) >> 31;
}

/** 1 when a > (n - 1) / 2, i.e. when -a is the "low" one of a and -a. */
export function scIsHigh(a: usize): u32 {
  let borrow: i64 = 0;
  for (let i: usize = 0; i < 36; i += 4) {
    const d = <i64>load<u32>(HALF + i) - <i64>load<u32>(a + i) - borrow;
    borrow = (d >> 63) & 1;
  }
  return <u32>borrow;
}

/** r = a + b mod n. */
export function scAdd(r: usize, a: usize, b: usize): void {
  let c: u64 = 0;
  for (let i: usize = 0; i < 36; i += 4) {
    c += <u64>load<u32>(a + i) + <u64>load<u32>(b + i);
    store<u32>(r + i, <u32>(c & M29));
    c >>= 29;
  }
  condSubN(r);
}

/** r = -a mod n (0 stays 0). */
export function scNeg(r: usize, a: usize): void {
  const mask = scIsZero(a) - 1; // all ones unless a = 0
  let borrow: i64 = 0;
  for (let i: usize = 0; i < 36; i += 4) {
    const d = <i64>load<u32>(N + i) - <i64>load<u32>(a + i) - borrow;
    store<u32>(r + i, <u32>(d & <i64>M29) & mask);
    borrow = (d >> 63) & 1;
  }
}

/** r = flag ? a : r, without branching (flag is 0 or 1). */
export function scCmov(r: usize, a: usize, flag: u32): void {
  const mask = 0 - flag;
  for (let i: usize = 0; i < 36; i += 4) {
    store<u32>(r + i, (load<u32>(a + i) & mask) | (load<u32>(r + i) & ~mask));
  }
}

/** r = a * b mod n: two Montgomery products, the second by R^2 to cancel both factors of 1/R. */
export function scMul(r: usize, a: usize, b: usize): void {
  montMul(T, a, b);
  montMul(r, T, R2);
}
