/**
 * Per-operation sign (or prove) and verify times of one side, as a recharts line chart, with the same
 * figures as a table under it for those who cannot see the chart.
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartTable } from '../../components/ChartTable.tsx';
import { formatMs } from '../format.ts';
import type { Sample } from './stats.ts';
import { stepName, type FirstStep } from './stepName.ts';
import { timesTable } from './timesTable.ts';

export function TimesChart(props: { title: string; subtitle: string; samples: Sample[]; testId: string; firstStep?: FirstStep }) {
  const { t } = useTranslation('demo');
  const { title, subtitle, samples, testId, firstStep = 'sign' } = props;
  // Failed operations have no time: a gap in the lines, not a misleading zero.
  const dots = samples.length <= 40;
  const data = samples.map((s) => ({ op: s.index, sign: s.ok ? s.signMs : null, verify: s.ok ? s.verifyMs : null }));
  const tableId = useId();
  const table = timesTable(samples, firstStep);
  return (
    <figure className="card chart-card" data-testid={testId} aria-details={samples.length > 0 ? tableId : undefined}>
      <figcaption className="card-title">{title}</figcaption>
      <p className="muted demo-small">{subtitle}</p>
      {samples.length === 0 ? (
        <div className="chart-empty muted">{t('benchmark.charts.empty')}</div>
      ) : (
        <div className="chart-box">
          <ResponsiveContainer width="100%" height="100%">
            <LineChart data={data} margin={{ top: 8, right: 12, bottom: 4, left: 0 }}>
              <CartesianGrid stroke="#e3e7f1" strokeDasharray="3 3" />
              <XAxis dataKey="op" tick={{ fontSize: 11 }} label={{ value: t('benchmark.charts.axis'), position: 'insideBottomRight', offset: -2, fontSize: 11 }} />
              <YAxis
                tick={{ fontSize: 11 }}
                width={44}
                tickFormatter={(v: number) => (v < 10 ? String(Number(v.toFixed(2))) : String(Math.round(v)))}
                label={{ value: 'ms', angle: -90, position: 'insideLeft', fontSize: 11 }}
              />
              <Tooltip formatter={(v) => formatMs(typeof v === 'number' ? v : null)} labelFormatter={(l) => t('benchmark.charts.tooltip', { index: String(l) })} />
              <Legend wrapperStyle={{ fontSize: 12 }} />
              <Line type="linear" dataKey="sign" name={stepName(firstStep)} stroke="#334155" dot={dots} strokeWidth={2} isAnimationActive={false} connectNulls={false} />
              <Line type="linear" dataKey="verify" name={stepName('verify')} stroke="#f59e0b" dot={dots} strokeWidth={2} isAnimationActive={false} connectNulls={false} />
            </LineChart>
          </ResponsiveContainer>
        </div>
      )}
      {samples.length > 0 && <ChartTable id={tableId} caption={t('benchmark.charts.caption', { title })} columns={table.columns} rows={table.rows} />}
    </figure>
  );
}
