/**
 * Arithmetic in GF(p), p = 2^256 - 2^32 - 977, the secp256k1 base field.
 *
 * WebAssembly has no 64x64->128 multiply, so an element is ten 26-bit limbs (value = sum of
 * l[i] * 2^(26 i)) stored as u32s: a limb product fits in 52 bits and a column of ten products in a
 * u64. Limbs may grow past 26 bits between reductions. An element has magnitude m when
 * l[0..8] <= m * 2^27 and l[9] <= m * 2^23; every function says what it accepts and returns:
 * feMul and feSqr take magnitude <= 8 and return 1, feAdd adds magnitudes, feNeg(a, m) returns
 * m + 1, feNormalizeWeak returns 1. Only feNormalize gives the unique representative in [0, p),
 * which encoding, parity and comparisons need. Everything here is constant time except the
 * functions whose names end in Var.
 */

/** Bytes one field element occupies. */
export const FE_SIZE: usize = 40;

const M26: u64 = 0x3ffffff;
const M22: u64 = 0x3fffff;

// Scratch for byte conversion (little-endian, zero padded so 8-byte reads never leave it) and for
// normalized copies in comparisons.
const LE: usize = memory.data(48, 16);
const CHK: usize = memory.data(<i32>FE_SIZE, 16);
const CHK2: usize = memory.data(<i32>FE_SIZE, 16);

// @ts-ignore: decorator
@inline function limb(a: usize, i: usize): u64 {
  return <u64>load<u32>(a + (i << 2));
}

/**
 * Reduces the 19 columns of a 520-bit product and stores a magnitude-1 result. The high columns
 * are first carried into 26-bit limbs L10 .. L19 (no multiplication), then each folds with one:
 * 2^260 = 0x1000003D10 = 0x3D10 + 0x400 * 2^26 (mod p), so L(k+10) adds L * 0x3D10 to column k
 * and L << 10 to column k + 1; L19's share of column 10 folds once more onto columns 0 and 1.
 */
// @ts-ignore: decorator
@inline function reduce(
  r: usize, c0: u64, c1: u64, c2: u64, c3: u64, c4: u64, c5: u64, c6: u64, c7: u64, c8: u64, c9: u64,
  c10: u64, c11: u64, c12: u64, c13: u64, c14: u64, c15: u64, c16: u64, c17: u64, c18: u64,
): void {
  c11 += c10 >> 26; c10 &= M26;
  c12 += c11 >> 26; c11 &= M26;
  c13 += c12 >> 26; c12 &= M26;
  c14 += c13 >> 26; c13 &= M26;
  c15 += c14 >> 26; c14 &= M26;
  c16 += c15 >> 26; c15 &= M26;
  c17 += c16 >> 26; c16 &= M26;
  c18 += c17 >> 26; c17 &= M26;
  const c19 = c18 >> 26; c18 &= M26;
  c0 += c10 * 0x3d10 + (c19 << 10) * 0x3d10;
  c1 += (c10 << 10) + c11 * 0x3d10 + (c19 << 20);
  c2 += (c11 << 10) + c12 * 0x3d10;
  c3 += (c12 << 10) + c13 * 0x3d10;
  c4 += (c13 << 10) + c14 * 0x3d10;
  c5 += (c14 << 10) + c15 * 0x3d10;
  c6 += (c15 << 10) + c16 * 0x3d10;
  c7 += (c16 << 10) + c17 * 0x3d10;
  c8 += (c17 << 10) + c18 * 0x3d10;
  c9 += (c18 << 10) + c19 * 0x3d10;

  c1 += c0 >> 26; c0 &= M26;
  c2 += c1 >> 26; c1 &= M26;
  c3 += c2 >> 26; c2 &= M26;
  c4 += c3 >> 26; c3 &= M26;
  c5 += c4 >> 26; c4 &= M26;
  c6 += c5 >> 26; c5 &= M26;
  c7 += c6 >> 26; c6 &= M26;
  c8 += c7 >> 26; c7 &= M26;
  c9 += c8 >> 26; c8 &= M26;
  // Bits from 2^256 up: 2^256 = 0x1000003D1 = 0x3D1 + 0x40 * 2^26 (mod p).
  const top = c9 >> 22; c9 &= M22;
  c0 += top * 0x3d1; c1 += top << 6;
  c1 += c0 >> 26; c0 &= M26;
  c2 += c1 >> 26; c1 &= M26;
  store<u32>(r, <u32>c0, 0); store<u32>(r, <u32>c1, 4); store<u32>(r, <u32>c2, 8);
  store<u32>(r, <u32>c3, 12); store<u32>(r, <u32>c4, 16); store<u32>(r, <u32>c5, 20);
  store<u32>(r, <u32>c6, 24); store<u32>(r, <u32>c7, 28); store<u32>(r, <u32>c8, 32);
  store<u32>(r, <u32>c9, 36);
}

