/**
 * The audit log on PostgreSQL (docs/decisions/055-audit-log.md), exact across instances: an append
 * first locks the account's users row FOR NO KEY UPDATE (as key-owner-lock.postgres.ts does, and
 * for the same reason: it serialises the account's appends without blocking the foreign-key checks
 * of its calls' records), then reads the last event and inserts the next; under READ COMMITTED the
 * read sees what the lock's previous holder committed. The retention purge takes the same lock per
 * account, so it never moves an anchor under an append.
 */
import type pg from 'pg';
import type { PgDb } from '../../../db/postgres/connect.ts';
import { inTransaction } from '../../../db/postgres/transaction.ts';
import { GENESIS_HASH, hashEvent } from './audit-chain.ts';
import type { AuditAnchor, AuditEventRow, AuditPage, AuditRepository, NewAuditEvent } from './audit.repository.ts';

const COLUMNS =
  'id, user_id AS "userId", seq, type, actor_kind AS "actorKind", actor_id AS "actorId", created_at AS "createdAt", client_address AS "clientAddress", ' +
  'request_id AS "requestId", subject, details, prev_hash AS "prevHash", hash';

type StoredRow = Omit<AuditEventRow, 'createdAt'> & { createdAt: number };
const toRow = (row: StoredRow): AuditEventRow => ({ ...row, createdAt: new Date(row.createdAt) });

const LOCK_ACCOUNT = 'SELECT 1 FROM users WHERE id = $1 FOR NO KEY UPDATE';

export class PostgresAuditRepository implements AuditRepository {
  private readonly pool: pg.Pool;

  constructor(db: PgDb) {
    this.pool = db.$client;
  }

  append(event: NewAuditEvent): Promise<AuditEventRow | undefined> {
    return inTransaction(this.pool, async (client) => {
      if ((await client.query(LOCK_ACCOUNT, [event.userId])).rowCount === 0) return undefined;
      const last =
        (await client.query<AuditAnchor>('SELECT seq, hash FROM audit_events WHERE user_id = $1 ORDER BY seq DESC LIMIT 1', [event.userId])).rows[0] ??
        (await client.query<AuditAnchor>('SELECT seq, hash FROM audit_anchors WHERE user_id = $1', [event.userId])).rows[0];
      const chained = { ...event, seq: (last?.seq ?? 0) + 1, prevHash: last?.hash ?? GENESIS_HASH };
      const hash = hashEvent(chained);
      const { rows } = await client.query<{ id: number }>(
        'INSERT INTO audit_events (user_id, seq, type, actor_kind, actor_id, created_at, client_address, request_id, subject, details, prev_hash, hash) ' +
          'VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING id',
        [chained.userId, chained.seq, chained.type, chained.actorKind, chained.actorId, chained.createdAt, chained.clientAddress, chained.requestId, chained.subject, chained.details, chained.prevHash, hash],
      );
      return { ...chained, id: rows[0]!.id, hash, createdAt: new Date(event.createdAt) };
    });
  }

  async list(userId: string, page: AuditPage): Promise<AuditEventRow[]> {
    const before = page.before ?? Number.MAX_SAFE_INTEGER;
    const { rows } =
      page.type === undefined
        ? await this.pool.query<StoredRow>(`SELECT ${COLUMNS} FROM audit_events WHERE user_id = $1 AND seq < $2 ORDER BY seq DESC LIMIT $3`, [userId, before, page.limit])
        : await this.pool.query<StoredRow>(`SELECT ${COLUMNS} FROM audit_events WHERE user_id = $1 AND seq < $2 AND type = $3 ORDER BY seq DESC LIMIT $4`, [userId, before, page.type, page.limit]);
    return rows.map(toRow);
  }

  async removeOlderThan(cutoff: number): Promise<number> {
    const { rows: accounts } = await this.pool.query<{ userId: string }>('SELECT DISTINCT user_id AS "userId" FROM audit_events WHERE created_at <= $1', [cutoff]);
    let removed = 0;
    for (const { userId } of accounts) {
      removed += await inTransaction(this.pool, async (client) => {
        if ((await client.query(LOCK_ACCOUNT, [userId])).rowCount === 0) return 0;
        // The last seq before the account's first event younger than the cutoff (read under the lock).
        const { rows } = await client.query<{ seq: number; hash: string }>(
          'SELECT seq, hash FROM audit_events WHERE user_id = $1 AND created_at <= $2 AND seq < coalesce((SELECT min(seq) FROM audit_events WHERE user_id = $1 AND created_at > $2), $3) ' +
            'ORDER BY seq DESC LIMIT 1',
          [userId, cutoff, Number.MAX_SAFE_INTEGER],
        );
        const boundary = rows[0];
        if (!boundary) return 0;
        await client.query(
          'INSERT INTO audit_anchors (user_id, seq, hash) VALUES ($1, $2, $3) ON CONFLICT (user_id) DO UPDATE SET seq = excluded.seq, hash = excluded.hash',
          [userId, boundary.seq, boundary.hash],
        );
        return (await client.query('DELETE FROM audit_events WHERE user_id = $1 AND seq <= $2', [userId, boundary.seq])).rowCount ?? 0;
      });
    }
    return removed;
  }

  async accountsWithEvents(): Promise<string[]> {
    const { rows } = await this.pool.query<{ userId: string }>('SELECT user_id AS "userId" FROM audit_events UNION SELECT user_id FROM audit_anchors ORDER BY 1');
    return rows.map((r) => r.userId);
  }

  async anchorOf(userId: string): Promise<AuditAnchor | undefined> {
    return (await this.pool.query<AuditAnchor>('SELECT seq, hash FROM audit_anchors WHERE user_id = $1', [userId])).rows[0];
  }

  async chainAfter(userId: string, afterSeq: number, limit: number): Promise<AuditEventRow[]> {
    const { rows } = await this.pool.query<StoredRow>(`SELECT ${COLUMNS} FROM audit_events WHERE user_id = $1 AND seq > $2 ORDER BY seq LIMIT $3`, [userId, afterSeq, limit]);
    return rows.map(toRow);
  }
}
