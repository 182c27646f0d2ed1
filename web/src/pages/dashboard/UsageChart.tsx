/**
 * Calls per day this month, stacked by algorithm, from GET /api/usage/daily (counted by the server
 * in SQL). Every day of the month up to today gets a bar, so quiet days show as zero; the same
 * figures follow as a table for those who cannot see the chart.
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartTable } from '../../components/ChartTable.tsx';
import { formatNumber } from '../../i18n/format.ts';
import { chartRows, usageTable } from './chartRows.ts';
import { monthLabel } from './format.ts';
import { useDailyUsage } from './useDailyUsage.ts';

const COLORS = ['#4f46e5', '#f59e0b', '#059669', '#db2777', '#0891b2', '#7c3aed'];

export function UsageChart() {
  const { t } = useTranslation('dashboard');
  const daily = useDailyUsage();
  const data = daily.data;
  const { rows, algorithms } = data ? chartRows(data) : { rows: [], algorithms: [] };
  const tableId = useId();
  const charted = !!data && data.total > 0;
  return (
    <section className="card dash-card" aria-labelledby="chart-heading" aria-details={charted ? tableId : undefined} data-testid="usage-chart">
      <div className="card-head">
        <h2 id="chart-heading">{t('usageChart.heading')}</h2>
        <span className="muted" data-testid="chart-total">
          {data ? t('usageChart.total', { count: data.total, calls: formatNumber(data.total), month: monthLabel(data.month) }) : ''}
        </span>
      </div>
      <p className="muted small">{t('usageChart.lead')}</p>
      {daily.isError ? (
        <div className="alert alert-danger" role="alert">
          {t('usageChart.failed')}
        </div>
      ) : data && data.total === 0 ? (
        <div className="chart-empty muted">{t('usageChart.empty')}</div>
      ) : (
        <div className="chart-box">
          {data && (
            <ResponsiveContainer width="100%" height="100%">
              <BarChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
                <CartesianGrid stroke="#e3e7f1" strokeDasharray="3 3" vertical={false} />
                <XAxis dataKey="day" tick={{ fontSize: 11 }} interval="preserveStartEnd" />
                <YAxis allowDecimals={false} tick={{ fontSize: 11 }} />
                <Tooltip labelFormatter={(day) => `${data.month}-${String(day).padStart(2, '0')}`} />
                <Legend wrapperStyle={{ fontSize: 12 }} />
                {algorithms.map((a, i) => (
                  <Bar key={a} dataKey={a} stackId="calls" fill={COLORS[i % COLORS.length]} isAnimationActive={false} />
                ))}
              </BarChart>
            </ResponsiveContainer>
          )}
        </div>
      )}
      {charted && <ChartTable id={tableId} caption={t('usageChart.caption', { month: monthLabel(data.month) })} {...usageTable(data.month, rows, algorithms)} />}
    </section>
  );
}
