/**
 * Platform-managed keys, like a KMS (docs/api.md §7): each account has a default signing key per
 * algorithm, created on first use, and may create more, ML-KEM-768 encryption keys included
 * (docs/decisions/054); a demo visitor gets one per session. Private keys are kept as their seed —
 * 32 bytes for ML-DSA (FIPS 204), 64 for QES2 (the ML-DSA-65 seed ‖ the secp256k1 scalar,
 * docs/crypto/qes2.md §6), 64 for ML-KEM (FIPS 203 d ‖ z) — sealed with AES-256-GCM under a key
 * derived from the master key, with the key id as associated data.
 */
import { randomBytes } from 'node:crypto';
import type { EnginePool } from '../../engine/pool.ts';
import { EngineTaskError } from '../../engine/pool.ts';
import type { MlDsaLevel } from '../../engine/protocol.ts';
import { tenantOf, type Tenant } from '../../engine/tenant.ts';
import { QES2_MODE_OF_KEY, type MlDsaKeyAlgorithm, type Qes2KeyAlgorithm, type SigningAlgorithm } from '../../../shared/schemes.ts';
import { isKemKeyAlgorithm, type ManagedKeyAlgorithm } from '../../../shared/managed-keys.ts';
import { notFound } from '../../errors.ts';
import type { Sealer } from '../../security/sealing.ts';
import { randomBase62 } from '../../security/tokens.ts';
import type { AuditLog } from '../audit/audit.service.ts';
import { keyDestroyed } from '../key-lifecycle/key-errors.ts';
import { keyWithinLimit, limitFor } from '../key-limits/key-limits.ts';
import type { KeyOwner, NewSigningKey, SigningKeyRepository, SigningKeyRow } from './signing-keys.repository.ts';

export type { KeyOwner, SigningKeyRow } from './signing-keys.repository.ts';
export type { MlDsaKeyAlgorithm as MlDsaAlgorithm, Qes2KeyAlgorithm as Qes2Algorithm, SigningAlgorithm } from '../../../shared/schemes.ts';

const LEVEL: Record<MlDsaKeyAlgorithm, MlDsaLevel> = { 'ML-DSA-44': 44, 'ML-DSA-65': 65, 'ML-DSA-87': 87 };
const QES2_MODE = QES2_MODE_OF_KEY;
const isQes2 = (algorithm: ManagedKeyAlgorithm): algorithm is Qes2KeyAlgorithm => algorithm in QES2_MODE;
/** A secp256k1 scalar outside [1, n) has probability about 2^-128; a few draws are plenty. */
const MAX_DRAWS = 4;
const seedAad = (keyId: string) => `signing-key-seed:${keyId}`;

/**
 * How an operation record names the key that signed: its public key and id, and the key to point
 * to instead of storing that public key again (crypto_operations.signing_key_id,
 * docs/decisions/032). Only a user's key is pointed to: it is deleted only with its account, whose
 * records go with it (a trigger refuses sooner). A demo session's key is purged with the session
 * while a signed-in visitor's demo records stay, so those keep the bytes.
 */
export function recordedKey(key: SigningKeyRow): { publicKey: { encoded: string; keyId: string }; signingKeyId: string | null } {
  return { publicKey: { encoded: key.publicKey, keyId: key.id }, signingKeyId: key.userId !== null ? key.id : null };
}

export class SigningKeyService {
  constructor(
    private readonly keys: SigningKeyRepository,
    private readonly pool: EnginePool,
    private readonly sealer: Sealer,
    /** Where an account's default key, made on its first use, is recorded (docs/decisions/055-audit-log.md). */
    private readonly audit?: Pick<AuditLog, 'record'>,
  ) {}

  /** The account's keys, oldest first. */
  list(userId: string): Promise<SigningKeyRow[]> {
    return this.keys.list(userId);
  }

  /** The user's key with this id, whatever its algorithm; another account's key answers the same 404 as none. */
  async ofUser(userId: string, keyId: string): Promise<SigningKeyRow> {
    const row = await this.keys.ofUser(userId, keyId);
    if (!row) throw notFound('signing_key_not_found', 'No signing key with this id belongs to your account.', 'keyId');
    return row;
  }

