/**
 * prove(): checks the request, derives the blindings, commits, and produces the v1 proof of one of
 * the three statements (see statements.ts for what each proves).
 */
import { schnorr } from '@noble/curves/secp256k1.js';
import type { Opening, ProveInput, ProveOutput, PublicInput } from './api-types.ts';
import { encodeProof } from './encoding.ts';
import { ZkRefError } from './errors.ts';
import { generators } from './generators.ts';
import { mul, type Point } from './points.ts';
import { deriveBlindings } from './randomness.ts';
import { proveRange } from './range-prover.ts';
import { mod, scalarToBytes } from './scalar.ts';
import { appendStatement, type Bounds, CIRCUIT_IDS, deriveV, kernelExcess, type Statement, U64_MAX } from './statements.ts';
import { Transcript } from './transcript.ts';

interface Witness {
  result: 0 | 1;
  bounds?: Bounds;
  /** Committed values, in publication order (the blindings derive from them in this order). */
  committed: bigint[];
  /** The two range-proof inputs and their blindings, from the committed blindings r. */
  derive(r: bigint[]): { values: bigint[]; gammas: bigint[] };
}

function u64(v: unknown, name: string): bigint {
  if (typeof v !== 'bigint') throw new ZkRefError('invalid_input', `${name} must be a bigint`);
  if (v < 0n || v > U64_MAX) throw new ZkRefError('value_out_of_range', `${name} must be in [0, 2^64)`);
  return v;
}

function witnessFor(input: ProveInput, X: bigint, Y: bigint): Witness {
  switch (input.circuitType) {
    case 'balance_proof':
      if (Y >= X) {
        return { result: 1, committed: [X, Y], derive: ([rX, rY]) => ({ values: [X - 1n, Y - X], gammas: [rX, rY - rX] }) };
      }
      return { result: 0, committed: [X, Y], derive: ([rX, rY]) => ({ values: [Y, X - Y - 1n], gammas: [rY, rX - rY] }) };
    case 'range_proof': {
      const min = input.min === undefined ? 1n : u64(input.min, 'min');
      const max = input.max === undefined ? Y : u64(input.max, 'max');
      if (min > max) throw new ZkRefError('invalid_input', 'min must not exceed max');
      if (X < min || X > max) throw new ZkRefError('statement_false', 'secretValue is outside [min, max]');
      return { result: 1, bounds: { min, max }, committed: [X], derive: ([rX]) => ({ values: [X - min, max - X], gammas: [rX, -rX] }) };
    }
    case 'custom':
      if (Y < X) throw new ZkRefError('statement_false', 'balanceValue is below secretValue');
      return { result: 1, committed: [Y, X, Y - X], derive: ([, rP, rR]) => ({ values: [X - 1n, Y - X], gammas: [rP, rR] }) };
  }
}

function checkShape(input: ProveInput): void {
  if (typeof input !== 'object' || input === null) throw new ZkRefError('invalid_input', 'input must be an object');
  if (!(input.circuitType in CIRCUIT_IDS)) throw new ZkRefError('invalid_input', 'unknown circuitType');
  if (!(input.rng instanceof Uint8Array) || input.rng.length !== 32) throw new ZkRefError('invalid_input', 'rng must be 32 bytes');
  if (input.context !== undefined && (!(input.context instanceof Uint8Array) || input.context.length > 255)) {
    throw new ZkRefError('invalid_input', 'context must be 0..255 bytes');
  }
  if (input.circuitType !== 'range_proof' && (input.min !== undefined || input.max !== undefined)) {
    throw new ZkRefError('invalid_input', 'min and max belong to range_proof only');
  }
}

export function prove(input: ProveInput): ProveOutput {
  checkShape(input);
  const X = u64(input.secretValue, 'secretValue');
  const Y = u64(input.balanceValue, 'balanceValue');
  if (X < 1n) throw new ZkRefError('value_out_of_range', 'secretValue must be at least 1');
  const witness = witnessFor(input, X, Y);
  const context = input.context ?? new Uint8Array(0);
  const gens = generators();

  const r = deriveBlindings(input.rng, witness.committed);
  const commitments: Point[] = witness.committed.map((v, i) => mul(gens.B, v).add(mul(gens.Btilde, r[i])));
  if (commitments.some((c) => c.is0())) throw new ZkRefError('retry_randomness', 'identity commitment');
  const statement: Statement = { circuitType: input.circuitType, result: witness.result, bounds: witness.bounds, context, commitments };
  const derivedV = deriveV(statement);
  if (!derivedV) throw new ZkRefError('retry_randomness', 'identity range-proof input');

  const t = new Transcript();
  appendStatement(t, statement);
  const { values, gammas } = witness.derive(r);
  const range = proveRange(t, values, gammas.map((g) => mod(g)), input.rng);
  // The prover's own V_j must be the ones a verifier derives from the public commitments.
  if (!range.V.every((V, j) => V.equals(derivedV[j]))) throw new Error('reference bug: V_j derivation mismatch');

  let kernel: Uint8Array | undefined;
  if (input.circuitType === 'custom') {
    const e = mod(r[0] - r[1] - r[2]);
    if (e === 0n || !kernelExcess(commitments)) throw new ZkRefError('retry_randomness', 'identity kernel excess');
    kernel = schnorr.sign(t.challengeBytes32('kernel'), scalarToBytes(e), range.aux);
  }

  const publicInput: PublicInput = { result: witness.result, circuitType: input.circuitType };
  if (witness.bounds) Object.assign(publicInput, witness.bounds);
  if (input.context !== undefined) publicInput.context = input.context.slice();
  const openings: Opening[] = witness.committed.map((value, i) => ({ value, blinding: r[i] }));
  return { proof: encodeProof({ ...statement, range: range.proof, kernel }), publicInput, openings };
}
