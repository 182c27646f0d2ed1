/** API keys of every kind: the owner's own and plan keys (docs/product.md §3; docs/api.md §13; docs/decisions/036). */
import { z } from 'zod';
import { KEY_OPERATIONS } from '../../shared/key-operations.ts';
import { Timestamp } from './common.ts';

export const KeyOperationName = z.enum(KEY_OPERATIONS).meta({ id: 'KeyOperation', description:
  'A kind of metered call: sign, verify (signatures and proofs), prove, encrypt (encapsulate, seal, generate-data-key) or decrypt ' +
  '(decapsulate, open); or manage: the account’s management routes with this key (usage, API keys, managed keys; docs/decisions/057), never implied by null' });

const AllowedOperations = z
  .array(KeyOperationName)
  .min(1, { message: 'must name at least one operation, or be null for all' })
  .max(KEY_OPERATIONS.length)
  .refine((ops) => new Set(ops).size === ops.length, { message: 'must not repeat an operation' })
  .nullable()
  .meta({ description: 'The operations the key may call; null: every metered operation (sign, verify, prove, encrypt, decrypt), never manage' });

const KeyExpiry = z.iso
  .datetime({ offset: true, message: 'must be an ISO 8601 time with its zone, e.g. 2027-01-31T00:00:00Z' })
  .nullable()
  .meta({ description: 'When the key stops working (in the future); null: never' });

const KeyName = z.string().trim().min(1, { message: 'is required' }).max(100);

export const CreateKeyRequest = z
  .strictObject({
    keyName: KeyName.default('My API Key'),
    allowedOperations: AllowedOperations.optional(),
    expiresAt: KeyExpiry.optional(),
  })
  .meta({ id: 'CreateKeyRequest' });

export const UpdateKeyRequest = z
  .strictObject({ keyName: KeyName.optional(), allowedOperations: AllowedOperations.optional(), expiresAt: KeyExpiry.optional() })
  .refine((body) => Object.keys(body).length > 0, { message: 'name at least one of keyName, allowedOperations, expiresAt' })
  .meta({ id: 'UpdateKeyRequest' });

export const RotateKeyRequest = z
  .strictObject({
    revokeOldSecret: z
      .boolean()
      .default(false)
      .meta({ description: 'true: the old secret stops at once (a leaked key); false: it keeps working 24 hours, while callers move to the new one' }),
  })
  .meta({ id: 'RotateKeyRequest' });

export const ApiKey = z
  .object({
    id: z.number().int(),
    keyName: z.string(),
    name: z.string().meta({ description: 'Same as keyName (older clients read name).' }),
    keyValue: z.string().meta({ description: 'The public key identifier, pk_…, sent as x-api-key.' }),
    keySecret: z
      .string()
      .nullable()
      .meta({ description: 'The secret, only in the response that creates or rotates the key; null elsewhere.' }),
    secretRevealable: z
      .boolean()
      .meta({ description: 'True while a platform-created secret waits for its one reveal (POST …/reveal-secret).' }),
    kind: z.enum(['personal', 'plan']).meta({ description: 'personal: made by you (or at sign-up); plan: issued with a purchase. Both draw on the account’s one allowance.' }),
    purchaseId: z.number().int().nullable().meta({ description: 'The purchase a plan key was issued with' }),
    isActive: z.boolean(),
    allowedOperations: z.array(KeyOperationName).nullable().meta({ description: 'The operations the key may call; null: every metered one (not manage)' }),
    expiresAt: Timestamp.nullable().meta({ description: 'When the key stops working; null: never' }),
    previousSecretExpiresAt: Timestamp.nullable().meta({ description: 'After a rotation: until when the old secret still works; null when it does not' }),
    usageCount: z.number().int().meta({ description: 'Calls made with this key, in total (a statistic)' }),
    callsThisMonth: z.number().int().meta({ description: 'Calls made with this key this calendar month, UTC (a statistic: the allowance is the account’s)' }),
    createdAt: Timestamp,
    lastUsedAt: Timestamp.nullable(),
    lastUsedIp: z.string().nullable().meta({ description: 'The client address of the key’s latest call' }),
  })
  .meta({ id: 'ApiKey' });

export const ApiKeyList = z.array(ApiKey).meta({ id: 'ApiKeyList' });

export const RevealedSecret = z
  .object({ id: z.number().int(), keyValue: z.string(), keySecret: z.string() })
  .meta({ id: 'RevealedSecret' });