/** r = a * b (inputs magnitude <= 8, output 1; r may alias a or b). */
export function feMul(r: usize, a: usize, b: usize): void {
  const a0 = limb(a, 0), a1 = limb(a, 1), a2 = limb(a, 2), a3 = limb(a, 3), a4 = limb(a, 4);
  const a5 = limb(a, 5), a6 = limb(a, 6), a7 = limb(a, 7), a8 = limb(a, 8), a9 = limb(a, 9);
  const b0 = limb(b, 0), b1 = limb(b, 1), b2 = limb(b, 2), b3 = limb(b, 3), b4 = limb(b, 4);
  const b5 = limb(b, 5), b6 = limb(b, 6), b7 = limb(b, 7), b8 = limb(b, 8), b9 = limb(b, 9);
  reduce(r,
    a0 * b0,
    a0 * b1 + a1 * b0,
    a0 * b2 + a1 * b1 + a2 * b0,
    a0 * b3 + a1 * b2 + a2 * b1 + a3 * b0,
    a0 * b4 + a1 * b3 + a2 * b2 + a3 * b1 + a4 * b0,
    a0 * b5 + a1 * b4 + a2 * b3 + a3 * b2 + a4 * b1 + a5 * b0,
    a0 * b6 + a1 * b5 + a2 * b4 + a3 * b3 + a4 * b2 + a5 * b1 + a6 * b0,
    a0 * b7 + a1 * b6 + a2 * b5 + a3 * b4 + a4 * b3 + a5 * b2 + a6 * b1 + a7 * b0,
    a0 * b8 + a1 * b7 + a2 * b6 + a3 * b5 + a4 * b4 + a5 * b3 + a6 * b2 + a7 * b1 + a8 * b0,
    a0 * b9 + a1 * b8 + a2 * b7 + a3 * b6 + a4 * b5 + a5 * b4 + a6 * b3 + a7 * b2 + a8 * b1 + a9 * b0,
    a1 * b9 + a2 * b8 + a3 * b7 + a4 * b6 + a5 * b5 + a6 * b4 + a7 * b3 + a8 * b2 + a9 * b1,
    a2 * b9 + a3 * b8 + a4 * b7 + a5 * b6 + a6 * b5 + a7 * b4 + a8 * b3 + a9 * b2,
    a3 * b9 + a4 * b8 + a5 * b7 + a6 * b6 + a7 * b5 + a8 * b4 + a9 * b3,
    a4 * b9 + a5 * b8 + a6 * b7 + a7 * b6 + a8 * b5 + a9 * b4,
    a5 * b9 + a6 * b8 + a7 * b7 + a8 * b6 + a9 * b5,
    a6 * b9 + a7 * b8 + a8 * b7 + a9 * b6,
    a7 * b9 + a8 * b8 + a9 * b7,
    a8 * b9 + a9 * b8,
    a9 * b9,
  );
}

