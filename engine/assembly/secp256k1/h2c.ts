/**
 * RFC 9380 hashing to secp256k1: expand_message_xmd with SHA-256, hash_to_field (48 bytes per
 * element, reduced mod p), the simplified SWU map onto the 3-isogenous curve
 * E': y^2 = x^3 + A'x + B' (A' below, B' = 1771, Z = -11) and the 3-isogeny back to secp256k1
 * (h_eff = 1, so no cofactor clearing).
 *
 * Only public inputs go through here (generator labels, test vectors), so it runs in variable
 * time: the square test is a square root attempt, and exceptional cases are branches.
 */
import { SHA256_STATE_SIZE, sha256Final, sha256Init, sha256Update } from '../sha256';
import { FE_SIZE, feAdd, feCopy, feIsOdd, feIsZero, feMul, feNeg, feNormalize, feSetB32, feSetInt, feSqr } from './field';
import { feInv, feSqrt } from './fieldpow';
import { GEJ_SIZE, geSetGej, gejAddGeVar, gejIsInfinity, gejSetGe } from './point';

/** Longest DST expand_message_xmd accepts (RFC 9380 section 5.3.1). */
export const H2C_MAX_DST: i32 = 255;
/** Bytes of uniform output for two field elements (L = 48 each). */
const TWO_ELEMENTS: i32 = 96;

const SHA: usize = memory.data(SHA256_STATE_SIZE, 16);
const B0: usize = memory.data(32, 16);
const BI: usize = memory.data(32, 16);
const XOR: usize = memory.data(32, 16);
const UNIFORM: usize = memory.data(TWO_ELEMENTS, 16);
const BYTE: usize = memory.data(4, 16);
const ZPAD: usize = memory.data(64, 16);
const WIDE: usize = memory.data(32, 16);

/**
 * out = expand_message_xmd(msg, DST, len) for len <= 96 (ell <= 3): b_0 = H(Z_pad || msg ||
 * I2OSP(len, 2) || 0 || DST'), b_1 = H(b_0 || 1 || DST'), b_i = H((b_0 xor b_(i-1)) || i || DST').
 */
export function expandXmd(out: usize, msg: usize, msgLen: i32, dst: usize, dstLen: i32, len: i32): void {
  store<u8>(BYTE, <u8>dstLen);
  sha256Init(SHA, false);
  sha256Update(SHA, ZPAD, 64);
  sha256Update(SHA, msg, <usize>msgLen);
  store<u8>(BYTE + 1, <u8>(len >> 8));
  store<u8>(BYTE + 2, <u8>len);
  store<u8>(BYTE + 3, 0);
  sha256Update(SHA, BYTE + 1, 3);
  sha256Update(SHA, dst, <usize>dstLen);
  sha256Update(SHA, BYTE, 1);
  sha256Final(SHA, B0);
  memory.fill(BI, 0, 32);
  const ell = (len + 31) >> 5;
  for (let i = 1; i <= ell; i++) {
    for (let j: usize = 0; j < 32; j += 8) store<u64>(XOR + j, load<u64>(B0 + j) ^ load<u64>(BI + j));
    store<u8>(BYTE + 1, <u8>i);
    sha256Init(SHA, false);
    sha256Update(SHA, XOR, 32);
    sha256Update(SHA, BYTE + 1, 1);
    sha256Update(SHA, dst, <usize>dstLen);
    sha256Update(SHA, BYTE, 1);
    sha256Final(SHA, BI);
    const take = min(32, len - ((i - 1) << 5));
    memory.copy(out + (<usize>(i - 1) << 5), BI, <usize>take);
  }
}

/** 2^256 mod p = 2^32 + 977, as field limbs. */
const TWO256: usize = memory.data<u32>([0x3d1, 0x40, 0, 0, 0, 0, 0, 0, 0, 0]);
const HI: usize = memory.data(<i32>FE_SIZE, 16);

/** r = the 48 big-endian bytes at src mod p, normalized: hi * 2^256 + lo with 2^256 = 2^32 + 977. */
export function feFromB48(r: usize, src: usize): void {
  memory.fill(WIDE, 0, 16);
  memory.copy(WIDE + 16, src, 16);
  feSetB32(HI, WIDE);
  feMul(HI, HI, TWO256);
  feSetB32(r, src + 16); // below 2^256, so a valid element of magnitude 1 even when >= p
  feAdd(r, r, HI);
  feNormalize(r);
}

