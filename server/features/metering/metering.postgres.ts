/**
 * Metering on PostgreSQL (docs/decisions/050-one-storage-seam.md), exact across every instance that
 * shares the database: an admitted call's place is a row of metering_holds, not an instance's
 * memory, so each admission counts the holds of all instances.
 *
 * admit() is one transaction that first locks the account's row (FOR NO KEY UPDATE): admissions of
 * one account, and the commits that charge it (settle), run one after another. The counts, the
 * holds and the spending limit's reading are read by one statement issued after the lock, so under
 * READ COMMITTED it sees all that the lock's previous holders committed; the synchronous rule then
 * decides, and the hold is inserted before the lock is released. (A single statement holding the
 * lock and reading other tables would read them from its snapshot taken before the wait, and let
 * two admissions through on the same last call: the PostgreSQL manual's "Read Committed Isolation Level".) NO KEY UPDATE, not
 * UPDATE: it does not wait for the key-share locks that inserting an account's records and
 * idempotency rows take.
 *
 * A hold belongs to the instance that admitted the call (instance-lease.postgres.ts). The commit
 * that records the call deletes its hold with the charge (settle); a refund deletes it; the sweeper
 * deletes the holds of instances whose lease ran out. A call whose hold was swept is not charged:
 * its commit fails (HoldLostError) and the call is answered 503 uncharged, since another call may
 * have been admitted in its place.
 */
import type pg from 'pg';
import type { PgDb } from '../../../db/postgres/connect.ts';
import { inTransaction, type PgClient } from '../../../db/postgres/transaction.ts';
import { LIVE_INSTANCES } from '../../instance-lease.postgres.ts';
import type { AccountStanding, AccountUsage, AdmissionReads, AdmissionRule, MeterCharge, MeteringRepository, MeterTicket, PlanStanding } from './metering.repository.ts';
import { chargeTotals } from './charge-totals.ts';
import { syncAccountPlanReturning } from './plan-expiry.postgres.ts';
import { SPENDING_READING, spendingReadingOf, type SpendingReadingRow } from './spending-limits.postgres.ts';

/** The users columns of a standing; the month's count and credit are read after the lock. */
const ACCOUNT = `subscription_tier AS tier, plan_expires_at AS "expiresAt", api_usage_count AS used, api_usage_limit AS "limit"`;
const MONTH_CALLS = '(SELECT calls FROM monthly_usage WHERE meter = $2 AND month = $3) AS "monthCalls"';
const CREDIT = '(SELECT calls FROM allowance_credits WHERE user_id = $1 AND month = $3) AS credit';

type Account = Omit<AccountStanding, 'monthCalls' | 'credit'>;

interface AfterLock extends SpendingReadingRow {
  monthCalls: number | null;
  credit: number | null;
  /** The earliest month with overage pending, if any. */
  overdueFrom: string | null;
  /** Calls held per counter, by every instance. */
  holds: Record<string, number>;
}

/** The commit of a call whose hold is gone: its instance's lease ran out and the sweeper freed its place. */
export class HoldLostError extends Error {
  constructor() {
    super('The call’s place in its allowance was freed (its server instance’s lease ran out), so it cannot be charged.');
    this.name = 'HoldLostError';
  }
}

const expired = (account: { expiresAt: number | null }, now: Date) => account.expiresAt !== null && account.expiresAt <= now.getTime();

export class PostgresMeteringRepository implements MeteringRepository {
  onPlanExpired?: (userId: string, ended: PlanStanding, now: PlanStanding) => void;
  private readonly pool: pg.Pool;
  /** Each admitted ticket's row in metering_holds, until it is settled or refunded. */
  private readonly holdIds = new WeakMap<MeterTicket, number>();

  constructor(
    db: PgDb,
    private readonly instanceId: string,
  ) {
    this.pool = db.$client;
  }

