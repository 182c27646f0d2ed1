/**
 * The per-account cap's slots on PostgreSQL (docs/decisions/050-one-storage-seam.md), so an account
 * holds at most ACCOUNT_CONCURRENCY calls over every instance together (docs/decisions/042).
 *
 * An account's slots are the rows (user_id, slot) with slot in 1..limit, the primary key: taking one
 * is one statement that picks a free slot number at random and inserts it, or takes over a row whose
 * lease has run out. Two callers that pick the same number meet on the key, and the later one finds
 * the row taken and tries again with the slots still free; it is refused only when none is free (or,
 * against a flood of callers taking and giving back at once, after MAX_TRIES). Each row names its
 * instance and call. The instance renews its rows' leases every leaseMs / 3, so a live instance's
 * slots never run out while a dead instance's free themselves within leaseMs; a slot is given back
 * only by the call that took it, even after its lease ran out and another took the number over.
 * Times are the instances' clocks: their skew must stay well under leaseMs (30 s unless said).
 */
import { randomUUID } from 'node:crypto';
import type { PgDb } from '../../db/postgres/connect.ts';
import { accountCapMessage, tooManyCalls, type AccountSlots } from './call-slots.ts';

const MAX_TRIES = 10;

export interface PostgresAccountSlotsOptions {
  /** How long a slot outlives its instance's last renewal. */
  leaseMs?: number;
  /** How often the instance renews its slots' leases and deletes the rows whose lease ran out; null: only when renew() is called. */
  renewEveryMs?: number | null;
  now?: () => number;
  /** Told when a slot could not be given back or the leases renewed (the slot frees itself when its lease runs out). */
  onError?: (error: unknown) => void;
}

export class PostgresAccountSlots implements AccountSlots {
  /** This instance's name on its rows. */
  readonly instanceId = randomUUID();
  private calls = 0;
  private readonly leaseMs: number;
  private readonly now: () => number;
  private readonly onError: (error: unknown) => void;
  private readonly timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: PgDb,
    readonly limit: number,
    options: PostgresAccountSlotsOptions = {},
  ) {
    this.leaseMs = options.leaseMs ?? 30_000;
    this.now = options.now ?? Date.now;
    this.onError = options.onError ?? (() => {});
    const every = options.renewEveryMs === undefined ? this.leaseMs / 3 : options.renewEveryMs;
    if (every !== null) {
      this.timer = setInterval(() => void this.renew().catch(this.onError), every);
      this.timer.unref();
    }
  }

  async take(userId: string): Promise<() => Promise<void>> {
    const callId = ++this.calls;
    // First one slot drawn at random, in one cheap statement: while few of the account's slots are
    // taken it is almost always free. Only when it is not does the statement below look through
    // every slot number (one index probe each), which cost about a millisecond of the database's
    // CPU per call at a cap of 1,024 (bench/README.md "Several instances on PostgreSQL").
    const drawn = 1 + Math.floor(Math.random() * this.limit);
    const at = this.now();
    const first = await this.db.$client.query<{ slot: number }>(
      `INSERT INTO account_call_slots AS c (user_id, slot, instance_id, call_id, expires_at) VALUES ($1, $2, $3, $4, $6)
       ON CONFLICT (user_id, slot) DO UPDATE SET instance_id = excluded.instance_id, call_id = excluded.call_id, expires_at = excluded.expires_at
         WHERE c.expires_at <= $5
       RETURNING slot`,
      [userId, drawn, this.instanceId, callId, at, at + this.leaseMs],
    );
    if (first.rows[0]) return this.giveBack(userId, drawn, callId);
    for (let tries = 0; tries < MAX_TRIES; tries++) {
      const now = this.now();
      const { rows } = await this.db.$client.query<{ free: number; slot: number | null }>(
        `WITH free AS (
           SELECT s FROM generate_series(1, $2::int) AS s
           WHERE NOT EXISTS (SELECT 1 FROM account_call_slots c WHERE c.user_id = $1 AND c.slot = s AND c.expires_at > $5)
           ORDER BY random() LIMIT 1
         ), taken AS (
           INSERT INTO account_call_slots AS c (user_id, slot, instance_id, call_id, expires_at)
           SELECT $1, s, $3, $4, $6 FROM free
           ON CONFLICT (user_id, slot) DO UPDATE SET instance_id = excluded.instance_id, call_id = excluded.call_id, expires_at = excluded.expires_at
             WHERE c.expires_at <= $5
           RETURNING slot
         )
         SELECT (SELECT count(*) FROM free)::int AS free, (SELECT slot FROM taken) AS slot`,
        [userId, this.limit, this.instanceId, callId, now, now + this.leaseMs],
      );
      const { free, slot } = rows[0]!;
      if (slot !== null) return this.giveBack(userId, slot, callId);
      if (free === 0) break;
    }
    throw tooManyCalls(accountCapMessage(this.limit));
  }

  async count(userId: string): Promise<number> {
    const { rows } = await this.db.$client.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM account_call_slots WHERE user_id = $1 AND expires_at > $2',
      [userId, this.now()],
    );
    return rows[0]!.n;
  }

  /** Moves this instance's leases on, and deletes every row whose lease ran out (a dead instance's, left behind). */
  async renew(): Promise<void> {
    const now = this.now();
    await this.db.$client.query('UPDATE account_call_slots SET expires_at = $2 WHERE instance_id = $1', [this.instanceId, now + this.leaseMs]);
    // Skips rows another statement holds: it never waits, so it cannot deadlock with a take.
    await this.db.$client.query(
      'DELETE FROM account_call_slots WHERE ctid IN (SELECT ctid FROM account_call_slots WHERE expires_at <= $1 FOR UPDATE SKIP LOCKED)',
      [now],
    );
  }

  /** Stops renewing and gives back every slot this instance holds (its calls are over). */
  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.db.$client.query('DELETE FROM account_call_slots WHERE instance_id = $1', [this.instanceId]);
  }

  private giveBack(userId: string, slot: number, callId: number): () => Promise<void> {
    let given = false;
    return async () => {
      if (given) return;
      given = true;
      await this.db.$client
        .query('DELETE FROM account_call_slots WHERE user_id = $1 AND slot = $2 AND instance_id = $3 AND call_id = $4', [userId, slot, this.instanceId, callId])
        .catch(this.onError);
    };
  }
}
