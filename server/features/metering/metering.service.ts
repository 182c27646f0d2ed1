/**
 * Metering (docs/api.md §5.2, §14). Each public call that passed validation is counted once, atomically
 * (an IMMEDIATE transaction: concurrent calls and other processes queue behind it), before the
 * work; the returned ticket refunds it if the engine then fails.
 * - Free: 100 calls in total, then 429 usage_limit_reached.
 * - Starter / Pro with a personal key: the calendar month's (UTC) allowance, then 1 cent per call
 *   added to the account's one overage row for the month in billing_charges and to
 *   users.overageCharges; an account whose overage is unpaid 30 days after its month ended is held
 *   to the allowance (429 overage_unpaid) until it pays (docs/api.md §14.3).
 * - A plan key draws on its purchase's monthly allowance the same way.
 * - A paid tier past its end falls back to Free here, on the account's first call after it.
 *
 * The same transaction writes a pending charge: the commit that records the call's operation
 * settles it (operations.service.ts), a refund deletes it, and start-up refunds any left by a crash,
 * so a call is charged only when it was answered (docs/decisions/028-answered-means-recorded.md).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../../db/connection.ts';
import { OVERAGE_CENTS_PER_CALL, tierAllowance, type Tier } from '../../../shared/plans.ts';
import { billingCharges, monthlyUsage, pendingCharges, planApiKeys, purchases, users } from '../../../db/schema.ts';
import type { UsageSummary } from '../../contract/usage.ts';
import { AppError, forbidden, usageLimitReached } from '../../errors.ts';
import { syncAccountPlan } from '../payments/account-plan.ts';
import type { ApiCaller } from '../../types.ts';

export interface MeterTicket {
  userId: string;
  /** monthly_usage row counted, if any. */
  meter: { name: string; month: string } | null;
  /** users.api_usage_count was incremented. */
  lifetime: boolean;
  purchaseId: number | null;
  planKeyValue: string | null;
  /** The account's overage row for the month that this call added a cent to. */
  overageChargeId: number | null;
  /** The pending_charges row this call's record settles; null once refunded or settled. */
  pendingId: number | null;
}

export const monthOf = (date: Date): string => date.toISOString().slice(0, 7);

/** Days after its month ends that overage may stay unpaid before calls are held to the allowance. */
export const OVERAGE_GRACE_DAYS = 30;

/** Overage of months before this one (YYYY-MM) is overdue at `now`: its month ended 30 days ago or more. */
export function overdueBefore(now: Date): string {
  return monthOf(new Date(now.getTime() - OVERAGE_GRACE_DAYS * 86_400_000));
}

export const OVERAGE_UNPAID_MESSAGE =
  'Overage from an earlier month is unpaid 30 days after that month ended: pay it on the Billing tab to call beyond your plan’s allowance again.';

export class MeteringService {
  // Metering runs on every public call, so its statements are raw SQL prepared once: drizzle's
  // query building and row mapping here cost more than SQLite's own work (docs/decisions/010).
  private readonly tierOf;
  private readonly countFree;
  private readonly countLifetime;
  private readonly countMonthly;
  private readonly addOverage;
  private readonly overdue;
  private readonly addPending;
  private readonly dropPending;
  private readonly meterInTransaction;

  private readonly now: () => Date;

  constructor(
    private readonly db: Db,
    options: { now?: () => Date } = {},
  ) {
    this.now = options.now ?? (() => new Date());
    const sqlite = db.$client;
    this.tierOf = sqlite.prepare<[string], { tier: Tier; expiresAt: number | null }>(
      'SELECT subscription_tier AS tier, plan_expires_at AS expiresAt FROM users WHERE id = ?',
    );
    // The condition makes check-and-increment one statement: no two calls can both take the last slot.
    this.countFree = sqlite.prepare<[string]>(
      'UPDATE users SET api_usage_count = api_usage_count + 1 WHERE id = ? AND api_usage_count < api_usage_limit',
    );
    this.countLifetime = sqlite.prepare<[string]>('UPDATE users SET api_usage_count = api_usage_count + 1 WHERE id = ?');
    this.countMonthly = sqlite.prepare<[string, string], { calls: number }>(
      `INSERT INTO monthly_usage (meter, month, calls) VALUES (?, ?, 1)
       ON CONFLICT (meter, month) DO UPDATE SET calls = calls + 1 RETURNING calls`,
    );
    // One row per account and month (a unique partial index), its amount growing a cent per call.
    this.addOverage = sqlite.prepare<[string, number, string, string, number], { id: number }>(
      `INSERT INTO billing_charges (user_id, charge_type, amount, description, status, month, created_at)
       VALUES (?, 'overage', ?, ?, 'pending', ?, ?)
       ON CONFLICT (user_id, month) WHERE charge_type = 'overage' DO UPDATE SET amount = amount + excluded.amount
       RETURNING id`,
    );
    this.overdue = sqlite.prepare<[string, string], { month: string }>(
      "SELECT month FROM billing_charges WHERE user_id = ? AND charge_type = 'overage' AND status = 'pending' AND amount > 0 AND month < ? LIMIT 1",
    );
    this.addPending = sqlite.prepare<[string, string, number], { id: number }>(
      'INSERT INTO pending_charges (user_id, ticket, created_at) VALUES (?, ?, ?) RETURNING id',
    );
    this.dropPending = sqlite.prepare<[number]>('DELETE FROM pending_charges WHERE id = ?');
    // IMMEDIATE: the write lock is taken at BEGIN, so concurrent processes queue instead of failing.
    this.meterInTransaction = sqlite.transaction((caller: ApiCaller) => {
      const ticket = caller.kind === 'plan' ? this.meterPlanKey(db, caller) : this.meterPersonal(caller.userId);
      ticket.pendingId = this.addPending.get(ticket.userId, JSON.stringify(ticket), this.now().getTime())!.id;
      return ticket;
    }).immediate;
  }