// E' and the isogeny constants (RFC 9380 section 8.7 and appendix E.1), big-endian.
const CONST_BYTES: usize = memory.data<u8>([
  // A'
  0x3f, 0x87, 0x31, 0xab, 0xdd, 0x66, 0x1a, 0xdc, 0xa0, 0x8a, 0x55, 0x58, 0xf0, 0xf5, 0xd2, 0x72, 0xe9, 0x53, 0xd3, 0x63, 0xcb, 0x6f, 0x0e, 0x5d, 0x40, 0x54, 0x47, 0xc0, 0x1a, 0x44, 0x45, 0x33,
  // x_num: k(1,0..3)
  0x8e, 0x38, 0xe3, 0x8e, 0x38, 0xe3, 0x8e, 0x38, 0xe3, 0x8e, 0x38, 0xe3, 0x8e, 0x38, 0xe3, 0x8e, 0x38, 0xe3, 0x8e, 0x38, 0xe3, 0x8e, 0x38, 0xe3, 0x8e, 0x38, 0xe3, 0x8d, 0xaa, 0xaa, 0xa8, 0xc7,
  0x07, 0xd3, 0xd4, 0xc8, 0x0b, 0xc3, 0x21, 0xd5, 0xb9, 0xf3, 0x15, 0xce, 0xa7, 0xfd, 0x44, 0xc5, 0xd5, 0x95, 0xd2, 0xfc, 0x0b, 0xf6, 0x3b, 0x92, 0xdf, 0xff, 0x10, 0x44, 0xf1, 0x7c, 0x65, 0x81,
  0x53, 0x4c, 0x32, 0x8d, 0x23, 0xf2, 0x34, 0xe6, 0xe2, 0xa4, 0x13, 0xde, 0xca, 0x25, 0xca, 0xec, 0xe4, 0x50, 0x61, 0x44, 0x03, 0x7c, 0x40, 0x31, 0x4e, 0xcb, 0xd0, 0xb5, 0x3d, 0x9d, 0xd2, 0x62,
  0x8e, 0x38, 0xe3, 0x8e, 0x38, 0xe3, 0x8e, 0x38, 0xe3, 0x8e, 0x38, 0xe3, 0x8e, 0x38, 0xe3, 0x8e, 0x38, 0xe3, 0x8e, 0x38, 0xe3, 0x8e, 0x38, 0xe3, 0x8e, 0x38, 0xe3, 0x8d, 0xaa, 0xaa, 0xa8, 0x8c,
  // x_den: k(2,0..1), monic
  0xd3, 0x57, 0x71, 0x19, 0x3d, 0x94, 0x91, 0x8a, 0x9c, 0xa3, 0x4c, 0xcb, 0xb7, 0xb6, 0x40, 0xdd, 0x86, 0xcd, 0x40, 0x95, 0x42, 0xf8, 0x48, 0x7d, 0x9f, 0xe6, 0xb7, 0x45, 0x78, 0x1e, 0xb4, 0x9b,
  0xed, 0xad, 0xc6, 0xf6, 0x43, 0x83, 0xdc, 0x1d, 0xf7, 0xc4, 0xb2, 0xd5, 0x1b, 0x54, 0x22, 0x54, 0x06, 0xd3, 0x6b, 0x64, 0x1f, 0x5e, 0x41, 0xbb, 0xc5, 0x2a, 0x56, 0x61, 0x2a, 0x8c, 0x6d, 0x14,
  // y_num: k(3,0..3)
  0x4b, 0xda, 0x12, 0xf6, 0x84, 0xbd, 0xa1, 0x2f, 0x68, 0x4b, 0xda, 0x12, 0xf6, 0x84, 0xbd, 0xa1, 0x2f, 0x68, 0x4b, 0xda, 0x12, 0xf6, 0x84, 0xbd, 0xa1, 0x2f, 0x68, 0x4b, 0x8e, 0x38, 0xe2, 0x3c,
  0xc7, 0x5e, 0x0c, 0x32, 0xd5, 0xcb, 0x7c, 0x0f, 0xa9, 0xd0, 0xa5, 0x4b, 0x12, 0xa0, 0xa6, 0xd5, 0x64, 0x7a, 0xb0, 0x46, 0xd6, 0x86, 0xda, 0x6f, 0xdf, 0xfc, 0x90, 0xfc, 0x20, 0x1d, 0x71, 0xa3,
  0x29, 0xa6, 0x19, 0x46, 0x91, 0xf9, 0x1a, 0x73, 0x71, 0x52, 0x09, 0xef, 0x65, 0x12, 0xe5, 0x76, 0x72, 0x28, 0x30, 0xa2, 0x01, 0xbe, 0x20, 0x18, 0xa7, 0x65, 0xe8, 0x5a, 0x9e, 0xce, 0xe9, 0x31,
  0x2f, 0x68, 0x4b, 0xda, 0x12, 0xf6, 0x84, 0xbd, 0xa1, 0x2f, 0x68, 0x4b, 0xda, 0x12, 0xf6, 0x84, 0xbd, 0xa1, 0x2f, 0x68, 0x4b, 0xda, 0x12, 0xf6, 0x84, 0xbd, 0xa1, 0x2f, 0x38, 0xe3, 0x8d, 0x84,
  // y_den: k(4,0..2), monic
  0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xfe, 0xff, 0xff, 0xf9, 0x3b,
  0x7a, 0x06, 0x53, 0x4b, 0xb8, 0xbd, 0xb4, 0x9f, 0xd5, 0xe9, 0xe6, 0x63, 0x27, 0x22, 0xc2, 0x98, 0x94, 0x67, 0xc1, 0xbf, 0xc8, 0xe8, 0xd9, 0x78, 0xdf, 0xb4, 0x25, 0xd2, 0x68, 0x5c, 0x25, 0x73,
  0x64, 0x84, 0xaa, 0x71, 0x65, 0x45, 0xca, 0x2c, 0xf3, 0xa7, 0x0c, 0x3f, 0xa8, 0xfe, 0x33, 0x7e, 0x0a, 0x3d, 0x21, 0x16, 0x2f, 0x0d, 0x62, 0x99, 0xa7, 0xbf, 0x81, 0x92, 0xbf, 0xd2, 0xa7, 0x6f,
]);
const CONSTS: i32 = 14;
/** Field elements: 0 = A', 1..4 = x_num, 5..6 = x_den, 7..10 = y_num, 11..13 = y_den. */
const K: usize = memory.data(CONSTS * <i32>FE_SIZE, 16);
const A: usize = K;
const BC: usize = memory.data(<i32>FE_SIZE, 16);
const ZC: usize = memory.data(<i32>FE_SIZE, 16);
const MINUS_B_OVER_A: usize = memory.data(<i32>FE_SIZE, 16);
const B_OVER_ZA: usize = memory.data(<i32>FE_SIZE, 16);

