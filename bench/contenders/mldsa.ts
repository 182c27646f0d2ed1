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

export function mlDsaName(level: MlDsaLevel): string {
  return `ML-DSA-${level}`;
}

function message(): Uint8Array {
  return crypto.getRandomValues(new Uint8Array(32));
}

function checked(who: string, level: MlDsaLevel, ok: boolean): void {
  if (!ok) throw new Error(`${who} ${mlDsaName(level)}: a fresh signature does not verify; not benchmarking it`);
}

const OURS = { 44: 'mlDsa44', 65: 'mlDsa65', 87: 'mlDsa87' } as const;

/**
 * Our engine at `level`, through its public API (argument checks and IO-buffer copies included).
 * Keygen draws a random seed and sign is hedged (32 random bytes), as in default use.
 */
export function oursOps(engine: Engine, level: MlDsaLevel): OpSet {
  const api = engine[OURS[level]];
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
