/**
 * The engine's test build (asconfig.json target `test`, engine/build/test.wasm, built by
 * `npm run build:engine` from engine/assembly/test-entry.ts): the release build's code and exports
 * plus the hooks only tests call. The product never loads it; the release and debug modules have
 * no hook and no code behind one (docs/decisions/043-engine-test-build-and-constant-time-code.md).
 * engine/src/wasm.boundary.test.ts checks EngineTestExports against this build as it checks
 * EngineExports against the release build.
 */
import { instantiate, Io, type EngineExports } from '../src/wasm.ts';

/** Status: OK or INVALID, or a negative error code (engine/assembly/layout.ts). */
type Status = number;

/**
 * The test build's exports: the release build's, the hooks of engine/assembly/zkfidna/test_exports.ts,
 * and those of engine/assembly/arith_test_exports.ts. An arithmetic hook's operands (r, a, b, dst,
 * src) are byte offsets into IO, holding limbs (field: ten u32, scalar: nine u32) or bytes; it
 * returns OK, a 0/1 predicate or a count, or ERR_ARGUMENT for an operand outside IO.
 */
export interface EngineTestExports extends EngineExports {
  /** RFC 9380 hash_to_curve (mode 0) or encode_to_curve (mode 1) with every intermediate value (ZK_H2C_*). */
  zkTestHashToCurve(msgLen: number, dstLen: number, mode: number): Status;
  /** Generator `index` (B, G, G_0..G_255, H_0..H_255) compressed at ZK_GENERATOR_OUT. */
  zkTestGenerator(index: number): Status;
  /** Either multi-scalar multiplication (ct 1: constant time) over the generator tables; the sum at ZK_MSM_OUT. */
  zkTestMsm(count: number, mode: number): Status;
  /** Makes the index-th challenge of every later transcript zero (-1: off). */
  zkTestForceZeroChallenge(index: number): void;
  /** The bare aggregated range proof for m = 1 or 2 (core at ZK_PROOF, commitments at ZK_COMMITMENTS). */
  zkTestRangeProve(m: number): Status;
  zkTestRangeVerify(m: number): Status;

  // secp256k1/field.ts and fieldpow.ts.
  /** OK when the 32 big-endian bytes at src are below p (r is set either way), else INVALID. */
  arithTestFieldSetB32(r: number, src: number): Status;
  arithTestFieldGetB32(dst: number, a: number): Status;
  arithTestFieldNormalize(r: number): Status;
  arithTestFieldNormalizeWeak(r: number): Status;
  arithTestFieldAdd(r: number, a: number, b: number): Status;
  arithTestFieldSub(r: number, a: number, b: number, mb: number): Status;
  arithTestFieldNeg(r: number, a: number, m: number): Status;
  arithTestFieldMul(r: number, a: number, b: number): Status;
  arithTestFieldMul2(r: number, a: number, b: number, r2: number, a2: number, b2: number): Status;
  arithTestFieldSqr(r: number, a: number): Status;
  arithTestFieldSqr2(r: number, a: number, r2: number, a2: number): Status;
  arithTestFieldMulInt(r: number, a: number, k: number): Status;
  arithTestFieldMulSmall(r: number, a: number, k: number): Status;
  arithTestFieldInv(r: number, a: number): Status;
  arithTestFieldInvDivsteps(r: number, a: number): Status;
  arithTestFieldInvVar(r: number, a: number): Status;
  /** OK when r^2 = a, INVALID when a is not a square. */
  arithTestFieldSqrt(r: number, a: number): Status;
  arithTestFieldIsZero(a: number): number;
  arithTestFieldIsOdd(a: number): number;
  arithTestFieldEqualVar(a: number, b: number): number;
  arithTestFieldCmov(r: number, a: number, flag: number): Status;

  // secp256k1/scalar.ts, scalarinv.ts, zkfidna/scalars.ts.
  /** 1 when the 32 big-endian bytes at src were n or more (r holds them mod n), else 0. */
  arithTestScalarSetB32(r: number, src: number): number;
  arithTestScalarGetB32(dst: number, a: number): Status;
  arithTestScalarToLE(dst: number, a: number): Status;
  arithTestScalarFromB64(r: number, src: number): Status;
  arithTestScalarAdd(r: number, a: number, b: number): Status;
  arithTestScalarSub(r: number, a: number, b: number): Status;
  arithTestScalarNeg(r: number, a: number): Status;
  arithTestScalarMul(r: number, a: number, b: number): Status;
  arithTestScalarMontMul(r: number, a: number, b: number): Status;
  arithTestScalarMontSqr(r: number, a: number): Status;
  arithTestScalarInv(r: number, a: number): Status;
  arithTestScalarInvDivsteps(r: number, a: number): Status;
  arithTestScalarInvVar(r: number, a: number): Status;
  arithTestScalarIsZero(a: number): number;
  arithTestScalarIsHigh(a: number): number;
  arithTestScalarCmov(r: number, a: number, flag: number): Status;

