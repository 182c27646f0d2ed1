/**
 * The ML-DSA implementations the suites compare, each reduced to three ready-to-call closures
 * (keygen, sign, verify) over the same kind of fixture: a fresh key pair, a 32-byte message and a
 * signature of it. Every contender's fixture is checked to verify before anything is timed, since
 * timing a broken implementation would only produce a misleading figure.
 */
import { ml_dsa44, ml_dsa65, ml_dsa87 } from '@noble/post-quantum/ml-dsa.js';
import type { Engine } from '../../engine/src/index.ts';

export const LEVELS = [44, 65, 87] as const;
export type MlDsaLevel = (typeof LEVELS)[number];
export const OPS = ['keygen', 'sign', 'verify'] as const;
export type MlDsaOp = (typeof OPS)[number];

/** One contender at one parameter set: each closure performs one full operation. */
export type OpSet = Record<MlDsaOp, () => unknown>;

/**
 * The engine's ML-DSA API as DESIGN.md §2 specifies it. Declared here structurally, and looked up
 * at run time, so the benchmark compiles and runs whether or not the engine has ML-DSA yet.
 */
interface EngineMlDsa {
  keygen(seed?: Uint8Array): { publicKey: Uint8Array; secretKey: Uint8Array };
  sign(message: Uint8Array, secretKey: Uint8Array, opts?: { context?: Uint8Array; random?: Uint8Array | false }): Uint8Array;
  verify(publicKey: Uint8Array, message: Uint8Array, signature: Uint8Array, opts?: { context?: Uint8Array }): boolean;
}

export const MISSING_IN_ENGINE = 'engine has no ML-DSA yet';

export function mlDsaName(level: MlDsaLevel): string {
  return `ML-DSA-${level}`;
}

function engineMlDsa(engine: Engine, level: MlDsaLevel): EngineMlDsa | undefined {
  const api = (engine as unknown as Partial<Record<string, Partial<EngineMlDsa>>>)[`mlDsa${level}`];
  const complete = api && ['keygen', 'sign', 'verify'].every((op) => typeof api[op as MlDsaOp] === 'function');
  return complete ? (api as EngineMlDsa) : undefined;
}

/** True when the engine exposes ML-DSA at every level (the suites skip ML-DSA rows otherwise). */
export function engineHasMlDsa(engine: Engine): boolean {
  return LEVELS.every((level) => engineMlDsa(engine, level) !== undefined);
}

function message(): Uint8Array {
  return crypto.getRandomValues(new Uint8Array(32));
}

function checked(who: string, level: MlDsaLevel, ok: boolean): void {
  if (!ok) throw new Error(`${who} ${mlDsaName(level)}: a fresh signature does not verify; not benchmarking it`);
}

/**
 * Our engine at `level`, or undefined when the engine does not have it. Keygen draws a random
 * seed and sign is hedged (32 random bytes), as in default use; both include drawing randomness.
 */
export function oursOps(engine: Engine, level: MlDsaLevel): OpSet | undefined {
  const api = engineMlDsa(engine, level);
  if (!api) return undefined;
  const msg = message();
  const { publicKey, secretKey } = api.keygen();
  const signature = api.sign(msg, secretKey);
  checked('ours', level, api.verify(publicKey, msg, signature));
  return {
    keygen: () => api.keygen(),
    sign: () => api.sign(msg, secretKey),
    verify: () => api.verify(publicKey, msg, signature),
  };
}

const NOBLE = { 44: ml_dsa44, 65: ml_dsa65, 87: ml_dsa87 } as const;

/** @noble/post-quantum at `level`, used the same way (random seed, hedged signing). */
export function nobleOps(level: MlDsaLevel): OpSet {
  const dsa = NOBLE[level];
  const msg = message();
  const { publicKey, secretKey } = dsa.keygen();
  const signature = dsa.sign(msg, secretKey);
  checked('@noble/post-quantum', level, dsa.verify(signature, msg, publicKey));
  return {
    keygen: () => dsa.keygen(),
    sign: () => dsa.sign(msg, secretKey),
    verify: () => dsa.verify(signature, msg, publicKey),
  };
}
