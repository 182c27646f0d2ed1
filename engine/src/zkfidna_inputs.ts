/**
 * Argument checks for zk-FIDNA: amounts (bigint, decimal string or safe integer, 0..2^64 - 1),
 * circuit names, bounds and public inputs. Every refusal is an EngineError naming its parameter.
 */
import { bytes, EngineError } from './errors.ts';

export type ZkFidnaCircuit = 'balance_proof' | 'range_proof' | 'custom';
/** An amount: a bigint, a decimal string, or a JS number up to 2^53 - 1. */
export type ZkFidnaValue = bigint | string | number;

/** The circuits and their numbers in the proof header. */
export const ZK_FIDNA_CIRCUITS: Record<ZkFidnaCircuit, number> = { balance_proof: 1, range_proof: 2, custom: 3 };
export const CIRCUIT_NAMES: ZkFidnaCircuit[] = ['balance_proof', 'range_proof', 'custom'];
export const ZK_FIDNA_MAX_VALUE = (1n << 64n) - 1n;
export const ZK_FIDNA_MAX_CONTEXT = 255;

/** What a verifier is told besides the proof. Nothing secret. */
export interface ZkFidnaPublicInput {
  circuitType: ZkFidnaCircuit;
  /** balance_proof: 1 when balanceValue >= secretValue, 0 when below; always 1 for the others. */
  result: 0 | 1;
  /** range_proof only: the public bounds of secretValue. */
  min?: bigint;
  max?: bigint;
  /** The context the proof is bound to (a transaction id, say); absent means empty. */
  context?: Uint8Array;
}

function describe(v: unknown): string {
  if (v === null) return 'null';
  if (typeof v === 'string') return `"${v.length > 30 ? v.slice(0, 30) + '...' : v}"`;
  if (typeof v === 'number' || typeof v === 'bigint') return String(v);
  return typeof v;
}

/** Reads an amount in [0, 2^64 - 1]. */
export function amount(v: unknown, param: string): bigint {
  let n: bigint | undefined;
  if (typeof v === 'bigint') n = v;
  else if (typeof v === 'number' && Number.isSafeInteger(v)) n = BigInt(v);
  else if (typeof v === 'string' && /^[0-9]{1,20}$/.test(v)) n = BigInt(v);
  if (n === undefined || n < 0n || n > ZK_FIDNA_MAX_VALUE) {
    throw new EngineError(
      'invalid_value',
      `${param} must be an integer from 0 to 2^64 - 1 (a bigint, a decimal string, or a number up to 2^53 - 1), got ${describe(v)}`,
      param,
    );
  }
  return n;
}

export function circuitOf(v: unknown, param: string): ZkFidnaCircuit {
  if (typeof v !== 'string' || !CIRCUIT_NAMES.includes(v as ZkFidnaCircuit)) {
    throw new EngineError('invalid_circuit', `${param} must be one of ${CIRCUIT_NAMES.join(', ')}, got ${describe(v)}`, param);
  }
  return v as ZkFidnaCircuit;
}

export function contextOf(v: unknown, param: string): Uint8Array {
  if (v === undefined) return new Uint8Array(0);
  const ctx = bytes(v, param);
  if (ctx.length > ZK_FIDNA_MAX_CONTEXT) {
    throw new EngineError('context_too_long', `${param} must be at most ${ZK_FIDNA_MAX_CONTEXT} bytes, got ${ctx.length}`, param);
  }
  return ctx;
}

/** The statement a prover is asked for, checked to be true (a false one has no proof). */
export interface Statement {
  circuit: ZkFidnaCircuit;
  x: bigint;
  y: bigint;
  min: bigint;
  max: bigint;
  result: 0 | 1;
}

export function statementOf(o: { secretValue?: unknown; balanceValue?: unknown; circuitType?: unknown; min?: unknown; max?: unknown }): Statement {
  const circuit = circuitOf(o.circuitType, 'circuitType');
  const x = amount(o.secretValue, 'secretValue');
  const range = circuit === 'range_proof';
  if (!range) {
    for (const param of ['min', 'max'] as const) {
      if (o[param] !== undefined) throw new EngineError('invalid_bounds', `${param} applies to range_proof only`, param);
    }
  }
  // range_proof: max defaults to balanceValue (then public), which may be omitted when max is given.
  const y = range && o.balanceValue === undefined && o.max !== undefined ? 0n : amount(o.balanceValue, 'balanceValue');
  const min = range && o.min !== undefined ? amount(o.min, 'min') : 1n;
  const max = range ? (o.max !== undefined ? amount(o.max, 'max') : y) : 0n;
  if (x < 1n) throw new EngineError('value_out_of_range', 'secretValue must be at least 1 for every circuit', 'secretValue');
  if (range && min > max) throw new EngineError('invalid_bounds', `min (${min}) must not exceed max (${max})`, 'min');
  if (range && (x < min || x > max)) {
    throw new EngineError('value_out_of_range', `secretValue is outside [min, max] = [${min}, ${max}]: there is nothing to prove`, 'secretValue');
  }
  if (circuit === 'custom' && y < x) {
    throw new EngineError('value_out_of_range', 'custom (a transfer of secretValue out of balanceValue) needs balanceValue >= secretValue', 'balanceValue');
  }
  return { circuit, x, y, min: range ? min : 0n, max, result: circuit === 'balance_proof' && y < x ? 0 : 1 };
}

/** A verifier's public input, checked for shape (whether it matches the proof is a verdict, not an error). */
export function publicInputOf(v: unknown): ZkFidnaPublicInput {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) {
    throw new EngineError('invalid_argument', `publicInput must be an object, got ${describe(v)}`, 'publicInput');
  }
  const o = v as Record<string, unknown>;
  for (const key of Object.keys(o)) {
    if (!['circuitType', 'result', 'min', 'max', 'context'].includes(key)) {
      throw new EngineError('invalid_option', `unknown field publicInput.${key}; allowed: circuitType, result, min, max, context`, `publicInput.${key}`);
    }
  }
  const circuitType = circuitOf(o.circuitType, 'publicInput.circuitType');
  if (o.result !== 0 && o.result !== 1) {
    throw new EngineError('invalid_argument', `publicInput.result must be 0 or 1, got ${describe(o.result)}`, 'publicInput.result');
  }
  const input: ZkFidnaPublicInput = { circuitType, result: o.result };
  if (o.min !== undefined) input.min = amount(o.min, 'publicInput.min');
  if (o.max !== undefined) input.max = amount(o.max, 'publicInput.max');
  if (o.context !== undefined) input.context = contextOf(o.context, 'publicInput.context');
  return input;
}
