/**
 * Per-IP rate limits (auth, demo, registration and contact routes). A hit becomes the API's 429 `rate_limited` with
 * Retry-After, distinct from quota exhaustion (`usage_limit_reached`).
 *
 * The hits are counted in express-rate-limit's memory store unless a store is given: exact with one
 * instance (SQLite). With several instances on PostgreSQL each limiter counts in the shared table
 * instead (rate-limit-store.postgres.ts, docs/decisions/050-one-storage-seam.md), one store per limiter.
 */
import type { RequestHandler } from 'express';
import { rateLimit, type Store } from 'express-rate-limit';
import { rateLimited } from '../errors.ts';

/** At most `limit` requests per client address in each window (a minute unless said), counted in `store` (this process's memory unless given). */
export function perIpLimit(limit: number, windowMs = 60_000, store?: Store): RequestHandler {
  return rateLimit({
    windowMs,
    limit,
    ...(store && { store }),
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler: (req, _res, next) => {
      const resetTime = (req as unknown as { rateLimit?: { resetTime?: Date } }).rateLimit?.resetTime;
      const seconds = resetTime ? Math.max(1, Math.ceil((resetTime.getTime() - Date.now()) / 1000)) : Math.ceil(windowMs / 1000);
      next(rateLimited(seconds));
    },
  });
}
