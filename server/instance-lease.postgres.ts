/**
 * Instance leases on PostgreSQL (instance-lease.repository.ts): one row per instance in
 * instance_leases, its end in epoch milliseconds by the database's clock. LIVE_INSTANCES is the
 * one definition of "alive" that the metering sweeper and idempotency recovery share.
 */
import type pg from 'pg';
import type { PgDb } from '../db/postgres/connect.ts';
import type { InstanceLeases } from './instance-lease.repository.ts';

/** The database's now, in epoch milliseconds (as db/postgres/columns.ts's nowMs). */
export const DATABASE_NOW_MS = '(floor(extract(epoch from now()) * 1000)::bigint)';

/** The ids of instances whose lease still runs, as a subquery. */
export const LIVE_INSTANCES = `SELECT id FROM instance_leases WHERE expires_at > ${DATABASE_NOW_MS}`;

export class PostgresInstanceLeases implements InstanceLeases {
  private readonly pool: pg.Pool;

  constructor(db: PgDb) {
    this.pool = db.$client;
  }

  async registerInstance(instanceId: string, ttlMs: number): Promise<void> {
    await this.pool.query(
      `INSERT INTO instance_leases (id, expires_at) VALUES ($1, ${DATABASE_NOW_MS} + $2::bigint)
       ON CONFLICT (id) DO UPDATE SET expires_at = excluded.expires_at`,
      [instanceId, ttlMs],
    );
  }

  async renewLease(instanceId: string, ttlMs: number): Promise<boolean> {
    // Only a running lease: one that ran out may already have had its holds swept.
    const renewed = await this.pool.query(
      `UPDATE instance_leases SET expires_at = ${DATABASE_NOW_MS} + $2::bigint WHERE id = $1 AND expires_at > ${DATABASE_NOW_MS}`,
      [instanceId, ttlMs],
    );
    return renewed.rowCount === 1;
  }

  async releaseInstance(instanceId: string): Promise<void> {
    await this.pool.query('DELETE FROM instance_leases WHERE id = $1', [instanceId]);
  }

  async removeLapsed(): Promise<number> {
    const removed = await this.pool.query(`DELETE FROM instance_leases WHERE expires_at <= ${DATABASE_NOW_MS}`);
    return removed.rowCount ?? 0;
  }
}
