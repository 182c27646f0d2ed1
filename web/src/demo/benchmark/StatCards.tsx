/**
 * The seven stat cards (docs/product.md §2.5). After a run each shows the browser and the server side by side.
 * Before the first run they show only what is true without a measurement here (beforeRun.ts).
 */
import { useTranslation } from 'react-i18next';
import { labelOf, type AlgorithmId } from '../algorithms.ts';
import { formatBytes, formatMs } from '../format.ts';
import { beforeRunFigures, beforeRunNote, opsPerSecond, type StoredAverages } from './beforeRun.ts';
import type { Summary } from './stats.ts';

const LABELS = ['size', 'generation', 'verification', 'average', 'perSecond', 'min', 'max'] as const;

function measured(s: Summary): string[] {
  return [formatBytes(s.averageSize), formatMs(s.averageSignMs), formatMs(s.averageVerifyMs), formatMs(s.averageMs), opsPerSecond(s.opsPerSecond), formatMs(s.minMs), formatMs(s.maxMs)];
}

export function StatCards(props: { algorithm: AlgorithmId; browser: Summary | null; server: Summary | null; stored: StoredAverages | undefined }) {
  const { t } = useTranslation('demo');
  const { browser, server } = props;
  const ran = browser !== null && server !== null;
  const before = beforeRunFigures(props.algorithm, props.stored);
  const b = browser && measured(browser);
  const s = server && measured(server);
  return (
    <div className="stack">
      {ran && (
        <div className="stat-legend demo-small">
          <span data-side="browser">
            <span className="stat-dot" aria-hidden /> {t('benchmark.stats.inBrowser')}
          </span>
          <span data-side="server">
            <span className="stat-dot" aria-hidden /> {t('benchmark.stats.onServer')}
          </span>
        </div>
      )}
      <div className="stat-grid" data-testid="stat-cards">
        {LABELS.map((label, i) => (
          <div key={label} className="stat-card card">
            <div className="stat-label">{t(`benchmark.stats.labels.${label}`)}</div>
            {ran ? (
              <div className="stat-pair">
                <div data-side="browser">
                  <span className="stat-dot" aria-hidden />
                  <span className="visually-hidden">{t('benchmark.stats.browser')} </span>
                  <span className="stat-value">{b![i]}</span>
                </div>
                <div data-side="server">
                  <span className="stat-dot" aria-hidden />
                  <span className="visually-hidden">{t('benchmark.stats.server')} </span>
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
        <p className="muted demo-small" data-testid="stat-cards-note">
          {beforeRunNote(props.algorithm, labelOf(props.algorithm), props.stored)}
        </p>
      )}
    </div>
  );
}
