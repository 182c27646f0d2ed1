/**
 * Typed errors: every failure the API reports is an AppError with an HTTP status, a snake_case code
 * and a sentence saying what to fix (docs/api.md §2.3). The single error handler (http/error-handler.ts)
 * turns them into `{ message, code, param?, details?, requestId }`.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly param?: string,
    readonly details?: unknown,
    /** Extra response headers, e.g. Retry-After. */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (code: string, message: string, param?: string) => new AppError(400, code, message, param);

export const unauthorized = (code: string, message: string) => new AppError(401, code, message);

export const forbidden = (code: string, message: string) => new AppError(403, code, message);

export const notFound = (code: string, message: string, param?: string) => new AppError(404, code, message, param);

export const conflict = (code: string, message: string, param?: string) => new AppError(409, code, message, param);

export const USAGE_LIMIT_MESSAGE = 'Usage limit reached - upgrade to continue';

export const usageLimitReached = (message = USAGE_LIMIT_MESSAGE) => new AppError(429, 'usage_limit_reached', message);

export const rateLimited = (retryAfterSeconds: number) =>
  new AppError(
    429,
    'rate_limited',
    `Too many requests: wait ${retryAfterSeconds} seconds before trying again.`,
    undefined,
    undefined,
    { 'Retry-After': String(retryAfterSeconds) },
  );

export const serviceUnavailable = (code: string, message: string) => new AppError(503, code, message);
