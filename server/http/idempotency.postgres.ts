/**
 * Idempotency records on PostgreSQL (docs/decisions/050-one-storage-seam.md), exact across the
 * instances sharing the database. A key is claimed by one statement, `INSERT … ON CONFLICT DO
 * NOTHING` on the (user_id, key) unique index: of two requests with one key, exactly one inserts
 * (the other waits for its commit, then conflicts). Only when the key is taken is the record read;
 * an expired or stale record is then deleted by a statement conditional on what was read (its id,
 * still expired, still running), and the claim tried again, so two retries replacing one stale
 * record cannot both start.
 *
 * A running record carries the instance running it. A record whose instance is gone is replaced
 * by the next retry, on any instance, as soon as that instance's lease has run out and the sweeper
 * has taken its holds (app-storage.ts's heartbeat), not only once the record is a minute old; an
 * instance starting up frees such records and its own. Never before the holds are gone: an
 * instance that was only paused past its lease could otherwise still commit the call it was
 * running (its hold intact) while the retry runs it again, and charge it twice; with its hold gone
 * that commit fails uncharged (metering.postgres.ts, HoldLostError).
 */
import type pg from 'pg';
import type { PgDb } from '../../db/postgres/connect.ts';
import type { PgClient } from '../../db/postgres/transaction.ts';
import { LIVE_INSTANCES } from '../instance-lease.postgres.ts';
import type { IdempotencyRepository, IdempotentAnswer, IdempotentBegin, IdempotentClaim } from './idempotency.repository.ts';

/**
 * Of a running record `r`, as seen by the instance named by the parameter `self`: another instance
 * ran it and is gone, so it can no longer charge the call. (This instance's own records are its
 * requests in flight.) A record without an instance came from a SQLite database
 * (server/ops/copy-to-postgres.ts), whose process is gone.
 */
const ownerGone = (self: string) => `(r.instance_id IS NULL OR (r.instance_id <> ${self} AND r.instance_id NOT IN (${LIVE_INSTANCES})
  AND NOT EXISTS (SELECT 1 FROM metering_holds h WHERE h.instance_id = r.instance_id)))`;

interface Existing {
  id: number;
  requestHash: string;
  state: 'pending' | 'done';
  responseStatus: number | null;
  responseBody: string | null;
  createdAt: number;
  ownerGone: boolean;
}

/**
 * Claims tried before answering "running": each retry follows a record deleted by another request
 * in between, so more than a few means the key is busy anyway.
 */
const CLAIM_ATTEMPTS = 5;

export class PostgresIdempotencyRepository implements IdempotencyRepository {
  private readonly pool: pg.Pool;

  constructor(
    db: PgDb,
    private readonly instanceId: string,
  ) {
    this.pool = db.$client;
  }

  async beginIdempotent(claim: IdempotentClaim): Promise<IdempotentBegin> {
    const { userId, key, requestHash } = claim;
    for (let attempt = 0; attempt < CLAIM_ATTEMPTS; attempt++) {
      const inserted = await this.pool.query<{ id: number }>(
        `INSERT INTO idempotency_records (user_id, key, request_hash, state, created_at, instance_id) VALUES ($1, $2, $3, 'pending', $4, $5)
         ON CONFLICT (user_id, key) DO NOTHING RETURNING id`,
        [userId, key, requestHash, claim.now.getTime(), this.instanceId],
      );
      if (inserted.rows[0]) return { kind: 'started', id: inserted.rows[0].id };
      const found = await this.pool.query<Existing>(
        `SELECT id, request_hash AS "requestHash", state, response_status AS "responseStatus", response_body AS "responseBody", created_at AS "createdAt",
           ${ownerGone('$3')} AS "ownerGone"
         FROM idempotency_records r WHERE user_id = $1 AND key = $2`,
        [userId, key, this.instanceId],
      );
      const existing = found.rows[0];
      // Deleted since the insert conflicted: claim again.
      if (!existing) continue;
      if (existing.createdAt < claim.expiredBefore.getTime()) {
        await this.pool.query('DELETE FROM idempotency_records WHERE id = $1 AND created_at < $2', [existing.id, claim.expiredBefore.getTime()]);
        continue;
      }
      if (existing.requestHash !== requestHash) return { kind: 'reused' };
      if (existing.state === 'done') return { kind: 'answered', status: existing.responseStatus!, sealedBody: existing.responseBody! };
      if (existing.ownerGone) {
        // Still gone, and still running (an answer committed meanwhile is read on the next attempt).
        await this.pool.query(`DELETE FROM idempotency_records r WHERE id = $1 AND state = 'pending' AND ${ownerGone('$2')}`, [existing.id, this.instanceId]);
        continue;
      }
      if (existing.createdAt >= claim.staleBefore.getTime()) return { kind: 'running' };
      // Still running only if nobody answered it meanwhile; an answered one is read on the next attempt.
      await this.pool.query("DELETE FROM idempotency_records WHERE id = $1 AND state = 'pending'", [existing.id]);
    }
    return { kind: 'running' };
  }

  async completeIdempotent(answer: IdempotentAnswer): Promise<void> {
    await this.writeAnswers(this.pool, [answer]);
  }

  /** Stores answers with one statement; inside the commit of their records (operations.postgres.ts) or alone. */
  async writeAnswers(on: pg.Pool | PgClient, answers: readonly IdempotentAnswer[]): Promise<void> {
    if (answers.length === 0) return;
    await on.query(
      `UPDATE idempotency_records r SET state = 'done', response_status = a.status, response_body = a.body
       FROM unnest($1::bigint[], $2::bigint[], $3::text[]) AS a(id, status, body) WHERE r.id = a.id`,
      [answers.map((a) => a.id), answers.map((a) => a.status), answers.map((a) => a.sealedBody)],
    );
  }

  async abandon(id: number): Promise<void> {
    await this.pool.query('DELETE FROM idempotency_records WHERE id = $1', [id]);
  }

  async dropPending(): Promise<number> {
    const dropped = await this.pool.query(
      `DELETE FROM idempotency_records r WHERE state = 'pending' AND (instance_id = $1 OR ${ownerGone('$1')})`,
      [this.instanceId],
    );
    return dropped.rowCount ?? 0;
  }
}
