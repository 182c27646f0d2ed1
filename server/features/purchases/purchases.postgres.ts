/** The dashboard's purchases and plan keys on PostgreSQL (docs/decisions/050-one-storage-seam.md), purchases.sqlite.ts's contract. */
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { PgDb } from '../../../db/postgres/connect.ts';
import { apiKeys, monthlyUsage, purchases } from '../../../db/postgres/schema.ts';
import type { PlanKeyListing, PurchaseListing, PurchasesRepository } from './purchases.repository.ts';

export class PostgresPurchasesRepository implements PurchasesRepository {
  constructor(private readonly db: PgDb) {}

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
      .limit(limit);
  }

  async planKeysOf(userId: string, month: string, limit: number): Promise<PlanKeyListing[]> {
    const rows = await this.db
      .select({ key: apiKeys, planType: purchases.planType, usageLimit: purchases.usageLimit, callsThisMonth: monthlyUsage.calls })
      .from(apiKeys)
      .innerJoin(purchases, eq(purchases.id, apiKeys.purchaseId))
      .leftJoin(monthlyUsage, this.meterOf(month))
      .where(eq(apiKeys.userId, userId))
      .orderBy(desc(apiKeys.id))
      .limit(limit);
    return rows.map(({ key: k, planType, usageLimit, callsThisMonth }) => ({
      id: k.id, purchaseId: k.purchaseId!, planType, keyName: k.keyName, keyValue: k.keyValue, secretRevealable: k.pendingSecret !== null,
      usageCount: k.usageCount, usageLimit, callsThisMonth, isActive: k.isActive, lastUsed: k.lastUsed, createdAt: k.createdAt,
    }));
  }
}
