/**
 * The signed-in user's purchases and plan keys, as the dashboard lists them (docs/api.md §14). Every
 * query is scoped to the owner; rows come from the payment flow, and the list is bounded.
 */
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../db/connection.ts';
import { apiKeys, monthlyUsage, purchases } from '../../../db/schema.ts';
import type { PlanApiKey, Purchase } from '../../contract/purchases.ts';
import { monthOf } from '../metering/metering.service.ts';

export const PURCHASES_LIMIT = 100;

export class PurchasesService {
  private readonly now: () => Date;

  constructor(
    private readonly db: Db,
    options: { now?: () => Date } = {},
  ) {
    this.now = options.now ?? (() => new Date());
  }

  /** Newest first; `limit` purchases with ids below `before` when given, and the newest plan keys. */
  forUser(userId: string, limit = PURCHASES_LIMIT, before?: number): { purchases: z.infer<typeof Purchase>[]; planApiKeys: z.infer<typeof PlanApiKey>[] } {
    // A key's calls this month are counted as `key:<pk_…>` (see MeteringService): a statistic, since
    // every key of the account draws on its one allowance.
    const meterOf = (keyValue: typeof apiKeys.keyValue) => and(eq(monthlyUsage.meter, sql`'key:' || ${keyValue}`), eq(monthlyUsage.month, monthOf(this.now())));

    const purchaseRows = this.db
      .select({ purchase: purchases, callsThisMonth: monthlyUsage.calls, apiKey: apiKeys.keyValue })
      .from(purchases)
      .leftJoin(apiKeys, eq(apiKeys.purchaseId, purchases.id))
      .leftJoin(monthlyUsage, meterOf(apiKeys.keyValue))
      .where(before === undefined ? eq(purchases.userId, userId) : and(eq(purchases.userId, userId), lt(purchases.id, before)))
      .orderBy(desc(purchases.id))
      .limit(limit)
      .all();

    const keyRows = this.db
      .select({ key: apiKeys, planType: purchases.planType, usageLimit: purchases.usageLimit, callsThisMonth: monthlyUsage.calls })
      .from(apiKeys)
      .innerJoin(purchases, eq(purchases.id, apiKeys.purchaseId))
      .leftJoin(monthlyUsage, meterOf(apiKeys.keyValue))
      .where(eq(apiKeys.userId, userId))
      .orderBy(desc(apiKeys.id))
      .limit(PURCHASES_LIMIT)
      .all();

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
      planApiKeys: keyRows.map(({ key: k, planType, usageLimit, callsThisMonth }) => ({
        id: k.id,
        purchaseId: k.purchaseId!,
        planType,
        keyName: k.keyName,
        keyValue: k.keyValue,
        secretRevealable: k.pendingSecret !== null,
        usageCount: k.usageCount,
        usageLimit,
        callsThisMonth: callsThisMonth ?? 0,
        isActive: k.isActive,
        lastUsedAt: iso(k.lastUsed),
        createdAt: k.createdAt.toISOString(),
      })),
    };
  }
}