  async admit(userId: string, month: string, now: Date, rule: AdmissionRule): Promise<MeterTicket> {
    let moved: [PlanStanding, PlanStanding] | undefined;
    const ticket = await inTransaction(this.pool, async (client) => {
      const locked = await client.query<Account>(`SELECT ${ACCOUNT} FROM users WHERE id = $1 FOR NO KEY UPDATE`, [userId]);
      let account: Account | undefined = locked.rows[0];
      if (account && expired(account, now)) {
        const ended = account;
        account = await syncAccountPlanReturning<Account>(client, userId, now, ACCOUNT);
        if (account) moved = [{ tier: ended.tier, expiresAt: ended.expiresAt }, { tier: account.tier, expiresAt: account.expiresAt }];
      }
      const after = await client.query<AfterLock>(
        `SELECT ${MONTH_CALLS}, ${CREDIT},
           (SELECT min(month) FROM billing_charges WHERE user_id = $1 AND charge_type = 'overage' AND status = 'pending' AND amount > 0) AS "overdueFrom",
           (SELECT coalesce(json_object_agg(counter, n), '{}') FROM (SELECT counter, count(*) AS n FROM metering_holds WHERE user_id = $1 GROUP BY counter) h) AS holds,
           ${SPENDING_READING}`,
        [userId, `user:${userId}`, month],
      );
      const { monthCalls, credit, overdueFrom, holds } = after.rows[0]!;
      const ofThisAccount = (ofUser: string) => {
        if (ofUser !== userId) throw new Error('An admission reads only the account it admits for');
      };
      const reads: AdmissionReads = {
        held: (counter) => holds[counter] ?? 0,
        hasOverageBefore: (ofUser, before) => {
          ofThisAccount(ofUser);
          return overdueFrom !== null && overdueFrom < before;
        },
        spending: (ofUser) => {
          ofThisAccount(ofUser);
          return spendingReadingOf(after.rows[0]!);
        },
      };
      const ticket = rule(account && { ...account, monthCalls, credit }, reads);
      const hold = await client.query<{ id: number }>('INSERT INTO metering_holds (instance_id, user_id, counter) VALUES ($1, $2, $3) RETURNING id', [
        this.instanceId,
        userId,
        ticket.held,
      ]);
      this.holdIds.set(ticket, hold.rows[0]!.id);
      return ticket;
    });
    // Only once committed: a refused admission rolled the move back.
    if (moved) this.onPlanExpired?.(userId, ...moved);
    return ticket;
  }

  async usage(userId: string, month: string, now: Date): Promise<AccountUsage | undefined> {
    const columns = `${ACCOUNT}, overage_charges AS "overageCharges", ${MONTH_CALLS}, ${CREDIT}`;
    const read = async (on: pg.Pool | PgClient) => (await on.query<AccountUsage>(`SELECT ${columns} FROM users WHERE id = $1`, [userId, `user:${userId}`, month])).rows[0];
    const usage = await read(this.pool);
    if (!usage || !expired(usage, now)) return usage;
    let ended: Account | undefined;
    const after = await inTransaction(this.pool, async (client) => {
      const locked = await client.query<Account>(`SELECT ${ACCOUNT} FROM users WHERE id = $1 FOR NO KEY UPDATE`, [userId]);
      if (locked.rows[0] && expired(locked.rows[0], now)) {
        ended = locked.rows[0];
        await syncAccountPlanReturning(client, userId, now, 'id');
      }
      return read(client);
    });
    if (ended && after) this.onPlanExpired?.(userId, { tier: ended.tier, expiresAt: ended.expiresAt }, { tier: after.tier, expiresAt: after.expiresAt });
    return after;
  }

  async refund(ticket: MeterTicket): Promise<void> {
    if (ticket.held === null) return;
    ticket.held = null;
    const id = this.holdIds.get(ticket);
    this.holdIds.delete(ticket);
    if (id !== undefined) await this.pool.query('DELETE FROM metering_holds WHERE id = $1', [id]);
  }

