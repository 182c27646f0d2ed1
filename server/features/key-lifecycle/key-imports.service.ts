/**
 * Bring your own key (docs/decisions/056-key-versions-and-lifecycle.md), as KMS imports wrap key
 * material: an import hands out a fresh ML-KEM-768 wrapping key (its seed sealed in the database),
 * the caller seals the key's seed to it with HPKE (RFC 9180 base mode,
 * ML-KEM-768/HKDF-SHA256/ChaCha20-Poly1305, info `kms-key-import:<importId>`), and completing
 * the import opens it in the engine pool, checks its length, derives the public key and stores a
 * new key (within the account's limit) or a new primary version of the key named. An import is
 * taken once, whatever the outcome: a failed unwrap uses it up, so a wrong guess cannot be retried
 * against the same wrapping key.
 */
import { randomBytes } from 'node:crypto';
import { IMPORT_SEED_BYTES, KEY_IMPORT_TTL_MS, KEY_IMPORT_WRAPPING, keyImportInfo, type ImportAlgorithm } from '../../../shared/key-lifecycle.ts';
import type { EnginePool } from '../../engine/pool.ts';
import { tenantOf } from '../../engine/tenant.ts';
import { AppError, badRequest, notFound } from '../../errors.ts';
import type { Sealer } from '../../security/sealing.ts';
import { randomBase62 } from '../../security/tokens.ts';
import { keyWithinLimit, limitFor } from '../key-limits/key-limits.ts';
import type { SigningKeyRepository } from '../signing-keys/signing-keys.repository.ts';
import { refusalOf } from './key-errors.ts';
import type { KeyImportsRepository } from './key-imports.repository.ts';
import type { KeyLifecycleService, ManagedKey } from './key-lifecycle.service.ts';
import { keySeedAad } from './key-material.ts';
import { publicKeyOf } from './key-pairs.ts';

/** The associated data an import's wrapping seed is sealed with. */
export const keyImportAad = (importId: string) => `key-import-secret:${importId}`;

/** HPKE's enc for ML-KEM-768 (a KEM ciphertext) and the AEAD tag the ciphertext ends with. */
const ENC_BYTES = 1088;
const TAG_BYTES = 16;

export interface StartedImport {
  importId: string;
  algorithm: ImportAlgorithm;
  keyId: string | null;
  wrappingPublicKey: string;
  expiresAt: Date;
}

export interface ImportSources {
  imports: KeyImportsRepository;
  signingKeys: SigningKeyRepository;
  lifecycle: KeyLifecycleService;
  pool: EnginePool;
  /** Seals import wrapping seeds ('key-import-secret'). */
  importSealer: Sealer;
  /** Seals key seeds ('signing-key-seed'), as every version's. */
  seedSealer: Sealer;
  now?: () => Date;
}

export class KeyImportsService {
  private readonly now: () => Date;

  constructor(private readonly s: ImportSources) {
    this.now = s.now ?? (() => new Date());
  }

  /** A new import for the algorithm: a new key, or a new version of `keyId` (enabled, same algorithm). */
  async start(userId: string, input: { algorithm: ImportAlgorithm; name?: string; keyId?: string }): Promise<StartedImport> {
    if (input.keyId !== undefined) {
      const { key } = await this.s.lifecycle.get(userId, input.keyId);
      if (key.algorithm !== input.algorithm) throw badRequest('algorithm_mismatch', `Key ${key.id} is a ${key.algorithm} key: import ${key.algorithm} material into it.`, 'algorithm');
      const refusal = refusalOf(key.id, key.state);
      if (refusal) throw refusal;
    }
    const importId = 'imp_' + randomBase62(22);
    const seed = new Uint8Array(randomBytes(64));
    try {
      const { publicKey } = await this.s.pool.run('mlKemPublicKey', { seed }, tenantOf({ userId }));
      const created = this.now();
      const row = {
        id: importId, userId, algorithm: input.algorithm, name: input.name ?? null, keyId: input.keyId ?? null,
        sealedSecret: this.s.importSealer.seal(seed, keyImportAad(importId)), wrappingPublicKey: Buffer.from(publicKey).toString('base64'),
        expiresAt: new Date(created.getTime() + KEY_IMPORT_TTL_MS), createdAt: created,
      };
      await this.s.imports.create(row);
      return { importId, algorithm: input.algorithm, keyId: row.keyId, wrappingPublicKey: row.wrappingPublicKey, expiresAt: row.expiresAt };
    } finally {
      seed.fill(0);
    }
  }

