/**
 * Test hooks for the engine's modular arithmetic, exported by the test build alone
 * (engine/assembly/test-entry.ts, asconfig.json target `test`, engine/build/test.wasm); the shipped
 * module has none of them (docs/decisions/043-engine-test-build-and-constant-time-code.md). The
 * tests in engine/src/*.arith.test.ts compare each function with BigInt on edge values and random
 * ones, so a fault in a limb, a carry or a reduction shows where it is, not only as a wrong
 * signature.
 *
 * Each hook decodes its arguments, calls the engine's own function and returns; none computes
 * anything itself.
 * - secp256k1 field elements and scalars are passed by IO offset (`r`, `a`, `b`, byte offsets the
 *   test chooses, so it can alias them) in the engine's own representation: FE_SIZE bytes of ten
 *   u32 limbs of 26 bits (secp256k1/field.ts), SC_SIZE bytes of nine u32 limbs of 29 bits
 *   (secp256k1/scalar.ts). The test writes limbs of any magnitude the function accepts, and
 *   reads back limbs to check the magnitude the function promises. Bytes go in and out through
 *   the SetB32/GetB32 hooks, which test the engine's own encoders.
 * - The lattice reductions act on `count` values from offset 0: in place when the result has the
 *   input's width, otherwise the results follow the inputs.
 * Hooks return OK, a 0/1 predicate or a count as the function does, or ERR_ARGUMENT for an
 * operand outside IO (engine/assembly/layout.ts).
 */
import { TEST_HOOKS } from './flags';
import { IO, IO_SIZE } from './io';
import { ERR_ARGUMENT, INVALID, OK } from './layout';
import { abs32, caddq, freeze, montgomeryReduce, reduce32 } from './mldsa/reduce';
import { barrettVec, canonicalVec, montReduce, mulConstVec, shoup } from './mlkem/arith';
import {
  FE_SIZE, feAdd, feCmov, feEqualVar, feGetB32, feIsOdd, feIsZero, feMul, feMulInt, feMulSmall, feNeg,
  feNormalize, feNormalizeWeak, feSetB32, feSqr, feSub,
} from './secp256k1/field';
import { feInv, feSqrt } from './secp256k1/fieldpow';
import { feMul2, feSqr2 } from './secp256k1/fieldsimd';
import { feInvDivsteps, feInvVar, scInvDivsteps, scInvVar } from './secp256k1/modinv';
import { SC_SIZE, montMul, montSqr, scAdd, scCmov, scGetB32, scIsHigh, scIsZero, scMul, scNeg, scSetB32, scToLE } from './secp256k1/scalar';
import { scInv } from './secp256k1/scalarinv';
import { scFromB64, scSub } from './zkfidna/scalars';

// Any build but the test build that reaches this file fails (engine/assembly/flags.ts).
if (!TEST_HOOKS) ERROR('engine/assembly/arith_test_exports.ts is built with --target test only (it sets ENGINE_TEST_HOOKS)');

/** Whether IO[at, at + size) lies inside the buffer. */
function fits(at: i32, size: usize): bool {
  return at >= 0 && <usize>at + size <= <usize>IO_SIZE;
}

/** Whether operands r, a and b of `size` bytes each lie inside IO. */
function operands(r: i32, a: i32, b: i32, size: usize): bool {
  return fits(r, size) && fits(a, size) && fits(b, size);
}

// @ts-ignore: decorator
@inline function at(offset: i32): usize {
  return IO + <usize>offset;
}

// ---- GF(p), secp256k1/field.ts and fieldpow.ts ----