// @ts-ignore: decorator
@inline function k(i: i32): usize {
  return K + <usize>i * FE_SIZE;
}

const T1: usize = memory.data(<i32>FE_SIZE, 16);
const T2: usize = memory.data(<i32>FE_SIZE, 16);
const T3: usize = memory.data(<i32>FE_SIZE, 16);
const X1: usize = memory.data(<i32>FE_SIZE, 16);
const GX: usize = memory.data(<i32>FE_SIZE, 16);
const PX: usize = memory.data(<i32>FE_SIZE, 16);
const PY: usize = memory.data(<i32>FE_SIZE, 16);

function initConstants(): void {
  for (let i = 0; i < CONSTS; i++) feSetB32(k(i), CONST_BYTES + (<usize>i << 5));
  feSetInt(BC, 1771);
  feSetInt(T1, 11);
  feNeg(ZC, T1, 1);
  feNormalize(ZC);
  feInv(T1, A);
  feMul(T2, BC, T1);
  feNeg(MINUS_B_OVER_A, T2, 1);
  feNormalize(MINUS_B_OVER_A);
  feMul(T1, ZC, A);
  feInv(T1, T1);
  feMul(B_OVER_ZA, BC, T1);
}
initConstants();

/** r = x^3 + A'x + B' on E' (magnitude 1). */
function curveRhs(r: usize, x: usize): void {
  feSqr(T3, x);
  feAdd(T3, T3, A);
  feMul(T3, T3, x);
  feAdd(T3, T3, BC);
  feCopy(r, T3);
  feNormalize(r);
}

/**
 * Simplified SWU (RFC 9380 section 6.6.2, the plain form): (PX, PY) on E' for the normalized
 * field element u.
 */
