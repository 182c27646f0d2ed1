/**
 * Numbers, money and dates in the page's language (docs/decisions/041): English as in the United
 * States, Korean as in Korea. Prices stay in US dollars, the currency PayPal charges.
 */
import { currentLanguage, type Language } from './index.ts';

const LOCALES: Record<Language, string> = { en: 'en-US', ko: 'ko-KR' };
const locale = () => LOCALES[currentLanguage()];

export function formatNumber(n: number, options?: Intl.NumberFormatOptions): string {
  return n.toLocaleString(locale(), options);
}

/** Cents as dollars with two decimals: $1,234.50, or US$1,234.50 in Korean. */
export function formatMoney(cents: number): string {
  return (cents / 100).toLocaleString(locale(), { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

/** A moment in the reader's time zone, to the minute. */
export function formatDateTime(iso: string | number | Date): string {
  return new Date(iso).toLocaleString(locale(), { dateStyle: 'medium', timeStyle: 'short' });
}

/** A calendar day kept in UTC (plan ends, receipt dates), as that day everywhere. */
export function formatDay(iso: string | number | Date): string {
  return new Date(iso).toLocaleDateString(locale(), { dateStyle: 'medium', timeZone: 'UTC' });
}

/** A month of a year (index 1-12), as "November 2026" or "2026년 11월". */
export function formatMonth(year: number, index: number): string {
  return new Date(Date.UTC(year, index - 1, 1)).toLocaleString(locale(), { month: 'long', year: 'numeric', timeZone: 'UTC' });
}