/** feSetB32: 32 big-endian bytes at src to limbs at r; OK when the value is below p, else INVALID. */
export function arithTestFieldSetB32(r: i32, src: i32): i32 {
  if (!fits(r, FE_SIZE) || !fits(src, 32)) return ERR_ARGUMENT;
  return feSetB32(at(r), at(src)) ? OK : INVALID;
}
/** feGetB32: a normalized element at a to 32 big-endian bytes at dst. */
export function arithTestFieldGetB32(dst: i32, a: i32): i32 {
  if (!fits(dst, 32) || !fits(a, FE_SIZE)) return ERR_ARGUMENT;
  feGetB32(at(dst), at(a));
  return OK;
}
/** feNormalize in place. */
export function arithTestFieldNormalize(r: i32): i32 {
  if (!fits(r, FE_SIZE)) return ERR_ARGUMENT;
  feNormalize(at(r));
  return OK;
}
/** feNormalizeWeak in place. */
export function arithTestFieldNormalizeWeak(r: i32): i32 {
  if (!fits(r, FE_SIZE)) return ERR_ARGUMENT;
  feNormalizeWeak(at(r));
  return OK;
}
/** feAdd: r = a + b. */
export function arithTestFieldAdd(r: i32, a: i32, b: i32): i32 {
  if (!operands(r, a, b, FE_SIZE)) return ERR_ARGUMENT;
  feAdd(at(r), at(a), at(b));
  return OK;
}
/** feSub: r = a - b for b of magnitude <= mb. */
export function arithTestFieldSub(r: i32, a: i32, b: i32, mb: i32): i32 {
  if (!operands(r, a, b, FE_SIZE)) return ERR_ARGUMENT;
  feSub(at(r), at(a), at(b), <u32>mb);
  return OK;
}
/** feNeg: r = -a for a of magnitude <= m. */
export function arithTestFieldNeg(r: i32, a: i32, m: i32): i32 {
  if (!operands(r, a, a, FE_SIZE)) return ERR_ARGUMENT;
  feNeg(at(r), at(a), <u32>m);
  return OK;
}
/** feMul: r = a * b. */
export function arithTestFieldMul(r: i32, a: i32, b: i32): i32 {
  if (!operands(r, a, b, FE_SIZE)) return ERR_ARGUMENT;
  feMul(at(r), at(a), at(b));
  return OK;
}
/** feMul2: r = a * b and r2 = a2 * b2 at once. */
export function arithTestFieldMul2(r: i32, a: i32, b: i32, r2: i32, a2: i32, b2: i32): i32 {
  if (!operands(r, a, b, FE_SIZE) || !operands(r2, a2, b2, FE_SIZE)) return ERR_ARGUMENT;
  feMul2(at(r), at(a), at(b), at(r2), at(a2), at(b2));
  return OK;
}
/** feSqr2: r = a^2 and r2 = a2^2 at once. */
export function arithTestFieldSqr2(r: i32, a: i32, r2: i32, a2: i32): i32 {
  if (!operands(r, a, a, FE_SIZE) || !operands(r2, a2, a2, FE_SIZE)) return ERR_ARGUMENT;
  feSqr2(at(r), at(a), at(r2), at(a2));
  return OK;
}
/** feSqr: r = a^2. */
export function arithTestFieldSqr(r: i32, a: i32): i32 {
  if (!operands(r, a, a, FE_SIZE)) return ERR_ARGUMENT;
  feSqr(at(r), at(a));
  return OK;
}
/** feMulInt: r = k * a, limb by limb. */
export function arithTestFieldMulInt(r: i32, a: i32, k: i32): i32 {
  if (!operands(r, a, a, FE_SIZE)) return ERR_ARGUMENT;
  feMulInt(at(r), at(a), <u32>k);
  return OK;
}
/** feMulSmall: r = k * a, carried to magnitude 1. */
export function arithTestFieldMulSmall(r: i32, a: i32, k: i32): i32 {
  if (!operands(r, a, a, FE_SIZE)) return ERR_ARGUMENT;
  feMulSmall(at(r), at(a), <u32>k);
  return OK;
}
/** feInv: r = a^(p - 2). */
export function arithTestFieldInv(r: i32, a: i32): i32 {
  if (!operands(r, a, a, FE_SIZE)) return ERR_ARGUMENT;
  feInv(at(r), at(a));
  return OK;
}
/** feInvDivsteps: r = a^-1 by safegcd (0 for 0). */
export function arithTestFieldInvDivsteps(r: i32, a: i32): i32 {
  if (!operands(r, a, a, FE_SIZE)) return ERR_ARGUMENT;
  feInvDivsteps(at(r), at(a));
  return OK;
}
/** feInvVar: r = a^-1 by variable-time safegcd (0 for 0). */
export function arithTestFieldInvVar(r: i32, a: i32): i32 {
  if (!operands(r, a, a, FE_SIZE)) return ERR_ARGUMENT;
  feInvVar(at(r), at(a));
  return OK;
}
/** feSqrt: r = a^((p + 1) / 4); OK when r^2 = a, INVALID when a is not a square. */
export function arithTestFieldSqrt(r: i32, a: i32): i32 {
  if (!operands(r, a, a, FE_SIZE)) return ERR_ARGUMENT;
  return feSqrt(at(r), at(a)) ? OK : INVALID;
}
/** feIsZero of a normalized element: 1 or 0. */
export function arithTestFieldIsZero(a: i32): i32 {
  if (!fits(a, FE_SIZE)) return ERR_ARGUMENT;
  return <i32>feIsZero(at(a));
}
/** feIsOdd of a normalized element: 1 or 0. */
export function arithTestFieldIsOdd(a: i32): i32 {
  if (!fits(a, FE_SIZE)) return ERR_ARGUMENT;
  return <i32>feIsOdd(at(a));
}
/** feEqualVar: 1 when a and b (any magnitudes <= 31) are the same element, else 0. */
export function arithTestFieldEqualVar(a: i32, b: i32): i32 {
  if (!operands(a, a, b, FE_SIZE)) return ERR_ARGUMENT;
  return feEqualVar(at(a), at(b)) ? 1 : 0;
}
/** feCmov: r = flag ? a : r. */
export function arithTestFieldCmov(r: i32, a: i32, flag: i32): i32 {
  if (!operands(r, a, a, FE_SIZE)) return ERR_ARGUMENT;
  feCmov(at(r), at(a), <u32>flag);
  return OK;
}

