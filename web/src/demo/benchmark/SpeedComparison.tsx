/**
 * Browser vs server, in two ways. The engine comparison is the 1.5× target of issue 4 (Dilion sign)
 * and issue 12 (zk-FIDNA prove): the browser's engine within 1.5× of the same work in Node. Both
 * sides time what the server's engine worker does per call: key derivation from the seed + sign,
 * or key derivation + prove + attest. The other compares each side's whole operation, as each side
 * timed it: the page around the worker's messages, the server around its own steps (docs/decisions/040).
 */
import type { AlgorithmId } from '../algorithms.ts';
import { formatMs } from '../format.ts';
import { ratio, type Summary } from './stats.ts';

const TARGET = 1.5;

/** The operation each engine comparison times; a run of another algorithm shows Dilion's. */
const ENGINE_WORK = {
  dilion: {
    title: 'Dilion sign',
    what: 'Engine time of key derivation from the seed plus one hedged ML-DSA-65 signature, the median over the run.',
    hint: ' Run a Dilion benchmark to measure the browser.',
  },
  'zk-fidna': {
    title: 'zk-FIDNA prove',
    what: 'Engine time of key derivation from the seed, one balance_proof (two aggregated 64-bit range proofs) and its ML-DSA-65 attestation, the median over the run.',
    hint: ' Run a zk-FIDNA benchmark to measure the browser.',
  },
} as const;

/** Which engine comparison a run's algorithm gets. */
export const engineWorkOf = (algorithm: AlgorithmId | null): keyof typeof ENGINE_WORK => (algorithm === 'zk-fidna' ? 'zk-fidna' : 'dilion');

export interface NodeFigure {
  ms: number;
  /** How the figure was obtained, said on the page. */
  source: string;
}

export function SpeedComparison(props: { algorithm: AlgorithmId | null; browser: Summary | null; server: Summary | null; node: NodeFigure | null }) {
  const { browser, server, node } = props;
  const work = engineWorkOf(props.algorithm);
  const browserSign = props.algorithm === work ? (browser?.medianEngineSignMs ?? null) : null;
  const engineRatio = ratio(browserSign, node?.ms);
  const whole = ratio(server?.averageMs, browser?.averageMs);
  return (
    <div className="grid grid-2">
      <div className="card compare-card" data-testid="engine-comparison">
        <div className="card-title">{ENGINE_WORK[work].title}: this browser vs Node</div>
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
          {ENGINE_WORK[work].what}
          {node ? ` Node: ${node.source}.` : ' No server figure yet.'}
          {!browserSign && ENGINE_WORK[work].hint}
        </p>
      </div>
      <div className="card compare-card" data-testid="roundtrip-comparison">
        <div className="card-title">Per operation, as each side timed it</div>
        <dl className="compare-figures">
          <div>
            <dt>Browser worker ({work === 'zk-fidna' && props.algorithm === work ? 'prove' : 'sign'} + verify)</dt>
            <dd>{formatMs(browser?.averageMs)}</dd>
          </div>
          <div>
            <dt>Server ({work === 'zk-fidna' && props.algorithm === work ? 'prove' : 'sign'} + verify)</dt>
            <dd>{formatMs(server?.averageMs)}</dd>
          </div>
          <div>
            <dt>Server ÷ browser</dt>
            <dd data-testid="roundtrip-ratio">{whole != null ? `${whole.toFixed(1)}×` : '—'}</dd>
          </div>
        </dl>
        <p className="muted demo-small">
          Averages over successful operations: in the browser, two messages to the worker as this page timed them; on the server, its own time for both
          steps (its engine pool and the operation records), without the network, which “Where the server’s time goes” shows apart.
        </p>
      </div>
    </div>
  );
}
