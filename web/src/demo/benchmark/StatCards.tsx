/**
 * The seven stat cards (spec §2). After a run each shows the browser and the server side by side.
 * Before the first run they show the server's stored averages (GET /api/crypto/performance) where
 * there are any, the spec's reference sizes, and min/max estimated at 0.7× and 1.5× the average
 * (spec §9), all marked as not measured here.
 */
import type { AlgorithmId } from '../algorithms.ts';
import { formatBytes, formatMs } from '../format.ts';
import type { Summary } from './stats.ts';

export interface StoredAverages {
  averageSignatureSize: number;
  averageGenerationTime: number;
  averageVerificationTime: number;
  operations: number;
}

/** Spec §9 "Stat card figures": reference signature sizes shown before any measurement. */
const REFERENCE_SIZE: Record<AlgorithmId, string> = {
  dilion: '4,096 B',
  'qes2-ecdsa': '4,160 / 64 B',
  'qes2-schnorr': '4,259 / 64 B',
  'zk-fidna': '1,024 B',
};

const LABELS = ['Average size', 'Generation time', 'Verification time', 'Average time', 'Operations / second', 'Min time', 'Max time'];

const opsPerSecond = (x: number | null) => (x == null ? '—' : x >= 100 ? Math.round(x).toLocaleString('en-US') : x.toFixed(1));

function measured(s: Summary): string[] {
  return [formatBytes(s.averageSize), formatMs(s.averageSignMs), formatMs(s.averageVerifyMs), formatMs(s.averageMs), opsPerSecond(s.opsPerSecond), formatMs(s.minMs), formatMs(s.maxMs)];
}

function reference(algorithm: AlgorithmId, stored: StoredAverages | undefined): string[] {
  const has = stored && stored.operations > 0;
  const size = has && stored.averageSignatureSize > 0 ? formatBytes(stored.averageSignatureSize) : REFERENCE_SIZE[algorithm];
  const average = has ? stored.averageGenerationTime + stored.averageVerificationTime : null;
  return [
    size,
    has ? formatMs(stored.averageGenerationTime) : '—',
    has ? formatMs(stored.averageVerificationTime) : '—',
    formatMs(average),
    opsPerSecond(average ? 1000 / average : null),
    average ? `~${formatMs(average * 0.7)}` : '—',
    average ? `~${formatMs(average * 1.5)}` : '—',
  ];
}

export function StatCards(props: { algorithm: AlgorithmId; browser: Summary | null; server: Summary | null; stored: StoredAverages | undefined }) {
  const { browser, server } = props;
  const ran = browser !== null && server !== null;
  const before = reference(props.algorithm, props.stored);
  const b = browser && measured(browser);
  const s = server && measured(server);
  return (
    <div className="stack">
      {ran && (
        <div className="stat-legend demo-small">
          <span data-side="browser">
            <span className="stat-dot" aria-hidden /> In this browser
          </span>
          <span data-side="server">
            <span className="stat-dot" aria-hidden /> On the server
          </span>
        </div>
      )}
      <div className="stat-grid" data-testid="stat-cards">
        {LABELS.map((label, i) => (
          <div key={label} className="stat-card card">
            <div className="stat-label">{label}</div>
            {ran ? (
              <div className="stat-pair">
                <div data-side="browser">
                  <span className="stat-dot" aria-hidden />
                  <span className="visually-hidden">Browser: </span>
                  <span className="stat-value">{b![i]}</span>
                </div>
                <div data-side="server">
                  <span className="stat-dot" aria-hidden />
                  <span className="visually-hidden">Server: </span>
                  <span className="stat-value">{s![i]}</span>
                </div>
              </div>
            ) : (
              <div className="stat-value stat-single">{before[i]}</div>
            )}
          </div>
        ))}
      </div>
      {!ran && (
        <p className="muted demo-small">
          Before a run: {props.stored && props.stored.operations > 0 ? `the server engine’s averages over ${props.stored.operations.toLocaleString('en-US')} stored operations` : 'no stored server operations yet'}, the spec’s reference size, and
          min/max estimated at 0.7× and 1.5× the average. Start a benchmark to replace them with measurements.
        </p>
      )}
    </div>
  );
}
