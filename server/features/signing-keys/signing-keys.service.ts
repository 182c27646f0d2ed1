/**
 * Platform-managed keys, like a KMS (docs/api.md §7): each account has a default signing key per
 * algorithm, created on first use, and may create more, ML-KEM-768 encryption keys included
 * (docs/decisions/054); a demo visitor gets one per session. Private keys are kept as their seed —
 * 32 bytes for ML-DSA (FIPS 204), 64 for QES2 (the ML-DSA-65 seed ‖ the secp256k1 scalar,
 * docs/crypto/qes2.md §6), 64 for ML-KEM (FIPS 203 d ‖ z) — sealed with AES-256-GCM under a key
 * derived from the master key, with the key id as associated data.
 */
import type { EnginePool } from '../../engine/pool.ts';
import { tenantOf } from '../../engine/tenant.ts';
import type { SigningAlgorithm } from '../../../shared/schemes.ts';
import type { ManagedKeyAlgorithm } from '../../../shared/managed-keys.ts';
import type { Sealer } from '../../security/sealing.ts';
import { randomBase62 } from '../../security/tokens.ts';
import type { AuditLog } from '../audit/audit.service.ts';
import { keySeedAad } from '../key-lifecycle/key-material.ts';
import { newKeyPair } from '../key-lifecycle/key-pairs.ts';
import { keyWithinLimit, limitFor } from '../key-limits/key-limits.ts';
import type { KeyOwner, NewSigningKey, SigningKeyRepository, SigningKeyRow } from './signing-keys.repository.ts';

export type { KeyOwner, SigningKeyRow } from './signing-keys.repository.ts';
export type { MlDsaKeyAlgorithm as MlDsaAlgorithm, Qes2KeyAlgorithm as Qes2Algorithm, SigningAlgorithm } from '../../../shared/schemes.ts';

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


  /** A new key of any managed algorithm, within the owner's one limit for signing and encryption keys together. */
  async create(owner: KeyOwner, algorithm: ManagedKeyAlgorithm, name: string): Promise<SigningKeyRow> {
    const key = await this.newKey(owner, algorithm, name);
    return keyWithinLimit('signing and encryption keys', await this.keys.createKeyWithinLimit(owner, key, limitFor('signingKeys', owner)));
  }

  /** A new key pair, its seed sealed under its id and wiped. */
  private async newKey(owner: KeyOwner, algorithm: ManagedKeyAlgorithm, name: string): Promise<NewSigningKey> {
    const id = 'kid_' + randomBase62(22);
    // Keygen in the engine pool, in the turn of the key's owner (engine/tenant.ts).
    const { seed, publicKey } = await newKeyPair(this.pool, algorithm, tenantOf(owner));
    try {
      return { id, algorithm, name, sealedSeed: this.sealer.seal(seed, keySeedAad(id, 1)), publicKey: Buffer.from(publicKey).toString('base64'), createdAt: new Date() };
    } finally {
      seed.fill(0);
    }
  }

}
