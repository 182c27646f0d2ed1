/**
 * The three statements ("circuits"): which commitments are public, how the two range-proof inputs
 * V_0, V_1 derive from them, and the statement prefix every transcript starts with.
 *
 * Commit(v, r) = v·B + r·B̃. With secret X (>= 1) and Y (>= 0):
 * - balance_proof, result 1 (Y >= X): public C_X, C_Y; V_0 = C_X - B (X - 1), V_1 = C_Y - C_X (Y - X).
 * - balance_proof, result 0 (Y < X):  public C_X, C_Y; V_0 = C_Y (Y), V_1 = C_X - C_Y - B (X - Y - 1).
 * - range_proof [min, max]: public C_X; V_0 = C_X - min·B (X - min), V_1 = max·B - C_X (max - X).
 * - custom (transfer Y -> payment X + change Y - X): public C_Y, C_P, C_R; V_0 = C_P - B (X - 1),
 *   V_1 = C_R (Y - X); plus a BIP-340 kernel signature by e with E = C_Y - C_P - C_R = e·B̃.
 */
import { generators } from './generators.ts';
import { encodePoint, mul, type Point } from './points.ts';
import { ascii, u64be, u8 } from './scalar.ts';
import type { Transcript } from './transcript.ts';

export type CircuitType = 'balance_proof' | 'range_proof' | 'custom';

export const CIRCUIT_IDS: Record<CircuitType, number> = { balance_proof: 1, range_proof: 2, custom: 3 };
export const CIRCUIT_BY_ID: Record<number, CircuitType> = { 1: 'balance_proof', 2: 'range_proof', 3: 'custom' };
/** How many public commitments each statement publishes. */
export const COMMITMENT_COUNT: Record<CircuitType, number> = { balance_proof: 2, range_proof: 1, custom: 3 };

export const PROTOCOL_ID = 'ZK-FIDNA/v1';
export const U64_MAX = (1n << 64n) - 1n;

export interface Bounds {
  min: bigint;
  max: bigint;
}

export interface Statement {
  circuitType: CircuitType;
  result: 0 | 1;
  /** Present exactly for range_proof. */
  bounds?: Bounds;
  context: Uint8Array;
  /** Public commitments in publication order. */
  commitments: Point[];
}

/** Only balance_proof may state result 0; only range_proof carries bounds, and they must be u64 with min <= max. */
export function statementShapeOk(s: Pick<Statement, 'circuitType' | 'result' | 'bounds'>): boolean {
  if (!(s.circuitType in CIRCUIT_IDS)) return false;
  if (s.result !== 1 && !(s.result === 0 && s.circuitType === 'balance_proof')) return false;
  if (s.circuitType !== 'range_proof') return s.bounds === undefined;
  if (!s.bounds) return false;
  const { min, max } = s.bounds;
  return min >= 0n && min <= max && max <= U64_MAX;
}

/** Absorbs protocol, generators, circuit, result, bounds (range only), context, then each commitment. */
export function appendStatement(t: Transcript, s: Statement): void {
  t.append('protocol', ascii(PROTOCOL_ID));
  t.append('generators', generators().digest);
  t.append('circuit', u8(CIRCUIT_IDS[s.circuitType]));
  t.append('result', u8(s.result));
  if (s.bounds) t.append('bounds', new Uint8Array([...u64be(s.bounds.min), ...u64be(s.bounds.max)]));
  t.append('context', s.context);
  for (const c of s.commitments) t.append('C', encodePoint(c));
}

/** V_0, V_1 from the public commitments; null if either is the identity (it has no encoding). */
export function deriveV(s: Statement): [Point, Point] | null {
  const { B } = generators();
  const C = s.commitments;
  let V: [Point, Point];
  switch (s.circuitType) {
    case 'balance_proof':
      V = s.result === 1 ? [C[0].subtract(B), C[1].subtract(C[0])] : [C[1], C[0].subtract(C[1]).subtract(B)];
      break;
    case 'range_proof':
      V = [C[0].subtract(mul(B, s.bounds!.min)), mul(B, s.bounds!.max).subtract(C[0])];
      break;
    case 'custom':
      V = [C[1].subtract(B), C[2]];
      break;
  }
  return V[0].is0() || V[1].is0() ? null : V;
}

/** The custom kernel's excess E = C_Y - C_P - C_R, or null if it is the identity. */
export function kernelExcess(commitments: Point[]): Point | null {
  const E = commitments[0].subtract(commitments[1]).subtract(commitments[2]);
  return E.is0() ? null : E;
}
