/** The Billing tab's reads on PostgreSQL (docs/decisions/050-one-storage-seam.md), billing.sqlite.ts's contract. */
import { and, desc, eq, inArray, lte } from 'drizzle-orm';
import type { PgDb } from '../../../db/postgres/connect.ts';
import { billingCharges, purchases, users } from '../../../db/postgres/schema.ts';
import type { BillingChargeRow, BillingRepository } from './billing.repository.ts';
import { PAID_TIERS } from './paid-plans.ts';

export class PostgresBillingRepository implements BillingRepository {
  constructor(private readonly db: PgDb) {}

  async planEndsAt(userId: string): Promise<Date | null | undefined> {
    const [row] = await this.db.select({ planExpiresAt: users.planExpiresAt }).from(users).where(eq(users.id, userId));
    return row?.planExpiresAt;
  }

  async pendingOverage(userId: string): Promise<{ amount: number; month: string }[]> {
    const rows = await this.db
      .select({ amount: billingCharges.amount, month: billingCharges.month })
      .from(billingCharges)
      .where(and(eq(billingCharges.userId, userId), eq(billingCharges.chargeType, 'overage'), eq(billingCharges.status, 'pending')));
    // An overage row always has its month.
    return rows.map((row) => ({ ...row, month: row.month! }));
  }

  async lastEndedPlan(userId: string, now: Date): Promise<{ planType: string; planName: string; expiresAt: Date } | undefined> {
    const [row] = await this.db
      .select({ planType: purchases.planType, planName: purchases.planName, expiresAt: purchases.expiresAt })
      .from(purchases)
      .where(and(eq(purchases.userId, userId), eq(purchases.status, 'completed'), inArray(purchases.planType, [...PAID_TIERS]), lte(purchases.expiresAt, now)))
      .orderBy(desc(purchases.expiresAt))
      .limit(1);
    return row && { ...row, expiresAt: row.expiresAt! };
  }

  async chargesOf(userId: string, limit: number): Promise<BillingChargeRow[]> {
    return this.db.select().from(billingCharges).where(eq(billingCharges.userId, userId)).orderBy(desc(billingCharges.id)).limit(limit);
  }
}
