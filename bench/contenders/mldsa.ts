/**
 * The ML-DSA implementations the suites compare, each reduced to ready-to-call closures (keygen,
 * sign, verify) over the same kind of fixture: key pairs, a random 32-byte message and a signature
 * of it under each key. Every fixture signature is checked to verify before anything is timed,
 * since timing a broken implementation would only produce a misleading figure.
 *
 * Sign and verify come in two workloads, because our engine keeps the expansion of the public
 * matrix A for the last key it used (ExpandA depends on the public seed rho only):
 * - `rotating`: each call uses the next of KEY_PAIRS key pairs, so no per-key cache can help. This is
 *   the figure compared with other implementations, which all recompute A on every call.
 * - `oneKey`: every call uses the same key pair, as a server signing with its one key does.
 */
import { ml_dsa44, ml_dsa65, ml_dsa87 } from '@noble/post-quantum/ml-dsa.js';
import type { Engine } from '../../engine/src/index.ts';

export const LEVELS = [44, 65, 87] as const;
export type MlDsaLevel = (typeof LEVELS)[number];
export const OPS = ['keygen', 'sign', 'verify'] as const;
export type MlDsaOp = (typeof OPS)[number];

/** One contender at one parameter set: each closure performs one full operation. */
export type OpSet = Record<MlDsaOp, () => unknown>;

export interface Contender {
  rotating: OpSet;
  oneKey: OpSet;
}

/** More key pairs than any small per-key cache would hold, so rotating through them always misses. */
export const KEY_PAIRS = 16;

export function mlDsaName(level: MlDsaLevel): string {
  return `ML-DSA-${level}`;
}

interface KeyPair {
  publicKey: Uint8Array;
  secretKey: Uint8Array;
}

/** One implementation's calls in a common argument order; keygen draws a random seed, sign is hedged. */
interface Scheme {
  keygen(): KeyPair;
  sign(message: Uint8Array, secretKey: Uint8Array): Uint8Array;
  verify(publicKey: Uint8Array, message: Uint8Array, signature: Uint8Array): boolean;
}

function contender(who: string, level: MlDsaLevel, scheme: Scheme): Contender {
  const msg = crypto.getRandomValues(new Uint8Array(32));
  const keys = Array.from({ length: KEY_PAIRS }, () => scheme.keygen());
  const signatures = keys.map((k) => scheme.sign(msg, k.secretKey));
  keys.forEach((k, i) => {
    if (!scheme.verify(k.publicKey, msg, signatures[i])) {
      throw new Error(`${who} ${mlDsaName(level)}: a fresh signature does not verify; not benchmarking it`);
    }
  });
  let s = 0;
  let v = 0;
  const keygen = () => scheme.keygen();
  return {
    rotating: {
      keygen,
      sign: () => scheme.sign(msg, keys[(s = (s + 1) % KEY_PAIRS)].secretKey),
      verify: () => scheme.verify(keys[(v = (v + 1) % KEY_PAIRS)].publicKey, msg, signatures[v]),
    },
    oneKey: {
      keygen,
      sign: () => scheme.sign(msg, keys[0].secretKey),
      verify: () => scheme.verify(keys[0].publicKey, msg, signatures[0]),
    },
  };
}

const OURS = { 44: 'mlDsa44', 65: 'mlDsa65', 87: 'mlDsa87' } as const;

/** Our engine at `level`, through its public API (argument checks and IO-buffer copies included). */
export function oursOps(engine: Engine, level: MlDsaLevel): Contender {
  const api = engine[OURS[level]];
  return contender('ours', level, {
    keygen: () => api.keygen(),
    sign: (message, secretKey) => api.sign(message, secretKey),
    verify: (publicKey, message, signature) => api.verify(publicKey, message, signature),
  });
}

const NOBLE = { 44: ml_dsa44, 65: ml_dsa65, 87: ml_dsa87 } as const;

/** @noble/post-quantum at `level`, used the same way (random seed, hedged signing). */
export function nobleOps(level: MlDsaLevel): Contender {
  const dsa = NOBLE[level];
  return contender('@noble/post-quantum', level, {
    keygen: () => dsa.keygen(),
    sign: (message, secretKey) => dsa.sign(message, secretKey),
    verify: (publicKey, message, signature) => dsa.verify(signature, message, publicKey),
  });
}
