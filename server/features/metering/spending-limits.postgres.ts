/**
 * Spending limits on PostgreSQL (docs/decisions/050-one-storage-seam.md). An alert is marked by one
 * conditional statement on the primary key (user_id, month, percent), so across instances exactly
 * one caller marks it and mails. The reading's columns are shared with metering's admission
 * (metering.postgres.ts), which reads them in the statement it issues after the account's row lock.
 */
import { eq } from 'drizzle-orm';
import type { PgDb } from '../../../db/postgres/connect.ts';
import { spendingAlerts, spendingLimits, users } from '../../../db/postgres/schema.ts';
import type { SpendingLimitsRepository, SpendingReading } from './spending-limits.repository.ts';

/**
 * The reading's columns for the account `$1`: its own limit as `{"cents": …}` (SQL NULL without a
 * row, so a lifted limit and none differ) and whether it ever paid overage.
 */
export const SPENDING_READING = `(SELECT json_build_object('cents', monthly_cents) FROM spending_limits WHERE user_id = $1) AS "ownLimit",
  EXISTS (SELECT 1 FROM billing_charges WHERE user_id = $1 AND charge_type = 'overage' AND status = 'paid') AS "hasPaidOverage"`;

export interface SpendingReadingRow {
  ownLimit: { cents: number | null } | null;
  hasPaidOverage: boolean;
}

export const spendingReadingOf = (row: SpendingReadingRow): SpendingReading => ({ own: row.ownLimit ?? undefined, hasPaidOverage: row.hasPaidOverage });

export class PostgresSpendingLimitsRepository implements SpendingLimitsRepository {
  constructor(private readonly db: PgDb) {}

  async limitReading(userId: string): Promise<SpendingReading> {
    const { rows } = await this.db.$client.query<SpendingReadingRow>(`SELECT ${SPENDING_READING}`, [userId]);
    return spendingReadingOf(rows[0]!);
  }

  async setLimit(userId: string, cents: number | null, now: Date): Promise<void> {
    await this.db
      .insert(spendingLimits)
      .values({ userId, monthlyCents: cents, updatedAt: now })
      .onConflictDoUpdate({ target: spendingLimits.userId, set: { monthlyCents: cents, updatedAt: now } });
  }

  async markAlerted(userId: string, month: string, percent: number, now: Date): Promise<boolean> {
    const marked = await this.db.insert(spendingAlerts).values({ userId, month, percent, sentAt: now }).onConflictDoNothing().returning({ percent: spendingAlerts.percent });
    return marked.length === 1;
  }

  async emailOf(userId: string): Promise<string | undefined> {
    const [row] = await this.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
    return row?.email;
  }
}
