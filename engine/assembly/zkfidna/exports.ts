/**
 * Host-facing zk-FIDNA exports, RFC 9380 hash-to-curve, and test hooks. IO layout (byte offsets
 * into the IO buffer), shared with engine/src/zkfidna*.ts:
 *   zkProve:       X, Y, min, max (u64le) at 0, 8, 16, 24; rng (32) at 32; context at 64
 *                  -> proof at 1024, blindings (32 each) at 4096, challenges (32 each) at 8192
 *   zkVerify:      proof at 1024 -> challenges at 8192
 *   zkGeneratorDigest, zkGenerator: -> 32-byte digest, or a 33-byte point, at 0
 *   zkHashToCurve: message at 0, DST at 32768 -> u0, u1 (32 each) at 40960, Q0 (x || y) at 41024,
 *                  Q1 at 41088, P at 41152 (mode 0: hash_to_curve; 1: encode_to_curve, no u1/Q1)
 * Test hooks (zkTest*), not used by the API: the two MSMs, the bare range proof, and forcing a
 * zero challenge. The first zk call computes the generators and reserves zk-FIDNA's memory.
 */
import { IO } from '../io';
import { feGetB32 } from '../secp256k1/field';
import { GE_SIZE, GEJ_SIZE, geSetGej, gejIsInfinity } from '../secp256k1/point';
import { encodeToCurve, H2C_MAX_DST, hashToCurve, lastU } from '../secp256k1/h2c';
import { CT_MAX_TERMS, ctMsm, ctTerm } from '../secp256k1/msm_ct';
import { VAR_MAX_TERMS, varMsm, varReset, varTerm } from '../secp256k1/msm_var';
import { SC_SIZE, scSetB32 } from '../secp256k1/scalar';
import { sec1Serialize } from '../secp256k1/sec1';
import { prove, proofSize, PROVE_INVALID, verify } from './circuits';
import { ensureGenerators, GEN_WIDTH, GENERATOR_DIGEST, GENERATORS, generatorPoint, NM_MAX, tableB, tableBlind, tableG, tableH } from './generators';
import { rawProve, rawVerify } from './raw';
import { RECORDED, recordedCount } from './record';
import { trForceZero } from './transcript';

const H2C_DST: usize = 32768;
const H2C_OUT: usize = 40960;

const Q0: usize = memory.data(<i32>GE_SIZE, 16);
const Q1: usize = memory.data(<i32>GE_SIZE, 16);
const P: usize = memory.data(<i32>GE_SIZE, 16);

function writeGe(dst: usize, a: usize): void {
  feGetB32(dst, a);
  feGetB32(dst + 32, a + 40);
}

/** RFC 9380 hash_to_curve (mode 0) or encode_to_curve (mode 1): 1, or 0 for a bad length. */
export function zkHashToCurve(msgLen: i32, dstLen: i32, mode: i32): i32 {
  if (msgLen < 0 || msgLen > <i32>H2C_DST || dstLen < 1 || dstLen > H2C_MAX_DST) return 0;
  const out = IO + H2C_OUT;
  if (mode == 0) {
    if (!hashToCurve(P, Q0, Q1, IO, msgLen, IO + H2C_DST, dstLen)) return 0;
    feGetB32(out + 32, lastU(1));
    writeGe(out + 128, Q1);
  } else {
    encodeToCurve(P, IO, msgLen, IO + H2C_DST, dstLen);
    memory.copy(Q0, P, GE_SIZE);
  }
  feGetB32(out, lastU(0));
  writeGe(out + 64, Q0);
  writeGe(out + 192, P);
  return 1;
}

/** Computes the generators if needed and writes their 32-byte digest to IO[0..32). */
export function zkGeneratorDigest(): void {
  ensureGenerators();
  memory.copy(IO, GENERATOR_DIGEST, 32);
}

/** Writes generator `index` (digest order: B, G, G_0..G_255, H_0..H_255) compressed to IO[0..33). */
export function zkGenerator(index: i32): i32 {
  if (index < 0 || index >= 2 + 2 * GENERATORS) return 0;
  ensureGenerators();
  sec1Serialize(IO, generatorPoint(index), true);
  return 1;
}

const SCALAR: usize = memory.data(<i32>SC_SIZE, 16);
const SUM: usize = memory.data(<i32>GEJ_SIZE, 16);

