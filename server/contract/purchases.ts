/**
 * The dashboard's purchase history and plan keys (docs/product.md §3, "purchases response"). Rows are
 * written by the payment flow; money is integer US cents.
 */
import { z } from 'zod';
import { Timestamp } from './common.ts';

export const Purchase = z
  .object({
    id: z.number().int(),
    planType: z.string(),
    planName: z.string(),
    amount: z.number().int().meta({ description: 'US cents' }),
    currency: z.string(),
    status: z.string().meta({ description: 'pending until the payment is captured, then completed' }),
    isActive: z.boolean(),
    usageLimit: z.number().int().nullable().meta({ description: 'The plan’s calls per calendar month (UTC), an allowance every key of the account shares' }),
    callsThisMonth: z.number().int().meta({ description: 'Calls made this calendar month (UTC) with this purchase’s plan key (a statistic)' }),
    apiKey: z.string().nullable().meta({ description: 'The pk_… of the plan key issued for this purchase; null while pending' }),
    createdAt: Timestamp,
    completedAt: Timestamp.nullable(),
    expiresAt: Timestamp.nullable(),
  })
  .meta({ id: 'Purchase' });

export const PlanApiKey = z
  .object({
    id: z.number().int(),
    purchaseId: z.number().int(),
    planType: z.string(),
    keyName: z.string(),
    keyValue: z.string(),
    secretRevealable: z.boolean().meta({ description: 'True while the secret waits for its one reveal (POST /api/keys/{id}/reveal-secret)' }),
    usageCount: z.number().int().meta({ description: 'Calls made with this key, in total' }),
    usageLimit: z.number().int().nullable().meta({ description: 'Its plan’s calls per month, an allowance every key of the account shares' }),
    callsThisMonth: z.number().int().meta({ description: 'Calls made this calendar month (UTC) with this key (a statistic, not a limit)' }),
    isActive: z.boolean(),
    lastUsedAt: Timestamp.nullable(),
    createdAt: Timestamp,
  })
  .meta({ id: 'PlanApiKey' });

export const PurchasesResponse = z
  .object({
    purchases: z.array(Purchase).meta({ description: 'Newest first, at most 100' }),
    planApiKeys: z.array(PlanApiKey).meta({ description: 'Newest first, at most 100' }),
  })
  .meta({ id: 'PurchasesResponse' });
