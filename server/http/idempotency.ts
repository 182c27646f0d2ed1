/**
 * Idempotency-Key on public POSTs (docs/api.md §5.3): the first successful response is stored for 24 h
 * and replayed for a retry with the same key, without a second charge. A key reused with another
 * request is refused (422); one whose first request is still running answers 409. Failed calls
 * store nothing, so they can be retried.
 */
import { and, eq, lt } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import type { Request } from 'express';
import type { Db, Tx } from '../../db/connection.ts';
import { idempotencyRecords } from '../../db/schema.ts';
import { AppError, badRequest, conflict } from '../errors.ts';

const TTL_MS = 24 * 60 * 60 * 1000;
/** A first request still "pending" after this long died with its process: a retry may run again. */
const PENDING_STALE_MS = 60 * 1000;
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

export type IdempotencyStart =
  | { kind: 'none' }
  | { kind: 'replay'; status: number; body: unknown }
  | { kind: 'started'; id: number };

export class IdempotencyService {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(),
  ) {}

  static requestHash(req: Request): string {
    return createHash('sha256').update(`${req.method} ${req.path}\n${JSON.stringify(req.body ?? null)}`).digest('hex');
  }

  begin(userId: string, key: string | undefined, requestHash: string): IdempotencyStart {
    if (key === undefined) return { kind: 'none' };
    if (!KEY_PATTERN.test(key)) {
      throw badRequest('invalid_idempotency_key', 'Idempotency-Key must be 1 to 255 visible ASCII characters.', 'Idempotency-Key');
    }
    return this.db.transaction(
      (tx) => {
        const cutoff = new Date(this.now().getTime() - TTL_MS);
        tx.delete(idempotencyRecords)
          .where(and(eq(idempotencyRecords.userId, userId), eq(idempotencyRecords.key, key), lt(idempotencyRecords.createdAt, cutoff)))
          .run();
        const existing = tx
          .select()
          .from(idempotencyRecords)
          .where(and(eq(idempotencyRecords.userId, userId), eq(idempotencyRecords.key, key)))
          .get();
        if (existing) {
          if (existing.requestHash !== requestHash) {
            throw new AppError(422, 'idempotency_key_reused', 'This Idempotency-Key was used with a different request: use a new key for a new request.', 'Idempotency-Key');
          }
          const stale = this.now().getTime() - existing.createdAt.getTime() > PENDING_STALE_MS;
          if (existing.state === 'pending' && stale) {
            tx.delete(idempotencyRecords).where(eq(idempotencyRecords.id, existing.id)).run();
            return this.insertPending(tx, userId, key, requestHash);
          }
          if (existing.state === 'pending') {
            throw conflict('idempotency_in_progress', 'The first request with this Idempotency-Key is still running: retry in a moment.', 'Idempotency-Key');
          }
          return { kind: 'replay', status: existing.responseStatus!, body: JSON.parse(existing.responseBody!) as unknown };
        }
        return this.insertPending(tx, userId, key, requestHash);
      },
      { behavior: 'immediate' },
    );
  }

  private insertPending(tx: Tx, userId: string, key: string, requestHash: string): IdempotencyStart {
    const [row] = tx
      .insert(idempotencyRecords)
      .values({ userId, key, requestHash, state: 'pending', createdAt: this.now() })
      .returning({ id: idempotencyRecords.id })
      .all();
    return { kind: 'started', id: row!.id };
  }

  complete(start: IdempotencyStart, status: number, body: unknown): void {
    if (start.kind !== 'started') return;
    this.db
      .update(idempotencyRecords)
      .set({ state: 'done', responseStatus: status, responseBody: JSON.stringify(body) })
      .where(eq(idempotencyRecords.id, start.id))
      .run();
  }

  abandon(start: IdempotencyStart): void {
    if (start.kind !== 'started') return;
    this.db.delete(idempotencyRecords).where(eq(idempotencyRecords.id, start.id)).run();
  }
}