  /** Counts one call for the caller, or throws 429 usage_limit_reached; returns what to undo on failure. */
  meter(caller: ApiCaller): MeterTicket {
    return this.meterInTransaction(caller);
  }

  // Runs inside meter()'s transaction: statements use the same connection.
  private meterPersonal(userId: string): MeterTicket {
    const user = this.tierOf.get(userId);
    if (!user) throw forbidden('account_missing', 'The account of this API key no longer exists.');
    if (user.tier !== 'free' && user.expiresAt !== null && user.expiresAt <= this.now().getTime()) {
      user.tier = syncAccountPlan(this.db, userId, this.now()).tier;
    }
    const ticket: MeterTicket = { userId, meter: null, lifetime: true, purchaseId: null, planKeyValue: null, overageChargeId: null, pendingId: null };
    if (user.tier === 'free') {
      if (this.countFree.run(userId).changes === 0) throw usageLimitReached();
      return ticket;
    }
    this.countLifetime.run(userId);
    return this.countMonth(ticket, `user:${userId}`, tierAllowance(user.tier));
  }

  private meterPlanKey(tx: DbOrTx, caller: ApiCaller): MeterTicket {
    const purchase = tx.select().from(purchases).where(eq(purchases.id, caller.purchaseId!)).get();
    const expired = purchase?.expiresAt != null && purchase.expiresAt.getTime() <= this.now().getTime();
    if (!purchase || !purchase.isActive || purchase.status !== 'completed' || expired) {
      throw forbidden('plan_inactive', 'The plan of this API key is not active: renew it or use a personal key.');
    }
    tx.update(purchases).set({ usageCount: sql`${purchases.usageCount} + 1` }).where(eq(purchases.id, purchase.id)).run();
    tx.update(planApiKeys).set({ usageCount: sql`${planApiKeys.usageCount} + 1` }).where(eq(planApiKeys.keyValue, caller.keyValue)).run();
    const ticket: MeterTicket = {
      userId: caller.userId, meter: null, lifetime: false, purchaseId: purchase.id, planKeyValue: caller.keyValue, overageChargeId: null, pendingId: null,
    };
    const allowance = purchase.usageLimit ?? Number.POSITIVE_INFINITY;
    return this.countMonth(ticket, `purchase:${purchase.id}`, allowance);
  }

  /**
   * Adds the call to the month's counter; past the allowance, adds 1 cent to the account's overage
   * row for the month, unless older overage is overdue: then the call is refused and, since this
   * runs inside meter()'s transaction, the counter is rolled back with it.
   */
  private countMonth(ticket: MeterTicket, meter: string, allowance: number): MeterTicket {
    const now = this.now();
    const month = monthOf(now);
    const row = this.countMonthly.get(meter, month);
    ticket.meter = { name: meter, month };
    if (row!.calls > allowance) {
      if (this.overdue.get(ticket.userId, overdueBefore(now))) {
        throw new AppError(429, 'overage_unpaid', OVERAGE_UNPAID_MESSAGE);
      }
      const description = `Overage in ${month}: calls beyond the monthly allowances at $0.01 each`;
      const charge = this.addOverage.get(ticket.userId, OVERAGE_CENTS_PER_CALL, description, month, now.getTime());
      this.db.update(users).set({ overageCharges: sql`${users.overageCharges} + ${OVERAGE_CENTS_PER_CALL}` }).where(eq(users.id, ticket.userId)).run();
      ticket.overageChargeId = charge!.id;
    }
    return ticket;
  }

