/**
 * Test hooks for the lattice schemes' number-theoretic transforms and ML-KEM's samplers, exported by the test build
 * alone (engine/assembly/test-entry.ts; docs/decisions/043-engine-test-build-and-constant-time-code.md).
 * engine/src/mldsa-ntt.test.ts and mlkem-ntt.test.ts compare them with a scalar reference written
 * from FIPS 204 and FIPS 203. Each hook transforms `count` consecutive polynomials in place from
 * IO offset 0 (ML-DSA: 256 i32 each; ML-KEM: 256 i16 each, the NTT domain in the layout of
 * mlkem/ntt.ts) and returns count, or ERR_ARGUMENT when they do not fit in IO. The sampler hooks
 * (engine/src/mlkem.sample.test.ts and mldsa.sample.test.ts, against FIPS 203 Algorithms 7 and 8
 * and FIPS 204 Algorithm 30) read bytes at LATTICE_TEST_PACKED and write coefficients at IO offset 0.
 */
import { TEST_HOOKS } from './flags';
import { IO, IO_SIZE } from './io';
import { ERR_ARGUMENT, LATTICE_TEST_B, LATTICE_TEST_PACKED, OK } from './layout';
import { invNttToMont, ntt as mldsaNtt } from './mldsa/ntt';
import { setLevel } from './mldsa/params';
import { rejUniformBlock } from './mldsa/sample';
import { rejEtaBlock } from './mldsa/reject_eta';
import { invNtt, ntt as mlkemNtt } from './mlkem/ntt';
import { cbd2, cbd3 } from './mlkem/cbd';
import { rejectUniform, toNttLayout } from './mlkem/reject';

if (!TEST_HOOKS) ERROR('engine/assembly/lattice_ntt_test_exports.ts is built with --target test only (it sets ENGINE_TEST_HOOKS)');

/** ML-DSA forward NTT. */
export function arithTestMldsaNtt(count: i32): i32 {
  if (count < 0 || count > IO_SIZE / 1024) return ERR_ARGUMENT;
  for (let i = 0; i < count; i++) mldsaNtt(IO + <usize>(i * 1024));
  return count;
}
/** ML-DSA inverse NTT, times 2^32. */
export function arithTestMldsaInvNtt(count: i32): i32 {
  if (count < 0 || count > IO_SIZE / 1024) return ERR_ARGUMENT;
  for (let i = 0; i < count; i++) invNttToMont(IO + <usize>(i * 1024));
  return count;
}
/** ML-KEM forward NTT. */
export function arithTestMlkemNtt(count: i32): i32 {
  if (count < 0 || count > IO_SIZE / 512) return ERR_ARGUMENT;
  for (let i = 0; i < count; i++) mlkemNtt(IO + <usize>(i * 512));
  return count;
}
/** ML-KEM inverse NTT, times 2^16. */
export function arithTestMlkemInvNtt(count: i32): i32 {
  if (count < 0 || count > IO_SIZE / 512) return ERR_ARGUMENT;
  for (let i = 0; i < count; i++) invNtt(IO + <usize>(i * 512));
  return count;
}

/** Longest stream the rejection hook takes: six SHAKE128 blocks. */
const REJECT_MAX: i32 = 6 * 168;

/** SampleNTT's rejection over `len` stream bytes (a multiple of 12): the count, coefficients in stream order. */
export function arithTestMlkemRejectUniform(len: i32): i32 {
  if (len < 0 || len > REJECT_MAX || len % 12 != 0) return ERR_ARGUMENT;
  return rejectUniform(IO, 0, IO + <usize>LATTICE_TEST_PACKED, len);
}

/** The 256 coefficients in stream order at LATTICE_TEST_PACKED, in the NTT-domain layout. */
export function arithTestMlkemToNttLayout(): i32 {
  toNttLayout(IO, IO + <usize>LATTICE_TEST_PACKED);
  return OK;
}

/** SamplePolyCBD_eta of the 64 eta bytes, eta 2 or 3. */
export function arithTestMlkemCbd(eta: i32): i32 {
  if (eta == 2) cbd2(IO, IO + <usize>LATTICE_TEST_PACKED);
  else if (eta == 3) cbd3(IO, IO + <usize>LATTICE_TEST_PACKED);
  else return ERR_ARGUMENT;
  return OK;
}

/** ML-DSA's RejNTTPoly step over `blocks` SHAKE128 blocks: the count (at most 256), i32 coefficients. */
export function arithTestMldsaRejectUniform(blocks: i32): i32 {
  if (blocks < 0 || blocks * 168 > REJECT_MAX) return ERR_ARGUMENT;
  let j = 0;
  for (let b = 0; b < blocks && j < 256; b++) j = rejUniformBlock(IO, j, IO + <usize>(LATTICE_TEST_PACKED + b * 168));
  return j;
}

/**
 * ML-DSA's CoeffFromHalfByte loop at `level` (44, 65, 87) over `len` bytes (a multiple of 4) at
 * LATTICE_TEST_B: the count (it may pass 256 by up to seven), i32 coefficients at IO offset 0.
 */
export function arithTestMldsaRejectEta(level: i32, len: i32): i32 {
  if (!setLevel(level) || len < 0 || len > REJECT_MAX || len % 4 != 0) return ERR_ARGUMENT;
  return rejEtaBlock(IO, 0, IO + <usize>LATTICE_TEST_B, len);
}
