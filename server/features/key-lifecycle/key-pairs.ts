/**
 * Key pairs of any managed-key algorithm from a seed, in the engine pool
 * (docs/decisions/056-key-versions-and-lifecycle.md): what rotation and import need whatever the
 * key's algorithm — ML-DSA-44/65/87 (a 32-byte FIPS 204 seed ξ), QES2 composites (64 bytes: the
 * ML-DSA-65 seed ‖ the secp256k1 scalar) and ML-KEM-768 (64 bytes: FIPS 203 d ‖ z).
 */
import { randomBytes } from 'node:crypto';
import { EngineTaskError, type EnginePool } from '../../engine/pool.ts';
import type { Tenant } from '../../engine/tenant.ts';
import { ML_DSA_KEY_ALGORITHMS, QES2_MODE_OF_KEY, type MlDsaKeyAlgorithm, type Qes2KeyAlgorithm } from '../../../shared/schemes.ts';
import { AppError, badRequest } from '../../errors.ts';

const LEVEL = { 'ML-DSA-44': 44, 'ML-DSA-65': 65, 'ML-DSA-87': 87 } as const;
const isMlDsa = (a: string): a is MlDsaKeyAlgorithm => (ML_DSA_KEY_ALGORITHMS as readonly string[]).includes(a);
const isQes2 = (a: string): a is Qes2KeyAlgorithm => a in QES2_MODE_OF_KEY;
/** A secp256k1 scalar outside [1, n) has probability about 2^-128; a few draws are plenty. */
const MAX_DRAWS = 4;

/** The seed length of a managed key's algorithm, in bytes; undefined for an algorithm this module does not know. */
export function seedLengthOf(algorithm: string): number | undefined {
  if (isMlDsa(algorithm)) return 32;
  if (isQes2(algorithm) || algorithm === 'ML-KEM-768') return 64;
  return undefined;
}

/** The public key of `seed` for the algorithm; a seed the algorithm rejects (a QES2 scalar out of range) is 400 invalid_seed. */
export async function publicKeyOf(pool: EnginePool, algorithm: string, seed: Uint8Array, tenant: Tenant): Promise<Uint8Array> {
  try {
    if (isMlDsa(algorithm)) return (await pool.run('mlDsaPublicKey', { level: LEVEL[algorithm], seed }, tenant)).publicKey;
    if (isQes2(algorithm)) return (await pool.run('qes2PublicKey', { mode: QES2_MODE_OF_KEY[algorithm], seed }, tenant)).publicKey;
    if (algorithm === 'ML-KEM-768') return (await pool.run('mlKemPublicKey', { seed }, tenant)).publicKey;
  } catch (error) {
    if (error instanceof EngineTaskError && error.code === 'invalid_key') throw badRequest('invalid_seed', `The seed is not a valid ${algorithm} seed: its key is out of range.`, 'wrappedSeed');
    throw error;
  }
  throw new Error(`no key generation for algorithm ${algorithm}`);
}

/** A fresh seed and its public key; the caller wipes the seed. */
export async function newKeyPair(pool: EnginePool, algorithm: string, tenant: Tenant): Promise<{ seed: Uint8Array; publicKey: Uint8Array }> {
  const length = seedLengthOf(algorithm);
  if (length === undefined) throw new Error(`no key generation for algorithm ${algorithm}`);
  for (let draw = 1; ; draw++) {
    const seed = new Uint8Array(randomBytes(length));
    try {
      return { seed, publicKey: await publicKeyOf(pool, algorithm, seed, tenant) };
    } catch (error) {
      seed.fill(0);
      if (!(error instanceof AppError && error.code === 'invalid_seed') || draw >= MAX_DRAWS) throw error;
    }
  }
}
