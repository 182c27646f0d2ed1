/** A managed key's versions and lifecycle, and key imports (docs/api.md §7.2, docs/decisions/056). */
import { z } from 'zod';
import {
  DELETION_DAYS, IMPORT_ALGORITHMS, KEY_IMPORT_WRAPPING, KEY_STATES, KEY_VERSION_STATES, MAX_KEY_VERSIONS, ROTATION_PERIOD_DAYS,
} from '../../shared/key-lifecycle.ts';
import { Base64, Timestamp } from './common.ts';

export const KeyIdParams = z.strictObject({
  keyId: z
    .string()
    .regex(/^kid_[0-9A-Za-z]{22}$/, { message: 'must be a key id: kid_ followed by 22 letters or digits' })
    .meta({ description: 'A keyId from GET /api/v1/signing-keys' }),
});

export const ManagedKeyState = z
  .object({
    keyId: z.string(),
    name: z.string(),
    algorithm: z.string(),
    state: z.enum(KEY_STATES).meta({ description: 'enabled; disabled and pending_deletion refuse every operation; destroyed: seeds gone, public keys kept.' }),
    primaryVersion: z.number().int().positive().meta({ description: 'The version sign calls use.' }),
    publicKey: Base64.meta({ description: "The primary version's public key." }),
    deletionAt: Timestamp.nullable().meta({ description: 'When a key pending deletion is destroyed.' }),
    rotationPeriodDays: z.number().int().nullable(),
    nextRotationAt: Timestamp.nullable(),
  })
  .meta({ id: 'ManagedKeyState' });

export const KeyVersion = z
  .object({
    version: z.number().int().positive(),
    publicKey: Base64,
    state: z.enum(KEY_VERSION_STATES),
    primary: z.boolean(),
    createdAt: Timestamp,
  })
  .meta({ id: 'KeyVersion' });

export const KeyVersionList = z
  .object({
    keyId: z.string(),
    algorithm: z.string(),
    state: z.enum(KEY_STATES),
    primaryVersion: z.number().int().positive(),
    versions: z.array(KeyVersion).meta({ description: `Oldest first; at most ${MAX_KEY_VERSIONS}.` }),
  })
  .meta({ id: 'KeyVersionList' });

export const ScheduleDeletionRequest = z
  .strictObject({
    days: z
      .number({ message: 'must be a whole number of days' })
      .int({ message: 'must be a whole number of days' })
      .min(DELETION_DAYS.min, { message: `must be at least ${DELETION_DAYS.min} days` })
      .max(DELETION_DAYS.max, { message: `must be at most ${DELETION_DAYS.max} days` })
      .default(DELETION_DAYS.max)
      .meta({ description: `Days until the key is destroyed (${DELETION_DAYS.min} to ${DELETION_DAYS.max}; default ${DELETION_DAYS.max}).` }),
  })
  .meta({ id: 'ScheduleDeletionRequest' });

export const UpdateKeyRequest = z
  .strictObject({
    rotationPeriodDays: z
      .number({ message: 'must be a whole number of days, or null' })
      .int({ message: 'must be a whole number of days' })
      .min(ROTATION_PERIOD_DAYS.min, { message: `must be at least ${ROTATION_PERIOD_DAYS.min} days` })
      .max(ROTATION_PERIOD_DAYS.max, { message: `must be at most ${ROTATION_PERIOD_DAYS.max} days` })
      .nullable()
      .meta({ description: `Rotate automatically every so many days (${ROTATION_PERIOD_DAYS.min} to ${ROTATION_PERIOD_DAYS.max}), from now; null: only when asked.` }),
  })
  .meta({ id: 'UpdateKeyRequest' });

export const ImportAlgorithm = z.enum(IMPORT_ALGORITHMS);

export const CreateKeyImportRequest = z
  .strictObject({
    algorithm: ImportAlgorithm.meta({ description: 'The key material imported: an ML-DSA seed ξ of 32 bytes, or an ML-KEM-768 seed d ‖ z of 64 bytes.' }),
    name: z.string().trim().min(1, { message: 'must not be empty' }).max(100).optional().meta({ description: 'The new key’s name (default "Imported key").' }),
    keyId: KeyIdParams.shape.keyId.optional().meta({ description: 'Import as a new primary version of this key of yours (same algorithm) instead of creating a key.' }),
  })
  .meta({ id: 'CreateKeyImportRequest' });

export const KeyImport = z
  .object({
    importId: z.string(),
    algorithm: ImportAlgorithm,
    keyId: z.string().nullable(),
    wrappingPublicKey: Base64.meta({ description: 'A fresh ML-KEM-768 encapsulation key (1,184 bytes) for this import only.' }),
    wrapping: z.literal(KEY_IMPORT_WRAPPING).meta({ description: 'RFC 9180 base mode with this suite (KEM 0x0041, KDF 0x0001, AEAD 0x0003).' }),
    info: z.string().meta({ description: 'The HPKE info to seal with, as UTF-8; no aad.' }),
    expiresAt: Timestamp,
  })
  .meta({ id: 'KeyImport' });

export const KeyImportParams = z.strictObject({
  importId: z.string().regex(/^imp_[0-9A-Za-z]{22}$/, { message: 'must be an import id: imp_ followed by 22 letters or digits' }),
});

export const CompleteKeyImportRequest = z
  .strictObject({
    wrappedSeed: z.strictObject({
      enc: Base64.max(2000).meta({ description: 'HPKE enc (the ML-KEM-768 ciphertext, 1,088 bytes).' }),
      ciphertext: Base64.max(200).meta({ description: 'The seed sealed with ChaCha20-Poly1305 (its length plus the 16-byte tag).' }),
    }),
  })
  .meta({ id: 'CompleteKeyImportRequest' });

export const ImportedKey = ManagedKeyState.extend({
  importedVersion: z.number().int().positive().meta({ description: 'The version the imported seed became (1 for a new key).' }),
}).meta({ id: 'ImportedKey' });
