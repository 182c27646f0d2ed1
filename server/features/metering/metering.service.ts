/**
 * Metering (docs/api.md §5.2, §14; docs/decisions/036). Each public call that passed validation is
 * admitted once, before the work, against what its account has left; it is charged only in the
 * commit that records its answer (charge(): a write intent of that commit), and a call that fails or dies unanswered is not charged
 * at all (docs/decisions/028-answered-means-recorded.md). Between the two its place is held: in memory on
 * SQLite, in the database on PostgreSQL (metering.postgres.ts), where several instances admit.
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
import type { z } from 'zod';
import { OVERAGE_CENTS_PER_CALL, tierAllowance, type Tier } from '../../../shared/plans.ts';
import type { UsageSummary } from '../../contract/usage.ts';
import { AppError, forbidden, usageLimitReached, USAGE_LIMIT_MESSAGE } from '../../errors.ts';
import type { ApiCaller } from '../../types.ts';
import { NO_METRICS, type AppMetrics } from '../../observability/metrics.ts';
import type { MeteredOperation } from '../../../shared/key-operations.ts';
import type { AccountStanding, AdmissionReads, MeterCharge, MeteringRepository, MeterTicket } from './metering.repository.ts';
import { lifetimeQuota, monthlyQuota, withQuota, type Quota } from './quota-headers.ts';
import type { AdmittedOverage, SpendingLimits } from './spending-limits.ts';

export type { MeterTicket } from './metering.repository.ts';

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

/** What an admission leaves beside its ticket: the overage for the spending alerts, the allowance for a refusal's fields. */
interface Admitted {
  overage?: AdmittedOverage;
  quota?: Quota | null;
}

export class MeteringService {
  private readonly now: () => Date;
  /** Whether calls past a paid allowance are answered and charged (false with payments off). */
  private readonly overage: boolean;
  /** The accounts' ceilings on overage, checked before a call past the allowance is admitted. */
  private readonly spending: SpendingLimits | undefined;
  /** Admissions by operation, refusals by code, overage calls (server/observability/metrics.ts). */
  private readonly metrics: Pick<AppMetrics, 'admitted' | 'refused' | 'overageCall'>;

  constructor(
    private readonly repository: MeteringRepository,
    options: { now?: () => Date; overage?: boolean; spending?: SpendingLimits; metrics?: Pick<AppMetrics, 'admitted' | 'refused' | 'overageCall'> } = {},
  ) {
    this.now = options.now ?? (() => new Date());
    this.overage = options.overage ?? true;
    this.spending = options.spending;
    this.metrics = options.metrics ?? NO_METRICS;
  }

  /**
   * Admits one call for the caller, or rejects (429 usage_limit_reached, overage_unpaid,
   * spending_limit_reached; 403): its place in the account's allowance is held until the commit
   * that records the answer carries its charge (charge()), or refund() lets it go. No charge is
   * written here, so a call that dies unanswered costs nothing. A call admitted past the allowance
   * then sets off the spending limit's alerts, without waiting for them.
   */
  async meter(caller: ApiCaller, operation: MeteredOperation): Promise<MeterTicket> {
    const now = this.now();
    const month = monthOf(now);
    const admitted: Admitted = {};
    let ticket: MeterTicket;
    try {
      ticket = await this.repository.admit(caller.userId, month, now, (standing, reads) => this.admission(caller, month, now, standing, reads, admitted));
    } catch (error) {
      if (error instanceof AppError && error.status < 500) this.metrics.refused(error.code);
      // A refusal at the allowance tells the caller the allowance, as an answered call does.
      throw withQuota(error, admitted.quota);
    }
    this.metrics.admitted(operation);
    if (admitted.overage) void this.spending?.alert(admitted.overage);
    return ticket;
  }

