/**
 * Metering (docs/api.md §5.2, §14; docs/decisions/036). Each public call that passed validation is
 * admitted once, before the work, against what its account has left; it is charged only in the
 * commit that records its answer (settle), and a call that fails or dies unanswered is not charged
 * at all (docs/decisions/028-answered-means-recorded.md). Between the two its place is held in memory.
 * Every key of an account, personal or plan, draws on the account's one allowance:
 * - Free: 100 calls in total, then 429 usage_limit_reached.
 * - Starter / Pro: the calendar month's (UTC) allowance (plus a month's allowance credit, if any),
 *   then 1 cent per call added to the account's one overage row for the month in billing_charges
 *   and to users.overageCharges; an account whose overage is unpaid 30 days after its month ended
 *   is held to the allowance (429 overage_unpaid) until it pays (docs/api.md §14.3).
 * - Unlimited (set by the operator): every call answered, none charged.
 * - With payments off (PAYMENTS=off) nothing can be paid, so no overage accrues: calls past the
 *   allowance are refused with usage_limit_reached (docs/decisions/035).
 * - A plan past its end falls back here, on the account's first call after it.
 * Per key, calls are counted as statistics (`key:<pk_…>` per month, the key's total, a plan key's
 * purchase's total), never as a limit. */
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../db/connection.ts';
import { OVERAGE_CENTS_PER_CALL, tierAllowance, type Tier } from '../../../shared/plans.ts';
import { allowanceCredits, monthlyUsage, users } from '../../../db/schema.ts';
import type { UsageSummary } from '../../contract/usage.ts';
import { AppError, forbidden, usageLimitReached, USAGE_LIMIT_MESSAGE } from '../../errors.ts';
import { syncAccountPlan } from '../payments/account-plan.ts';
import type { ApiCaller } from '../../types.ts';
import type { CommitSums } from '../operations/commit-sums.ts';
import { Reservations } from './reservations.ts';
import type { SpendingLimits } from './spending-limits.ts';

export interface MeterTicket {
  userId: string;
  /** The key the call was made with: its statistics take the call. */
  keyValue: string;
  /** The account's monthly_usage row that takes the call (paid tiers), if any. */
  meter: { name: string; month: string } | null;
  /** The purchase of a plan key, whose totals take the call too. */
  purchaseId: number | null;
  /** Past the allowance: the month whose overage row takes a cent. */
  overageMonth: string | null;
  /** The place held in Reservations (the counter the limit is checked on); null once settled or refunded. */
  held: string | null;
}

export const monthOf = (date: Date): string => date.toISOString().slice(0, 7);

/** Days after its month ends that overage may stay unpaid before calls are held to the allowance. */
export const OVERAGE_GRACE_DAYS = 30;

/** Overage of months before this one (YYYY-MM) is overdue at `now`: its month ended 30 days ago or more. */
export function overdueBefore(now: Date): string {
  return monthOf(new Date(now.getTime() - OVERAGE_GRACE_DAYS * 86_400_000));
}

/** With payments off, an allowance is a hard limit that only the operator can raise. */
export const OPERATOR_LIMIT_MESSAGE = 'Usage limit reached: this server sells no plans, so ask its operator for a larger one.';

export const OVERAGE_UNPAID_MESSAGE =
  'Overage from an earlier month is unpaid 30 days after that month ended: pay it on the Billing tab to call beyond your plan’s allowance again.';

export class MeteringService {
  // Metering runs on every public call, so its statements are raw SQL prepared once: drizzle's
  // query building and row mapping here cost more than SQLite's own work (docs/decisions/010).
  private readonly account;
  private readonly overdue;
  private readonly addLifetime;
  private readonly addMonthly;
  private readonly addPurchase;
  private readonly addKeyTotal;
  private readonly addOverage;
  private readonly addOverageToUser;
  private readonly reservations = new Reservations();

  private readonly now: () => Date;
  /** Whether calls past a paid allowance are answered and charged (false with payments off). */
  private readonly overage: boolean;
  /** The accounts' ceilings on overage, checked before a call past the allowance is admitted. */
  private readonly spending: SpendingLimits | undefined;

