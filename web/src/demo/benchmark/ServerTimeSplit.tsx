/**
 * Where the server's time goes (docs/product.md §2.5, docs/decisions/040): per step, the server's
 * own time, the engine's part and the rest; then what HTTP added per call to /api/demo/benchmark.
 * A table is the figure itself, so it needs no chart equivalent (docs/decisions/027-accessibility.md).
 */
import { useId } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { formatNumber } from '../../i18n/format.ts';
import { i18n } from '../../i18n/index.ts';
import { formatMs } from '../format.ts';
import type { BatchCall } from './serverBatch.ts';
import type { Sample } from './stats.ts';
import { stepName, type FirstStep } from './stepName.ts';
import { httpOverhead, timeSplit, type StepSplit } from './timeSplit.ts';
import './benchmark.css';

function sampleSize([sign, verify]: readonly [StepSplit, StepSplit], succeeded: number, firstStep: FirstStep): string {
  return sign.timed === verify.timed
    ? i18n.t('demo:benchmark.split.sameSize', { timed: String(sign.timed), succeeded: String(succeeded) })
    : i18n.t('demo:benchmark.split.differentSize', { step: stepName(firstStep), signTimed: String(sign.timed), verifyTimed: String(verify.timed), succeeded: String(succeeded) });
}

function HttpLine({ calls }: { calls: readonly BatchCall[] }) {
  const { t } = useTranslation('demo');
  const http = httpOverhead(calls);
  if (!http) return null;
  return (
    <p className="muted demo-small" data-testid="server-http">
      <Trans
        t={t}
        i18nKey="benchmark.split.http"
        count={http.calls}
        values={{ operations: formatNumber(http.operations), perCall: formatMs(http.perCallMs), perOperation: formatMs(http.perOperationMs) }}
        components={{ perCall: <span data-figure="http-per-call" />, perOperation: <span data-figure="http-per-operation" /> }}
      />
    </p>
  );
}

export function ServerTimeSplit({ samples, calls, firstStep }: { samples: readonly Sample[]; calls: readonly BatchCall[]; firstStep: FirstStep }) {
  const { t } = useTranslation('demo');
  const split = timeSplit(samples);
  const headingId = useId();
  const label = (step: StepSplit['step']) => stepName(step === 'sign' ? firstStep : 'verify');
  return (
    <section className="time-split" data-testid="server-split" aria-labelledby={headingId}>
      <h5 id={headingId}>{t('benchmark.split.heading')}</h5>
      {split.unavailable ? (
        <p className="muted demo-small" data-testid="server-split-unavailable">
          {split.succeeded === 0 ? t('benchmark.split.noSuccess') : t('benchmark.split.noEngine')}
        </p>
      ) : (
        <>
          <table className="table time-split-table">
            <caption className="visually-hidden">{t('benchmark.split.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('benchmark.split.step')}</th>
                <th scope="col">{t('benchmark.split.server')}</th>
                <th scope="col">{t('benchmark.split.engine')}</th>
                <th scope="col">{t('benchmark.split.rest')}</th>
              </tr>
            </thead>
            <tbody>
              {split.steps.map((s) => (
                <tr key={s.step} data-step={s.step}>
                  <th scope="row">{label(s.step)}</th>
                  {s.timed === 0 ? (
                    <td colSpan={3} className="muted">
                      {t('benchmark.split.noEngineRow')}
                    </td>
                  ) : (
                    <>
                      <td data-figure="server">{formatMs(s.serverMs)}</td>
                      <td data-figure="engine">{formatMs(s.engineMs)}</td>
                      <td data-figure="rest">{formatMs(s.remainderMs)}</td>
                    </>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
          <p className="muted demo-small">
            {t('benchmark.split.explain')} {sampleSize(split.steps, split.succeeded, firstStep)}
          </p>
        </>
      )}
      <HttpLine calls={calls} />
    </section>
  );
}
