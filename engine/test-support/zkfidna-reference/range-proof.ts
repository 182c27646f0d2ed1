/**
 * Shared shape of the aggregated 64-bit range proof, and the transcript steps prover and verifier
 * perform identically.
 */
import { encodePoint, type Point } from './points.ts';
import { N, scalarToBytes, u64be } from './scalar.ts';
import type { Transcript } from './transcript.ts';

/** Bits per value. */
export const BITS = 64;

export interface RangeProof {
  A: Point;
  S: Point;
  T1: Point;
  T2: Point;
  tx: bigint;
  taux: bigint;
  mu: bigint;
  L: Point[];
  R: Point[];
  a: bigint;
  b: bigint;
}

export interface RangeChallenges {
  y: bigint;
  z: bigint;
  x: bigint;
  w: bigint;
  u: bigint[];
}

/** Number of inner-product rounds for m aggregated values: log2(64·m). */
export function roundsFor(m: number): number {
  const k = Math.log2(BITS * m);
  if (!Number.isInteger(k)) throw new RangeError('m must be a power of two');
  return k;
}

export const appendPoint = (t: Transcript, label: string, p: Point): void => t.append(label, encodePoint(p));
export const appendScalar = (t: Transcript, label: string, s: bigint): void => t.append(label, scalarToBytes(s));

/** Step 1 of the protocol: n, m and each V_j. */
export function appendRangeStatement(t: Transcript, V: Point[]): void {
  t.append('n', u64be(BigInt(BITS)));
  t.append('m', u64be(BigInt(V.length)));
  for (const v of V) appendPoint(t, 'V', v);
}

/** z^(2 + floor(i/64)) · 2^(i mod 64), the weights that sum each value's bits. */
export function bitWeights(z: bigint, m: number): bigint[] {
  const d: bigint[] = [];
  let zj = (z * z) % N;
  for (let j = 0; j < m; j++) {
    for (let i = 0; i < BITS; i++) d.push((zj << BigInt(i)) % N);
    zj = (zj * z) % N;
  }
  return d;
}
