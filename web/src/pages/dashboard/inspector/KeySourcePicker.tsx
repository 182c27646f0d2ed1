/**
 * Which key to inspect: one of your own keys (signed in; no secret needed), or a key pair pasted
 * here. Nothing is hard-coded and nothing is stored: a pasted pair lives in this page's memory.
 */
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Select } from '../../../components/ui/Select.tsx';
import { useAuth } from '../../../hooks/useAuth.ts';
import { mask } from '../format.ts';
import { useApiKeys } from '../useApiKeys.ts';
import { usePurchases } from '../usePurchases.ts';
import type { KeySource } from './source.ts';

let pastes = 0;

function OwnKeys({ onPick }: { onPick: (source: KeySource) => void }) {
  const { t } = useTranslation('dashboard');
  const keys = useApiKeys();
  const purchases = usePurchases();
  const own = keys.data ?? [];
  // A plan key is in both lists (docs/decisions/036): offered once, or the picker would show both labels as one.
  const options = [
    ...own.map((k) => ({ value: k.keyValue, label: t('inspector.source.option', { name: k.keyName, key: mask(k.keyValue) }) })),
    ...(purchases.data?.planApiKeys ?? [])
      .filter((k) => !own.some((o) => o.keyValue === k.keyValue))
      .map((k) => ({ value: k.keyValue, label: t('inspector.source.planOption', { name: k.keyName, plan: k.planType, key: mask(k.keyValue) }) })),
  ];
  const [picked, setPicked] = useState('');
  const value = options.some((o) => o.value === picked) ? picked : (options[0]?.value ?? '');
  if (options.length === 0) return <p className="muted">{keys.isLoading ? t('inspector.source.loading') : t('inspector.source.none')}</p>;
  return (
    <form
      className="inline-form"
      aria-label={t('inspector.source.form')}
      onSubmit={(e) => {
        e.preventDefault();
        const option = options.find((o) => o.value === value)!;
        onPick({ kind: 'own', keyValue: option.value, label: option.label });
      }}
    >
      <label htmlFor="own-key">{t('inspector.source.label')}</label>
      <div className="own-key-select">
        <Select id="own-key" label={t('inspector.source.select')} value={value} onValueChange={setPicked} options={options} />
      </div>
      <button type="submit" className="btn btn-primary">
        {t('inspector.source.button')}
      </button>
    </form>
  );
}

export function KeySourcePicker({ onPick }: { onPick: (source: KeySource) => void }) {
  const { t } = useTranslation('dashboard');
  const auth = useAuth();
  const [apiKey, setApiKey] = useState('');
  const [apiSecret, setApiSecret] = useState('');
  return (
    <section className="card dash-card" aria-labelledby="source-heading">
      <h2 id="source-heading">{t('inspector.source.heading')}</h2>
      {auth.user ? (
        <OwnKeys onPick={onPick} />
      ) : (
        <p className="muted small">
          <Trans t={t} i18nKey="inspector.source.logIn" components={{ a: <Link href="/login" /> }} />
        </p>
      )}
      <form
        className="paste-form"
        aria-label={t('inspector.source.paste')}
        onSubmit={(e) => {
          e.preventDefault();
          onPick({ kind: 'pasted', apiKey: apiKey.trim(), apiSecret: apiSecret.trim(), id: ++pastes });
        }}
      >
        <p className="paste-heading">{t(auth.user ? 'inspector.source.orPaste' : 'inspector.source.paste')}</p>
        <div className="field">
          <label htmlFor="paste-key">{t('inspector.source.apiKey')}</label>
          <input id="paste-key" className="input" placeholder="pk_…" autoComplete="off" spellCheck={false} required value={apiKey} onChange={(e) => setApiKey(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="paste-secret">{t('inspector.source.apiSecret')}</label>
          <input id="paste-secret" className="input" type="password" placeholder="sk_…" autoComplete="off" required value={apiSecret} onChange={(e) => setApiSecret(e.target.value)} />
        </div>
        <button type="submit" className="btn btn-secondary">
          {t('inspector.source.pasteButton')}
        </button>
      </form>
      <p className="muted small">{t('inspector.source.note')}</p>
    </section>
  );
}
