/**
 * Server or this browser: where the crypto tabs run their operations. Signatures and zk-FIDNA keep
 * separate choices (docs/decisions/025): the signature tabs start on the server, zk-FIDNA in this
 * browser, so its secret amounts stay on the device unless the server is chosen. The toggle shows
 * and changes the choice of the tab in view.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { wasmSimdSupported } from '../../../engine/src/wasm-simd.ts';
import { engineWorker } from '../workers/engine.client.ts';
import type { Where } from './algorithms.ts';

export type ModeScope = 'signatures' | 'zk-fidna';

type EngineState = { keyId: string } | { error: string };

/** The catalogue's group for each scope's texts. */
const GROUP = { signatures: 'signatures', 'zk-fidna': 'zk' } as const satisfies Record<ModeScope, string>;

export function ModeToggle({ value, onChange, scope = 'signatures' }: { value: Where; onChange: (where: Where) => void; scope?: ModeScope }) {
  const { t } = useTranslation('demo');
  const [engine, setEngine] = useState<Partial<Record<ModeScope, EngineState>>>({});
  const current = engine[scope];
  const [simd] = useState(wasmSimdSupported);
  // Choosing "browser" is the moment the engine is needed: load it then, not with the page.
  useEffect(() => {
    if (value !== 'browser' || current) return;
    const worker = engineWorker();
    const ready = scope === 'zk-fidna' ? worker.zkReady() : worker.ready();
    ready.then(
      ({ keyId }) => setEngine((e) => ({ ...e, [scope]: { keyId } })),
      (error: Error) => setEngine((e) => ({ ...e, [scope]: { error: error.message } })),
    );
  }, [value, scope, current]);

  const option = (where: Where, title: string, disabled = false) => (
    <label className="mode-option" data-active={value === where} data-disabled={disabled || undefined}>
      <input type="radio" name="run-where" value={where} checked={value === where} disabled={disabled} onChange={() => onChange(where)} />
      {title}
    </label>
  );
  return (
    <div className="mode-toggle card" data-scope={scope}>
      <div className="mode-options" role="radiogroup" aria-label={t('mode.label')}>
        <span className="mode-caption">{scope === 'zk-fidna' ? t('mode.proveOn') : t('mode.runOn')}</span>
        {option('server', t('mode.server'))}
        {option('browser', t('mode.browser'), !simd)}
      </div>
      <p className="mode-help muted" data-testid="mode-help">
        {t(`mode.help.${GROUP[scope]}.${value}`)}
        {value === 'browser' && current && 'keyId' in current && (
          <span className="badge badge-success mode-engine">{t('mode.ready', { keyName: t(`mode.keyName.${GROUP[scope]}`), keyId: current.keyId })}</span>
        )}
        {value === 'browser' && current && 'error' in current && <span className="badge badge-danger mode-engine">{t('mode.failed', { message: current.error })}</span>}
        {value === 'browser' && !current && <span className="badge mode-engine">{t('mode.loading')}</span>}
      </p>
      {!simd && (
        <p className="mode-help demo-small" role="status" data-testid="no-simd">
          {t('mode.noSimd')}
        </p>
      )}
      {scope === 'zk-fidna' && <p className="mode-help muted demo-small">{t('mode.zkOwn')}</p>}
    </div>
  );
}
