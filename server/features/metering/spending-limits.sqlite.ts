/**
 * Spending limits on SQLite (docs/decisions/050-one-storage-seam.md): the statements moved from
 * spending-limits.ts. The reading's statements are prepared here once for both this repository and
 * metering's admission step (metering.sqlite.ts), which reads them synchronously.
 */
import type { Database } from '../../../db/sqlite-driver.ts';
import type { Db } from '../../../db/connection.ts';
import type { SpendingLimitsRepository, SpendingReading } from './spending-limits.repository.ts';

/** A synchronous reader of an account's spending reading, on prepared statements. */
export function spendingReader(sqlite: Database): (userId: string) => SpendingReading {
  const own = sqlite.prepare<[string], { cents: number | null }>('SELECT monthly_cents AS cents FROM spending_limits WHERE user_id = ?');
  const paidOverage = sqlite.prepare<[string], { one: number }>("SELECT 1 AS one FROM billing_charges WHERE user_id = ? AND charge_type = 'overage' AND status = 'paid' LIMIT 1");
  return (userId) => ({ own: own.get(userId), hasPaidOverage: paidOverage.get(userId) !== undefined });
}

export class SqliteSpendingLimitsRepository implements SpendingLimitsRepository {
  private readonly reading;
  private readonly save;
  private readonly alerted;
  private readonly email;

  constructor(db: Db) {
    const sqlite: Database = db.$client;
    this.reading = spendingReader(sqlite);
    this.save = sqlite.prepare<[string, number | null, number]>(
      'INSERT INTO spending_limits (user_id, monthly_cents, updated_at) VALUES (?, ?, ?) ON CONFLICT (user_id) DO UPDATE SET monthly_cents = excluded.monthly_cents, updated_at = excluded.updated_at',
    );
    this.alerted = sqlite.prepare<[string, string, number, number]>('INSERT OR IGNORE INTO spending_alerts (user_id, month, percent, sent_at) VALUES (?, ?, ?, ?)');
    this.email = sqlite.prepare<[string], { email: string }>('SELECT email FROM users WHERE id = ?');
  }

  async limitReading(userId: string): Promise<SpendingReading> {
    return this.reading(userId);
  }

  async setLimit(userId: string, cents: number | null, now: Date): Promise<void> {
    this.save.run(userId, cents, now.getTime());
  }

  async markAlerted(userId: string, month: string, percent: number, now: Date): Promise<boolean> {
    return this.alerted.run(userId, month, percent, now.getTime()).changes === 1;
  }

  async emailOf(userId: string): Promise<string | undefined> {
    return this.email.get(userId)?.email;
  }
}
