/**
 * Idempotency-Key on public POSTs (docs/api.md §5.3): the first successful response is stored for 24 h
 * and replayed for a retry with the same key, without a second charge. A key reused with another
 * request is refused (422); one whose first request is still running answers 409. Failed calls
 * store nothing, so they can be retried.
 *
 * A stored response may carry what only its caller may see (zk-FIDNA openings, a pidOpening), and a
 * request body may hold secret amounts: bodies are sealed with AES-256-GCM under a subkey of the
 * master key, and requests are compared by HMAC-SHA256 under another, never by a plain hash that a
 * short secret could be guessed back from.
 */
import { and, eq, lt } from 'drizzle-orm';
import { createHmac } from 'node:crypto';
import type { Request } from 'express';
import type { Db, Tx } from '../../db/connection.ts';
import { idempotencyRecords } from '../../db/schema.ts';
import { AppError, badRequest, conflict } from '../errors.ts';
import type { Sealer } from '../security/sealing.ts';
import { jsonBytesOf } from './raw-json.ts';

/** How long a response is kept for replay; server/housekeeping.ts purges records older than this. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** A first request still "pending" after this long died with its process: a retry may run again. */
const PENDING_STALE_MS = 60 * 1000;
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

export type IdempotencyStart =
  | { kind: 'none' }
  | { kind: 'replay'; status: number; body: unknown }
  | { kind: 'started'; id: number; userId: string; key: string };

/** How stored bodies are protected: a sealer for the responses, a key for the request MACs. */
export interface IdempotencyProtection {
  sealer: Sealer;
  hashKey: Buffer;
}

const bodyAad = (userId: string, key: string) => `idempotency:${userId}:${key}`;

export class IdempotencyService {
  constructor(
    private readonly db: Db,
    private readonly protection: IdempotencyProtection,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** A keyed MAC of the request: equal for a retry, and reveals nothing of the body it was taken of. */
  requestHash(req: Pick<Request, 'method' | 'path' | 'body'>): string {
    return createHmac('sha256', this.protection.hashKey).update(`${req.method} ${req.path}\n${JSON.stringify(req.body ?? null)}`).digest('hex');
  }

  begin(userId: string, key: string | undefined, requestHash: string): IdempotencyStart {
    if (key === undefined) return { kind: 'none' };
    if (!KEY_PATTERN.test(key)) {
      throw badRequest('invalid_idempotency_key', 'Idempotency-Key must be 1 to 255 visible ASCII characters.', 'Idempotency-Key');
    }
    return this.db.transaction(
      (tx) => {
        const cutoff = new Date(this.now().getTime() - IDEMPOTENCY_TTL_MS);
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
          const body = this.protection.sealer.open(existing.responseBody!, bodyAad(userId, key)).toString('utf8');
          return { kind: 'replay', status: existing.responseStatus!, body: JSON.parse(body) as unknown };
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
    return { kind: 'started', id: row!.id, userId, key };
  }

  complete(start: IdempotencyStart, status: number, body: unknown): void {
    if (start.kind !== 'started') return;
    const sealed = this.protection.sealer.seal(jsonBytesOf(body), bodyAad(start.userId, start.key));
    this.db
      .update(idempotencyRecords)
      .set({ state: 'done', responseStatus: status, responseBody: sealed })
      .where(eq(idempotencyRecords.id, start.id))
      .run();
  }

  /**
   * Frees every key whose first request is still marked running: called at start-up, when such a
   * request died with the previous process, so a retry runs at once instead of waiting out the
   * stale period. Returns how many.
   */
  dropPending(): number {
    return this.db.delete(idempotencyRecords).where(eq(idempotencyRecords.state, 'pending')).run().changes;
  }

  abandon(start: IdempotencyStart): void {
    if (start.kind !== 'started') return;
    this.db.delete(idempotencyRecords).where(eq(idempotencyRecords.id, start.id)).run();
  }
}
