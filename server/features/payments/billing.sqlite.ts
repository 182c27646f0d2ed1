/** The Billing tab's reads on SQLite (docs/decisions/050-one-storage-seam.md): the statements moved from billing.service.ts. */
import { and, desc, eq, inArray, lte } from 'drizzle-orm';
import type { Db } from '../../../db/connection.ts';
import { billingCharges, purchases, users } from '../../../db/schema.ts';
import type { BillingChargeRow, BillingRepository } from './billing.repository.ts';
import { PAID_TIERS } from './paid-plans.ts';

export class SqliteBillingRepository implements BillingRepository {
  constructor(private readonly db: Db) {}

  async planEndsAt(userId: string): Promise<Date | null | undefined> {
    return this.db.select({ planExpiresAt: users.planExpiresAt }).from(users).where(eq(users.id, userId)).get()?.planExpiresAt;
  }

  async pendingOverage(userId: string): Promise<{ amount: number; month: string }[]> {
    const rows = this.db
      .select({ amount: billingCharges.amount, month: billingCharges.month })
      .from(billingCharges)
      .where(and(eq(billingCharges.userId, userId), eq(billingCharges.chargeType, 'overage'), eq(billingCharges.status, 'pending')))
      .all();
    // An overage row always has its month.
    return rows.map((row) => ({ ...row, month: row.month! }));
  }

  async lastEndedPlan(userId: string, now: Date): Promise<{ planType: string; planName: string; expiresAt: Date } | undefined> {
    const row = this.db
      .select({ planType: purchases.planType, planName: purchases.planName, expiresAt: purchases.expiresAt })
      .from(purchases)
      .where(and(eq(purchases.userId, userId), eq(purchases.status, 'completed'), inArray(purchases.planType, [...PAID_TIERS]), lte(purchases.expiresAt, now)))
      .orderBy(desc(purchases.expiresAt))
      .get();
    return row && { ...row, expiresAt: row.expiresAt! };
  }

  async chargesOf(userId: string, limit: number): Promise<BillingChargeRow[]> {
    return this.db.select().from(billingCharges).where(eq(billingCharges.userId, userId)).orderBy(desc(billingCharges.id)).limit(limit).all();
  }
}