  /**
   * The owner's default key for the algorithm, created on first use. Two first calls may both run
   * keygen; createDefaultKeyOnce keeps the first key and the other is dropped.
   */
  async defaultKey(owner: KeyOwner, algorithm: SigningAlgorithm): Promise<SigningKeyRow> {
    const existing = await this.keys.findDefault(owner, algorithm);
    if (existing) return existing;
    const key = await this.newKey(owner, algorithm, 'Default');
    const made = keyWithinLimit('signing keys', await this.keys.createDefaultKeyOnce(owner, key, limitFor('signingKeys', owner)));
    // Once per account and algorithm: the calls after this one find the key above and record nothing.
    if (made.id === key.id && 'userId' in owner && this.audit) {
      await this.audit.record({ accountId: owner.userId, type: 'signing_key.created', actor: 'system', subject: made.id, details: { algorithm, name: made.name, default: true } });
    }
    return made;
  }

  /** The owner's default key for the algorithm if it has one (never creates it). */
  existingDefault(owner: KeyOwner, algorithm: SigningAlgorithm): Promise<SigningKeyRow | undefined> {
    return this.keys.findDefault(owner, algorithm);
  }

  /** A new key of any managed algorithm, within the owner's one limit for signing and encryption keys together. */
  async create(owner: KeyOwner, algorithm: ManagedKeyAlgorithm, name: string): Promise<SigningKeyRow> {
    const key = await this.newKey(owner, algorithm, name);
    return keyWithinLimit('signing and encryption keys', await this.keys.createKeyWithinLimit(owner, key, limitFor('signingKeys', owner)));
  }

  /** A new key pair, its seed sealed under its id and wiped. */
  private async newKey(owner: KeyOwner, algorithm: ManagedKeyAlgorithm, name: string): Promise<NewSigningKey> {
    const id = 'kid_' + randomBase62(22);
    const { seed, publicKey } = await this.newKeyPair(algorithm, tenantOf(owner));
    try {
      return { id, algorithm, name, sealedSeed: this.sealer.seal(seed, seedAad(id)), publicKey: Buffer.from(publicKey).toString('base64'), createdAt: new Date() };
    } finally {
      seed.fill(0);
    }
  }

  /** Version 1's seed; operations take their version's from key-lifecycle/key-material.ts. */
  seedOf(row: SigningKeyRow): Uint8Array {
    if (row.sealedSeed === null) throw keyDestroyed(row.id);
    return new Uint8Array(this.sealer.open(row.sealedSeed, seedAad(row.id)));
  }

  /** Keygen in the engine pool, in the turn of the key's owner (engine/tenant.ts). */
  private async newKeyPair(algorithm: ManagedKeyAlgorithm, tenant: Tenant): Promise<{ seed: Buffer; publicKey: Uint8Array }> {
    if (isKemKeyAlgorithm(algorithm)) {
      // Every 64-byte d ‖ z is a valid ML-KEM seed (FIPS 203 §7.1): no redraw.
      const seed = randomBytes(64);
      const { publicKey } = await this.pool.run('mlKemPublicKey', { seed: new Uint8Array(seed) }, tenant);
      return { seed, publicKey };
    }
    if (!isQes2(algorithm)) {
      const seed = randomBytes(32);
      const { publicKey } = await this.pool.run('mlDsaPublicKey', { level: LEVEL[algorithm], seed: new Uint8Array(seed) }, tenant);
      return { seed, publicKey };
    }
    for (let draw = 1; ; draw++) {
      const seed = randomBytes(64);
      try {
        const { publicKey } = await this.pool.run('qes2PublicKey', { mode: QES2_MODE[algorithm], seed: new Uint8Array(seed) }, tenant);
        return { seed, publicKey };
      } catch (error) {
        seed.fill(0);
        if (!(error instanceof EngineTaskError && error.code === 'invalid_key') || draw >= MAX_DRAWS) throw error;
      }
    }
  }
}
