/** The usage chart's data: the server's per-day counts spread over the days of the month. */
import { i18n } from '../../i18n/index.ts';
import type { Daily } from './types.ts';

/** One row per day (1 up to today, or the month's last day for a past month), one column per algorithm. */
export function chartRows(daily: Daily, today = new Date()): { rows: Record<string, number | string>[]; algorithms: string[] } {
  const [year, month] = daily.month.split('-').map(Number) as [number, number];
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const current = today.toISOString().slice(0, 7) === daily.month;
  const lastDay = current ? today.getUTCDate() : daysInMonth;
  const algorithms = [...new Set(daily.days.map((d) => d.algorithm))].sort();
  const rows = Array.from({ length: lastDay }, (_, i) => {
    const row: Record<string, number | string> = { day: i + 1 };
    for (const a of algorithms) row[a] = 0;
    return row;
  });
  for (const d of daily.days) {
    const row = rows[Number(d.date.slice(8, 10)) - 1];
    if (row) row[d.algorithm] = d.calls;
  }
  return { rows, algorithms };
}

/** The chart's figures as table rows, for its text equivalent: one row per day, one column per algorithm. */
export function usageTable(month: string, rows: Record<string, number | string>[], algorithms: string[]): { columns: string[]; rows: (string | number)[][] } {
  return {
    columns: [i18n.t('dashboard:usageChart.day'), ...algorithms],
    rows: rows.map((r) => [`${month}-${String(r.day).padStart(2, '0')}`, ...algorithms.map((a) => r[a] ?? 0)]),
  };
}