function mapSswuVar(u: usize): void {
  feSqr(T1, u);
  feMul(T1, T1, ZC); // Z u^2
  feSqr(T2, T1);
  feAdd(T2, T2, T1); // Z^2 u^4 + Z u^2
  feNormalize(T2);
  if (feIsZero(T2) != 0) {
    feCopy(X1, B_OVER_ZA);
  } else {
    feInv(T2, T2);
    feSetInt(T3, 1);
    feAdd(T2, T2, T3);
    feMul(X1, MINUS_B_OVER_A, T2);
  }
  curveRhs(GX, X1);
  if (feSqrt(PY, GX)) {
    feCopy(PX, X1);
  } else {
    feMul(PX, T1, X1); // x2 = Z u^2 x1, whose g(x2) is then a square
    curveRhs(GX, PX);
    feSqrt(PY, GX);
  }
  feNormalize(PX);
  feNormalize(PY);
  if (feIsOdd(PY) != feIsOdd(u)) {
    feNeg(PY, PY, 1);
    feNormalize(PY);
  }
}

const NUM: usize = memory.data(<i32>FE_SIZE, 16);
const DEN: usize = memory.data(<i32>FE_SIZE, 16);
const YNUM: usize = memory.data(<i32>FE_SIZE, 16);
const YDEN: usize = memory.data(<i32>FE_SIZE, 16);

/** r = sum of c_i x^i for i < count, plus x^count when monic (Horner), magnitude 1. */
function poly(r: usize, first: i32, count: i32, monic: bool, x: usize): void {
  if (monic) {
    feCopy(r, x);
    feAdd(r, r, k(first + count - 1));
  } else {
    feCopy(r, k(first + count - 1));
  }
  for (let i = count - 2; i >= 0; i--) {
    feMul(r, r, x);
    feAdd(r, r, k(first + i));
  }
  feNormalize(r);
}

/** Maps (PX, PY) on E' through the 3-isogeny to the affine point r (x | y, normalized). */
function isoMap(r: usize): void {
  poly(NUM, 1, 4, false, PX);
  poly(DEN, 5, 2, true, PX);
  poly(YNUM, 7, 4, false, PX);
  poly(YDEN, 11, 3, true, PX);
  // One inversion for both denominators.
  feMul(T1, DEN, YDEN);
  feInv(T1, T1);
  feMul(T2, T1, YDEN);
  feMul(r, NUM, T2);
  feNormalize(r);
  feMul(T2, T1, DEN);
  feMul(T2, T2, YNUM);
  feMul(r + 40, T2, PY);
  feNormalize(r + 40);
}

/** r = map_to_curve(u) on secp256k1 (affine) for the normalized field element u. */
export function mapToCurve(r: usize, u: usize): void {
  mapSswuVar(u);
  isoMap(r);
}

const U0: usize = memory.data(<i32>FE_SIZE, 16);
const U1: usize = memory.data(<i32>FE_SIZE, 16);
const SUM: usize = memory.data(<i32>GEJ_SIZE, 16);

/**
 * hash_to_curve (suite secp256k1_XMD:SHA-256_SSWU_RO_): r = map(u0) + map(u1), affine. q0 and q1
 * receive the two mapped points (affine), lastU(0) and lastU(1) the field elements. Returns false
 * only if the sum is the point at infinity.
 */
export function hashToCurve(r: usize, q0: usize, q1: usize, msg: usize, msgLen: i32, dst: usize, dstLen: i32): bool {
  expandXmd(UNIFORM, msg, msgLen, dst, dstLen, TWO_ELEMENTS);
  feFromB48(U0, UNIFORM);
  feFromB48(U1, UNIFORM + 48);
  mapToCurve(q0, U0);
  mapToCurve(q1, U1);
  gejSetGe(SUM, q0);
  gejAddGeVar(SUM, SUM, q1);
  if (gejIsInfinity(SUM)) return false;
  geSetGej(r, SUM);
  return true;
}

/** encode_to_curve (suite secp256k1_XMD:SHA-256_SSWU_NU_): r = map(u), one field element. */
export function encodeToCurve(r: usize, msg: usize, msgLen: i32, dst: usize, dstLen: i32): void {
  expandXmd(UNIFORM, msg, msgLen, dst, dstLen, 48);
  feFromB48(U0, UNIFORM);
  mapToCurve(r, U0);
}

/** The field elements of the last hash (u0, u1) or encoding (u0), normalized limbs. */
export function lastU(i: i32): usize {
  return i == 0 ? U0 : U1;
}
