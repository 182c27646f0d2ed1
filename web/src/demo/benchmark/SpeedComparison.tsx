/**
 * Browser vs server, in two ways. The engine comparison is the 1.5× target (docs/decisions/014-browser-demo-and-benchmark.md) for Dilion sign
 * and zk-FIDNA prove: the browser's engine within 1.5× of the same work in Node. Both
 * sides time what the server's engine worker does per call: key derivation from the seed + sign,
 * or key derivation + prove + attest. The other compares each side's whole operation, as each side
 * timed it: the page around the worker's messages, the server around its own steps (docs/decisions/040).
 */
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../i18n/format.ts';
import type { AlgorithmId } from '../algorithms.ts';
import { formatMs } from '../format.ts';
import { ratio, type Summary } from './stats.ts';
import { stepName } from './stepName.ts';

const TARGET = 1.5;

/** The operation each engine comparison times, by its catalogue group; a run of another algorithm shows Dilion's. */
const ENGINE_WORK = { dilion: 'dilion', 'zk-fidna': 'zk' } as const;

/** Which engine comparison a run's algorithm gets. */
export const engineWorkOf = (algorithm: AlgorithmId | null): keyof typeof ENGINE_WORK => (algorithm === 'zk-fidna' ? 'zk-fidna' : 'dilion');

export interface NodeFigure {
  ms: number;
  /** How the figure was obtained, said on the page. */
  source: string;
}

export function SpeedComparison(props: { algorithm: AlgorithmId | null; browser: Summary | null; server: Summary | null; node: NodeFigure | null }) {
  const { t } = useTranslation('demo');
  const { browser, server, node } = props;
  const work = engineWorkOf(props.algorithm);
  const group = ENGINE_WORK[work];
  const step = stepName(work === 'zk-fidna' && props.algorithm === work ? 'prove' : 'sign');
  const times = (x: number, digits: number) => `${formatNumber(x, { minimumFractionDigits: digits, maximumFractionDigits: digits })}×`;
  const browserSign = props.algorithm === work ? (browser?.medianEngineSignMs ?? null) : null;
  const engineRatio = ratio(browserSign, node?.ms);
  const whole = ratio(server?.averageMs, browser?.averageMs);
  return (
    <div className="grid grid-2">
      <div className="card compare-card" data-testid="engine-comparison">
        <div className="card-title">{t('benchmark.compare.engineTitle', { work: t(`benchmark.compare.work.${group}.title`) })}</div>
        <dl className="compare-figures">
          <div>
            <dt>{t('benchmark.compare.inBrowser')}</dt>
            <dd data-testid="browser-sign-ms">{browserSign != null ? formatMs(browserSign) : '—'}</dd>
          </div>
          <div>
            <dt>{t('benchmark.compare.node')}</dt>
            <dd data-testid="node-sign-ms">{node ? formatMs(node.ms) : '—'}</dd>
          </div>
          <div>
            <dt>{t('benchmark.compare.ratio', { target: formatNumber(TARGET) })}</dt>
            <dd data-testid="engine-ratio">
              {engineRatio != null ? times(engineRatio, 2) : '—'}
              {engineRatio != null && (
                <span className={`badge ${engineRatio <= TARGET ? 'badge-success' : 'badge-danger'}`}>{engineRatio <= TARGET ? t('benchmark.compare.within') : t('benchmark.compare.above')}</span>
              )}
            </dd>
          </div>
        </dl>
        <p className="muted demo-small">
          {t(`benchmark.compare.work.${group}.what`)} {node ? t('benchmark.compare.nodeSource', { source: node.source }) : t('benchmark.compare.noNode')}
          {!browserSign && ` ${t(`benchmark.compare.work.${group}.hint`)}`}
        </p>
      </div>
      <div className="card compare-card" data-testid="roundtrip-comparison">
        <div className="card-title">{t('benchmark.compare.perOperation')}</div>
        <dl className="compare-figures">
          <div>
            <dt>{t('benchmark.compare.browserWorker', { step })}</dt>
            <dd>{formatMs(browser?.averageMs)}</dd>
          </div>
          <div>
            <dt>{t('benchmark.compare.server', { step })}</dt>
            <dd>{formatMs(server?.averageMs)}</dd>
          </div>
          <div>
            <dt>{t('benchmark.compare.serverOverBrowser')}</dt>
            <dd data-testid="roundtrip-ratio">{whole != null ? times(whole, 1) : '—'}</dd>
          </div>
        </dl>
        <p className="muted demo-small">{t('benchmark.compare.averages')}</p>
      </div>
    </div>
  );
}
