/**
 * Browser vs server, in two ways. The engine comparison is issue 4's target: in-browser Dilion sign
 * within 1.5× of the same work in Node (both time key derivation from the seed + sign, the work the
 * server's engine worker does per signature). The round-trip comparison is what a page experiences.
 */
import type { AlgorithmId } from '../algorithms.ts';
import { formatMs } from '../format.ts';
import { ratio, type Summary } from './stats.ts';

const TARGET = 1.5;

export interface NodeFigure {
  ms: number;
  /** How the figure was obtained, said on the page. */
  source: string;
}

export function SpeedComparison(props: { algorithm: AlgorithmId | null; browser: Summary | null; server: Summary | null; node: NodeFigure | null }) {
  const { browser, server, node } = props;
  const isDilion = props.algorithm === 'dilion';
  const browserSign = isDilion ? (browser?.medianEngineSignMs ?? null) : null;
  const engineRatio = ratio(browserSign, node?.ms);
  const roundTrip = ratio(server?.averageMs, browser?.averageMs);
  return (
    <div className="grid grid-2">
      <div className="card compare-card" data-testid="engine-comparison">
        <div className="card-title">Dilion sign: this browser vs Node</div>
        <dl className="compare-figures">
          <div>
            <dt>In this browser (wasm in a Web Worker)</dt>
            <dd data-testid="browser-sign-ms">{browserSign != null ? formatMs(browserSign) : '—'}</dd>
          </div>
          <div>
            <dt>Node (the server’s engine)</dt>
            <dd data-testid="node-sign-ms">{node ? formatMs(node.ms) : '—'}</dd>
          </div>
          <div>
            <dt>Ratio (target ≤ {TARGET}×)</dt>
            <dd data-testid="engine-ratio">
              {engineRatio != null ? `${engineRatio.toFixed(2)}×` : '—'}
              {engineRatio != null && (
                <span className={`badge ${engineRatio <= TARGET ? 'badge-success' : 'badge-danger'}`}>{engineRatio <= TARGET ? 'within target' : 'above target'}</span>
              )}
            </dd>
          </div>
        </dl>
        <p className="muted demo-small">
          Engine time of key derivation from the seed plus one hedged ML-DSA-65 signature, the median over the run.
          {node ? ` Node: ${node.source}.` : ' No server figure yet.'}
          {!browserSign && ' Run a Dilion benchmark to measure the browser.'}
        </p>
      </div>
      <div className="card compare-card" data-testid="roundtrip-comparison">
        <div className="card-title">Per operation as the page sees it</div>
        <dl className="compare-figures">
          <div>
            <dt>Browser worker (sign + verify)</dt>
            <dd>{formatMs(browser?.averageMs)}</dd>
          </div>
          <div>
            <dt>Server over HTTP (sign + verify)</dt>
            <dd>{formatMs(server?.averageMs)}</dd>
          </div>
          <div>
            <dt>Server ÷ browser</dt>
            <dd data-testid="roundtrip-ratio">{roundTrip != null ? `${roundTrip.toFixed(1)}×` : '—'}</dd>
          </div>
        </dl>
        <p className="muted demo-small">
          Averages over successful operations: two messages to the worker, or two HTTP requests to /api/demo (network, JSON, the server’s engine pool and its
          operation record).
        </p>
      </div>
    </div>
  );
}
