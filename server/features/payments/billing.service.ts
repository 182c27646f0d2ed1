/**
 * The Billing tab's figures (docs/api.md §14.6): the plan and when it ends, what ended last (for
 * Renew), the overage owed (the same cents as GET /api/usage), payable, accruing and overdue, and
 * the account's charges. Every query is scoped to the owner.
 */
import type { z } from 'zod';
import type { BillingSummary } from '../../contract/payments.ts';
import type { MeteringService } from '../metering/metering.service.ts';
import type { SpendingLimits } from '../metering/spending-limits.ts';
import { monthOf, overdueBefore } from '../metering/metering.service.ts';
import type { BillingRepository } from './billing.repository.ts';
import type { PaidTier } from './paid-plans.ts';

export const CHARGES_LIMIT = 100;

export class BillingService {
  constructor(
    private readonly repository: BillingRepository,
    private readonly metering: MeteringService,
    private readonly spending: SpendingLimits,
    private readonly now: () => Date,
  ) {}

  async summary(userId: string): Promise<z.infer<typeof BillingSummary>> {
    // summary() also moves an account whose plan ended back to Free, so the two agree.
    const usage = await this.metering.summary(userId);
    const now = this.now();
    const planExpiresAt = await this.repository.planEndsAt(userId);
    const owedRows = await this.repository.pendingOverage(userId);
    const thisMonth = monthOf(now);
    const cutoff = overdueBefore(now);
    const payable = owedRows.filter((r) => r.month < thisMonth).reduce((sum, r) => sum + r.amount, 0);
    const overdue = owedRows.filter((r) => r.amount > 0 && r.month < cutoff).map((r) => r.month).sort();
    const last = usage.currentPlan === 'free' ? await this.repository.lastEndedPlan(userId, now) : undefined;
    const charges = await this.repository.chargesOf(userId, CHARGES_LIMIT);
    return {
      currentPlan: usage.currentPlan,
      planExpiresAt: usage.currentPlan === 'free' ? null : (planExpiresAt?.toISOString() ?? null),
      lastPlan: last ? { planType: last.planType as PaidTier, planName: last.planName, expiredAt: last.expiresAt.toISOString() } : null,
      overage: { owed: usage.overageCharges, payable, accruing: owedRows.filter((r) => r.month === thisMonth).reduce((s, r) => s + r.amount, 0), overdueMonth: overdue[0] ?? null },
      charges: charges.map((c) => ({
        id: c.id, chargeType: c.chargeType, amount: c.amount, description: c.description, month: c.month, status: c.status,
        purchaseId: c.purchaseId, createdAt: c.createdAt.toISOString(), paidAt: c.paidAt ? c.paidAt.toISOString() : null,
      })),
      spendingLimit: await this.spending.limitOf(userId, usage.currentPlan),
    };
  }
}