/** r = a^2 (input magnitude <= 8, output 1): the cross products are computed once, doubled. */
export function feSqr(r: usize, a: usize): void {
  const a0 = limb(a, 0), a1 = limb(a, 1), a2 = limb(a, 2), a3 = limb(a, 3), a4 = limb(a, 4);
  const a5 = limb(a, 5), a6 = limb(a, 6), a7 = limb(a, 7), a8 = limb(a, 8), a9 = limb(a, 9);
  const d0 = a0 << 1, d1 = a1 << 1, d2 = a2 << 1, d3 = a3 << 1, d4 = a4 << 1;
  const d5 = a5 << 1, d6 = a6 << 1, d7 = a7 << 1, d8 = a8 << 1;
  reduce(r,
    a0 * a0,
    d0 * a1,
    d0 * a2 + a1 * a1,
    d0 * a3 + d1 * a2,
    d0 * a4 + d1 * a3 + a2 * a2,
    d0 * a5 + d1 * a4 + d2 * a3,
    d0 * a6 + d1 * a5 + d2 * a4 + a3 * a3,
    d0 * a7 + d1 * a6 + d2 * a5 + d3 * a4,
    d0 * a8 + d1 * a7 + d2 * a6 + d3 * a5 + a4 * a4,
    d0 * a9 + d1 * a8 + d2 * a7 + d3 * a6 + d4 * a5,
    d1 * a9 + d2 * a8 + d3 * a7 + d4 * a6 + a5 * a5,
    d2 * a9 + d3 * a8 + d4 * a7 + d5 * a6,
    d3 * a9 + d4 * a8 + d5 * a7 + a6 * a6,
    d4 * a9 + d5 * a8 + d6 * a7,
    d5 * a9 + d6 * a8 + a7 * a7,
    d6 * a9 + d7 * a8,
    d7 * a9 + a8 * a8,
    d8 * a9,
    a9 * a9,
  );
}

// Limbs 0-3 and 4-7 go through SIMD lanes, limbs 8-9 as one u64 (no carry crosses between them,
// since every limb stays below 2^32).
const P03 = i32x4(0x3fffc2f, 0x3ffffbf, 0x3ffffff, 0x3ffffff);
const P47 = i32x4(0x3ffffff, 0x3ffffff, 0x3ffffff, 0x3ffffff);
const P89: u64 = (<u64>0x3fffff << 32) | 0x3ffffff;

/** r = a + b (magnitudes add; the sum must stay <= 31 so limbs fit in a u32). */
export function feAdd(r: usize, a: usize, b: usize): void {
  v128.store(r, i32x4.add(v128.load(a), v128.load(b)));
  v128.store(r, i32x4.add(v128.load(a, 16), v128.load(b, 16)), 16);
  store<u64>(r, load<u64>(a, 32) + load<u64>(b, 32), 32);
}

/** r = k * a for a small k (magnitude times k, at most 31). */
export function feMulInt(r: usize, a: usize, k: u32): void {
  const kv = i32x4.splat(k);
  v128.store(r, i32x4.mul(v128.load(a), kv));
  v128.store(r, i32x4.mul(v128.load(a, 16), kv), 16);
  store<u32>(r, load<u32>(a, 32) * k, 32);
  store<u32>(r, load<u32>(a, 36) * k, 36);
}

/**
 * r = k * a carried back to magnitude 1, for k < 2^12 and a of magnitude <= 8, or k = 1 and any
 * magnitude <= 31 (limbs times k stay under 2^42, so one pass of carries in u64 suffices).
 */
