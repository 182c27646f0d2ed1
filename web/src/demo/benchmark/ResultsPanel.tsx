/**
 * The results panel (docs/product.md §2.5): algorithm badge, totals, success rate and the distribution, per side,
 * and under the server's, where its time goes and what HTTP added (docs/decisions/040).
 */
import type { ReactNode } from 'react';
import { labelOf, type AlgorithmId } from '../algorithms.ts';
import { formatMs } from '../format.ts';
import type { BatchCall } from './serverBatch.ts';
import { ServerTimeSplit } from './ServerTimeSplit.tsx';
import { errorCounts, type Distribution, type Sample, type Summary } from './stats.ts';

const BUCKETS: { key: keyof Distribution; label: string }[] = [
  { key: 'fast', label: 'Fast (<200ms)' },
  { key: 'normal', label: 'Normal (200-500ms)' },
  { key: 'slow', label: 'Slow (>500ms)' },
  { key: 'failed', label: 'Failed' },
];

function SideResults({ title, summary, samples, children }: { title: string; summary: Summary; samples: Sample[]; children?: ReactNode }) {
  const errors = errorCounts(samples);
  return (
    <div className="results-side" data-testid={`results-${title.toLowerCase().startsWith('browser') ? 'browser' : 'server'}`}>
      <h4>{title}</h4>
      <dl className="results-figures">
        <div>
          <dt>Total operations</dt>
          <dd>{summary.operations.toLocaleString('en-US')}</dd>
        </div>
        <div>
          <dt>Total time</dt>
          <dd>{formatMs(summary.totalMs)}</dd>
        </div>
        <div>
          <dt>Success rate</dt>
          <dd>{summary.successRate.toFixed(1)}%</dd>
        </div>
      </dl>
      <div className="distribution">
        {BUCKETS.map((b) => {
          const n = summary.distribution[b.key];
          const pct = summary.operations ? (n / summary.operations) * 100 : 0;
          return (
            <div key={b.key} className="dist-row" data-bucket={b.key}>
              <span className="dist-label">{b.label}</span>
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
  return (
    <div className="card stack" data-testid="benchmark-results">
      <div className="row">
        <h3 style={{ margin: 0 }}>Results</h3>
        <span className="badge badge-accent">{labelOf(props.algorithm)}</span>
        {props.stopped && <span className="badge">Stopped early</span>}
      </div>
      <p className="muted demo-small">
        Total time is the sum of the operations’ own times: in the browser as this page timed the worker, on the server as the server timed itself. Pauses,
        HTTP and any rate-limit waits are left out.
      </p>
      <div className="grid grid-2">
        <SideResults title="Browser (Web Worker)" {...props.browser} />
        <SideResults title="Server (demo API)" {...props.server}>
          <ServerTimeSplit samples={props.server.samples} calls={props.calls} firstStep={props.algorithm === 'zk-fidna' ? 'prove' : 'sign'} />
        </SideResults>
      </div>
    </div>
  );
}
