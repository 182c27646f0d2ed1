/**
 * pino, with secrets redacted wherever they could appear: the API secret header, cookies, and
 * key or password fields in anything logged (DESIGN.md §4). Request bodies are never logged.
 */
import { pino, type Logger } from 'pino';

export const REDACT_PATHS = [
  'req.headers["x-api-secret"]',
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  '*.password',
  '*.passwordDigest',
  '*.keySecret',
  '*.apiSecret',
  '*.secretKey',
  '*.seed',
  '*.masterKey',
];

export function createLogger(level: string): Logger {
  return pino({ level, redact: { paths: REDACT_PATHS, censor: '[redacted]' } });
}

export type { Logger };
