/**
 * crypto_operations: every sign and verify, demo and public, with sizes and the engine's measured
 * times; read back per owner (user, anonymous demo session, or API key) and as real averages.
 *
 * Records are group-committed (docs/decisions/017): record() queues the row and one transaction
 * per event-loop turn writes every row queued in it, so a busy server pays one commit for many
 * calls instead of one each. Every read here flushes first, so a caller always sees its own calls.
 */
import { and, count, desc, eq, getTableColumns, gte, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/connection.ts';
import { cryptoOperations } from '../../../db/schema.ts';

export type OperationRow = typeof cryptoOperations.$inferSelect;
export type NewOperation = Omit<typeof cryptoOperations.$inferInsert, 'id' | 'createdAt'>;
export type HistoryOwner = { userId: string } | { demoSessionId: string };

export interface AlgorithmPerformance {
  algorithm: string;
  operations: number;
  averageSignatureSize: number;
  averageGenerationTime: number;
  averageVerificationTime: number;
}

/** One row's parameters, one per column but the id: a column added to the schema and not filled here fails to compile. */
type InsertParams = { [K in Exclude<keyof OperationRow, 'id'>]: string | number | null };

/**
 * The INSERT for a row, derived from the drizzle table (every column but the id, in schema order,
 * each bound by its property name), so the statement cannot fall behind the schema.
 */
export function operationInsertSql(): string {
  const columns = Object.entries(getTableColumns(cryptoOperations)).filter(([key]) => key !== 'id');
  const names = columns.map(([, column]) => column.name).join(', ');
  const params = columns.map(([key]) => `@${key}`).join(', ');
  return `INSERT INTO crypto_operations (${names}) VALUES (${params})`;
}

export class OperationsService {
  // Every sign and verify inserts a row. A raw prepared statement costs a quarter of building the
  // drizzle insert each time, and (unlike drizzle placeholders) stores an absent JSON value as NULL.
  private readonly insert;
  private readonly insertAll;
  private pending: InsertParams[] = [];
  private scheduled: NodeJS.Immediate | undefined;

  constructor(
    private readonly db: Db,
    /** Told about a row that could not be stored (its owner was deleted meanwhile, say). */
    private readonly onLost: (error: Error, row: InsertParams) => void = () => {},
  ) {
    this.insert = db.$client.prepare(operationInsertSql());
    this.insertAll = db.$client.transaction((rows: InsertParams[]) => {
      for (const row of rows) this.insert.run(row);
    });
  }

  /** Queues the row; it is committed at the end of this event-loop turn with the others queued in it. */
  record(operation: NewOperation): void {
    const json = (value: unknown) => (value == null ? null : JSON.stringify(value));
    this.pending.push({
      userId: operation.userId ?? null,
      demoSessionId: operation.demoSessionId ?? null,
      channel: operation.channel,
      apiKey: operation.apiKey ?? null,
      operationType: operation.operationType,
      algorithm: operation.algorithm,
      message: operation.message,
      signature: JSON.stringify(operation.signature),
      publicKey: json(operation.publicKey),
      verified: operation.verified ? 1 : 0,
      metadata: json(operation.metadata),
      signatureSize: operation.signatureSize ?? null,
      generationTime: operation.generationTime ?? null,
      verificationTime: operation.verificationTime ?? null,
      createdAt: Date.now(),
    });
    this.scheduled ??= setImmediate(() => this.flush());
  }

  /** Commits every queued row now; reads call it, and so does shutdown. */
  flush(): void {
    if (this.scheduled) clearImmediate(this.scheduled);
    this.scheduled = undefined;
    if (this.pending.length === 0) return;
    const rows = this.pending;
    this.pending = [];
    try {
      this.insertAll(rows);
    } catch {
      // One bad row must not take the others with it: store them one by one.
      for (const row of rows) {
        try {
          this.insert.run(row);
        } catch (error) {
          this.onLost(error as Error, row);
        }
      }
    }
  }

  /** Newest first, ids below `before` when given. An anonymous session sees only the operations it made while signed out. */
  history(owner: HistoryOwner, limit: number, before?: number): OperationRow[] {
    this.flush();
    const mine: SQL =
      'userId' in owner
        ? eq(cryptoOperations.userId, owner.userId)
        : and(eq(cryptoOperations.demoSessionId, owner.demoSessionId), isNull(cryptoOperations.userId))!;
    const where = before === undefined ? mine : and(mine, lt(cryptoOperations.id, before))!;
    return this.db.select().from(cryptoOperations).where(where).orderBy(desc(cryptoOperations.id)).limit(limit).all();
  }

  countForUser(userId: string): number {
    this.flush();
    return this.db.select({ n: count() }).from(cryptoOperations).where(eq(cryptoOperations.userId, userId)).get()!.n;
  }

  /**
   * The user's metered API calls per UTC day and algorithm in [from, to), counted by SQLite (GROUP BY),
   * so the cost is one indexed scan of the user's rows and the answer is at most days × algorithms rows.
   */
  dailyApiCalls(userId: string, from: Date, to: Date): { date: string; algorithm: string; calls: number }[] {
    this.flush();
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

  /** Metered calls made with one API key (the key inspector). */
  forApiKey(keyValue: string, limit: number): OperationRow[] {
    this.flush();
    return this.db
      .select()
      .from(cryptoOperations)
      .where(eq(cryptoOperations.apiKey, keyValue))
      .orderBy(desc(cryptoOperations.id))
      .limit(limit)
      .all();
  }

  /** Averages over stored operations: overall and per algorithm (sizes of signatures made, times of each step). */
  performance(): { overall: AlgorithmPerformance; byAlgorithm: AlgorithmPerformance[] } {
    this.flush();
    const columns = {
      operations: count(),
      size: sql<number | null>`avg(case when ${cryptoOperations.operationType} = 'sign' then ${cryptoOperations.signatureSize} end)`,
      generation: sql<number | null>`avg(${cryptoOperations.generationTime})`,
      verification: sql<number | null>`avg(${cryptoOperations.verificationTime})`,
    };
    const shape = (algorithm: string, r: { operations: number; size: number | null; generation: number | null; verification: number | null }) => ({
      algorithm,
      operations: r.operations,
      averageSignatureSize: r.size ?? 0,
      averageGenerationTime: r.generation ?? 0,
      averageVerificationTime: r.verification ?? 0,
    });
    const overall = this.db.select(columns).from(cryptoOperations).get()!;
    const rows = this.db
      .select({ algorithm: cryptoOperations.algorithm, ...columns })
      .from(cryptoOperations)
      .groupBy(cryptoOperations.algorithm)
      .all();
    return { overall: shape('all', overall), byAlgorithm: rows.map((r) => shape(r.algorithm, r)) };
  }
}
