/**
 * Per-IP rate limits (auth, demo, registration and contact routes). A hit becomes the API's 429 `rate_limited` with
 * Retry-After, distinct from quota exhaustion (`usage_limit_reached`).
 */
import type { RequestHandler } from 'express';
import { rateLimit } from 'express-rate-limit';
import { rateLimited } from '../errors.ts';

/** At most `limit` requests per client address in each window (a minute unless said). */
export function perIpLimit(limit: number, windowMs = 60_000): RequestHandler {
  return rateLimit({
    windowMs,
    limit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler: (req, _res, next) => {
      const resetTime = (req as unknown as { rateLimit?: { resetTime?: Date } }).rateLimit?.resetTime;
      const seconds = resetTime ? Math.max(1, Math.ceil((resetTime.getTime() - Date.now()) / 1000)) : Math.ceil(windowMs / 1000);
      next(rateLimited(seconds));
    },
  });
}