// ---- Z/nZ, secp256k1/scalar.ts, scalarinv.ts and zkfidna/scalars.ts ----

/** scSetB32: 32 big-endian bytes at src to limbs at r, reduced; 1 when the value was n or more, else 0. */
export function arithTestScalarSetB32(r: i32, src: i32): i32 {
  if (!fits(r, SC_SIZE) || !fits(src, 32)) return ERR_ARGUMENT;
  return <i32>scSetB32(at(r), at(src));
}
/** scGetB32: a to 32 big-endian bytes at dst. */
export function arithTestScalarGetB32(dst: i32, a: i32): i32 {
  if (!fits(dst, 32) || !fits(a, SC_SIZE)) return ERR_ARGUMENT;
  scGetB32(at(dst), at(a));
  return OK;
}
/** scToLE: a to 32 little-endian bytes at dst. */
export function arithTestScalarToLE(dst: i32, a: i32): i32 {
  if (!fits(dst, 32) || !fits(a, SC_SIZE)) return ERR_ARGUMENT;
  scToLE(at(dst), at(a));
  return OK;
}
/** scFromB64: 64 big-endian bytes at src, reduced mod n, to r. */
export function arithTestScalarFromB64(r: i32, src: i32): i32 {
  if (!fits(r, SC_SIZE) || !fits(src, 64)) return ERR_ARGUMENT;
  scFromB64(at(r), at(src));
  return OK;
}
/** scAdd: r = a + b mod n. */
export function arithTestScalarAdd(r: i32, a: i32, b: i32): i32 {
  if (!operands(r, a, b, SC_SIZE)) return ERR_ARGUMENT;
  scAdd(at(r), at(a), at(b));
  return OK;
}
/** scSub: r = a - b mod n. */
export function arithTestScalarSub(r: i32, a: i32, b: i32): i32 {
  if (!operands(r, a, b, SC_SIZE)) return ERR_ARGUMENT;
  scSub(at(r), at(a), at(b));
  return OK;
}
/** scNeg: r = -a mod n. */
export function arithTestScalarNeg(r: i32, a: i32): i32 {
  if (!operands(r, a, a, SC_SIZE)) return ERR_ARGUMENT;
  scNeg(at(r), at(a));
  return OK;
}
/** scMul: r = a * b mod n. */
export function arithTestScalarMul(r: i32, a: i32, b: i32): i32 {
  if (!operands(r, a, b, SC_SIZE)) return ERR_ARGUMENT;
  scMul(at(r), at(a), at(b));
  return OK;
}
/** montMul: r = a * b / 2^261 mod n. */
export function arithTestScalarMontMul(r: i32, a: i32, b: i32): i32 {
  if (!operands(r, a, b, SC_SIZE)) return ERR_ARGUMENT;
  montMul(at(r), at(a), at(b));
  return OK;
}
/** montSqr: r = a^2 / 2^261 mod n. */
export function arithTestScalarMontSqr(r: i32, a: i32): i32 {
  if (!operands(r, a, a, SC_SIZE)) return ERR_ARGUMENT;
  montSqr(at(r), at(a));
  return OK;
}
/** scInv: r = a^(n - 2) mod n. */
export function arithTestScalarInv(r: i32, a: i32): i32 {
  if (!operands(r, a, a, SC_SIZE)) return ERR_ARGUMENT;
  scInv(at(r), at(a));
  return OK;
}
/** scInvDivsteps: r = a^-1 mod n by safegcd (0 for 0). */
export function arithTestScalarInvDivsteps(r: i32, a: i32): i32 {
  if (!operands(r, a, a, SC_SIZE)) return ERR_ARGUMENT;
  scInvDivsteps(at(r), at(a));
  return OK;
}
/** scInvVar: r = a^-1 mod n by variable-time safegcd (0 for 0). */
export function arithTestScalarInvVar(r: i32, a: i32): i32 {
  if (!operands(r, a, a, SC_SIZE)) return ERR_ARGUMENT;
  scInvVar(at(r), at(a));
  return OK;
}
/** scIsZero: 1 or 0. */
export function arithTestScalarIsZero(a: i32): i32 {
  if (!fits(a, SC_SIZE)) return ERR_ARGUMENT;
  return <i32>scIsZero(at(a));
}
/** scIsHigh: 1 when a > (n - 1) / 2, else 0. */
export function arithTestScalarIsHigh(a: i32): i32 {
  if (!fits(a, SC_SIZE)) return ERR_ARGUMENT;
  return <i32>scIsHigh(at(a));
}
/** scCmov: r = flag ? a : r. */
export function arithTestScalarCmov(r: i32, a: i32, flag: i32): i32 {
  if (!operands(r, a, a, SC_SIZE)) return ERR_ARGUMENT;
  scCmov(at(r), at(a), <u32>flag);
  return OK;
}

