/**
 * A managed key's material for one operation (docs/decisions/056-key-versions-and-lifecycle.md):
 * THE lookup every path that signs, verifies by key id, decapsulates or opens with a managed key
 * calls, whatever the algorithm (ML-DSA, QES2, ML-KEM-768). It reads the key and the version in
 * one statement, refuses a key that is not enabled with a typed 4xx (409 key_disabled,
 * 409 key_pending_deletion, 410 key_destroyed), answers 404 for another owner's key or a version
 * the key does not have, and gives the seed only when asked, as a fresh copy the caller wipes.
 *
 *   const m = await ctx.keyMaterials.forKey(owner, keyId, { algorithm: 'ML-DSA-65' }); // primary
 *   const m = await ctx.keyMaterials.forKey(owner, keyId, { version: 2 });              // an older one
 *   const seed = m.seed(); try { … } finally { seed.fill(0); }
 */
import type { Sealer } from '../../security/sealing.ts';
import type { KeyOwner } from '../signing-keys/signing-keys.repository.ts';
import type { SigningKeyService } from '../signing-keys/signing-keys.service.ts';
import type { SigningAlgorithm } from '../../../shared/schemes.ts';
import { keyPurposeOf, type KeyPurpose } from '../../../shared/managed-keys.ts';
import { keyDestroyed, keyNotFound, refusalOf, versionNotFound, wrongPurpose } from './key-errors.ts';
import type { KeyAndVersion, KeyLifecycleRepository } from './key-lifecycle.repository.ts';

/**
 * The associated data a version's seed is sealed with: version 1 keeps the key's own (so every
 * seed sealed before versions existed is its version 1 unchanged); later versions add their number.
 */
export const keySeedAad = (keyId: string, version: number) => (version === 1 ? `signing-key-seed:${keyId}` : `signing-key-seed:${keyId}:v${version}`);

export interface KeyMaterial {
  keyId: string;
  algorithm: string;
  version: number;
  /** Base64 of this version's encoded public key. */
  publicKey: string;
  /** The key's account, or null for a demo session's key. */
  userId: string | null;
  /** A fresh copy of this version's seed, opened now: wipe it (fill(0)) when done. */
  seed(): Uint8Array;
}

export interface MaterialOptions {
  /** A version other than the primary (verifying or opening what an older version made). */
  version?: number;
  /** The algorithm the operation needs: a key of another is answered 404, as none (one of the other purpose, 400). */
  algorithm?: string;
  /** What the operation does with the key: a key of the other purpose is a 400 wrong_key_purpose. */
  purpose?: KeyPurpose;
}

/**
 * How an operation record names the key version that signed (crypto_operations.signing_key_id,
 * docs/decisions/032): version 1 of a user's key is pointed to (signing_keys.public_key is
 * version 1's); a later version's public key, or a demo key's, is stored in the record itself: a
 * user's key is deleted only with its account, whose records go with it (a trigger refuses
 * sooner), while a demo session's key is purged with the session and a signed-in visitor's demo
 * records stay.
 */
export function recordedMaterial(m: KeyMaterial): { publicKey: { encoded: string; keyId: string }; signingKeyId: string | null } {
  return { publicKey: { encoded: m.publicKey, keyId: m.keyId }, signingKeyId: m.userId !== null && m.version === 1 ? m.keyId : null };
}

export class KeyMaterials {
  constructor(
    private readonly repository: KeyLifecycleRepository,
    private readonly signingKeys: SigningKeyService,
    private readonly sealer: Sealer,
  ) {}

  /** The owner's key `keyId` at its primary version (or `options.version`), if it may be used. */
  async forKey(owner: KeyOwner, keyId: string, options: MaterialOptions = {}): Promise<KeyMaterial> {
    const purpose = options.purpose ?? (options.algorithm === undefined ? undefined : keyPurposeOf(options.algorithm));
    const found = await this.repository.keyAndVersion(owner, keyId, options.version);
    if (!found) throw keyNotFound(options.algorithm, purpose);
    if (purpose !== undefined && keyPurposeOf(found.key.algorithm) !== purpose) throw wrongPurpose(found.key.algorithm, purpose);
    if (options.algorithm !== undefined && found.key.algorithm !== options.algorithm) throw keyNotFound(options.algorithm, purpose);
    return this.usable(found, options.version);
  }

  /** The owner's default key for the algorithm at its primary version, created on first use. */
  async forDefault(owner: KeyOwner, algorithm: SigningAlgorithm): Promise<KeyMaterial> {
    const found = await this.repository.defaultKeyAndVersion(owner, algorithm);
    if (found) return this.usable(found);
    const created = await this.signingKeys.defaultKey(owner, algorithm);
    return this.forKey(owner, created.id);
  }

  /** The owner's default key for the algorithm at its primary version if it has one (never creates it). */
  async existingDefault(owner: KeyOwner, algorithm: SigningAlgorithm): Promise<KeyMaterial | undefined> {
    const found = await this.repository.defaultKeyAndVersion(owner, algorithm);
    return found && this.usable(found);
  }

  private usable({ key, version }: KeyAndVersion, asked?: number): KeyMaterial {
    const refusal = refusalOf(key.id, key.state);
    if (refusal) throw refusal;
    if (!version) throw versionNotFound(key.id, asked ?? key.primaryVersion);
    const sealed = version.sealedSeed;
    if (sealed === null) throw keyDestroyed(key.id);
    const sealer = this.sealer;
    return {
      keyId: key.id,
      algorithm: key.algorithm,
      version: version.version,
      publicKey: version.publicKey,
      userId: key.userId,
      seed: () => new Uint8Array(sealer.open(sealed, keySeedAad(key.id, version.version))),
    };
  }
}

