/**
 * The results panel (docs/product.md §2.5): algorithm badge, totals, success rate and the distribution, per side,
 * and under the server's, where its time goes and what HTTP added (docs/decisions/040).
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../i18n/format.ts';
import { labelOf, type AlgorithmId } from '../algorithms.ts';
import { formatMs } from '../format.ts';
import type { BatchCall } from './serverBatch.ts';
import { ServerTimeSplit } from './ServerTimeSplit.tsx';
import { errorCounts, type Distribution, type Sample, type Side, type Summary } from './stats.ts';

const BUCKETS: (keyof Distribution)[] = ['fast', 'normal', 'slow', 'failed'];

function SideResults({ side, summary, samples, children }: { side: Side; summary: Summary; samples: Sample[]; children?: ReactNode }) {
  const { t } = useTranslation('demo');
  const errors = errorCounts(samples);
  return (
    <div className="results-side" data-testid={`results-${side}`}>
      <h4>{t(`benchmark.results.${side}`)}</h4>
      <dl className="results-figures">
        <div>
          <dt>{t('benchmark.results.totalOperations')}</dt>
          <dd>{formatNumber(summary.operations)}</dd>
        </div>
        <div>
          <dt>{t('benchmark.results.totalTime')}</dt>
          <dd>{formatMs(summary.totalMs)}</dd>
        </div>
        <div>
          <dt>{t('benchmark.results.successRate')}</dt>
          <dd>{formatNumber(summary.successRate, { minimumFractionDigits: 1, maximumFractionDigits: 1 })}%</dd>
        </div>
      </dl>
      <div className="distribution">
        {BUCKETS.map((bucket) => {
          const n = summary.distribution[bucket];
          const pct = summary.operations ? (n / summary.operations) * 100 : 0;
          return (
            <div key={bucket} className="dist-row" data-bucket={bucket}>
              <span className="dist-label">{t(`benchmark.results.buckets.${bucket}`)}</span>
              <span className="dist-bar">
                <span style={{ width: `${pct}%` }} />
              </span>
              <span className="dist-count">{n}</span>
            </div>
          );
        })}
      </div>
      {errors.length > 0 && (
        <ul className="error-list">
          {errors.map((e) => (
            <li key={e.message}>
              <span className="badge badge-danger">×{e.count}</span> {e.message}
            </li>
          ))}
        </ul>
      )}
      {children}
    </div>
  );
}

export function ResultsPanel(props: {
  algorithm: AlgorithmId;
  stopped: boolean;
  browser: { summary: Summary; samples: Sample[] };
  server: { summary: Summary; samples: Sample[] };
  /** The run's calls to POST /api/demo/benchmark. */
  calls: readonly BatchCall[];
}) {
  const { t } = useTranslation('demo');
  return (
    <div className="card stack" data-testid="benchmark-results">
      <div className="row">
        <h3 style={{ margin: 0 }}>{t('benchmark.results.heading')}</h3>
        <span className="badge badge-accent">{labelOf(props.algorithm)}</span>
        {props.stopped && <span className="badge">{t('benchmark.results.stopped')}</span>}
      </div>
      <p className="muted demo-small">{t('benchmark.results.lead')}</p>
      <div className="grid grid-2">
        <SideResults side="browser" {...props.browser} />
        <SideResults side="server" {...props.server}>
          <ServerTimeSplit samples={props.server.samples} calls={props.calls} firstStep={props.algorithm === 'zk-fidna' ? 'prove' : 'sign'} />
        </SideResults>
      </div>
    </div>
  );
}
