/** Personal API keys (docs/product.md §3; docs/api.md §13). */
import { z } from 'zod';
import { Timestamp } from './common.ts';

export const CreateKeyRequest = z
  .strictObject({
    keyName: z.string().trim().min(1, { message: 'is required' }).max(100).default('My API Key'),
  })
  .meta({ id: 'CreateKeyRequest' });

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
    isActive: z.boolean(),
    createdAt: Timestamp,
    lastUsedAt: Timestamp.nullable(),
  })
  .meta({ id: 'ApiKey' });

export const ApiKeyList = z.array(ApiKey).meta({ id: 'ApiKeyList' });

export const RevealedSecret = z
  .object({ id: z.number().int(), keyValue: z.string(), keySecret: z.string() })
  .meta({ id: 'RevealedSecret' });
