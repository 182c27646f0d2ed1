/**
 * Host-facing zk-FIDNA exports. IO offsets and return codes are in engine/assembly/layout.ts (ZK_*):
 *   zkProve:           X, Y, min, max (u64le) at ZK_VALUES; rng (32) at ZK_RNG; context at ZK_CONTEXT
 *                      -> proof at ZK_PROOF, blindings (32 each) at ZK_OPENINGS, challenges (32 each) at ZK_CHALLENGES
 *   zkVerify:          proof at ZK_PROOF -> challenges at ZK_CHALLENGES
 *   zkGeneratorDigest: -> the 32-byte digest at ZK_GENERATOR_OUT
 *   zkBatchBegin:      seed (32) at ZK_BATCH_SEED; then zkBatchAdd per proof at ZK_PROOF, zkBatchFinish
 * The first zk call computes the generators and reserves zk-FIDNA's memory. The test hooks (the
 * two MSMs, the bare range proof, a zero challenge, single generators and hash-to-curve with its
 * intermediate values) are in test_exports.ts, exported by the test build alone
 * (docs/decisions/043-engine-test-build-and-constant-time-code.md).
 */
import { IO } from '../io';
import { ERR_ARGUMENT, ERR_REJECTED, ERR_RETRY, INVALID, OK, ZK_BATCH_MAX, ZK_BATCH_SEED, ZK_CHALLENGES, ZK_CONTEXT, ZK_GENERATOR_OUT, ZK_OPENINGS, ZK_PROOF, ZK_PROOF_MAX, ZK_RNG, ZK_VALUES } from '../layout';
import { batchAddVar, batchBegin, batchCount, batchFinish } from './batch';
import { prove, proofSize, PROVE_INVALID, PROVE_RETRY, verifyVar } from './circuits';
import { ensureGenerators, GENERATOR_DIGEST } from './generators';
import { copyRecorded, recordedCount } from './record';
import { CIRCUIT_BALANCE, CIRCUIT_CUSTOM } from './statement';

/** Computes the generators if needed and writes their 32-byte digest to ZK_GENERATOR_OUT. */
export function zkGeneratorDigest(): void {
  ensureGenerators();
  memory.copy(IO + ZK_GENERATOR_OUT, GENERATOR_DIGEST, 32);
}

function knownCircuit(circuit: i32, ctxLen: i32): bool {
  return circuit >= CIRCUIT_BALANCE && circuit <= CIRCUIT_CUSTOM && ctxLen >= 0 && ctxLen <= 255;
}

/**
 * Proves circuit 1 (balance_proof), 2 (range_proof) or 3 (custom) about the values at ZK_VALUES,
 * bound to the context (ctxLen <= 255), from the rng. Out: the proof at ZK_PROOF, the blindings
 * (commitment order) at ZK_OPENINGS, the challenges at ZK_CHALLENGES. Returns the proof length,
 * ERR_REJECTED when the statement is false, ERR_ARGUMENT for an unknown circuit or context length,
 * ERR_RETRY when this rng must be replaced (a zero challenge or identity, probability about
 * 2^-256). Zeroes the inputs.
 */
export function zkProve(circuit: i32, ctxLen: i32): i32 {
  let len = ERR_ARGUMENT;
  if (knownCircuit(circuit, ctxLen)) {
    const v = IO + ZK_VALUES;
    len = prove(IO + ZK_PROOF, IO + ZK_OPENINGS, circuit, load<u64>(v), load<u64>(v, 8), load<u64>(v, 16), load<u64>(v, 24), IO + ZK_CONTEXT, ctxLen, IO + ZK_RNG);
    if (len == PROVE_INVALID) len = ERR_REJECTED;
    else if (len == PROVE_RETRY) len = ERR_RETRY;
  }
  // The values and the rng are secret; they sit before the context.
  memory.fill(IO + ZK_VALUES, 0, ZK_CONTEXT - ZK_VALUES);
  copyRecorded(IO + ZK_CHALLENGES);
  return len;
}

/**
 * Verifies the proof of `len` bytes at ZK_PROOF: the verdict bits (circuits.ts; 0 when it does not
 * decode), or ERR_ARGUMENT when len is not in 0..ZK_PROOF_MAX. Challenges at ZK_CHALLENGES.
 */
export function zkVerify(len: i32): i32 {
  if (len < 0 || len > ZK_PROOF_MAX) return ERR_ARGUMENT;
  const verdict = verifyVar(IO + ZK_PROOF, len);
  copyRecorded(IO + ZK_CHALLENGES);
  return verdict;
}

/** Challenges recorded by the last zkProve, zkVerify or zkBatchAdd (y, z, x, w, u_1..u_k). */
export function zkChallengeCount(): i32 {
  return recordedCount();
}

/** Bytes of a proof of `circuit` with a context of ctxLen bytes, or ERR_ARGUMENT for an unknown circuit or ctxLen. */
export function zkProofSize(circuit: i32, ctxLen: i32): i32 {
  return knownCircuit(circuit, ctxLen) ? proofSize(circuit, ctxLen) : ERR_ARGUMENT;
}

/** Starts a batch verification whose weights derive from the seed at ZK_BATCH_SEED (batch.ts). */
export function zkBatchBegin(): void {
  batchBegin(IO + ZK_BATCH_SEED);
}

/**
 * Adds the proof of `len` bytes at ZK_PROOF to the batch: zkVerify's verdict bits, except that
 * 4 (the equation) is left to zkBatchFinish and 16 says the proof's equation joined the batch.
 * ERR_ARGUMENT for len out of 0..ZK_PROOF_MAX, no zkBatchBegin, or ZK_BATCH_MAX proofs already.
 * Challenges at ZK_CHALLENGES, as zkVerify leaves them.
 */
export function zkBatchAdd(len: i32): i32 {
  const n = batchCount();
  if (len < 0 || len > ZK_PROOF_MAX || n < 0 || n >= ZK_BATCH_MAX) return ERR_ARGUMENT;
  const verdict = batchAddVar(IO + ZK_PROOF, len);
  copyRecorded(IO + ZK_CHALLENGES);
  return verdict;
}

/**
 * Ends the batch: OK when every equation added with bit 16 holds, INVALID when at least one does
 * not (the host then checks those alone), ERR_ARGUMENT without zkBatchBegin.
 */
export function zkBatchFinish(): i32 {
  if (batchCount() < 0) return ERR_ARGUMENT;
  return batchFinish() ? OK : INVALID;
}
