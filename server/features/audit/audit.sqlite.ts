/**
 * The audit log on SQLite (docs/decisions/055-audit-log.md). An append reads the account's last
 * event and inserts the next in one IMMEDIATE transaction: it holds the database's write lock from
 * its first statement, so no other connection (an ops command beside the server) appends between
 * the read and the insert.
 */
import type { Database } from '../../../db/sqlite-driver.ts';
import { GENESIS_HASH, hashEvent } from './audit-chain.ts';
import type { AuditAnchor, AuditEventRow, AuditPage, AuditRepository, NewAuditEvent } from './audit.repository.ts';

const COLUMNS =
  'id, user_id AS userId, seq, type, actor_kind AS actorKind, actor_id AS actorId, created_at AS createdAt, client_address AS clientAddress, ' +
  'request_id AS requestId, subject, details, prev_hash AS prevHash, hash';

type StoredRow = Omit<AuditEventRow, 'createdAt'> & { createdAt: number };
const toRow = (row: StoredRow): AuditEventRow => ({ ...row, createdAt: new Date(row.createdAt) });

export class SqliteAuditRepository implements AuditRepository {
  private readonly s;

  constructor(private readonly sqlite: Database) {
    this.s = {
      accountExists: sqlite.prepare<[string]>('SELECT 1 FROM users WHERE id = ?').pluck(),
      last: sqlite.prepare<[string]>('SELECT seq, hash FROM audit_events WHERE user_id = ? ORDER BY seq DESC LIMIT 1'),
      anchor: sqlite.prepare<[string]>('SELECT seq, hash FROM audit_anchors WHERE user_id = ?'),
      insert: sqlite.prepare(
        'INSERT INTO audit_events (user_id, seq, type, actor_kind, actor_id, created_at, client_address, request_id, subject, details, prev_hash, hash) ' +
          'VALUES (@userId, @seq, @type, @actorKind, @actorId, @createdAt, @clientAddress, @requestId, @subject, @details, @prevHash, @hash) RETURNING id',
      ).pluck(),
      page: sqlite.prepare<[string, number, number]>(`SELECT ${COLUMNS} FROM audit_events WHERE user_id = ? AND seq < ? ORDER BY seq DESC LIMIT ?`),
      pageOfType: sqlite.prepare<[string, number, string, number]>(
        `SELECT ${COLUMNS} FROM audit_events WHERE user_id = ? AND seq < ? AND type = ? ORDER BY seq DESC LIMIT ?`,
      ),
      // Per account: the last seq before its first event younger than the cutoff.
      boundaries: sqlite.prepare<[number, number]>(
        'SELECT e.user_id AS userId, coalesce((SELECT min(k.seq) FROM audit_events k WHERE k.user_id = e.user_id AND k.created_at > ?), max(e.seq) + 1) - 1 AS boundary ' +
          'FROM audit_events e WHERE e.created_at <= ? GROUP BY e.user_id',
      ),
      hashAt: sqlite.prepare<[string, number]>('SELECT hash FROM audit_events WHERE user_id = ? AND seq = ?').pluck(),
      setAnchor: sqlite.prepare<[string, number, string]>(
        'INSERT INTO audit_anchors (user_id, seq, hash) VALUES (?, ?, ?) ON CONFLICT (user_id) DO UPDATE SET seq = excluded.seq, hash = excluded.hash',
      ),
      removeUpTo: sqlite.prepare<[string, number]>('DELETE FROM audit_events WHERE user_id = ? AND seq <= ?'),
      accounts: sqlite.prepare('SELECT user_id FROM audit_events UNION SELECT user_id FROM audit_anchors ORDER BY 1').pluck(),
      chainAfter: sqlite.prepare<[string, number, number]>(`SELECT ${COLUMNS} FROM audit_events WHERE user_id = ? AND seq > ? ORDER BY seq LIMIT ?`),
    };
  }

  async append(event: NewAuditEvent): Promise<AuditEventRow | undefined> {
    const appendNow = this.sqlite.transaction((): AuditEventRow | undefined => {
      if (!this.s.accountExists.get(event.userId)) return undefined;
      const last = (this.s.last.get(event.userId) ?? this.s.anchor.get(event.userId)) as AuditAnchor | undefined;
      const chained = { ...event, seq: (last?.seq ?? 0) + 1, prevHash: last?.hash ?? GENESIS_HASH };
      const hash = hashEvent(chained);
      const id = this.s.insert.get({ ...chained, hash }) as number;
      return { ...chained, id, hash, createdAt: new Date(event.createdAt) };
    });
    return appendNow.immediate();
  }

  async list(userId: string, page: AuditPage): Promise<AuditEventRow[]> {
    const before = page.before ?? Number.MAX_SAFE_INTEGER;
    const rows = page.type === undefined ? this.s.page.all(userId, before, page.limit) : this.s.pageOfType.all(userId, before, page.type, page.limit);
    return (rows as StoredRow[]).map(toRow);
  }

  async removeOlderThan(cutoff: number): Promise<number> {
    const removeOne = this.sqlite.transaction((userId: string, boundary: number): number => {
      const hash = this.s.hashAt.get(userId, boundary) as string | undefined;
      if (hash === undefined) return 0;
      this.s.setAnchor.run(userId, boundary, hash);
      return this.s.removeUpTo.run(userId, boundary).changes;
    });
    let removed = 0;
    for (const { userId, boundary } of this.s.boundaries.all(cutoff, cutoff) as { userId: string; boundary: number }[]) {
      removed += removeOne.immediate(userId, boundary);
    }
    return removed;
  }

  async accountsWithEvents(): Promise<string[]> {
    return this.s.accounts.all() as string[];
  }

  async anchorOf(userId: string): Promise<AuditAnchor | undefined> {
    return this.s.anchor.get(userId) as AuditAnchor | undefined;
  }

  async chainAfter(userId: string, afterSeq: number, limit: number): Promise<AuditEventRow[]> {
    return (this.s.chainAfter.all(userId, afterSeq, limit) as StoredRow[]).map(toRow);
  }
}
