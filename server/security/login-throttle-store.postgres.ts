/**
 * The login throttle's failure counts on PostgreSQL (docs/decisions/050-one-storage-seam.md): one
 * table every instance shares, so guesses spread over instances are counted together. A failure is
 * one upsert per attempt that restarts a count whose window is over in the same statement, so
 * failures recorded at once by any instances are all counted. The rules stay in login-throttle.ts.
 *
 * Bounded as the memory store is: at most `tracked` counts of each kind, the least recently failed
 * forgotten first, and counts whose window is over deleted. The trim runs at most once every
 * `trimEveryMs` per instance (it walks up to `tracked` index entries of each kind), so between trims
 * a kind may hold a second's failures more. It never waits for a row another statement holds, so
 * it cannot deadlock with a failure being recorded; a trim that fails is left to the next.
 */
import type { PgDb } from '../../db/postgres/connect.ts';
import type { FailureCount, FailureCountKind, FailureKey, LoginThrottleStore } from './login-throttle-store.ts';

const KINDS: FailureCountKind[] = ['pair', 'account', 'device', 'totp'];

/** The keys as two parallel arrays for unnest, sorted so that concurrent upserts lock rows in one order. */
function columns(keys: readonly FailureKey[]): [string[], string[]] {
  const sorted = [...keys].sort((a, b) => (a.kind === b.kind ? (a.key < b.key ? -1 : 1) : a.kind < b.kind ? -1 : 1));
  return [sorted.map((k) => k.kind), sorted.map((k) => k.key)];
}

export class PostgresLoginThrottleStore implements LoginThrottleStore {
  private trimmedAt = -Infinity;

  constructor(
    private readonly db: PgDb,
    private readonly tracked: number,
    private readonly trimEveryMs = 1_000,
  ) {}

  async read(keys: readonly FailureKey[], windowStart: number): Promise<(FailureCount | undefined)[]> {
    const [kinds, names] = columns(keys);
    const { rows } = await this.db.$client.query<FailureCount & { kind: string; key: string }>(
      `SELECT c.kind, c.key, c.failures, c.started_at AS since, c.last_failed_at AS last
       FROM login_throttle_counts c JOIN unnest($1::text[], $2::text[]) AS k(kind, key) ON c.kind = k.kind AND c.key = k.key
       WHERE c.started_at > $3`,
      [kinds, names, windowStart],
    );
    return keys.map(({ kind, key }) => {
      const row = rows.find((r) => r.kind === kind && r.key === key);
      return row && { failures: row.failures, since: row.since, last: row.last };
    });
  }

  async recordFailure(keys: readonly FailureKey[], now: number, windowStart: number): Promise<FailureCount[]> {
    const [kinds, names] = columns(keys);
    // RETURNING gives the row as this statement left it: the upsert holds the row's lock, so of
    // concurrent failures on one key each sees its own count.
    const { rows } = await this.db.$client.query<FailureCount & { kind: string; key: string }>(
      `INSERT INTO login_throttle_counts AS c (kind, key, failures, started_at, last_failed_at)
       SELECT kind, key, 1, $3, $3 FROM unnest($1::text[], $2::text[]) AS k(kind, key)
       ON CONFLICT (kind, key) DO UPDATE SET
         failures = CASE WHEN c.started_at <= $4 THEN 1 ELSE c.failures + 1 END,
         started_at = CASE WHEN c.started_at <= $4 THEN excluded.started_at ELSE c.started_at END,
         last_failed_at = greatest(c.last_failed_at, excluded.last_failed_at)
       RETURNING c.kind, c.key, c.failures, c.started_at AS since, c.last_failed_at AS last`,
      [kinds, names, now, windowStart],
    );
    if (now - this.trimmedAt >= this.trimEveryMs) {
      this.trimmedAt = now;
      await this.trim(windowStart).catch(() => {});
    }
    return keys.map(({ kind, key }) => {
      const row = rows.find((r) => r.kind === kind && r.key === key)!;
      return { failures: row.failures, since: row.since, last: row.last };
    });
  }

  async clear(keys: readonly FailureKey[]): Promise<void> {
    const [kinds, names] = columns(keys);
    await this.db.$client.query(
      'DELETE FROM login_throttle_counts c USING unnest($1::text[], $2::text[]) AS k(kind, key) WHERE c.kind = k.kind AND c.key = k.key',
      [kinds, names],
    );
  }

  /** Deletes the counts whose window is over, and each kind's past the `tracked` most recently failed. */
  private async trim(windowStart: number): Promise<void> {
    await this.db.$client.query(
      `DELETE FROM login_throttle_counts WHERE ctid IN (
         SELECT ctid FROM login_throttle_counts WHERE started_at <= $1 FOR UPDATE SKIP LOCKED)`,
      [windowStart],
    );
    // Each kind's newest failure past the cap, found by walking its index; that one and every older one go.
    await this.db.$client.query(
      `DELETE FROM login_throttle_counts WHERE ctid IN (
         SELECT c.ctid FROM unnest($2::text[]) AS k(kind)
         CROSS JOIN LATERAL (
           SELECT last_failed_at FROM login_throttle_counts WHERE kind = k.kind ORDER BY last_failed_at DESC OFFSET $1 LIMIT 1
         ) AS cut
         JOIN login_throttle_counts c ON c.kind = k.kind AND c.last_failed_at <= cut.last_failed_at
         FOR UPDATE OF c SKIP LOCKED)`,
      [this.tracked, KINDS],
    );
  }
}