// ---- ML-DSA, q = 8380417: mldsa/reduce.ts ----

/** montgomeryReduce over `count` i64 from 0; the i32 results follow them. Returns count. */
export function arithTestMldsaMontgomeryReduce(count: i32): i32 {
  if (count < 0 || count > IO_SIZE / 12) return ERR_ARGUMENT;
  const out = at(count * 8);
  for (let i = 0; i < count; i++) store<i32>(out + <usize>(i * 4), montgomeryReduce(load<i64>(at(i * 8))));
  return count;
}
/** reduce32 over `count` i32 from 0, in place. Returns count. */
export function arithTestMldsaReduce32(count: i32): i32 {
  if (count < 0 || count > IO_SIZE / 4) return ERR_ARGUMENT;
  for (let i = 0; i < count; i++) store<i32>(at(i * 4), reduce32(load<i32>(at(i * 4))));
  return count;
}
/** caddq over `count` i32 from 0, in place. Returns count. */
export function arithTestMldsaCaddq(count: i32): i32 {
  if (count < 0 || count > IO_SIZE / 4) return ERR_ARGUMENT;
  for (let i = 0; i < count; i++) store<i32>(at(i * 4), caddq(load<i32>(at(i * 4))));
  return count;
}
/** freeze over `count` i32 from 0, in place. Returns count. */
export function arithTestMldsaFreeze(count: i32): i32 {
  if (count < 0 || count > IO_SIZE / 4) return ERR_ARGUMENT;
  for (let i = 0; i < count; i++) store<i32>(at(i * 4), freeze(load<i32>(at(i * 4))));
  return count;
}
/** abs32 over `count` i32 from 0, in place. Returns count. */
export function arithTestMldsaAbs32(count: i32): i32 {
  if (count < 0 || count > IO_SIZE / 4) return ERR_ARGUMENT;
  for (let i = 0; i < count; i++) store<i32>(at(i * 4), abs32(load<i32>(at(i * 4))));
  return count;
}

// ---- ML-KEM, q = 3329: mlkem/arith.ts ----

/** barrettVec over `count` polynomials (256 i16 each) from 0, in place. Returns count. */
export function arithTestMlkemBarrett(count: i32): i32 {
  if (count < 0 || count > IO_SIZE / 512) return ERR_ARGUMENT;
  barrettVec(IO, count);
  return count;
}
/** canonicalVec over `count` polynomials from 0, in place. Returns count. */
export function arithTestMlkemCanonical(count: i32): i32 {
  if (count < 0 || count > IO_SIZE / 512) return ERR_ARGUMENT;
  canonicalVec(IO, count);
  return count;
}
/** mulConstVec by z over `count` polynomials from 0, in place. Returns count. */
export function arithTestMlkemMulConst(count: i32, z: i32): i32 {
  if (count < 0 || count > IO_SIZE / 512) return ERR_ARGUMENT;
  mulConstVec(IO, count, z);
  return count;
}
/** montReduce over `count` i32 from 0 (a multiple of 8); the i16 results follow them. Returns count. */
export function arithTestMlkemMontReduce(count: i32): i32 {
  if (count < 0 || count % 8 != 0 || count > IO_SIZE / 6) return ERR_ARGUMENT;
  const out = at(count * 4);
  for (let i = 0; i < count; i += 8) {
    v128.store(out + <usize>(i * 2), montReduce(v128.load(at(i * 4)), v128.load(at(i * 4 + 16))));
  }
  return count;
}
/** shoup(z) = round(z * 2^15 / q). */
export function arithTestMlkemShoup(z: i32): i32 {
  return shoup(z);
}
