/**
 * Per-IP rate limits (auth and demo routes). A hit becomes the API's 429 `rate_limited` with
 * Retry-After, distinct from quota exhaustion (`usage_limit_reached`).
 */
import type { RequestHandler } from 'express';
import { rateLimit } from 'express-rate-limit';
import { rateLimited } from '../errors.ts';

export function perIpLimit(perMinute: number): RequestHandler {
  const windowMs = 60_000;
  return rateLimit({
    windowMs,
    limit: perMinute,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler: (req, _res, next) => {
      const resetTime = (req as unknown as { rateLimit?: { resetTime?: Date } }).rateLimit?.resetTime;
      const seconds = resetTime ? Math.max(1, Math.ceil((resetTime.getTime() - Date.now()) / 1000)) : 60;
      next(rateLimited(seconds));
    },
  });
}