  constructor(
    private readonly db: Db,
    options: { now?: () => Date; overage?: boolean; spending?: SpendingLimits } = {},
  ) {
    this.now = options.now ?? (() => new Date());
    this.overage = options.overage ?? true;
    this.spending = options.spending;
    const sqlite = db.$client;
    // The account, its calls this month and the month's allowance credit in one statement: both are
    // needed on every paid call.
    this.account = sqlite.prepare<
      [string, string, string, string, string],
      { tier: Tier; expiresAt: number | null; used: number; limit: number; monthCalls: number | null; credit: number | null }
    >(
      `SELECT subscription_tier AS tier, plan_expires_at AS expiresAt, api_usage_count AS used, api_usage_limit AS "limit",
         (SELECT calls FROM monthly_usage WHERE meter = ? AND month = ?) AS monthCalls,
         (SELECT calls FROM allowance_credits WHERE user_id = ? AND month = ?) AS credit
       FROM users WHERE id = ?`,
    );
    this.overdue = sqlite.prepare<[string, string], { month: string }>(
      "SELECT month FROM billing_charges WHERE user_id = ? AND charge_type = 'overage' AND status = 'pending' AND amount > 0 AND month < ? LIMIT 1",
    );
    // Each adds a commit's sum for one counter (settle).
    this.addLifetime = sqlite.prepare<[number, string]>('UPDATE users SET api_usage_count = api_usage_count + ? WHERE id = ?');
    this.addMonthly = sqlite.prepare<[string, string, number]>(
      'INSERT INTO monthly_usage (meter, month, calls) VALUES (?, ?, ?) ON CONFLICT (meter, month) DO UPDATE SET calls = calls + excluded.calls',
    );
    this.addPurchase = sqlite.prepare<[number, number]>('UPDATE purchases SET usage_count = usage_count + ? WHERE id = ?');
    this.addKeyTotal = sqlite.prepare<[number, string]>('UPDATE api_keys SET usage_count = usage_count + ? WHERE key_value = ?');
    // One row per account and month (a unique partial index), its amount growing a cent per call.
    this.addOverage = sqlite.prepare<[string, number, string, string, number]>(
      `INSERT INTO billing_charges (user_id, charge_type, amount, description, status, month, created_at)
       VALUES (?, 'overage', ?, ?, 'pending', ?, ?)
       ON CONFLICT (user_id, month) WHERE charge_type = 'overage' DO UPDATE SET amount = amount + excluded.amount`,
    );
    this.addOverageToUser = sqlite.prepare<[number, string]>('UPDATE users SET overage_charges = overage_charges + ? WHERE id = ?');
  }

  /**
   * Admits one call for the caller, or throws (429 usage_limit_reached, overage_unpaid; 403): its
   * place in the account's allowance is held until settle() charges it in the commit that records
   * the answer, or refund() lets it go. Nothing is written here, so a call that dies unanswered costs nothing.
   */
  meter(caller: ApiCaller): MeterTicket {
    const now = this.now();
    const { userId } = caller;
    const meter = `user:${userId}`;
    const month = monthOf(now);
    let user = this.account.get(meter, month, userId, month, userId);
    if (!user) throw forbidden('account_missing', 'The account of this API key no longer exists.');
    if (user.expiresAt !== null && user.expiresAt <= now.getTime()) {
      this.db.transaction((tx) => syncAccountPlan(tx, userId, this.now()), { behavior: 'immediate' });
      user = this.account.get(meter, month, userId, month, userId)!;
    }
    const ticket: MeterTicket = { userId, keyValue: caller.keyValue, meter: null, purchaseId: caller.purchaseId, overageMonth: null, held: null };
    if (user.tier === 'free') {
      ticket.held = `lifetime:${userId}`;
      if (user.used + this.reservations.count(ticket.held) >= user.limit) throw usageLimitReached(this.overage ? USAGE_LIMIT_MESSAGE : OPERATOR_LIMIT_MESSAGE);
    } else {
      this.countMonth(ticket, user.tier, month, user.monthCalls ?? 0, (tierAllowance(user.tier) ?? Number.POSITIVE_INFINITY) + (user.credit ?? 0));
    }
    this.reservations.hold(ticket.held!);
    return ticket;
  }

