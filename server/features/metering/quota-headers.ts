/**
 * The account's allowance on a metered answer, in the IETF RateLimit fields of draft 8 (the syntax
 * the per-address limits send through express-rate-limit, http/rate-limit.ts): RateLimit-Policy
 * names the allowance, RateLimit says what is left of it (docs/api.md §5.2,
 * docs/decisions/052-versioned-api.md).
 * - "monthly" (Starter, Pro): q = the calendar month's calls (allowance credit included),
 *   w = the month's seconds (UTC); r = calls left after this one, t = seconds until the month ends.
 * - "lifetime" (Free): q = the account's calls in total; no window and no reset (both are optional
 *   in the draft), since Free's allowance does not renew.
 * - Unlimited: no allowance, so no fields.
 * On a plan billed per call past its allowance, r stays 0 once the allowance is used: the calls are
 * still answered, each as a cent of overage; r counts calls within the allowance, never billable ones.
 */
import type { OutgoingMessage } from 'node:http';
import { AppError } from '../../errors.ts';

export interface Quota {
  policy: 'monthly' | 'lifetime';
  /** The allowance's calls. */
  limit: number;
  /** Calls of the allowance left once this call is counted (0 at or past the allowance). */
  remaining: number;
  /** The month: its length and the time left of it, in seconds; none for a lifetime allowance. */
  window: { seconds: number; resetSeconds: number } | null;
}

/** The allowance of Free: `calls` counts this call with those answered and those in flight. */
export function lifetimeQuota(limit: number, calls: number): Quota {
  return { policy: 'lifetime', limit, remaining: Math.max(0, limit - calls), window: null };
}

/** A calendar month's allowance (UTC) at `now`: `calls` counts this call with the month's answered and in-flight ones. */
export function monthlyQuota(allowance: number, calls: number, now: Date): Quota {
  const start = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
  const end = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1);
  return {
    policy: 'monthly',
    limit: allowance,
    remaining: Math.max(0, allowance - calls),
    window: { seconds: (end - start) / 1000, resetSeconds: Math.max(0, Math.ceil((end - now.getTime()) / 1000)) },
  };
}

/** The two fields' values. */
export function quotaFields(quota: Quota): { 'RateLimit-Policy': string; RateLimit: string } {
  const { policy, limit, remaining, window } = quota;
  return {
    'RateLimit-Policy': `"${policy}"; q=${limit}${window ? `; w=${window.seconds}` : ''}`,
    RateLimit: `"${policy}"; r=${remaining}${window ? `; t=${window.resetSeconds}` : ''}`,
  };
}

/** Sets the fields on a metered call's answer, from the ticket its admission gave (nothing for Unlimited). */
export function quotaHeaders(res: Pick<OutgoingMessage, 'setHeader'>, ticket: { quota?: Quota | null }): void {
  if (!ticket.quota) return;
  for (const [name, value] of Object.entries(quotaFields(ticket.quota))) res.setHeader(name, value);
}

/** A refusal at the allowance (a 429) carrying the fields, remaining 0; any other error as it is. */
export function withQuota(error: unknown, quota: Quota | null | undefined): unknown {
  if (!quota || !(error instanceof AppError) || error.status !== 429) return error;
  const { status, code, message, param, details, headers } = error;
  return new AppError(status, code, message, param, details, { ...headers, ...quotaFields({ ...quota, remaining: 0 }) });
}