  /** Unwraps the seed, stores it as a key or a version, and uses the import up. */
  async complete(userId: string, importId: string, wrapped: { enc: string; ciphertext: string }): Promise<ManagedKey & { importedVersion: number }> {
    const enc = new Uint8Array(Buffer.from(wrapped.enc, 'base64'));
    const cipherText = new Uint8Array(Buffer.from(wrapped.ciphertext, 'base64'));
    if (enc.length !== ENC_BYTES) throw badRequest('invalid_enc', `wrappedSeed.enc must be HPKE's ML-KEM-768 enc of ${ENC_BYTES} bytes (got ${enc.length}).`, 'wrappedSeed.enc');
    if (cipherText.length < TAG_BYTES + 32 || cipherText.length > TAG_BYTES + 64) {
      throw badRequest('invalid_ciphertext_length', `wrappedSeed.ciphertext must be the sealed seed: 32 or 64 bytes plus the ${TAG_BYTES}-byte tag (got ${cipherText.length}).`, 'wrappedSeed.ciphertext');
    }
    const taken = await this.s.imports.take(userId, importId, this.now());
    if ('missing' in taken) throw notFound('key_import_not_found', 'No key import with this id belongs to your account.', 'importId');
    if ('gone' in taken) {
      throw new AppError(410, `key_import_${taken.gone}`, taken.gone === 'used' ? 'This key import was already used: start another (POST /api/v1/key-imports).' : 'This key import expired (24 hours): start another (POST /api/v1/key-imports).', 'importId');
    }
    const row = taken.taken;
    const algorithm = row.algorithm as ImportAlgorithm;
    const tenant = tenantOf({ userId });
    const secret = new Uint8Array(this.s.importSealer.open(row.sealedSecret, keyImportAad(row.id)));
    let seed: Uint8Array | null;
    try {
      seed = (await this.s.pool.run('keyImportOpen', { secretKey: secret, enc, cipherText, info: new Uint8Array(Buffer.from(keyImportInfo(row.id))) }, tenant)).plaintext;
    } finally {
      secret.fill(0);
    }
    if (seed === null) {
      throw badRequest('unwrap_failed', `wrappedSeed does not open: seal the seed to wrappingPublicKey with info "${keyImportInfo(row.id)}" (${KEY_IMPORT_WRAPPING}). This import is used up: start another.`, 'wrappedSeed');
    }
    try {
      const expected = IMPORT_SEED_BYTES[algorithm];
      if (seed.length !== expected) throw badRequest('invalid_seed_length', `A ${algorithm} seed is ${expected} bytes (got ${seed.length}). This import is used up: start another.`, 'wrappedSeed');
      const publicKey = Buffer.from(await publicKeyOf(this.s.pool, algorithm, seed, tenant)).toString('base64');
      if (row.keyId !== null) {
        const { key } = await this.s.lifecycle.get(userId, row.keyId);
        const refusal = refusalOf(key.id, key.state);
        if (refusal) throw refusal;
        const added = await this.s.lifecycle.addVersion(key, { sealedSeed: this.s.lifecycle.sealFor(key.id, key.primaryVersion + 1, seed), publicKey }, key.nextRotationAt);
        return { ...added, importedVersion: added.key.primaryVersion };
      }
      const id = 'kid_' + randomBase62(22);
      const created = { id, algorithm, name: row.name ?? 'Imported key', sealedSeed: this.s.seedSealer.seal(seed, keySeedAad(id, 1)), publicKey, createdAt: this.now() };
      const key = keyWithinLimit('signing keys', await this.s.signingKeys.createKeyWithinLimit({ userId }, created, limitFor('signingKeys', { userId })));
      return { key, publicKey, importedVersion: 1 };
    } finally {
      seed.fill(0);
    }
  }

  /** Imports whose 24 hours ended a day ago or more, used or not (housekeeping). */
  purgeExpired(): Promise<number> {
    return this.s.imports.purgeExpired(new Date(this.now().getTime() - 86_400_000));
  }
}
