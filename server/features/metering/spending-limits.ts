/**
 * A monthly ceiling on overage per account (docs/decisions/036), as cloud budgets and API providers
 * offer. An account that sets none has a default: its plan's price while it has never paid an
 * overage balance, and none once it has. Metering checks here before admitting a call past the
 * allowance (so the limit holds before the work), inside its synchronous admission step with the
 * reading that step took (AdmissionReads.spending); once the call is admitted, the account's owner
 * gets a mail when the month's overage reaches 80 % and 100 % of the limit, once each, when SMTP is
 * configured.
 */
import { tierPlan, type Tier } from '../../../shared/plans.ts';
import { AppError } from '../../errors.ts';
import type { Logger } from '../../logger.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { SpendingLimitsRepository, SpendingReading } from './spending-limits.repository.ts';

export interface SpendingLimit {
  /** Cents of overage a calendar month may reach; null: no ceiling. */
  cents: number | null;
  /** default: the plan's price until the account first pays overage; set: the owner's; none: lifted. */
  source: 'default' | 'set' | 'none';
}

/** A call admitted past the allowance under a limit: what the alerts need. */
export interface AdmittedOverage {
  userId: string;
  /** YYYY-MM. */
  month: string;
  limitCents: number;
  /** The month's overage with this call. */
  overageCents: number;
}

const ALERT_PERCENTS = [80, 100] as const;
const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** The limit that applies to an account on `tier`, from its reading. */
export function limitFrom(reading: SpendingReading, tier: Tier): SpendingLimit {
  const { own } = reading;
  if (own) return own.cents === null ? { cents: null, source: 'none' } : { cents: own.cents, source: 'set' };
  if (reading.hasPaidOverage) return { cents: null, source: 'none' };
  return { cents: tierPlan(tier).priceCents, source: 'default' };
}

export class SpendingLimits {
  constructor(
    private readonly repository: SpendingLimitsRepository,
    private readonly mailer: Mailer,
    private readonly logger: Logger,
    private readonly now: () => Date,
  ) {}

  async limitOf(userId: string, tier: Tier): Promise<SpendingLimit> {
    return limitFrom(await this.repository.limitReading(userId), tier);
  }

  /** The owner's limit in cents, or null for none. */
  set(userId: string, cents: number | null): Promise<void> {
    return this.repository.setLimit(userId, cents, this.now());
  }

  /**
   * Admits a call whose charge would bring the month's overage to `overageCents`, returning the
   * limit in cents (null: none), or throws 429 spending_limit_reached. Synchronous: metering runs
   * it between its read of the account and the call's hold.
   */
  check(reading: SpendingReading, tier: Tier, overageCents: number): number | null {
    const limit = limitFrom(reading, tier);
    if (limit.cents !== null && overageCents > limit.cents) {
      throw new AppError(
        429,
        'spending_limit_reached',
        `This call would take this month’s overage past your spending limit of ${dollars(limit.cents)}: raise or remove the limit on the Billing tab (Spending limit), or wait for next month’s allowance.`,
      );
    }
    return limit.cents;
  }

  /**
   * After a call past the allowance was admitted: mails the owner as the month's overage reaches
   * 80 % and 100 % of the limit, each once a month however many calls reach it at once
   * (markAlerted). Never rejects: a failure is logged, and the call it follows is answered anyway.
   */
  async alert({ userId, month, limitCents, overageCents }: AdmittedOverage): Promise<void> {
    for (const percent of ALERT_PERCENTS) {
      if (overageCents * 100 < limitCents * percent) continue;
      try {
        if (await this.repository.markAlerted(userId, month, percent, this.now())) await this.mail(userId, percent, limitCents, overageCents);
      } catch (error) {
        this.logger.warn({ err: error, percent }, 'spending-limit alert not recorded');
      }
    }
  }

  private async mail(userId: string, percent: number, limitCents: number, overageCents: number): Promise<void> {
    if (!this.mailer.configured) return;
    const to = await this.repository.emailOf(userId);
    if (!to) return;
    const text =
      percent >= 100
        ? `This month's overage has reached your spending limit of ${dollars(limitCents)}. Further calls beyond your plan's allowance are refused until next month, unless you raise or remove the limit on the Billing tab of your dashboard.`
        : `This month's overage is ${dollars(overageCents)}, ${percent} % of your spending limit of ${dollars(limitCents)}. At the limit, calls beyond your plan's allowance are refused until next month; you can change the limit on the Billing tab of your dashboard.`;
    await this.mailer
      .send({ to, subject: percent >= 100 ? 'Your spending limit is reached' : `Your overage is at ${percent} % of your spending limit`, text })
      .catch((error: unknown) => this.logger.warn({ smtp: (error as { code?: string }).code ?? 'error', percent }, 'spending-limit mail not sent'));
  }
}
