/**
 * pino, with secrets redacted wherever they could appear: the API secret header, cookies, and
 * key or password fields in anything logged (docs/api.md §11). Request bodies are never logged.
 * Every line written while handling a call carries its request id and trace id.
 */
import { pino, type DestinationStream, type Logger } from 'pino';
import { contextFields } from './observability/request-context.ts';

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
  // An ML-KEM key's answers (docs/decisions/054), should one ever reach a log line.
  '*.sharedSecret',
  '*.plaintext',
];

export function createLogger(level: string, destination?: DestinationStream): Logger {
  // The mixin names the call a line is written for (its request id and trace id): docs/decisions/064.
  const options = { level, redact: { paths: REDACT_PATHS, censor: '[redacted]' }, mixin: contextFields };
  return destination ? pino(options, destination) : pino(options);
}

export type { Logger };
