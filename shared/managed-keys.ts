/**
 * Every algorithm a platform-managed key can have, and what each is for (docs/decisions/054):
 * signing keys (ML-DSA, QES2) sign, ML-KEM-768 keys encrypt. Both live in one table and share one
 * limit, so the API lists and creates them together and names a key's purpose wherever a key of
 * the other purpose is refused.
 */
import { SIGNING_ALGORITHMS, type SigningAlgorithm } from './schemes.ts';

/** The KEM parameter set an account may hold keys for (the engine's HPKE suite is ML-KEM-768's). */
export const KEM_KEY_ALGORITHMS = ['ML-KEM-768'] as const;
export type KemKeyAlgorithm = (typeof KEM_KEY_ALGORITHMS)[number];

export type ManagedKeyAlgorithm = SigningAlgorithm | KemKeyAlgorithm;
export const MANAGED_KEY_ALGORITHMS = [...SIGNING_ALGORITHMS, ...KEM_KEY_ALGORITHMS] as [ManagedKeyAlgorithm, ...ManagedKeyAlgorithm[]];

export const KEY_PURPOSES = ['sign', 'encrypt'] as const;
export type KeyPurpose = (typeof KEY_PURPOSES)[number];

export const isKemKeyAlgorithm = (algorithm: string): algorithm is KemKeyAlgorithm => (KEM_KEY_ALGORITHMS as readonly string[]).includes(algorithm);

/** What a key of this algorithm is for. */
export function keyPurposeOf(algorithm: string): KeyPurpose {
  return isKemKeyAlgorithm(algorithm) ? 'encrypt' : 'sign';
}

/**
 * The operation types an ML-KEM key's calls are recorded under, each with the API-key operation
 * (docs/decisions/036) that allows it: the public-key side is `encrypt`, the secret-key side `decrypt`.
 */
export const KEM_OPERATION_TYPES = {
  encapsulate: 'encrypt',
  seal: 'encrypt',
  'generate-data-key': 'encrypt',
  decapsulate: 'decrypt',
  open: 'decrypt',
} as const;
export type KemOperationType = keyof typeof KEM_OPERATION_TYPES;
export const KEM_OPERATION_TYPE_NAMES = Object.keys(KEM_OPERATION_TYPES) as [KemOperationType, ...KemOperationType[]];

/** Every operation type a stored operation can have. */
export const OPERATION_TYPES = ['sign', 'verify', 'prove', ...KEM_OPERATION_TYPE_NAMES] as const;
export type OperationType = (typeof OPERATION_TYPES)[number];

