/**
 * A monthly ceiling on overage per account (docs/decisions/036), as cloud budgets and API providers
 * offer. An account that sets none has a default: its plan's price while it has never paid an
 * overage balance, and none once it has. Metering asks here before admitting a call past the
 * allowance (so the limit holds before the work), and the account's owner gets a mail when the
 * month's overage reaches 80 % and 100 % of the limit, once each, when SMTP is configured.
 */
import type Database from 'better-sqlite3';
import { tierPlan, type Tier } from '../../../shared/plans.ts';
import { AppError } from '../../errors.ts';
import type { Logger } from '../../logger.ts';
import type { Mailer } from '../../mail/mailer.ts';

export interface SpendingLimit {
  /** Cents of overage a calendar month may reach; null: no ceiling. */
  cents: number | null;
  /** default: the plan's price until the account first pays overage; set: the owner's; none: lifted. */
  source: 'default' | 'set' | 'none';
}

const ALERT_PERCENTS = [80, 100] as const;
const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

export class SpendingLimits {
  private readonly own;
  private readonly paidOverage;
  private readonly save;
  private readonly alerted;
  private readonly emailOf;

  constructor(
    sqlite: Database.Database,
    private readonly mailer: Mailer,
    private readonly logger: Logger,
    private readonly now: () => Date,
  ) {
    this.own = sqlite.prepare<[string], { cents: number | null }>('SELECT monthly_cents AS cents FROM spending_limits WHERE user_id = ?');
    this.paidOverage = sqlite.prepare<[string], { one: number }>("SELECT 1 AS one FROM billing_charges WHERE user_id = ? AND charge_type = 'overage' AND status = 'paid' LIMIT 1");
    this.save = sqlite.prepare<[string, number | null, number]>(
      'INSERT INTO spending_limits (user_id, monthly_cents, updated_at) VALUES (?, ?, ?) ON CONFLICT (user_id) DO UPDATE SET monthly_cents = excluded.monthly_cents, updated_at = excluded.updated_at',
    );
    this.alerted = sqlite.prepare<[string, string, number, number]>('INSERT OR IGNORE INTO spending_alerts (user_id, month, percent, sent_at) VALUES (?, ?, ?, ?)');
    this.emailOf = sqlite.prepare<[string], { email: string }>('SELECT email FROM users WHERE id = ?');
  }

  limitOf(userId: string, tier: Tier): SpendingLimit {
    const own = this.own.get(userId);
    if (own) return own.cents === null ? { cents: null, source: 'none' } : { cents: own.cents, source: 'set' };
    if (this.paidOverage.get(userId)) return { cents: null, source: 'none' };
    return { cents: tierPlan(tier).priceCents, source: 'default' };
  }

  /** The owner's limit in cents, or null for none. */
  set(userId: string, cents: number | null): void {
    this.save.run(userId, cents, this.now().getTime());
  }

  /**
   * Admits a call whose charge would bring the month's overage to `overageCents`, or throws 429
   * spending_limit_reached; mails the owner as the month's overage reaches 80 % and 100 %.
   */
  admit(userId: string, tier: Tier, month: string, overageCents: number): void {
    const limit = this.limitOf(userId, tier);
    if (limit.cents === null) return;
    if (overageCents > limit.cents) {
      throw new AppError(
        429,
        'spending_limit_reached',
        `This call would take this month’s overage past your spending limit of ${dollars(limit.cents)}: raise or remove the limit on the Billing tab (Spending limit), or wait for next month’s allowance.`,
      );
    }
    for (const percent of ALERT_PERCENTS) {
      if (overageCents * 100 >= limit.cents * percent && this.alerted.run(userId, month, percent, this.now().getTime()).changes === 1) {
        this.mail(userId, percent, limit.cents, overageCents);
      }
    }
  }

  private mail(userId: string, percent: number, limitCents: number, overageCents: number): void {
    const to = this.emailOf.get(userId)?.email;
    if (!to || !this.mailer.configured) return;
    const text =
      percent >= 100
        ? `This month's overage has reached your spending limit of ${dollars(limitCents)}. Further calls beyond your plan's allowance are refused until next month, unless you raise or remove the limit on the Billing tab of your dashboard.`
        : `This month's overage is ${dollars(overageCents)}, ${percent} % of your spending limit of ${dollars(limitCents)}. At the limit, calls beyond your plan's allowance are refused until next month; you can change the limit on the Billing tab of your dashboard.`;
    this.mailer
      .send({ to, subject: percent >= 100 ? 'Your spending limit is reached' : `Your overage is at ${percent} % of your spending limit`, text })
      .catch((error: unknown) => this.logger.warn({ smtp: (error as { code?: string }).code ?? 'error', percent }, 'spending-limit mail not sent'));
  }
}