export function feMulSmall(r: usize, a: usize, k: u32): void {
  const kk = <u64>k;
  let c: u64 = 0;
  for (let i: usize = 0; i < 36; i += 4) {
    c += <u64>load<u32>(a + i) * kk;
    store<u32>(r + i, <u32>(c & M26));
    c >>= 26;
  }
  c += <u64>load<u32>(a, 36) * kk;
  store<u32>(r, <u32>(c & M22), 36);
  const top = c >> 22;
  c = <u64>load<u32>(r, 0) + top * 0x3d1;
  store<u32>(r, <u32>(c & M26), 0);
  c = (c >> 26) + <u64>load<u32>(r, 4) + (top << 6);
  store<u32>(r, <u32>(c & M26), 4);
  store<u32>(r, load<u32>(r, 8) + <u32>(c >> 26), 8);
}

/**
 * r = -a for a of magnitude <= m (output m + 1): (2m + 1) * p - a, limb by limb, where p's limbs
 * times 2m + 1 dominate any limb of a magnitude-m element.
 */
export function feNeg(r: usize, a: usize, m: u32): void {
  const k = 2 * m + 1;
  const kv = i32x4.splat(k);
  v128.store(r, i32x4.sub(i32x4.mul(P03, kv), v128.load(a)));
  v128.store(r, i32x4.sub(i32x4.mul(P47, kv), v128.load(a, 16)), 16);
  store<u64>(r, P89 * <u64>k - load<u64>(a, 32), 32);
}

/** r = a - b for b of magnitude <= mb (output magnitude: a's + mb + 1). */
export function feSub(r: usize, a: usize, b: usize, mb: u32): void {
  const kv = i32x4.splat(2 * mb + 1);
  v128.store(r, i32x4.sub(i32x4.add(v128.load(a), i32x4.mul(P03, kv)), v128.load(b)));
  v128.store(r, i32x4.sub(i32x4.add(v128.load(a, 16), i32x4.mul(P47, kv)), v128.load(b, 16)), 16);
  store<u64>(r, load<u64>(a, 32) + P89 * <u64>(2 * mb + 1) - load<u64>(b, 32), 32);
}

/** Carries and folds once: any magnitude <= 31 in, magnitude 1 out (value unchanged mod p). */
export function feNormalizeWeak(r: usize): void {
  feMulSmall(r, r, 1);
}

/** Full carry through all limbs, folding the bits from 2^256 up back in; returns nothing. */
// @ts-ignore: decorator
@inline function carryFold(r: usize): void {
  let c: u64 = 0;
  for (let i: usize = 0; i < 36; i += 4) {
    c += <u64>load<u32>(r + i);
    store<u32>(r + i, <u32>(c & M26));
    c >>= 26;
  }
  c += <u64>load<u32>(r, 36);
  store<u32>(r, <u32>(c & M22), 36);
  const top = c >> 22;
  c = <u64>load<u32>(r, 0) + top * 0x3d1;
  store<u32>(r, <u32>(c & M26), 0);
  c = (c >> 26) + <u64>load<u32>(r, 4) + (top << 6);
  for (let i: usize = 4; i < 36; i += 4) {
    store<u32>(r + i, <u32>(c & M26));
    c = (c >> 26) + <u64>load<u32>(r + i + 4);
  }
  store<u32>(r, <u32>c, 36);
}

/**
 * Reduces r in place to its unique representative in [0, p), all limbs canonical. Two carry-fold
 * passes bring the value below 2^256 (the second folds at most one bit); then v >= p exactly when
 * v + 2^32 + 977 reaches 2^256, and that sum (mod 2^256) is v - p. Selected by mask, not branch.
 */
export function feNormalize(r: usize): void {
  carryFold(r);
  carryFold(r);
  let c: u64 = <u64>load<u32>(r, 0) + 0x3d1;
  const t0 = c & M26;
  c = (c >> 26) + <u64>load<u32>(r, 4) + 0x40;
  const t1 = c & M26;
  c >>= 26;
  const t = LE; // the remaining limbs of v + 2^32 + 977
  for (let i: usize = 8; i < 36; i += 4) {
    c += <u64>load<u32>(r + i);
    store<u32>(t + i, <u32>(c & M26));
    c >>= 26;
  }
  c += <u64>load<u32>(r, 36);
  const over = <u32>(c >> 22); // 1 when v >= p
  const mask = 0 - over;
  store<u32>(t, <u32>(c & M22), 36);
  store<u32>(t, <u32>t0, 0);
  store<u32>(t, <u32>t1, 4);
  for (let i: usize = 0; i < 40; i += 4) {
    store<u32>(r + i, (load<u32>(t + i) & mask) | (load<u32>(r + i) & ~mask));
  }
  memory.fill(t, 0, 48);
}

