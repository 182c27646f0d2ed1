/**
 * The reads of operation records on PostgreSQL (docs/decisions/050-one-storage-seam.md), the same
 * queries as operation-history.sqlite.ts. Nothing here checks and then acts: each method is one
 * statement, and the deletions are plain DELETEs that another instance may run at the same time
 * (a row deleted by both is counted by the first).
 *
 * Text is ordered with COLLATE "C" (byte order, as SQLite's BINARY), so the algorithms come in the
 * same order whatever the database's locale.
 */
import { and, count, desc, eq, getTableColumns, gte, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { PgDb } from '../../../db/postgres/connect.ts';
import { cryptoOperations, performanceTotals, signingKeys } from '../../../db/postgres/schema.ts';
import type {
  DailyApiCalls, HistoryOwner, OperationHistoryRepository, OperationRow, OperationStamp, PerformanceFigures,
} from './operation-history.repository.ts';
import { performanceFrom } from './performance-totals.ts';

export class PostgresOperationHistoryRepository implements OperationHistoryRepository {
  constructor(private readonly db: PgDb) {}

  private rows() {
    return this.db
      .select({ ...getTableColumns(cryptoOperations), keyPublicKey: signingKeys.publicKey })
      .from(cryptoOperations)
      .leftJoin(signingKeys, eq(signingKeys.id, cryptoOperations.signingKeyId));
  }

  async history(owner: HistoryOwner, limit: number, before?: number): Promise<OperationRow[]> {
    const mine: SQL =
      'userId' in owner
        ? eq(cryptoOperations.userId, owner.userId)
        : and(eq(cryptoOperations.demoSessionId, owner.demoSessionId), isNull(cryptoOperations.userId))!;
    const where = before === undefined ? mine : and(mine, lt(cryptoOperations.id, before))!;
    return this.rows().where(where).orderBy(desc(cryptoOperations.id)).limit(limit);
  }

  async oldestForUser(userId: string): Promise<Date | null> {
    const [first] = await this.db.select({ at: cryptoOperations.createdAt }).from(cryptoOperations).where(eq(cryptoOperations.userId, userId)).orderBy(cryptoOperations.id).limit(1);
    return first?.at ?? null;
  }

  async countForUser(userId: string): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(cryptoOperations).where(eq(cryptoOperations.userId, userId));
    return row!.n;
  }

  async dailyApiCalls(userId: string, from: Date, to: Date): Promise<DailyApiCalls[]> {
    const day = sql<string>`to_char(to_timestamp(${cryptoOperations.createdAt} / 1000) AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;
    return this.db
      .select({ date: day, algorithm: cryptoOperations.algorithm, calls: count() })
      .from(cryptoOperations)
      .where(
        and(
          eq(cryptoOperations.userId, userId),
          eq(cryptoOperations.channel, 'api'),
          gte(cryptoOperations.createdAt, from),
          lt(cryptoOperations.createdAt, to),
        ),
      )
      .groupBy(day, cryptoOperations.algorithm)
      .orderBy(day, sql`${cryptoOperations.algorithm} COLLATE "C"`);
  }

  async forApiKey(keyValue: string, limit: number): Promise<OperationRow[]> {
    return this.rows().where(eq(cryptoOperations.apiKey, keyValue)).orderBy(desc(cryptoOperations.id)).limit(limit);
  }

  async performance(): Promise<PerformanceFigures> {
    return performanceFrom(await this.db.select().from(performanceTotals).orderBy(sql`${performanceTotals.algorithm} COLLATE "C"`));
  }

  async deleteFirstOfUser(userId: string, limit: number): Promise<number> {
    const { rowCount } = await this.db.$client.query(
      'DELETE FROM crypto_operations WHERE id IN (SELECT id FROM crypto_operations WHERE user_id = $1 ORDER BY id LIMIT $2)',
      [userId, limit],
    );
    return rowCount ?? 0;
  }

  async stampsAfter(userId: string, after: number, limit: number): Promise<OperationStamp[]> {
    const { rows } = await this.db.$client.query<OperationStamp>(
      'SELECT id, created_at AS "createdAt" FROM crypto_operations WHERE user_id = $1 AND id > $2 ORDER BY id LIMIT $3',
      [userId, after, limit],
    );
    return rows;
  }

  async deleteMadeBefore(userId: string, after: number, through: number, cutoff: number): Promise<number> {
    const { rowCount } = await this.db.$client.query(
      'DELETE FROM crypto_operations WHERE user_id = $1 AND id > $2 AND id <= $3 AND created_at < $4',
      [userId, after, through, cutoff],
    );
    return rowCount ?? 0;
  }
}
