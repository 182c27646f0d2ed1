/**
 * The reads of operation records on SQLite (docs/decisions/050-one-storage-seam.md): the queries
 * moved from operations.service.ts, performance-totals.ts and history-deletion.ts, unchanged. Each
 * method does its work in the call and returns a settled promise.
 */
import { and, count, desc, eq, getTableColumns, gte, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/connection.ts';
import { cryptoOperations, performanceTotals, signingKeys } from '../../../db/schema.ts';
import type {
  DailyApiCalls, HistoryOwner, OperationHistoryRepository, OperationRow, OperationStamp, PerformanceFigures,
} from './operation-history.repository.ts';
import { performanceFrom } from './performance-totals.ts';

export class SqliteOperationHistoryRepository implements OperationHistoryRepository {
  private readonly firstOfUser;
  private readonly stamps;
  private readonly madeBefore;

  constructor(private readonly db: Db) {
    const sqlite = db.$client;
    this.firstOfUser = sqlite.prepare<[string, number]>('DELETE FROM crypto_operations WHERE id IN (SELECT id FROM crypto_operations WHERE user_id = ? ORDER BY id LIMIT ?)');
    this.stamps = sqlite.prepare<[string, number, number], OperationStamp>(
      'SELECT id, created_at AS createdAt FROM crypto_operations WHERE user_id = ? AND id > ? ORDER BY id LIMIT ?',
    );
    this.madeBefore = sqlite.prepare<[string, number, number, number]>('DELETE FROM crypto_operations WHERE user_id = ? AND id > ? AND id <= ? AND created_at < ?');
  }

  /** Rows with the public key of the signing key they point to (a primary-key look-up per row read). */
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
    return this.rows().where(where).orderBy(desc(cryptoOperations.id)).limit(limit).all();
  }

  async oldestForUser(userId: string): Promise<Date | null> {
    const first = this.db.select({ at: cryptoOperations.createdAt }).from(cryptoOperations).where(eq(cryptoOperations.userId, userId)).orderBy(cryptoOperations.id).limit(1).get();
    return first?.at ?? null;
  }

  async countForUser(userId: string): Promise<number> {
    return this.db.select({ n: count() }).from(cryptoOperations).where(eq(cryptoOperations.userId, userId)).get()!.n;
  }

  /** Counted by SQLite (GROUP BY): one indexed scan of the user's rows, and at most days × algorithms rows back. */
  async dailyApiCalls(userId: string, from: Date, to: Date): Promise<DailyApiCalls[]> {
    const day = sql<string>`strftime('%Y-%m-%d', ${cryptoOperations.createdAt} / 1000, 'unixepoch')`;
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
      .orderBy(day, cryptoOperations.algorithm)
      .all();
  }

  async forApiKey(keyValue: string, limit: number): Promise<OperationRow[]> {
    return this.rows().where(eq(cryptoOperations.apiKey, keyValue)).orderBy(desc(cryptoOperations.id)).limit(limit).all();
  }

  async performance(): Promise<PerformanceFigures> {
    return performanceFrom(this.db.select().from(performanceTotals).orderBy(performanceTotals.algorithm).all());
  }

  async deleteFirstOfUser(userId: string, limit: number): Promise<number> {
    return this.firstOfUser.run(userId, limit).changes;
  }

  async stampsAfter(userId: string, after: number, limit: number): Promise<OperationStamp[]> {
    return this.stamps.all(userId, after, limit);
  }

  async deleteMadeBefore(userId: string, after: number, through: number, cutoff: number): Promise<number> {
    return this.madeBefore.run(userId, after, through, cutoff).changes;
  }
}
