/**
 * The signed-in user's purchases and plan keys, as the dashboard lists them (docs/api.md §14). Every
 * query is scoped to the owner; rows come from the payment flow, and the list is bounded.
 */
import type { z } from 'zod';
import type { PlanApiKey, Purchase } from '../../contract/purchases.ts';
import { monthOf } from '../metering/metering.service.ts';
import type { PurchasesRepository } from './purchases.repository.ts';

export const PURCHASES_LIMIT = 100;

export class PurchasesService {
  private readonly now: () => Date;

  constructor(
    private readonly repository: PurchasesRepository,
    options: { now?: () => Date } = {},
  ) {
    this.now = options.now ?? (() => new Date());
  }

  /** Newest first; `limit` purchases with ids below `before` when given, and the newest plan keys. */
  async forUser(userId: string, limit = PURCHASES_LIMIT, before?: number): Promise<{ purchases: z.infer<typeof Purchase>[]; planApiKeys: z.infer<typeof PlanApiKey>[] }> {
    // A key's calls this month are counted as `key:<pk_…>` (see MeteringService): a statistic, since
    // every key of the account draws on its one allowance.
    const month = monthOf(this.now());
    const purchaseRows = await this.repository.purchasesOf(userId, month, limit, before);
    const keyRows = await this.repository.planKeysOf(userId, month, PURCHASES_LIMIT);

    const iso = (date: Date | null) => (date ? date.toISOString() : null);
    return {
      purchases: purchaseRows.map(({ purchase: p, callsThisMonth, apiKey }) => ({
        id: p.id,
        planType: p.planType,
        planName: p.planName,
        amount: p.amount,
        currency: p.currency,
        status: p.status,
        isActive: p.isActive,
        usageLimit: p.usageLimit,
        callsThisMonth: callsThisMonth ?? 0,
        apiKey,
        createdAt: p.createdAt.toISOString(),
        completedAt: iso(p.completedAt),
        expiresAt: iso(p.expiresAt),
      })),
      planApiKeys: keyRows.map((k) => ({
        id: k.id,
        purchaseId: k.purchaseId,
        planType: k.planType,
        keyName: k.keyName,
        keyValue: k.keyValue,
        secretRevealable: k.secretRevealable,
        usageCount: k.usageCount,
        usageLimit: k.usageLimit,
        callsThisMonth: k.callsThisMonth ?? 0,
        isActive: k.isActive,
        lastUsedAt: iso(k.lastUsed),
        createdAt: k.createdAt.toISOString(),
      })),
    };
  }
}
