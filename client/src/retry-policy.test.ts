import { describe, expect, it } from 'vitest';
import { DEFAULT_RETRY, delayBeforeRetry, isRetryableStatus, retryAfterMs } from './retry-policy.ts';

describe('isRetryableStatus', () => {
  it('retries 5xx except 501 (sending again does not implement a method)', () => {
    expect([500, 502, 503, 504].map((s) => isRetryableStatus(s, undefined, false))).toEqual([true, true, true, true]);
    expect(isRetryableStatus(501, undefined, false)).toBe(false);
  });

  it('retries a 409 only while the first attempt with the Idempotency-Key is still running', () => {
    expect(isRetryableStatus(409, 'idempotency_in_progress', false)).toBe(true);
    expect(isRetryableStatus(409, 'key_exists', false)).toBe(false);
  });

  it('retries a 429 that is a rate limit (Retry-After), never the allowance, the spending limit or an unpaid overage', () => {
    expect(isRetryableStatus(429, 'rate_limited', true)).toBe(true);
    expect(isRetryableStatus(429, 'too_many_concurrent_calls', true)).toBe(true);
    expect(isRetryableStatus(429, 'rate_limited', false)).toBe(false);
    for (const code of ['usage_limit_reached', 'spending_limit_reached', 'overage_unpaid']) expect(isRetryableStatus(429, code, true), code).toBe(false);
  });

  it('never retries another 4xx', () => {
    expect([400, 401, 403, 404, 413, 422].some((s) => isRetryableStatus(s, 'x', true))).toBe(false);
  });
});

describe('retryAfterMs', () => {
  const now = Date.parse('2026-11-27T12:00:00Z');

  it('reads seconds', () => {
    expect(retryAfterMs('1', now)).toBe(1000);
    expect(retryAfterMs(' 30 ', now)).toBe(30_000);
  });

  it('reads an HTTP date as the time left until it, and 0 for one already past', () => {
    expect(retryAfterMs('Fri, 27 Nov 2026 12:00:05 GMT', now)).toBe(5000);
    expect(retryAfterMs('Fri, 27 Nov 2026 11:59:00 GMT', now)).toBe(0);
  });

  it('is undefined when absent, empty or unreadable', () => {
    expect(retryAfterMs(null, now)).toBeUndefined();
    expect(retryAfterMs('', now)).toBeUndefined();
    expect(retryAfterMs('soon', now)).toBeUndefined();
  });
});

describe('delayBeforeRetry', () => {
  it('keeps full jitter within [0, base·2^retry], capped at maxDelayMs', () => {
    const options = { ...DEFAULT_RETRY, baseDelayMs: 100, maxDelayMs: 1000 };
    expect([0, 1, 2, 3, 4, 10].map((retry) => delayBeforeRetry(retry, options, undefined, () => 0.999999))).toEqual([100, 200, 400, 800, 1000, 1000]);
    expect(delayBeforeRetry(3, options, undefined, () => 0)).toBe(0);
    for (let i = 0; i < 200; i++) {
      const wait = delayBeforeRetry(2, options)!;
      expect(wait).toBeGreaterThanOrEqual(0);
      expect(wait).toBeLessThanOrEqual(400);
    }
  });

  it('waits what the server asked, and gives up when that is beyond maxDelayMs', () => {
    expect(delayBeforeRetry(0, DEFAULT_RETRY, 1000)).toBe(1000);
    expect(delayBeforeRetry(0, { ...DEFAULT_RETRY, maxDelayMs: 500 }, 1000)).toBeUndefined();
  });
});
