/**
 * The integration architecture (docs/product.md §1): PQC functions -> API provision -> blockchain connection, in HTML/CSS.
 * Texts in the `home` catalogue (docs/decisions/041).
 */
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../i18n/format.ts';
import { ArrowIcon } from './icons.tsx';

/** Each stage's catalogue key and its items' (a name and a detail each), in order. */
const STAGES = [
  { key: 'functions', items: ['functions.dilion', 'functions.qes2', 'functions.zkFidna'] },
  { key: 'api', items: ['api.rest', 'api.keys', 'api.engine'] },
  { key: 'chains', items: ['chains.taproot', 'chains.ecdsa', 'chains.ledgers'] },
] as const;

export function IntegrationDiagram() {
  const { t } = useTranslation('home', { keyPrefix: 'integration' });
  return (
    <section className="section section-alt" id="integration">
      <div className="container">
        <div className="section-title">
          <div className="eyebrow">{t('eyebrow')}</div>
          <h2>{t('heading')}</h2>
          <p>{t('intro')}</p>
        </div>
        <div className="flow" role="list" aria-label={t('flow')}>
          {STAGES.map((stage, i) => (
            <Fragment key={stage.key}>
              {i > 0 && (
                <div className="flow-arrow" aria-hidden="true">
                  <ArrowIcon />
                </div>
              )}
              <div className="flow-stage" role="listitem">
                <span className="flow-step">{t('step', { step: formatNumber(i + 1) })}</span>
                <h3>{t(`${stage.key}.title`)}</h3>
                <ul>
                  {stage.items.map((item) => (
                    <li key={item}>
                      <span className="chip-dot" />
                      <span>
                        <b>{t(`${item}.name`)}</b>
                        <small>{t(`${item}.detail`)}</small>
                      </span>
                    </li>
                  ))}
                </ul>
              </div>
            </Fragment>
          ))}
        </div>
      </div>
    </section>
  );
}