  async heldCounters(): Promise<number> {
    const { rows } = await this.pool.query<{ n: number }>('SELECT count(DISTINCT counter)::int AS n FROM metering_holds WHERE instance_id = $1', [this.instanceId]);
    return rows[0]!.n;
  }

  /** Deletes the holds of instances whose lease ran out (or that never had one): their calls died with them. Returns how many. */
  async sweepHolds(): Promise<number> {
    const swept = await this.pool.query(`DELETE FROM metering_holds WHERE instance_id NOT IN (${LIVE_INSTANCES})`);
    return swept.rowCount ?? 0;
  }

  /**
   * Writes settled calls' charges inside the commit that records them (operations.postgres.ts):
   * deletes their holds (HoldLostError if one is gone), locks the charged accounts' rows in sorted
   * order, so that two commits charging the same accounts cannot deadlock, then adds each
   * counter's sum (charge-totals.ts) with one statement per kind of counter.
   */
  async settle(client: PgClient, charges: readonly MeterCharge[]): Promise<void> {
    if (charges.length === 0) return;
    const holdIds = charges.flatMap((charge) => {
      const id = this.holdIds.get(charge.ticket);
      return id === undefined ? [] : [id];
    });
    if (holdIds.length > 0) {
      const deleted = await client.query('DELETE FROM metering_holds WHERE id = ANY($1::bigint[])', [holdIds]);
      if (deleted.rowCount !== holdIds.length) throw new HoldLostError();
    }
    const t = chargeTotals(charges);
    await client.query('SELECT 1 FROM users WHERE id = ANY($1::text[]) ORDER BY id FOR NO KEY UPDATE', [t.accounts.userIds]);
    await client.query(
      `UPDATE users u SET api_usage_count = u.api_usage_count + d.calls, overage_charges = u.overage_charges + d.cents
       FROM unnest($1::text[], $2::bigint[], $3::bigint[]) AS d(id, calls, cents) WHERE u.id = d.id`,
      [t.accounts.userIds, t.accounts.calls, t.accounts.overageCents],
    );
    await client.query(
      `INSERT INTO monthly_usage (meter, month, calls) SELECT * FROM unnest($1::text[], $2::text[], $3::bigint[]) ORDER BY 1, 2
       ON CONFLICT (meter, month) DO UPDATE SET calls = monthly_usage.calls + excluded.calls`,
      [t.months.meters, t.months.months, t.months.calls],
    );
    await client.query(
      'UPDATE api_keys k SET usage_count = k.usage_count + d.calls FROM unnest($1::text[], $2::bigint[]) AS d(key_value, calls) WHERE k.key_value = d.key_value',
      [t.keys.keyValues, t.keys.calls],
    );
    if (t.purchases.ids.length > 0) {
      await client.query(
        'UPDATE purchases p SET usage_count = p.usage_count + d.calls FROM unnest($1::bigint[], $2::bigint[]) AS d(id, calls) WHERE p.id = d.id',
        [t.purchases.ids, t.purchases.calls],
      );
    }
    if (t.overage.userIds.length > 0) {
      // One row per account and month (a unique partial index), its amount growing a cent per call.
      await client.query(
        `INSERT INTO billing_charges (user_id, charge_type, amount, description, status, month, created_at)
         SELECT d.user_id, 'overage', d.amount, d.description, 'pending', d.month, d.created_at
         FROM unnest($1::text[], $2::text[], $3::bigint[], $4::text[], $5::bigint[]) AS d(user_id, month, amount, description, created_at) ORDER BY 1, 2
         ON CONFLICT (user_id, month) WHERE charge_type = 'overage' DO UPDATE SET amount = billing_charges.amount + excluded.amount`,
        [t.overage.userIds, t.overage.months, t.overage.cents, t.overage.descriptions, t.overage.settledAt],
      );
    }
  }

  /** The charges are committed: their tickets hold nothing any more. */
  settled(charges: readonly MeterCharge[]): void {
    for (const { ticket } of charges) {
      ticket.held = null;
      this.holdIds.delete(ticket);
    }
  }
}
