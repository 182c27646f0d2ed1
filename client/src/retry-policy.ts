/**
 * When a call is worth sending again, and after how long (docs/decisions/058-typed-client.md).
 * Retried: failures to reach the server, 5xx, a 409 idempotency_in_progress (the first attempt is
 * still running on the server), and 429s that are rate limits (they carry Retry-After). Never
 * retried: the month's allowance or the spending limit (usage_limit_reached, spending_limit_reached,
 * overage_unpaid), which waiting does not lift, and every other 4xx, which sending again would not fix.
 * Every POST carries one Idempotency-Key across its attempts, so a retry is never charged twice.
 */

export interface RetryOptions {
  /** Attempts after the first; 0 turns retrying off. Default 3. */
  retries?: number;
  /** The first backoff; each later one doubles, with full jitter. Default 250 ms. */
  baseDelayMs?: number;
  /** No single wait is longer: a Retry-After beyond it ends the retries. Default 30 s. */
  maxDelayMs?: number;
}

export const DEFAULT_RETRY: Required<RetryOptions> = { retries: 3, baseDelayMs: 250, maxDelayMs: 30_000 };

/** 429 codes that waiting does not fix: the caller must buy, pay or raise a limit. */
const QUOTA_CODES = new Set(['usage_limit_reached', 'spending_limit_reached', 'overage_unpaid']);

/** Whether an answer of `status` with error `code` may succeed if sent again. */
export function isRetryableStatus(status: number, code: string | undefined, hasRetryAfter: boolean): boolean {
  if (status >= 500 && status !== 501) return true;
  if (status === 409) return code === 'idempotency_in_progress';
  if (status === 429) return hasRetryAfter && !QUOTA_CODES.has(code ?? '');
  return false;
}

/** Milliseconds a Retry-After header asks for (seconds, or an HTTP date), or undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/**
 * The wait before retry number `retry` (0 for the first): the server's Retry-After when it gave one,
 * else exponential backoff with full jitter; undefined when the wait would exceed maxDelayMs.
 */
export function delayBeforeRetry(retry: number, options: Required<RetryOptions>, serverAsked?: number, random = Math.random): number | undefined {
  if (serverAsked !== undefined) return serverAsked <= options.maxDelayMs ? serverAsked : undefined;
  const ceiling = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** retry);
  return Math.round(random() * ceiling);
}
