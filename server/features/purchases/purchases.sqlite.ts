/** The dashboard's purchases and plan keys on SQLite (docs/decisions/050-one-storage-seam.md): the statements moved from purchases.service.ts. */
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../../db/connection.ts';
import { apiKeys, monthlyUsage, purchases } from '../../../db/schema.ts';
import type { PlanKeyListing, PurchaseListing, PurchasesRepository } from './purchases.repository.ts';

export class SqlitePurchasesRepository implements PurchasesRepository {
  constructor(private readonly db: Db) {}

  /** A key's row of monthly_usage for `month`. */
  private meterOf(month: string) {
    return and(eq(monthlyUsage.meter, sql`'key:' || ${apiKeys.keyValue}`), eq(monthlyUsage.month, month));
  }

  async purchasesOf(userId: string, month: string, limit: number, before?: number): Promise<PurchaseListing[]> {
    return this.db
      .select({ purchase: purchases, callsThisMonth: monthlyUsage.calls, apiKey: apiKeys.keyValue })
      .from(purchases)
      .leftJoin(apiKeys, eq(apiKeys.purchaseId, purchases.id))
      .leftJoin(monthlyUsage, this.meterOf(month))
      .where(before === undefined ? eq(purchases.userId, userId) : and(eq(purchases.userId, userId), lt(purchases.id, before)))
      .orderBy(desc(purchases.id))
      .limit(limit)
      .all();
  }

  async planKeysOf(userId: string, month: string, limit: number): Promise<PlanKeyListing[]> {
    const rows = this.db
      .select({ key: apiKeys, planType: purchases.planType, usageLimit: purchases.usageLimit, callsThisMonth: monthlyUsage.calls })
      .from(apiKeys)
      .innerJoin(purchases, eq(purchases.id, apiKeys.purchaseId))
      .leftJoin(monthlyUsage, this.meterOf(month))
      .where(eq(apiKeys.userId, userId))
      .orderBy(desc(apiKeys.id))
      .limit(limit)
      .all();
    return rows.map(({ key: k, planType, usageLimit, callsThisMonth }) => ({
      id: k.id, purchaseId: k.purchaseId!, planType, keyName: k.keyName, keyValue: k.keyValue, secretRevealable: k.pendingSecret !== null,
      usageCount: k.usageCount, usageLimit, callsThisMonth, isActive: k.isActive, lastUsed: k.lastUsed, createdAt: k.createdAt,
    }));
  }
}