/** Table of base `b`: 0..127 G_i, 128..255 H_i, 256 B, 257 the blinding base G. */
function tableOf(b: i32): usize {
  if (b < NM_MAX) return tableG(b);
  if (b < 2 * NM_MAX) return tableH(b - NM_MAX);
  return b == 2 * NM_MAX ? tableB() : tableBlind();
}

/**
 * Test hook for the two multi-scalar multiplications: IO holds `count` entries of u32le base
 * index (see tableOf) and a 32-byte big-endian scalar (36 bytes each); the sum is written as
 * x || y to IO[16384..16448). Constant time when ct is 1. Returns 1, or 0 for the identity or a
 * bad argument.
 */
export function zkTestMsm(count: i32, ct: i32): i32 {
  if (count < 1 || count > CT_MAX_TERMS || count > VAR_MAX_TERMS) return 0;
  ensureGenerators();
  if (ct == 0) varReset();
  for (let i = 0; i < count; i++) {
    const at = IO + <usize>(i * 36);
    const b = load<i32>(at);
    if (b < 0 || b > 2 * NM_MAX + 1) return 0;
    scSetB32(SCALAR, at + 4);
    if (ct != 0) ctTerm(i, tableOf(b), SCALAR);
    else varTerm(i, tableOf(b), SCALAR, GEN_WIDTH);
  }
  if (ct != 0) {
    if (!ctMsm(P, count)) return 0;
  } else {
    varMsm(SUM, count);
    if (gejIsInfinity(SUM)) return 0;
    geSetGej(P, SUM);
  }
  writeGe(IO + 16384, P);
  return 1;
}

const PROOF: usize = 1024;
const OPENINGS: usize = 4096;
const CHALLENGES: usize = 8192;
const VENC: usize = 2048;

function copyChallenges(): void {
  memory.copy(IO + CHALLENGES, RECORDED, <usize>recordedCount() << 5);
}

/**
 * Proves circuit 1 (balance_proof), 2 (range_proof) or 3 (custom). In: X, Y, min, max (u64le) at
 * 0, 8, 16, 24; rng (32) at 32; context (ctxLen <= 255) at 64. Out: the proof at 1024, the
 * blindings (32 bytes each, commitment order) at 4096, the challenges at 8192. Returns the proof
 * length, -1 when the statement is false or an argument is bad, -2 when this rng must be
 * replaced (a zero challenge or identity, probability about 2^-256). Zeroes the inputs.
 */
export function zkProve(circuit: i32, ctxLen: i32): i32 {
  let len = PROVE_INVALID;
  if (ctxLen >= 0 && ctxLen <= 255) {
    len = prove(IO + PROOF, IO + OPENINGS, circuit, load<u64>(IO), load<u64>(IO, 8), load<u64>(IO, 16), load<u64>(IO, 24), IO + 64, ctxLen, IO + 32);
  }
  memory.fill(IO, 0, 64);
  copyChallenges();
  return len;
}

/** Verifies the proof of `len` bytes at 1024; returns the verdict bits (circuits.ts), challenges at 8192. */
export function zkVerify(len: i32): i32 {
  if (len < 0 || len > 4096 - <i32>PROOF) return 0;
  const verdict = verify(IO + PROOF, len);
  copyChallenges();
  return verdict;
}

/** Challenges recorded by the last zkProve or zkVerify (y, z, x, w, u_1..u_k). */
export function zkChallengeCount(): i32 {
  return recordedCount();
}

/** Bytes of a proof of `circuit` with a context of ctxLen bytes. */
export function zkProofSize(circuit: i32, ctxLen: i32): i32 {
  return proofSize(circuit, ctxLen);
}

/** Test hook: the index-th challenge scalar of every later transcript is zero (-1: off). */
export function zkTestForceZeroChallenge(index: i32): void {
  trForceZero(index);
}

/** Test hook: the bare range proof for m = 1 or 2 (zkfidna/raw.ts); core at 1024, V_j at 2048. */
export function zkTestRangeProve(m: i32): i32 {
  if (m != 1 && m != 2) return 0;
  const ok = rawProve(m, IO, IO + PROOF, IO + VENC);
  copyChallenges();
  return ok ? 1 : 0;
}

/** Test hook: checks a bare range proof (core at 1024, V_j at 2048); 1 valid, 0 not. */
export function zkTestRangeVerify(m: i32): i32 {
  if (m != 1 && m != 2) return 0;
  return rawVerify(m, IO + PROOF, IO + VENC) ? 1 : 0;
}