/** r = a (40-byte copy). */
// @ts-ignore: decorator
@inline export function feCopy(r: usize, a: usize): void {
  memory.copy(r, a, FE_SIZE);
}

/** r = v for a small integer v. */
export function feSetInt(r: usize, v: u32): void {
  memory.fill(r, 0, FE_SIZE);
  store<u32>(r, v);
}

/** r = flag ? a : r, without branching (flag is 0 or 1). */
export function feCmov(r: usize, a: usize, flag: u32): void {
  const mask = 0 - flag;
  const m = i32x4.splat(mask);
  v128.store(r, v128.bitselect(v128.load(a), v128.load(r), m));
  v128.store(r, v128.bitselect(v128.load(a, 16), v128.load(r, 16), m), 16);
  const m64 = <u64>0 - <u64>flag;
  store<u64>(r, (load<u64>(a, 32) & m64) | (load<u64>(r, 32) & ~m64), 32);
}

/** Parity of a normalized element. */
// @ts-ignore: decorator
@inline export function feIsOdd(a: usize): u32 {
  return load<u32>(a) & 1;
}

/** 1 when the normalized element is zero (constant time). */
export function feIsZero(a: usize): u32 {
  let z: u32 = 0;
  for (let i: usize = 0; i < 40; i += 4) z |= load<u32>(a + i);
  return (z - 1) >> 31;
}

/** Whether a and b (any magnitudes <= 31) are the same field element; variable time. */
export function feEqualVar(a: usize, b: usize): bool {
  feCopy(CHK, a);
  feNormalize(CHK);
  feCopy(CHK2, b);
  feNormalize(CHK2);
  return memory.compare(CHK, CHK2, FE_SIZE) == 0;
}

/**
 * Reads 32 big-endian bytes; returns false (r still set, reduced mod 2^256 only) when the value
 * is not below p, which SEC1 and BIP-340 decoders must reject.
 */
export function feSetB32(r: usize, src: usize): bool {
  for (let i: usize = 0; i < 32; i++) store<u8>(LE + i, load<u8>(src + 31 - i));
  for (let i: usize = 0; i < 10; i++) {
    const bit = i * 26;
    store<u32>(r + (i << 2), <u32>((load<u64>(LE + (bit >> 3)) >> (bit & 7)) & M26));
  }
  memory.fill(LE, 0, 48);
  // v < p unless every limb from 2 up is all ones and the low 52 bits reach p's.
  let high: u32 = load<u32>(r, 36) ^ 0x3fffff;
  for (let i: usize = 8; i < 36; i += 4) high |= load<u32>(r + i) ^ 0x3ffffff;
  const low = (<u64>load<u32>(r, 4) << 26) | <u64>load<u32>(r, 0);
  return (high != 0) | (low < ((<u64>0x3ffffbf << 26) | 0x3fffc2f));
}

/** Writes a normalized element as 32 big-endian bytes. */
export function feGetB32(dst: usize, a: usize): void {
  let acc: u64 = 0;
  let bits: u32 = 0;
  let out: usize = 0;
  for (let i: usize = 0; i < 10; i++) {
    acc |= limb(a, i) << bits;
    bits += 26;
    while (bits >= 8 && out < 32) {
      store<u8>(dst + 31 - out, <u8>acc);
      acc >>= 8;
      bits -= 8;
      out++;
    }
  }
}
