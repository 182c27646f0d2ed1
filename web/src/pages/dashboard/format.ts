/** How the dashboard writes keys, money, plans and operations (docs/product.md §2.10, §9). */
import { tierPlan, type Tier } from '../../../../shared/plans.ts';
import type { DashboardOperation } from './types.ts';

/** First 8 characters, an ellipsis, the last 4; short values are hidden whole. */
export function mask(value: string): string {
  if (value.length <= 12) return '•'.repeat(value.length);
  return `${value.slice(0, 8)}…${value.slice(-4)}`;
}

/** Integer cents as dollars with two decimals ("$0.00", "$199.00"). */
export function money(cents: number): string {
  return `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

const DESCRIPTIONS: Record<Tier, string> = {
  free: '100 total API calls',
  starter: '10,000 calls per month',
  pro: '100,000 calls per month',
  unlimited: 'Unlimited calls, set by this server’s operator',
};

export function planTitle(tier: Tier): string {
  return `${tierPlan(tier).name} Plan`;
}

export function planDescription(tier: Tier): string {
  return DESCRIPTIONS[tier];
}

/** "1,234 / 10,000", or "1,234 (no limit)" on Unlimited. */
export function callsOfLimit(used: number, limit: number | null): string {
  return limit === null ? `${used.toLocaleString('en-US')} (no limit)` : `${used.toLocaleString('en-US')} / ${limit.toLocaleString('en-US')}`;
}

/** Percentage of the allowance used, for a progress bar (capped at 100). */
export function usagePercent(used: number, limit: number): number {
  if (limit <= 0) return used > 0 ? 100 : 0;
  return Math.min(100, (used / limit) * 100);
}

/** A sign (or proof) that completed, or a verification that found the signature valid, is a success. */
export function operationStatus(op: Pick<DashboardOperation, 'operation' | 'success'>): string {
  if (op.success) return '✅ Success';
  return op.operation === 'verify' ? '⚠️ Invalid signature' : '⚠️ Failed';
}

export function milliseconds(ms: number): string {
  return `${ms < 10 ? ms.toFixed(2) : ms.toFixed(1)} ms`;
}

export function dateTime(iso: string): string {
  return new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}

/** A day as 'Dec 20, 2026' (UTC, as plans and months are counted). */
export function day(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
}

/** 'YYYY-MM' as 'November 2026'. */
export function monthLabel(month: string): string {
  const [year, index] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, index - 1, 1)).toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/** A browser's User-Agent as a person reads it: 'Chrome on Linux'; the raw string when it is none of the usual ones. */
export function browserName(userAgent: string): string {
  const browser = [['Edg/', 'Edge'], ['Firefox/', 'Firefox'], ['HeadlessChrome/', 'Headless Chrome'], ['Chrome/', 'Chrome'], ['Safari/', 'Safari']].find(([token]) => userAgent.includes(token!))?.[1];
  const system = [['Android', 'Android'], ['iPhone', 'iPhone'], ['iPad', 'iPad'], ['Windows', 'Windows'], ['Mac OS X', 'macOS'], ['Linux', 'Linux']].find(([token]) => userAgent.includes(token!))?.[1];
  return browser ? `${browser}${system ? ` on ${system}` : ''}` : userAgent;
}
