/**
 * express-rate-limit's hit counts on PostgreSQL (docs/decisions/050-one-storage-seam.md): one table
 * every instance shares, so a client address gets its limit once, not once per instance. Each hit
 * is one upsert that also starts a new window when the last one is over, so hits counted at once by
 * any instances are all counted. Each limiter has its own store with its own prefix (express-rate-limit
 * refuses one store for two limiters, and a request passing two limiters must count in each).
 * Rows whose window is over are deleted at most once a window per store, by a statement that skips
 * rows another holds: a purge never waits, and one that fails is left to the next.
 */
import type { ClientRateLimitInfo, Options, Store } from 'express-rate-limit';
import type { PgDb } from '../../db/postgres/connect.ts';

export class PostgresRateLimitStore implements Store {
  readonly localKeys = false;
  readonly prefix: string;
  private windowMs = 60_000;
  private purgedAt: number;

  /** `limiter` names the limit (auth, demo, …): its keys are apart from every other limiter's. */
  constructor(
    private readonly db: PgDb,
    limiter: string,
    private readonly now: () => number = Date.now,
  ) {
    this.prefix = `${limiter}:`;
    this.purgedAt = now();
  }

  init(options: Options): void {
    this.windowMs = options.windowMs;
  }

  async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    const { rows } = await this.db.$client.query<{ hits: number; resetAt: number }>(
      'SELECT hits, reset_at AS "resetAt" FROM rate_limit_hits WHERE key = $1 AND reset_at > $2',
      [this.prefix + key, this.now()],
    );
    return rows[0] && { totalHits: rows[0].hits, resetTime: new Date(rows[0].resetAt) };
  }

  async increment(key: string): Promise<ClientRateLimitInfo> {
    const now = this.now();
    const { rows } = await this.db.$client.query<{ hits: number; resetAt: number }>(
      `INSERT INTO rate_limit_hits AS h (key, hits, reset_at) VALUES ($1, 1, $3)
       ON CONFLICT (key) DO UPDATE SET
         hits = CASE WHEN h.reset_at <= $2 THEN 1 ELSE h.hits + 1 END,
         reset_at = CASE WHEN h.reset_at <= $2 THEN excluded.reset_at ELSE h.reset_at END
       RETURNING hits, reset_at AS "resetAt"`,
      [this.prefix + key, now, now + this.windowMs],
    );
    if (now - this.purgedAt >= this.windowMs) {
      this.purgedAt = now;
      await this.purge(now).catch(() => {});
    }
    return { totalHits: rows[0]!.hits, resetTime: new Date(rows[0]!.resetAt) };
  }

  async decrement(key: string): Promise<void> {
    await this.db.$client.query('UPDATE rate_limit_hits SET hits = hits - 1 WHERE key = $1 AND reset_at > $2 AND hits > 0', [this.prefix + key, this.now()]);
  }

  async resetKey(key: string): Promise<void> {
    await this.db.$client.query('DELETE FROM rate_limit_hits WHERE key = $1', [this.prefix + key]);
  }

  /** Deletes every limiter's rows whose window is over. */
  private async purge(now: number): Promise<void> {
    await this.db.$client.query(
      'DELETE FROM rate_limit_hits WHERE ctid IN (SELECT ctid FROM rate_limit_hits WHERE reset_at <= $1 FOR UPDATE SKIP LOCKED)',
      [now],
    );
  }
}
