/** The key inspector behind the debug pages: answers for the pasted key only (docs/api.md §15). */
import { z } from 'zod';
import { CryptoOperation } from './operations.ts';

export const KeyCredentials = z
  .strictObject({
    apiKey: z.string().min(1, { message: 'is required' }).max(100),
    apiSecret: z.string().min(1, { message: 'is required' }).max(200),
  })
  .meta({ id: 'KeyCredentials' });

export const KeyUsage = z
  .object({
    used: z.number().int().meta({ description: 'Calls counted against the allowance this key draws on: its account’s, shared by all its keys.' }),
    limit: z.number().int().nullable().meta({ description: 'null on Unlimited' }),
    currentPlan: z.string(),
    keyKind: z.enum(['personal', 'plan']),
    overageCharges: z.number().int().meta({ description: 'US cents' }),
  })
  .meta({ id: 'KeyUsage' });

export const KeyOperations = z
  .object({ operations: z.array(CryptoOperation) })
  .meta({ id: 'KeyOperations' });

export const KeyValueParams = z.strictObject({
  keyValue: z
    .string()
    .regex(/^pk_[0-9A-Za-z]{24}$/, { message: 'must be an API key: pk_ followed by 24 letters or digits' })
    .meta({ description: 'One of your API keys (personal or plan), pk_…' }),
});
