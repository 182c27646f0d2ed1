/**
 * Composition and protocol-flow text (docs/crypto/dilion.md, docs/crypto/qes2.md, docs/crypto/zk-fidna.md), in plain words.
 * Texts in the `tech` catalogue (docs/decisions/041); inline code and bold through Trans, so each sentence stays whole.
 */
import { Trans, useTranslation } from 'react-i18next';

const MARKUP = { b: <b />, code: <code /> };

export function Composition() {
  const { t } = useTranslation('tech');
  return (
    <div className="two-col prose">
      <div className="card">
        <h3>{t('composition.engine.title')}</h3>
        <p>{t('composition.engine.modules')}</p>
        <p style={{ margin: 0 }}>
          <Trans t={t} i18nKey="composition.engine.randomness" components={MARKUP} />
        </p>
      </div>
      <div className="card">
        <h3>{t('composition.algorithms.title')}</h3>
        <p>
          <Trans t={t} i18nKey="composition.algorithms.dilion" components={MARKUP} />
        </p>
        <p>
          <Trans t={t} i18nKey="composition.algorithms.qes2" components={MARKUP} />
        </p>
        <p style={{ margin: 0 }}>
          <Trans t={t} i18nKey="composition.algorithms.zk" components={MARKUP} />
        </p>
      </div>
    </div>
  );
}

/** Each flow's steps, in order. */
const FLOWS = {
  dilion: ['flows.dilion.context', 'flows.dilion.seal', 'flows.dilion.message', 'flows.dilion.sign', 'flows.dilion.verify'],
  qes2: ['flows.qes2.combine', 'flows.qes2.mldsa', 'flows.qes2.secp', 'flows.qes2.result'],
  zk: ['flows.zk.commit', 'flows.zk.derive', 'flows.zk.prove', 'flows.zk.sign'],
} as const;

function Flow({ flow, testId }: { flow: keyof typeof FLOWS; testId?: string }) {
  const { t } = useTranslation('tech');
  return (
    <div className="card" data-testid={testId}>
      <h3>{t(`flows.${flow}.title`)}</h3>
      <ol className="steps">
        {FLOWS[flow].map((step) => (
          <li key={step}>
            <span>
              <Trans t={t} i18nKey={step} components={MARKUP} />
            </span>
          </li>
        ))}
      </ol>
    </div>
  );
}

export function ProtocolFlows() {
  return (
    <div className="grid grid-3">
      <Flow flow="dilion" />
      <Flow flow="qes2" />
      <Flow flow="zk" testId="flow-zk-FIDNA" />
    </div>
  );
}
