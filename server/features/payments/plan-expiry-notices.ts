/**
 * A plan's end announced by mail seven days ahead (docs/decisions/036), when SMTP is configured: at
 * start and every 15 minutes, each plan purchase ending within the week gets one mail, unless the
 * account's plan runs on past it (a renewal). A purchase is marked once mailed or found renewed; one
 * found with no mail server stays unmarked, so it is mailed if SMTP is configured before it ends.
 */
import { and, eq, gt, inArray, isNull, lte } from 'drizzle-orm';
import type { Db } from '../../../db/connection.ts';
import { purchases, users } from '../../../db/schema.ts';
import type { Logger } from '../../logger.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { PAID_TIERS } from './account-plan.ts';

export const NOTICE_AHEAD_MS = 7 * 86_400_000;
const EVERY_MS = 15 * 60_000;

export class PlanExpiryNotices {
  private readonly timer: NodeJS.Timeout;
  private running: Promise<number> | null = null;

  constructor(
    private readonly db: Db,
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
    const due = this.db
      .select({ id: purchases.id, planName: purchases.planName, expiresAt: purchases.expiresAt, email: users.email, accountEnds: users.planExpiresAt })
      .from(purchases)
      .innerJoin(users, eq(users.id, purchases.userId))
      .where(
        and(
          eq(purchases.status, 'completed'), eq(purchases.isActive, true), inArray(purchases.planType, [...PAID_TIERS]), isNull(purchases.expiryNoticeAt),
          gt(purchases.expiresAt, now), lte(purchases.expiresAt, new Date(now.getTime() + NOTICE_AHEAD_MS)),
        ),
      )
      .all();
    let mailed = 0;
    for (const p of due) {
      const renewed = p.accountEnds !== null && p.accountEnds > p.expiresAt!;
      if (!renewed) {
        if (!this.mailer.configured) continue;
        const day = p.expiresAt!.toISOString().slice(0, 10);
        try {
          await this.mailer.send({
            to: p.email,
            subject: `Your ${p.planName} plan ends on ${day}`,
            text: `Your ${p.planName} plan ends on ${day} (UTC). After that your API keys go on with the Free plan's limits. To keep your plan, renew it on the Billing tab of your dashboard: ${this.publicUrl}/dashboard?tab=billing`,
          });
          mailed++;
        } catch (error) {
          this.logger.warn({ purchaseId: p.id, smtp: (error as { code?: string }).code ?? 'error' }, 'plan expiry mail not sent');
          continue;
        }
      }
      this.db.update(purchases).set({ expiryNoticeAt: now }).where(eq(purchases.id, p.id)).run();
    }
    return mailed;
  }

  close(): void {
    clearInterval(this.timer);
  }
}