  /**
   * Places the call in the month's count (answered calls plus those held); past the allowance it
   * will cost a cent of overage, unless older overage is overdue: then it is refused.
   */
  private countMonth(ticket: MeterTicket, tier: Tier, month: string, answered: number, allowance: number): void {
    const meter = `user:${ticket.userId}`;
    ticket.meter = { name: meter, month };
    ticket.held = `month:${meter}:${month}`;
    const calls = answered + this.reservations.count(ticket.held) + 1;
    if (calls > allowance) {
      if (!this.overage) throw usageLimitReached(OPERATOR_LIMIT_MESSAGE);
      if (this.overdue.get(ticket.userId, overdueBefore(this.now()))) throw new AppError(429, 'overage_unpaid', OVERAGE_UNPAID_MESSAGE);
      this.spending?.admit(ticket.userId, tier, month, (calls - allowance) * OVERAGE_CENTS_PER_CALL);
      ticket.overageMonth = month;
    }
  }

  /**
   * The call was answered: adds its charge to the commit that stores its record, which writes each
   * counter once with the sum of its calls (so a rolled-back commit takes the charge with it, and
   * the flow then refunds the ticket).
   */
  settle(ticket: MeterTicket, sums: CommitSums): void {
    const { userId, keyValue, meter, purchaseId, overageMonth } = ticket;
    sums.add(`lifetime:${userId}`, 1, (n) => this.addLifetime.run(n, userId));
    if (meter) sums.add(`month:${meter.name}:${meter.month}`, 1, (n) => this.addMonthly.run(meter.name, meter.month, n));
    const keyMeter = `key:${keyValue}`;
    const month = meter?.month ?? monthOf(this.now());
    sums.add(`month:${keyMeter}:${month}`, 1, (n) => this.addMonthly.run(keyMeter, month, n));
    sums.add(`key:${keyValue}`, 1, (n) => this.addKeyTotal.run(n, keyValue));
    if (purchaseId !== null) sums.add(`purchase:${purchaseId}`, 1, (n) => this.addPurchase.run(n, purchaseId));
    if (overageMonth !== null) {
      sums.add(`overage:${userId}:${overageMonth}`, OVERAGE_CENTS_PER_CALL, (cents) => {
        const description = `Overage in ${overageMonth}: calls beyond the monthly allowances at $0.01 each`;
        this.addOverage.run(userId, cents, description, overageMonth, this.now().getTime());
        this.addOverageToUser.run(cents, userId);
      });
    }
    this.release(ticket);
  }

  /** The call failed before it was answered: its place is freed and nothing is charged. */
  refund(ticket: MeterTicket): void {
    this.release(ticket);
  }

  /** Calls admitted and not yet settled or refunded (tests). */
  get held(): number {
    return this.reservations.size;
  }

  private release(ticket: MeterTicket): void {
    if (ticket.held === null) return;
    this.reservations.release(ticket.held);
    ticket.held = null;
  }

  /** The dashboard's usage figures: the account's one allowance, drawn on by all its keys. */
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
    const month = monthOf(this.now());
    const row = this.db.select().from(monthlyUsage).where(and(eq(monthlyUsage.meter, `user:${userId}`), eq(monthlyUsage.month, month))).get();
    const credit = this.db.select().from(allowanceCredits).where(and(eq(allowanceCredits.userId, userId), eq(allowanceCredits.month, month))).get();
    const allowance = tierAllowance(tier);
    return {
      apiCallsThisMonth: row?.calls ?? 0,
      planLimit: allowance === null ? null : allowance + (credit?.calls ?? 0),
      currentPlan: tier,
      overageCharges: user.overageCharges,
    };
  }
}
