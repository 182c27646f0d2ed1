/**
 * The Billing tab's figures (docs/api.md §14.6): the plan and when it ends, what ended last (for
 * Renew), the overage owed (the same cents as GET /api/usage), payable, accruing and overdue, and
 * the account's charges. Every query is scoped to the owner.
 */
import { and, desc, eq, inArray, lte } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../db/connection.ts';
import { billingCharges, purchases, users } from '../../../db/schema.ts';
import type { BillingSummary } from '../../contract/payments.ts';
import type { MeteringService } from '../metering/metering.service.ts';
import type { SpendingLimits } from '../metering/spending-limits.ts';
import { monthOf, overdueBefore } from '../metering/metering.service.ts';
import { PAID_TIERS, type PaidTier } from './account-plan.ts';

export const CHARGES_LIMIT = 100;

export class BillingService {
  constructor(
    private readonly db: Db,
    private readonly metering: MeteringService,
    private readonly spending: SpendingLimits,
    private readonly now: () => Date,
  ) {}

  async summary(userId: string): Promise<z.infer<typeof BillingSummary>> {
    // summary() also moves an account whose plan ended back to Free, so the two agree.
    const usage = await this.metering.summary(userId);
    const now = this.now();
    const user = this.db.select({ planExpiresAt: users.planExpiresAt }).from(users).where(eq(users.id, userId)).get()!;
    const owedRows = this.db
      .select({ amount: billingCharges.amount, month: billingCharges.month })
      .from(billingCharges)
      .where(and(eq(billingCharges.userId, userId), eq(billingCharges.chargeType, 'overage'), eq(billingCharges.status, 'pending')))
      .all();
    const thisMonth = monthOf(now);
    const cutoff = overdueBefore(now);
    const payable = owedRows.filter((r) => r.month! < thisMonth).reduce((sum, r) => sum + r.amount, 0);
    const overdue = owedRows.filter((r) => r.amount > 0 && r.month! < cutoff).map((r) => r.month!).sort();
    const last = usage.currentPlan === 'free'
      ? this.db
          .select({ planType: purchases.planType, planName: purchases.planName, expiresAt: purchases.expiresAt })
          .from(purchases)
          .where(and(eq(purchases.userId, userId), eq(purchases.status, 'completed'), inArray(purchases.planType, [...PAID_TIERS]), lte(purchases.expiresAt, now)))
          .orderBy(desc(purchases.expiresAt))
          .get()
      : undefined;
    const charges = this.db.select().from(billingCharges).where(eq(billingCharges.userId, userId)).orderBy(desc(billingCharges.id)).limit(CHARGES_LIMIT).all();
    return {
      currentPlan: usage.currentPlan,
      planExpiresAt: usage.currentPlan === 'free' ? null : (user.planExpiresAt?.toISOString() ?? null),
      lastPlan: last ? { planType: last.planType as PaidTier, planName: last.planName, expiredAt: last.expiresAt!.toISOString() } : null,
      overage: { owed: usage.overageCharges, payable, accruing: owedRows.filter((r) => r.month === thisMonth).reduce((s, r) => s + r.amount, 0), overdueMonth: overdue[0] ?? null },
      charges: charges.map((c) => ({
        id: c.id, chargeType: c.chargeType, amount: c.amount, description: c.description, month: c.month, status: c.status,
        purchaseId: c.purchaseId, createdAt: c.createdAt.toISOString(), paidAt: c.paidAt ? c.paidAt.toISOString() : null,
      })),
      spendingLimit: this.spending.limitOf(userId, usage.currentPlan),
    };
  }
}
