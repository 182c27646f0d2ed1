/**
 * Test hooks for ML-DSA's bit packing and rounding (mldsa/packing.ts, rounding.ts) and ML-KEM's
 * encodings (mlkem/encode.ts), exported by the
 * test build alone (engine/assembly/test-entry.ts, asconfig.json target `test`); the shipped module
 * has none (docs/decisions/043-engine-test-build-and-constant-time-code.md). engine/src/
 * mldsa.packing.test.ts, mldsa.rounding.test.ts and mlkem.encode.test.ts compare each v128 routine
 * with a scalar reference written from FIPS 204 or 203.
 * Packing: a polynomial of 256 i32 at IO offset 0, packed bytes at LATTICE_TEST_PACKED (layout.ts).
 * ML-KEM: a polynomial of 256 i16 at IO offset 0, its bytes (or the 32-byte message) at LATTICE_TEST_PACKED.
 * Rounding: up to MAX_POLYS polynomials in each of the regions A (at 0), B, C, D (LATTICE_TEST_B..D).
 * Hooks return OK, a count, 0/1, or ERR_ARGUMENT for a width, level or count the engine does not use.
 */
import { TEST_HOOKS } from './flags';
import { IO } from './io';
import { ERR_ARGUMENT, LATTICE_TEST_B, LATTICE_TEST_C, LATTICE_TEST_D, LATTICE_TEST_PACKED, OK } from './layout';
import { packSigned, packSimple, unpackSigned, unpackSimple } from './mldsa/packing';
import { setLevel } from './mldsa/params';
import { compressPack, decode12, encode12, messageToPoly, polyToMessage, unpackDecompress } from './mlkem/encode';
import { addExceeds, decomposeVec, makeHints, power2RoundVec, subLowBitsExceeds, useHintVec } from './mldsa/rounding';

if (!TEST_HOOKS) ERROR('engine/assembly/lattice_test_exports.ts is built with --target test only (it sets ENGINE_TEST_HOOKS)');

const LATTICE_PACKED = <usize>LATTICE_TEST_PACKED;

function packedWidth(bits: i32, signed: bool): bool {
  return signed ? bits == 3 || bits == 4 || bits == 13 || bits == 18 || bits == 20 : bits == 4 || bits == 6 || bits == 10;
}

/** packSigned(bits, b) (signed 1) or packSimple(bits) of the polynomial. */
export function arithTestMldsaPack(bits: i32, b: i32, signed: i32): i32 {
  if (!packedWidth(bits, signed != 0)) return ERR_ARGUMENT;
  if (signed != 0) packSigned(IO + LATTICE_PACKED, IO, bits, b);
  else packSimple(IO + LATTICE_PACKED, IO, bits);
  return OK;
}

/** unpackSigned(bits, b) (signed 1) or unpackSimple(bits) of the packed bytes. */
export function arithTestMldsaUnpack(bits: i32, b: i32, signed: i32): i32 {
  if (!packedWidth(bits, signed != 0) || (signed == 0 && bits != 10)) return ERR_ARGUMENT;
  if (signed != 0) unpackSigned(IO, IO + LATTICE_PACKED, bits, b);
  else unpackSimple(IO, IO + LATTICE_PACKED, bits);
  return OK;
}

/** The rounding hooks' four regions hold MAX_POLYS polynomials each. */
const MAX_POLYS: i32 = 8;
const ROUND_B = <usize>LATTICE_TEST_B;
const ROUND_C = <usize>LATTICE_TEST_C;
const ROUND_D = <usize>LATTICE_TEST_D;

/** power2RoundVec: t at A, s2 at B -> t1 at C, t0 at D. */
export function arithTestMldsaPower2Round(count: i32): i32 {
  if (count < 1 || count > MAX_POLYS) return ERR_ARGUMENT;
  power2RoundVec(IO + ROUND_C, IO + ROUND_D, IO, IO + ROUND_B, count);
  return OK;
}

/** decomposeVec at `level`: w at A (reduced in place) -> w1 at C. */
export function arithTestMldsaDecompose(level: i32, count: i32): i32 {
  if (!setLevel(level) || count < 1 || count > MAX_POLYS) return ERR_ARGUMENT;
  decomposeVec(IO + ROUND_C, IO, count);
  return OK;
}

/** useHintVec at `level`: hints at C (replaced by w1), w at A. */
export function arithTestMldsaUseHint(level: i32, count: i32): i32 {
  if (!setLevel(level) || count < 1 || count > MAX_POLYS) return ERR_ARGUMENT;
  useHintVec(IO + ROUND_C, IO, count);
  return OK;
}

/** addExceeds: z at A (one polynomial, in place), y at B; 1 when some |z| >= bound, else 0. */
export function arithTestMldsaAddExceeds(bound: i32): i32 {
  return <i32>addExceeds(IO, IO + ROUND_B, bound);
}

/** subLowBitsExceeds at `level`: w at A (one polynomial, in place), c s2 at B; 1 or 0. */
export function arithTestMldsaSubLowBitsExceeds(level: i32, bound: i32): i32 {
  if (!setLevel(level)) return ERR_ARGUMENT;
  return <i32>subLowBitsExceeds(IO, IO + ROUND_B, bound);
}

/** makeHints at `level`: w1 at C (replaced by the hints), w at A, c t0 at B; the count or -1. */
export function arithTestMldsaMakeHints(level: i32): i32 {
  if (!setLevel(level)) return ERR_ARGUMENT;
  return makeHints(IO + ROUND_C, IO, IO + ROUND_B);
}

/** encode12 of the NTT-domain polynomial. */
export function arithTestMlkemEncode12(): i32 {
  encode12(IO + LATTICE_PACKED, IO);
  return OK;
}

/** decode12 of the bytes: 1 when some value is q or more, else 0. */
export function arithTestMlkemDecode12(): i32 {
  return decode12(IO, IO + LATTICE_PACKED);
}

/** compressPack with d = 4, 5, 10 or 11. */
export function arithTestMlkemCompress(d: i32): i32 {
  if (d != 4 && d != 5 && d != 10 && d != 11) return ERR_ARGUMENT;
  compressPack(IO + LATTICE_PACKED, IO, d);
  return OK;
}

/** unpackDecompress with d = 4, 5, 10 or 11. */
export function arithTestMlkemDecompress(d: i32): i32 {
  if (d != 4 && d != 5 && d != 10 && d != 11) return ERR_ARGUMENT;
  unpackDecompress(IO, IO + LATTICE_PACKED, d);
  return OK;
}

/** messageToPoly of the 32 bytes. */
export function arithTestMlkemMessageToPoly(): i32 {
  messageToPoly(IO, IO + LATTICE_PACKED);
  return OK;
}

/** polyToMessage into 32 bytes. */
export function arithTestMlkemPolyToMessage(): i32 {
  polyToMessage(IO + LATTICE_PACKED, IO);
  return OK;
}