  /**
   * The rules of admission, run by the repository between its read of the standing and the hold;
   * a call admitted past the allowance under a spending limit is left in `admitted` for the alerts,
   * and the allowance (also on the ticket, for the answer's RateLimit fields) for a refusal's.
   */
  private admission(caller: ApiCaller, month: string, now: Date, user: AccountStanding | undefined, reads: AdmissionReads, admitted: Admitted): MeterTicket {
    if (!user) throw forbidden('account_missing', 'The account of this API key no longer exists.');
    const { userId } = caller;
    const ticket: MeterTicket = { userId, keyValue: caller.keyValue, meter: null, purchaseId: caller.purchaseId, overageMonth: null, held: null };
    if (user.tier === 'free') {
      ticket.held = `lifetime:${userId}`;
      const calls = user.used + reads.held(ticket.held) + 1;
      ticket.quota = admitted.quota = lifetimeQuota(user.limit, calls);
      if (calls > user.limit) throw usageLimitReached(this.overage ? USAGE_LIMIT_MESSAGE : OPERATOR_LIMIT_MESSAGE);
    } else {
      const allowance = (tierAllowance(user.tier) ?? Number.POSITIVE_INFINITY) + (user.credit ?? 0);
      try {
        admitted.overage = this.countMonth(ticket, reads, user.tier, month, user.monthCalls ?? 0, allowance, now);
      } finally {
        admitted.quota = ticket.quota ?? null;
      }
    }
    return ticket;
  }

  /**
   * Places the call in the month's count (answered calls plus those held); past the allowance it
   * will cost a cent of overage, unless older overage is overdue or the month's overage would pass
   * the spending limit: then it is refused. Returns the overage under a limit, for the alerts.
   */
  private countMonth(ticket: MeterTicket, reads: AdmissionReads, tier: Tier, month: string, answered: number, allowance: number, now: Date): AdmittedOverage | undefined {
    const meter = `user:${ticket.userId}`;
    ticket.meter = { name: meter, month };
    ticket.held = `month:${meter}:${month}`;
    const calls = answered + reads.held(ticket.held) + 1;
    ticket.quota = Number.isFinite(allowance) ? monthlyQuota(allowance, calls, now) : null;
    if (calls <= allowance) return undefined;
    if (!this.overage) throw usageLimitReached(OPERATOR_LIMIT_MESSAGE);
    const { userId } = ticket;
    if (reads.hasOverageBefore(userId, overdueBefore(this.now()))) throw new AppError(429, 'overage_unpaid', OVERAGE_UNPAID_MESSAGE);
    const overageCents = (calls - allowance) * OVERAGE_CENTS_PER_CALL;
    const limitCents = this.spending?.check(reads.spending(userId), tier, overageCents) ?? null;
    ticket.overageMonth = month;
    return limitCents === null ? undefined : { userId, month, limitCents, overageCents };
  }

  /**
   * The call was answered: its charge, for the commit that stores its record to write (one call on
   * each of the ticket's counters, written once per commit with the sum of its calls), and its
   * place released there. A commit that rolls back takes the charge with it, and the flow then
   * refunds the ticket (docs/decisions/028-answered-means-recorded.md).
   */
  charge(ticket: MeterTicket): MeterCharge {
    const now = this.now();
    const { overageMonth } = ticket;
    if (overageMonth !== null) this.metrics.overageCall();
    return {
      ticket,
      keyMonth: ticket.meter?.month ?? monthOf(now),
      overageCents: overageMonth === null ? 0 : OVERAGE_CENTS_PER_CALL,
      overageDescription: overageMonth === null ? '' : `Overage in ${overageMonth}: calls beyond the monthly allowances at $0.01 each`,
      settledAt: now.getTime(),
    };
  }

  /** The call failed before it was answered: its place is freed and nothing is charged. */
  refund(ticket: MeterTicket): Promise<void> {
    return this.repository.refund(ticket);
  }

  /** Counters with calls admitted and not yet settled or refunded (tests). */
  held(): Promise<number> {
    return this.repository.heldCounters();
  }

  /** The dashboard's usage figures: the account's one allowance, drawn on by all its keys. */
  async summary(userId: string): Promise<z.infer<typeof UsageSummary>> {
    const now = this.now();
    const user = await this.repository.usage(userId, monthOf(now), now);
    if (!user) throw new AppError(404, 'account_missing', 'This account no longer exists.');
    const { tier, overageCharges } = user;
    if (tier === 'free') return { apiCallsThisMonth: user.used, planLimit: user.limit, currentPlan: tier, overageCharges };
    const allowance = tierAllowance(tier);
    return { apiCallsThisMonth: user.monthCalls ?? 0, planLimit: allowance === null ? null : allowance + (user.credit ?? 0), currentPlan: tier, overageCharges };
  }
}
