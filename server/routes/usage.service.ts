/**
 * Metering (DESIGN.md §5). Each public call that passed validation is counted once, atomically
 * (an IMMEDIATE transaction: concurrent calls and other processes queue behind it), before the
 * work; the returned ticket refunds it if the engine then fails.
 * - Free: 100 calls in total, then 429 usage_limit_reached.
 * - Starter / Pro with a personal key: the calendar month's (UTC) allowance, then an overage row
 *   of 1 cent per call in billing_charges and users.overageCharges.
 * - A plan key draws on its purchase's monthly allowance the same way.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/connection.ts';
import { OVERAGE_CENTS_PER_CALL, PLANS, tierAllowance, type Tier } from '../../db/plans.ts';
import { billingCharges, monthlyUsage, planApiKeys, purchases, users } from '../../db/schema.ts';
import type { UsageSummary } from '../contract/usage.ts';
import { AppError, forbidden, usageLimitReached } from '../errors.ts';
import type { ApiCaller } from '../types.ts';

export interface MeterTicket {
  userId: string;
  /** monthly_usage row counted, if any. */
  meter: { name: string; month: string } | null;
  /** users.api_usage_count was incremented. */
  lifetime: boolean;
  purchaseId: number | null;
  planKeyValue: string | null;
  overageChargeId: number | null;
}

export const monthOf = (date: Date): string => date.toISOString().slice(0, 7);

export class MeteringService {
  // Prepared once: metering runs on every public call (see KeyService for why).
  private readonly userById;
  private readonly countFree;
  private readonly countLifetime;
  private readonly countMonthly;

  constructor(
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.userById = db.select().from(users).where(eq(users.id, sql.placeholder('id'))).prepare();
    // The condition makes check-and-increment one statement: no two calls can both take the last slot.
    this.countFree = db
      .update(users)
      .set({ apiUsageCount: sql`${users.apiUsageCount} + 1` })
      .where(and(eq(users.id, sql.placeholder('id')), sql`${users.apiUsageCount} < ${users.apiUsageLimit}`))
      .prepare();
    this.countLifetime = db
      .update(users)
      .set({ apiUsageCount: sql`${users.apiUsageCount} + 1` })
      .where(eq(users.id, sql.placeholder('id')))
      .prepare();
    this.countMonthly = db
      .insert(monthlyUsage)
      .values({ meter: sql.placeholder('meter'), month: sql.placeholder('month'), calls: 1 })
      .onConflictDoUpdate({ target: [monthlyUsage.meter, monthlyUsage.month], set: { calls: sql`${monthlyUsage.calls} + 1` } })
      .returning()
      .prepare();
  }

  /** Counts one call for the caller, or throws 429 usage_limit_reached; returns what to undo on failure. */
  meter(caller: ApiCaller): MeterTicket {
    return this.db.transaction(
      (tx) => (caller.kind === 'plan' ? this.meterPlanKey(tx, caller) : this.meterPersonal(tx, caller.userId)),
      { behavior: 'immediate' },
    );
  }

  // Prepared statements run on the connection, so inside the caller's transaction.
  private meterPersonal(tx: Tx, userId: string): MeterTicket {
    const user = this.userById.get({ id: userId });
    if (!user) throw forbidden('account_missing', 'The account of this API key no longer exists.');
    const ticket: MeterTicket = { userId, meter: null, lifetime: true, purchaseId: null, planKeyValue: null, overageChargeId: null };
    if (user.subscriptionTier === 'free') {
      if (this.countFree.run({ id: userId }).changes === 0) throw usageLimitReached();
      return ticket;
    }
    this.countLifetime.run({ id: userId });
    const plan = PLANS.find((p) => p.id === user.subscriptionTier)!;
    return this.countMonth(tx, ticket, `user:${userId}`, tierAllowance(user.subscriptionTier), `${plan.name} plan`, null);
  }

  private meterPlanKey(tx: Tx, caller: ApiCaller): MeterTicket {
    const purchase = tx.select().from(purchases).where(eq(purchases.id, caller.purchaseId!)).get();
    const expired = purchase?.expiresAt != null && purchase.expiresAt.getTime() <= this.now().getTime();
    if (!purchase || !purchase.isActive || purchase.status !== 'completed' || expired) {
      throw forbidden('plan_inactive', 'The plan of this API key is not active: renew it or use a personal key.');
    }
    tx.update(purchases).set({ usageCount: sql`${purchases.usageCount} + 1` }).where(eq(purchases.id, purchase.id)).run();
    tx.update(planApiKeys).set({ usageCount: sql`${planApiKeys.usageCount} + 1` }).where(eq(planApiKeys.keyValue, caller.keyValue)).run();
    const ticket: MeterTicket = {
      userId: caller.userId, meter: null, lifetime: false, purchaseId: purchase.id, planKeyValue: caller.keyValue, overageChargeId: null,
    };
    const allowance = purchase.usageLimit ?? Number.POSITIVE_INFINITY;
    return this.countMonth(tx, ticket, `purchase:${purchase.id}`, allowance, `${purchase.planName} plan`, purchase.id);
  }

  /** Adds the call to the month's counter; past the allowance, records 1 cent of overage. */
  private countMonth(tx: Tx, ticket: MeterTicket, meter: string, allowance: number, planLabel: string, purchaseId: number | null): MeterTicket {
    const month = monthOf(this.now());
    const [row] = this.countMonthly.all({ meter, month });
    ticket.meter = { name: meter, month };
    if (row!.calls > allowance) {
      const [charge] = tx
        .insert(billingCharges)
        .values({
          userId: ticket.userId,
          purchaseId,
          chargeType: 'overage',
          amount: OVERAGE_CENTS_PER_CALL,
          description: `API call ${row!.calls} in ${month}, beyond the ${planLabel}'s ${allowance} monthly calls`,
          createdAt: this.now(),
        })
        .returning({ id: billingCharges.id })
        .all();
      tx.update(users).set({ overageCharges: sql`${users.overageCharges} + ${OVERAGE_CENTS_PER_CALL}` }).where(eq(users.id, ticket.userId)).run();
      ticket.overageChargeId = charge!.id;
    }
    return ticket;
  }

  /** Undoes a metered call whose work failed inside the engine. */
  refund(ticket: MeterTicket): void {
    this.db.transaction(
      (tx) => {
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
          tx.delete(billingCharges).where(eq(billingCharges.id, ticket.overageChargeId)).run();
          tx.update(users).set({ overageCharges: sql`max(${users.overageCharges} - ${OVERAGE_CENTS_PER_CALL}, 0)` }).where(eq(users.id, ticket.userId)).run();
        }
      },
      { behavior: 'immediate' },
    );
  }

  /** The dashboard's usage figures for a user's personal tier. */
  summary(userId: string): z.infer<typeof UsageSummary> {
    const user = this.db.select().from(users).where(eq(users.id, userId)).get();
    if (!user) throw new AppError(404, 'account_missing', 'This account no longer exists.');
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
}
