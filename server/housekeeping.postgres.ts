/**
 * The periodic purges on PostgreSQL (docs/decisions/050-one-storage-seam.md). Every instance runs
 * housekeeping, so each purge must be right when another instance runs the same one at the same time:
 *
 * - The purges by a rule of the row itself (expired, past its age, its session gone) are one plain
 *   DELETE … WHERE each. Two at once delete the same rows: the second waits for the first's row
 *   locks, finds those rows gone and skips them (READ COMMITTED), so each row is deleted once and
 *   the two counts add up to what went.
 * - The over-cap purges keep the newest `cap` rows, which one DELETE cannot do safely at once with
 *   another: each would count from its own snapshot, and when a row moves between the two snapshots
 *   (a session touched, so its expiry moves to the newest) their two sets differ and together delete
 *   more than the excess. So each runs in a transaction that first takes a transaction-level
 *   advisory lock (HOUSEKEEPING_CAPS_LOCK): the second waits for the first to commit, and its
 *   DELETE, whose snapshot is taken only then, sees what the first removed and deletes only what is
 *   still past the cap. The lock goes with the transaction, whatever ends it.
 *
 * "Session gone" is NOT EXISTS on the sessions' primary key rather than SQLite's NOT IN, which
 * PostgreSQL cannot run as an anti-join.
 */
import type pg from 'pg';
import { HOUSEKEEPING_CAPS_LOCK } from '../db/postgres/advisory-locks.ts';
import type { PgDb } from '../db/postgres/connect.ts';
import type { HousekeepingRepository } from './housekeeping.repository.ts';

const goneSession = (table: string) => `${table}.demo_session_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM sessions WHERE sessions.sid = ${table}.demo_session_id)`;

export class PostgresHousekeepingRepository implements HousekeepingRepository {
  private readonly pool: pg.Pool;

  constructor(db: PgDb) {
    this.pool = db.$client;
  }

  private async deleted(sql: string, params: unknown[] = []): Promise<number> {
    return (await this.pool.query(sql, params)).rowCount ?? 0;
  }

  /** Runs an over-cap DELETE (its one parameter the cap) under the caps lock, as the file's comment says. */
  private async overCap(sql: string, cap: number): Promise<number> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('SELECT pg_advisory_xact_lock($1::bigint)', [HOUSEKEEPING_CAPS_LOCK.toString()]);
      const { rowCount } = await client.query(sql, [cap]);
      await client.query('COMMIT');
      client.release();
      return rowCount ?? 0;
    } catch (error) {
      // Destroying the connection ends its session, and with it the transaction and its lock.
      client.release(error instanceof Error ? error : true);
      throw error;
    }
  }

  purgeExpiredSessions(now: number): Promise<number> {
    return this.deleted('DELETE FROM sessions WHERE expires_at <= $1', [now]);
  }

  purgeAnonymousSessionsOverCap(cap: number): Promise<number> {
    return this.overCap('DELETE FROM sessions WHERE sid IN (SELECT sid FROM sessions WHERE user_id IS NULL ORDER BY expires_at DESC OFFSET $1)', cap);
  }

  purgeDemoSigningKeys(): Promise<number> {
    return this.deleted(`DELETE FROM signing_keys WHERE ${goneSession('signing_keys')}`);
  }

  purgeDemoServiceKeys(): Promise<number> {
    return this.deleted(`DELETE FROM service_keys WHERE ${goneSession('service_keys')}`);
  }

  purgeDemoOperations(): Promise<number> {
    return this.deleted(`DELETE FROM crypto_operations WHERE user_id IS NULL AND ${goneSession('crypto_operations')}`);
  }

  purgeAnonymousOperationsOverCap(cap: number): Promise<number> {
    return this.overCap(
      'DELETE FROM crypto_operations WHERE id IN (SELECT id FROM crypto_operations WHERE user_id IS NULL AND demo_session_id IS NOT NULL ORDER BY id DESC OFFSET $1)',
      cap,
    );
  }

  purgeIdempotencyRecords(cutoff: number): Promise<number> {
    return this.deleted('DELETE FROM idempotency_records WHERE created_at <= $1', [cutoff]);
  }

  purgeContactMessages(cutoff: number): Promise<number> {
    return this.deleted('DELETE FROM contact_messages WHERE created_at <= $1', [cutoff]);
  }
}
