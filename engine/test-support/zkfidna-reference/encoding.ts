/**
 * Proof encoding, version 1, and its strict decoder:
 * version 0x01 | circuit | result | m | log2(n) = 6 | u8(|context|) context | commitments (33 B each)
 * | min, max as u64be (range_proof only) | A S T1 T2 | t_x τ_x μ | L_1 R_1 .. L_k R_k | a b
 * | BIP-340 kernel signature (custom only, 64 B).
 */
import { decodePoint, encodePoint, type Point, POINT_BYTES, type PointRejection } from './points.ts';
import { BITS, type RangeProof, roundsFor } from './range-proof.ts';
import { bytesToBigInt, concat, N, scalarToBytes, u64be } from './scalar.ts';
import { type Bounds, CIRCUIT_BY_ID, CIRCUIT_IDS, COMMITMENT_COUNT, type Statement } from './statements.ts';

export const VERSION = 1;
/** Every statement proves two values. */
export const AGGREGATION = 2;
const LOG2_BITS = Math.log2(BITS);
const HEADER_BYTES = 6; // version, circuit, result, m, log2(n), context length
const SCALAR_BYTES = 32;
const KERNEL_BYTES = 64;

export interface ProofData extends Statement {
  range: RangeProof;
  /** BIP-340 signature, custom only. */
  kernel?: Uint8Array;
}

export type DecodeRejection =
  | 'truncated'
  | 'bad_version'
  | 'unknown_circuit'
  | 'bad_result'
  | 'bad_aggregation'
  | 'bad_bit_length'
  | 'wrong_length'
  | 'non_canonical_scalar'
  | PointRejection;

export function encodeProof(p: ProofData): Uint8Array {
  if (p.context.length > 255) throw new RangeError('context over 255 bytes');
  const r = p.range;
  const lr = r.L.flatMap((L, j) => [encodePoint(L), encodePoint(r.R[j])]);
  return concat(
    Uint8Array.of(VERSION, CIRCUIT_IDS[p.circuitType], p.result, AGGREGATION, LOG2_BITS, p.context.length),
    p.context,
    ...p.commitments.map(encodePoint),
    ...(p.bounds ? [u64be(p.bounds.min), u64be(p.bounds.max)] : []),
    ...[r.A, r.S, r.T1, r.T2].map(encodePoint),
    ...[r.tx, r.taux, r.mu].map(scalarToBytes),
    ...lr,
    scalarToBytes(r.a),
    scalarToBytes(r.b),
    p.kernel ?? new Uint8Array(0),
  );
}

/** Byte length of a version-1 proof, from its header fields. */
export function proofLength(circuit: Statement['circuitType'], contextLength: number): number {
  const k = roundsFor(AGGREGATION);
  return (
    HEADER_BYTES + contextLength + COMMITMENT_COUNT[circuit] * POINT_BYTES + (circuit === 'range_proof' ? 16 : 0) +
    4 * POINT_BYTES + 3 * SCALAR_BYTES + 2 * k * POINT_BYTES + 2 * SCALAR_BYTES + (circuit === 'custom' ? KERNEL_BYTES : 0)
  );
}

class Reader {
  offset = 0;
  constructor(private readonly bytes: Uint8Array) {}
  take(len: number): Uint8Array {
    const out = this.bytes.subarray(this.offset, this.offset + len);
    this.offset += len;
    return out;
  }
}

class Rejected extends Error {
  constructor(readonly reason: DecodeRejection) {
    super(reason);
  }
}

function readPoint(r: Reader): Point {
  const decoded = decodePoint(r.take(POINT_BYTES));
  if ('reason' in decoded) throw new Rejected(decoded.reason);
  return decoded.point;
}

function readScalar(r: Reader): bigint {
  const s = bytesToBigInt(r.take(SCALAR_BYTES));
  if (s >= N) throw new Rejected('non_canonical_scalar');
  return s;
}

/** Parses a proof; every malformation gives a reason instead of an exception. */
export function decodeProof(bytes: Uint8Array): { ok: true; proof: ProofData } | { ok: false; reason: DecodeRejection } {
  if (bytes.length < HEADER_BYTES) return { ok: false, reason: 'truncated' };
  const [version, circuitId, result, m, log2n, contextLength] = bytes;
  if (version !== VERSION) return { ok: false, reason: 'bad_version' };
  const circuitType = CIRCUIT_BY_ID[circuitId];
  if (!circuitType) return { ok: false, reason: 'unknown_circuit' };
  if (result !== 1 && !(result === 0 && circuitType === 'balance_proof')) return { ok: false, reason: 'bad_result' };
  if (m !== AGGREGATION) return { ok: false, reason: 'bad_aggregation' };
  if (log2n !== LOG2_BITS) return { ok: false, reason: 'bad_bit_length' };
  const expected = proofLength(circuitType, contextLength);
  if (bytes.length < expected) return { ok: false, reason: 'truncated' };
  if (bytes.length !== expected) return { ok: false, reason: 'wrong_length' };

  const r = new Reader(bytes);
  r.take(HEADER_BYTES);
  try {
    const context = r.take(contextLength).slice();
    const commitments = Array.from({ length: COMMITMENT_COUNT[circuitType] }, () => readPoint(r));
    let bounds: Bounds | undefined;
    if (circuitType === 'range_proof') {
      bounds = { min: bytesToBigInt(r.take(8)), max: bytesToBigInt(r.take(8)) };
    }
    const [A, S, T1, T2] = [readPoint(r), readPoint(r), readPoint(r), readPoint(r)];
    const [tx, taux, mu] = [readScalar(r), readScalar(r), readScalar(r)];
    const L: Point[] = [];
    const R: Point[] = [];
    for (let j = 0; j < roundsFor(AGGREGATION); j++) {
      L.push(readPoint(r));
      R.push(readPoint(r));
    }
    const [a, b] = [readScalar(r), readScalar(r)];
    const kernel = circuitType === 'custom' ? r.take(KERNEL_BYTES).slice() : undefined;
    const range: RangeProof = { A, S, T1, T2, tx, taux, mu, L, R, a, b };
    return { ok: true, proof: { circuitType, result: result as 0 | 1, bounds, context, commitments, range, kernel } };
  } catch (e) {
    if (e instanceof Rejected) return { ok: false, reason: e.reason };
    throw e;
  }
}
