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
import { NO_METRICS, type AppMetrics } from '../observability/metrics.ts';
import { createHmac } from 'node:crypto';
import type { Request } from 'express';
import { AppError, badRequest, conflict } from '../errors.ts';
import type { Sealer } from '../security/sealing.ts';
import type { IdempotencyRepository, IdempotentAnswer } from './idempotency.repository.ts';
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
    private readonly repository: IdempotencyRepository,
    private readonly protection: IdempotencyProtection,
    private readonly now: () => Date = () => new Date(),
    /** Counts the retries answered from a stored answer (server/observability/metrics.ts). */
    private readonly metrics: Pick<AppMetrics, 'idempotentReplay'> = NO_METRICS,
  ) {}

  /**
   * A keyed MAC of the request: equal for a retry, and reveals nothing of the body it was taken of.
   * The path is taken without its /api/v1, so a retry on the other spelling of the same route (its
   * deprecated alias, docs/decisions/052-versioned-api.md) is the same request, and records stored
   * before the /api/v1 paths still match.
   */
  requestHash(req: Pick<Request, 'method' | 'path' | 'body'>): string {
    const path = req.path.startsWith('/api/v1/') ? `/api/${req.path.slice('/api/v1/'.length)}` : req.path;
    return createHmac('sha256', this.protection.hashKey).update(`${req.method} ${path}\n${JSON.stringify(req.body ?? null)}`).digest('hex');
  }

  async begin(userId: string, key: string | undefined, requestHash: string): Promise<IdempotencyStart> {
    if (key === undefined) return { kind: 'none' };
    if (!KEY_PATTERN.test(key)) {
      throw badRequest('invalid_idempotency_key', 'Idempotency-Key must be 1 to 255 visible ASCII characters.', 'Idempotency-Key');
    }
    const now = this.now();
    const found = await this.repository.beginIdempotent({
      userId,
      key,
      requestHash,
      now,
      expiredBefore: new Date(now.getTime() - IDEMPOTENCY_TTL_MS),
      staleBefore: new Date(now.getTime() - PENDING_STALE_MS),
    });
    switch (found.kind) {
      case 'started':
        return { kind: 'started', id: found.id, userId, key };
      case 'reused':
        throw new AppError(422, 'idempotency_key_reused', 'This Idempotency-Key was used with a different request: use a new key for a new request.', 'Idempotency-Key');
      case 'running':
        throw conflict('idempotency_in_progress', 'The first request with this Idempotency-Key is still running: retry in a moment.', 'Idempotency-Key');
      case 'answered': {
        const body = this.protection.sealer.open(found.sealedBody, bodyAad(userId, key)).toString('utf8');
        this.metrics.idempotentReplay();
        return { kind: 'replay', status: found.status, body: JSON.parse(body) as unknown };
      }
    }
  }

  /**
   * The answer of a started request, sealed, for the commit that records the call to store
   * (docs/decisions/028-answered-means-recorded.md); undefined for a request without a key.
   */
  answer(start: IdempotencyStart, status: number, body: unknown): IdempotentAnswer | undefined {
    if (start.kind !== 'started') return undefined;
    return { id: start.id, status, sealedBody: this.protection.sealer.seal(jsonBytesOf(body), bodyAad(start.userId, start.key)) };
  }

  /**
   * Frees every key whose first request is still marked running: called at start-up, when such a
   * request died with the previous process, so a retry runs at once instead of waiting out the
   * stale period. Returns how many.
   */
  dropPending(): Promise<number> {
    return this.repository.dropPending();
  }

  async abandon(start: IdempotencyStart): Promise<void> {
    if (start.kind !== 'started') return;
    await this.repository.abandon(start.id);
  }
}