  // mldsa/reduce.ts and mlkem/arith.ts over `count` values from IO offset 0 (the count, or ERR_ARGUMENT).
  /** i64 inputs; the i32 results follow them. */
  arithTestMldsaMontgomeryReduce(count: number): number;
  arithTestMldsaReduce32(count: number): number;
  arithTestMldsaCaddq(count: number): number;
  arithTestMldsaFreeze(count: number): number;
  arithTestMldsaAbs32(count: number): number;
  /** Barrett, canonical and mulConst take `count` polynomials of 256 i16, in place. */
  arithTestMlkemBarrett(count: number): number;
  arithTestMlkemCanonical(count: number): number;
  arithTestMlkemMulConst(count: number, z: number): number;
  /** i32 inputs (count a multiple of 8); the i16 results follow them. */
  arithTestMlkemMontReduce(count: number): number;
  arithTestMlkemShoup(z: number): number;

  // mldsa/packing.ts and rounding.ts (engine/assembly/lattice_test_exports.ts).
  /** packSigned(bits, b) (signed 1) or packSimple(bits): 256 i32 at IO 0 -> bytes at IO 1024. */
  arithTestMldsaPack(bits: number, b: number, signed: number): Status;
  /** unpackSigned(bits, b) (signed 1) or unpackSimple(bits): bytes at IO 1024 -> 256 i32 at IO 0. */
  arithTestMldsaUnpack(bits: number, b: number, signed: number): Status;
  /** Regions A, B, C, D at IO 0, 8192, 16384, 24576 (up to 8 polynomials each). t, s2 -> t1, t0. */
  arithTestMldsaPower2Round(count: number): Status;
  /** w at A reduced in place, w1 at C. */
  arithTestMldsaDecompose(level: number, count: number): Status;
  /** hints at C become w1, w at A. */
  arithTestMldsaUseHint(level: number, count: number): Status;
  /** z at A += y at B, reduced; 1 when some |z| >= bound. */
  arithTestMldsaAddExceeds(bound: number): number;
  /** w at A -= c s2 at B, into [0, q); 1 when some |LowBits(w)| >= bound. */
  arithTestMldsaSubLowBitsExceeds(level: number, bound: number): number;
  /** hints at C from w1 at C, w at A, c t0 at B: the count, or -1 when some |c t0| >= gamma2. */
  arithTestMldsaMakeHints(level: number): number;

  // mlkem/encode.ts: 256 i16 at IO 0, bytes (or the message) at IO 1024.
  /** ByteEncode_12 of an NTT-domain polynomial (8 even, 8 odd coefficients per 32 bytes). */
  arithTestMlkemEncode12(): Status;
  /** ByteDecode_12 into the NTT-domain layout: 1 when some value is q or more, else 0. */
  arithTestMlkemDecode12(): number;
  arithTestMlkemCompress(d: number): Status;
  arithTestMlkemDecompress(d: number): Status;
  arithTestMlkemMessageToPoly(): Status;
  arithTestMlkemPolyToMessage(): Status;

  // engine/assembly/lattice_ntt_test_exports.ts: `count` polynomials in place from IO offset 0; returns count.
  arithTestMldsaNtt(count: number): number;
  arithTestMldsaInvNtt(count: number): number;
  arithTestMlkemNtt(count: number): number;
  arithTestMlkemInvNtt(count: number): number;
  /** SampleNTT's rejection over `len` bytes at IO 1024 (a multiple of 12): the count; coefficients in stream order at IO 0. */
  arithTestMlkemRejectUniform(len: number): number;
  /** 256 coefficients in stream order at IO 1024 into the NTT-domain layout at IO 0. */
  arithTestMlkemToNttLayout(): Status;
  /** SamplePolyCBD_eta of 64 eta bytes at IO 1024 into 256 i16 at IO 0. */
  arithTestMlkemCbd(eta: number): Status;
  /** ML-DSA's RejNTTPoly step over `blocks` SHAKE128 blocks at IO 1024: the count (at most 256), i32 at IO 0. */
  arithTestMldsaRejectUniform(blocks: number): number;
  /** ML-DSA's CoeffFromHalfByte loop at `level` over `len` bytes at IO 8192: the count, i32 at IO 0. */
  arithTestMldsaRejectEta(level: number, len: number): number;
}

/** Where the test build lies. */
export const TEST_BUILD = new URL('../build/test.wasm', import.meta.url);

/** A fresh instance of the test build, with its IO buffer. */
export async function instantiateTestBuild(): Promise<{ wasm: EngineTestExports; io: Io }> {
  const wasm = (await instantiate(TEST_BUILD)) as EngineTestExports;
  return { wasm, io: new Io(wasm) };
}
