/** Every platform-managed key, signing and encryption, under /api/v1/keys (docs/api.md §7.4; docs/decisions/054). */
import { z } from 'zod';
import { KEY_STATES } from '../../shared/key-lifecycle.ts';
import { KEY_PURPOSES, MANAGED_KEY_ALGORITHMS } from '../../shared/managed-keys.ts';
import { Base64, Timestamp } from './common.ts';

export const ManagedKeyAlgorithm = z.enum(MANAGED_KEY_ALGORITHMS);

export const ManagedKey = z
  .object({
    keyId: z.string(),
    name: z.string(),
    algorithm: ManagedKeyAlgorithm,
    purpose: z.enum(KEY_PURPOSES).meta({ description: 'sign: ML-DSA and QES2 keys; encrypt: ML-KEM-768 keys' }),
    isDefault: z.boolean(),
    publicKey: Base64.meta({ description: 'FIPS 204 encoding (signing keys) or FIPS 203 encapsulation key (ML-KEM-768)' }),
    createdAt: Timestamp,
    state: z.enum(KEY_STATES).meta({ description: 'enabled, disabled, pending_deletion or destroyed (docs/decisions/056)' }),
    primaryVersion: z.number().int().positive().meta({ description: 'The version sign and encrypt calls use' }),
  })
  .meta({ id: 'ManagedKey', description: 'The private key never leaves the platform; it is stored as its sealed seed.' });

export const ManagedKeyList = z
  .object({ keys: z.array(ManagedKey).meta({ description: 'Oldest first; at most 25 (the account’s key limit), so never paged' }) })
  .meta({ id: 'ManagedKeyList' });

export const CreateManagedKeyRequest = z
  .strictObject({
    name: z.string().trim().min(1, { message: 'is required' }).max(100),
    algorithm: ManagedKeyAlgorithm.meta({ description: 'ML-DSA-44/65/87, QES2_ECDSA, QES2_Schnorr (purpose sign) or ML-KEM-768 (purpose encrypt)' }),
  })
  .meta({ id: 'CreateManagedKeyRequest' });

export const ManagedKeyParams = z.strictObject({
  keyId: z
    .string()
    .regex(/^kid_[0-9A-Za-z]{22}$/, { message: 'must be a key id: kid_ followed by 22 letters or digits' })
    .meta({ description: 'A keyId from GET /api/v1/keys' }),
});