  /** Undoes a metered call that failed, or died unanswered (recoverPending), and drops its pending charge. */
  refund(ticket: MeterTicket): void {
    this.db.transaction(
      (tx) => {
        if (ticket.pendingId !== null) {
          // Settled meanwhile (its record committed): the call was answered, nothing to undo.
          if (tx.delete(pendingCharges).where(eq(pendingCharges.id, ticket.pendingId)).run().changes === 0) return;
        }
        if (ticket.lifetime) {
          tx.update(users).set({ apiUsageCount: sql`max(${users.apiUsageCount} - 1, 0)` }).where(eq(users.id, ticket.userId)).run();
        }
        if (ticket.purchaseId !== null) {
          tx.update(purchases).set({ usageCount: sql`max(${purchases.usageCount} - 1, 0)` }).where(eq(purchases.id, ticket.purchaseId)).run();
          tx.update(planApiKeys).set({ usageCount: sql`max(${planApiKeys.usageCount} - 1, 0)` }).where(eq(planApiKeys.keyValue, ticket.planKeyValue!)).run();
        }
        if (ticket.meter) {
          tx.update(monthlyUsage)
            .set({ calls: sql`max(${monthlyUsage.calls} - 1, 0)` })
            .where(and(eq(monthlyUsage.meter, ticket.meter.name), eq(monthlyUsage.month, ticket.meter.month)))
            .run();
        }
        if (ticket.overageChargeId !== null) {
          // Only while the month's overage is still owed: a paid row is history.
          const taken = tx
            .update(billingCharges)
            .set({ amount: sql`max(${billingCharges.amount} - ${OVERAGE_CENTS_PER_CALL}, 0)` })
            .where(and(eq(billingCharges.id, ticket.overageChargeId), eq(billingCharges.status, 'pending')))
            .run();
          if (taken.changes > 0) {
            tx.update(users).set({ overageCharges: sql`max(${users.overageCharges} - ${OVERAGE_CENTS_PER_CALL}, 0)` }).where(eq(users.id, ticket.userId)).run();
          }
        }
      },
      { behavior: 'immediate' },
    );
  }

  /** The call was answered: its charge stands. Runs inside the commit that stores its record. */
  settle(ticket: MeterTicket): void {
    if (ticket.pendingId !== null) this.dropPending.run(ticket.pendingId);
  }

  /**
   * Refunds every call still pending: at start-up, before serving, these are calls that died with
   * the previous process before their answer was recorded. Returns how many.
   */
  recoverPending(): number {
    const rows = this.db.select().from(pendingCharges).all();
    for (const row of rows) this.refund({ ...(row.ticket as MeterTicket), pendingId: row.id });
    return rows.length;
  }

  /** The dashboard's usage figures for a user's personal tier. */
  summary(userId: string): z.infer<typeof UsageSummary> {
    let user = this.db.select().from(users).where(eq(users.id, userId)).get();
    if (!user) throw new AppError(404, 'account_missing', 'This account no longer exists.');
    if (user.planExpiresAt !== null && user.planExpiresAt <= this.now()) {
      this.db.transaction((tx) => syncAccountPlan(tx, userId, this.now()), { behavior: 'immediate' });
      user = this.db.select().from(users).where(eq(users.id, userId)).get()!;
    }
    const tier = user.subscriptionTier as Tier;
    if (tier === 'free') {
      return { apiCallsThisMonth: user.apiUsageCount, planLimit: user.apiUsageLimit, currentPlan: tier, overageCharges: user.overageCharges };
    }
    const row = this.db
      .select()
      .from(monthlyUsage)
      .where(and(eq(monthlyUsage.meter, `user:${userId}`), eq(monthlyUsage.month, monthOf(this.now()))))
      .get();
    return { apiCallsThisMonth: row?.calls ?? 0, planLimit: tierAllowance(tier), currentPlan: tier, overageCharges: user.overageCharges };
  }

  /** What a plan key has used of its purchase's allowance (the debug key inspector). */
  planKeyUsage(keyValue: string, userId: string): { used: number; limit: number; planType: string } {
    const plan = this.db
      .select({ used: planApiKeys.usageCount, limit: purchases.usageLimit, planType: purchases.planType })
      .from(planApiKeys)
      .innerJoin(purchases, eq(purchases.id, planApiKeys.purchaseId))
      .where(and(eq(planApiKeys.keyValue, keyValue), eq(planApiKeys.userId, userId)))
      .get();
    if (!plan) throw new AppError(404, 'plan_key_missing', 'This plan key no longer has a purchase.');
    return { used: plan.used, limit: plan.limit ?? 0, planType: plan.planType };
  }
}
