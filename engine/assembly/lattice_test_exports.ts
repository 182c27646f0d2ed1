/**
 * Test hooks for ML-DSA's bit packing and rounding (mldsa/packing.ts, rounding.ts), exported by the
 * test build alone (engine/assembly/test-entry.ts, asconfig.json target `test`); the shipped module
 * has none (docs/decisions/043-engine-test-build-and-constant-time-code.md). engine/src/
 * mldsa.packing.test.ts compares each v128 routine with a scalar reference written from FIPS 204.
 * Polynomials are 256 i32 at IO offset 0 (LATTICE_POLY), packed bytes at LATTICE_PACKED. Hooks return
 * OK, a count, or ERR_ARGUMENT for a width or level the engine does not use.
 */
import { TEST_HOOKS } from './flags';
import { IO } from './io';
import { ERR_ARGUMENT, OK } from './layout';
import { packSigned, packSimple, unpackSigned, unpackSimple } from './mldsa/packing';

if (!TEST_HOOKS) ERROR('engine/assembly/lattice_test_exports.ts is built with --target test only (it sets ENGINE_TEST_HOOKS)');

/** IO offsets of the hooks' polynomial (256 i32) and of its packed form. */
const LATTICE_POLY: usize = 0;
const LATTICE_PACKED: usize = 1024;

function packedWidth(bits: i32, signed: bool): bool {
  return signed ? bits == 3 || bits == 4 || bits == 13 || bits == 18 || bits == 20 : bits == 4 || bits == 6 || bits == 10;
}

/** packSigned(bits, b) (signed 1) or packSimple(bits) of the polynomial. */
export function mldsaTestPack(bits: i32, b: i32, signed: i32): i32 {
  if (!packedWidth(bits, signed != 0)) return ERR_ARGUMENT;
  if (signed != 0) packSigned(IO + LATTICE_PACKED, IO + LATTICE_POLY, bits, b);
  else packSimple(IO + LATTICE_PACKED, IO + LATTICE_POLY, bits);
  return OK;
}

/** unpackSigned(bits, b) (signed 1) or unpackSimple(bits) of the packed bytes. */
export function mldsaTestUnpack(bits: i32, b: i32, signed: i32): i32 {
  if (!packedWidth(bits, signed != 0) || (signed == 0 && bits != 10)) return ERR_ARGUMENT;
  if (signed != 0) unpackSigned(IO + LATTICE_POLY, IO + LATTICE_PACKED, bits, b);
  else unpackSimple(IO + LATTICE_POLY, IO + LATTICE_PACKED, bits);
  return OK;
}
