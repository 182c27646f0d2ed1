/**
 * How the dashboard writes keys, money, plans and operations (docs/product.md §2.10, §9), in the
 * page's language: texts from the `dashboard` catalogue, numbers, money and dates through
 * web/src/i18n/format.ts (docs/decisions/041). Call these while rendering, so a language switch shows.
 */
import { tierPlan, type Tier } from '../../../../shared/plans.ts';
import { formatDateTime, formatDay, formatMoney, formatMonth, formatNumber } from '../../i18n/format.ts';
import { i18n } from '../../i18n/index.ts';
import type { DashboardOperation } from './types.ts';

/** First 8 characters, an ellipsis, the last 4; short values are hidden whole. */
export function mask(value: string): string {
  if (value.length <= 12) return '•'.repeat(value.length);
  return `${value.slice(0, 8)}…${value.slice(-4)}`;
}

/** Integer cents as dollars with two decimals ("$0.00", "$199.00"; "US$199.00" in Korean). */
export const money = formatMoney;

/** A plan's price: dollars, with cents only when there are some ("$199", "$0.01"). */
export function price(cents: number): string {
  return formatNumber(cents / 100, { style: 'currency', currency: 'USD', minimumFractionDigits: cents % 100 === 0 ? 0 : 2, maximumFractionDigits: 2 });
}

export function planTitle(tier: Tier): string {
  return i18n.t('dashboard:format.planTitle', { name: tierPlan(tier).name });
}

/** The allowance: in total on Free, per month on a paid plan, none on Unlimited. */
export function planDescription(tier: Tier): string {
  const limit = tierPlan(tier).usageLimit;
  if (limit === null) return i18n.t('dashboard:format.plans.unlimited');
  return i18n.t(tier === 'free' ? 'dashboard:format.plans.free' : 'dashboard:format.plans.perMonth', { calls: formatNumber(limit) });
}

/** "1,234 / 10,000", or "1,234 (no limit)" on Unlimited. */
export function callsOfLimit(used: number, limit: number | null): string {
  return limit === null ? i18n.t('dashboard:format.noLimit', { used: formatNumber(used) }) : `${formatNumber(used)} / ${formatNumber(limit)}`;
}

/** Percentage of the allowance used, for a progress bar (capped at 100). */
export function usagePercent(used: number, limit: number): number {
  if (limit <= 0) return used > 0 ? 100 : 0;
  return Math.min(100, (used / limit) * 100);
}

/** A sign (or proof) that completed, or a verification that found the signature valid, is a success. */
export function operationStatus(op: Pick<DashboardOperation, 'operation' | 'success'>): string {
  if (op.success) return i18n.t('dashboard:format.status.success');
  return i18n.t(op.operation === 'verify' ? 'dashboard:format.status.invalid' : 'dashboard:format.status.failed');
}

export function milliseconds(ms: number): string {
  const digits = ms < 10 ? 2 : 1;
  return `${formatNumber(ms, { minimumFractionDigits: digits, maximumFractionDigits: digits })} ms`;
}

export const dateTime = (iso: string): string => formatDateTime(iso);

/** A day as 'Dec 20, 2026' (UTC, as plans and months are counted). */
export const day = (iso: string): string => formatDay(iso);

/** 'YYYY-MM' as 'November 2026'. */
export function monthLabel(month: string): string {
  const [year, index] = month.split('-').map(Number) as [number, number];
  return formatMonth(year, index);
}

/** A browser's User-Agent as a person reads it: 'Chrome on Linux'; the raw string when it is none of the usual ones. */
export function browserName(userAgent: string): string {
  const browser = [['Edg/', 'Edge'], ['Firefox/', 'Firefox'], ['HeadlessChrome/', 'Headless Chrome'], ['Chrome/', 'Chrome'], ['Safari/', 'Safari']].find(([token]) => userAgent.includes(token!))?.[1];
  const system = [['Android', 'Android'], ['iPhone', 'iPhone'], ['iPad', 'iPad'], ['Windows', 'Windows'], ['Mac OS X', 'macOS'], ['Linux', 'Linux']].find(([token]) => userAgent.includes(token!))?.[1];
  if (!browser) return userAgent;
  return system ? i18n.t('dashboard:format.browserOn', { browser, system }) : browser;
}
