/**
 * A plan's end announced by mail seven days ahead (docs/decisions/036), when SMTP is configured: at
 * start and every 15 minutes, each plan purchase ending within the week gets one mail, unless the
 * account's plan runs on past it (a renewal). One found with no mail server stays unmarked, so it
 * is mailed if SMTP is configured before it ends.
 *
 * Every PostgreSQL instance runs these passes (docs/decisions/050-one-storage-seam.md), so a notice
 * is claimed (marked) before it is mailed, and only the pass whose claim wins mails it; a mail that
 * fails gives its claim back for the next pass. A process that ends between a claim and its mail
 * loses that one notice: at most one mail, never two.
 */
import type { Logger } from '../../logger.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { AccountPlansRepository } from './account-plans.repository.ts';

export const NOTICE_AHEAD_MS = 7 * 86_400_000;
const EVERY_MS = 15 * 60_000;

export class PlanExpiryNotices {
  private readonly timer: NodeJS.Timeout;
  private running: Promise<number> | null = null;

  constructor(
    private readonly plans: AccountPlansRepository,
    private readonly mailer: Mailer,
    private readonly publicUrl: string,
    private readonly logger: Logger,
    private readonly now: () => Date,
  ) {
    this.timer = setInterval(() => void this.run(), EVERY_MS);
    this.timer.unref();
  }

  /** Mails what is due now; resolves to the number mailed. Runs one pass at a time. */
  run(): Promise<number> {
    this.running ??= this.pass().finally(() => (this.running = null));
    return this.running;
  }

  private async pass(): Promise<number> {
    const now = this.now();
    const due = await this.plans.plansEndingSoon(now, new Date(now.getTime() + NOTICE_AHEAD_MS));
    let mailed = 0;
    for (const p of due) {
      const renewed = p.accountEnds !== null && p.accountEnds > p.expiresAt;
      if (renewed) {
        await this.plans.claimEndNotice(p.purchaseId, now);
        continue;
      }
      if (!this.mailer.configured) continue;
      // Another instance's pass found it too and claimed it first: that one mails it.
      if (!(await this.plans.claimEndNotice(p.purchaseId, now))) continue;
      const day = p.expiresAt.toISOString().slice(0, 10);
      try {
        await this.mailer.send({
          to: p.email,
          subject: `Your ${p.planName} plan ends on ${day}`,
          text: `Your ${p.planName} plan ends on ${day} (UTC). After that your API keys go on with the Free plan's limits. To keep your plan, renew it on the Billing tab of your dashboard: ${this.publicUrl}/dashboard?tab=billing`,
        });
        mailed++;
      } catch (error) {
        this.logger.warn({ purchaseId: p.purchaseId, smtp: (error as { code?: string }).code ?? 'error' }, 'plan expiry mail not sent');
        await this.plans.releaseEndNotice(p.purchaseId, now);
      }
    }
    return mailed;
  }

  close(): void {
    clearInterval(this.timer);
  }
}
