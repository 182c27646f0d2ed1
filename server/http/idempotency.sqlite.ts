/**
 * Idempotency records on SQLite (docs/decisions/050-one-storage-seam.md): the statements moved from
 * idempotency.ts. beginIdempotent is one IMMEDIATE transaction, so no other writer can claim the
 * key between its read and its insert.
 */
import { and, eq, lt } from 'drizzle-orm';
import type { Db, Tx } from '../../db/connection.ts';
import { idempotencyRecords } from '../../db/schema.ts';
import type { IdempotencyRepository, IdempotentAnswer, IdempotentBegin, IdempotentClaim } from './idempotency.repository.ts';

export class SqliteIdempotencyRepository implements IdempotencyRepository {
  constructor(private readonly db: Db) {}

  async beginIdempotent(claim: IdempotentClaim): Promise<IdempotentBegin> {
    const { userId, key, requestHash } = claim;
    return this.db.transaction(
      (tx): IdempotentBegin => {
        tx.delete(idempotencyRecords)
          .where(and(eq(idempotencyRecords.userId, userId), eq(idempotencyRecords.key, key), lt(idempotencyRecords.createdAt, claim.expiredBefore)))
          .run();
        const existing = tx
          .select()
          .from(idempotencyRecords)
          .where(and(eq(idempotencyRecords.userId, userId), eq(idempotencyRecords.key, key)))
          .get();
        if (!existing) return this.insertPending(tx, claim);
        if (existing.requestHash !== requestHash) return { kind: 'reused' };
        if (existing.state === 'pending') {
          if (existing.createdAt.getTime() >= claim.staleBefore.getTime()) return { kind: 'running' };
          tx.delete(idempotencyRecords).where(eq(idempotencyRecords.id, existing.id)).run();
          return this.insertPending(tx, claim);
        }
        return { kind: 'answered', status: existing.responseStatus!, sealedBody: existing.responseBody! };
      },
      { behavior: 'immediate' },
    );
  }

  private insertPending(tx: Tx, claim: IdempotentClaim): IdempotentBegin {
    const [row] = tx
      .insert(idempotencyRecords)
      .values({ userId: claim.userId, key: claim.key, requestHash: claim.requestHash, state: 'pending', createdAt: claim.now })
      .returning({ id: idempotencyRecords.id })
      .all();
    return { kind: 'started', id: row!.id };
  }

  async completeIdempotent(answer: IdempotentAnswer): Promise<void> {
    this.writeAnswer(answer);
  }

  /** Stores an answer on this connection, synchronously: inside the commit of its record (operations.sqlite.ts). */
  writeAnswer(answer: IdempotentAnswer): void {
    this.db
      .update(idempotencyRecords)
      .set({ state: 'done', responseStatus: answer.status, responseBody: answer.sealedBody })
      .where(eq(idempotencyRecords.id, answer.id))
      .run();
  }

  async abandon(id: number): Promise<void> {
    this.db.delete(idempotencyRecords).where(eq(idempotencyRecords.id, id)).run();
  }

  async dropPending(): Promise<number> {
    return this.db.delete(idempotencyRecords).where(eq(idempotencyRecords.state, 'pending')).run().changes;
  }
}
