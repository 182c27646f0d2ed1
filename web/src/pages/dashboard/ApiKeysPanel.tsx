/** Your API Keys: the list, the empty state of docs/product.md §2.10, and creating a key. */
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { toast } from '../../components/ui/toast.tsx';
import { errorMessage } from '../../lib/api.ts';
import { ApiKeyItem } from './ApiKeyItem.tsx';
import { useApiKeyActions, useApiKeys } from './useApiKeys.ts';

function useCreateKey() {
  const { t } = useTranslation('dashboard');
  const { create } = useApiKeyActions();
  const run = (keyName: string, onDone?: () => void) =>
    create.mutate(keyName, {
      onSuccess: (key) => {
        toast({ title: t('apiKeys.create.created'), description: t('apiKeys.create.createdText', { name: key.keyName }), variant: 'success' });
        onDone?.();
      },
      onError: (error) =>
        toast({ title: t('shared.error'), description: t('apiKeys.create.failed', { message: errorMessage(error, t('shared.noAnswer')) }), variant: 'destructive' }),
    });
  return { run, busy: create.isPending };
}

function CreateKeyForm() {
  const { t } = useTranslation('dashboard');
  const [name, setName] = useState<string>(() => t('apiKeys.create.defaultName'));
  const { run, busy } = useCreateKey();
  return (
    <form
      className="inline-form"
      aria-label={t('apiKeys.create.form')}
      onSubmit={(e) => {
        e.preventDefault();
        if (name.trim()) run(name.trim(), () => setName(t('apiKeys.create.defaultName')));
      }}
    >
      <label htmlFor="new-key-name">{t('apiKeys.create.name')}</label>
      <input id="new-key-name" className="input" value={name} maxLength={100} required onChange={(e) => setName(e.target.value)} />
      <button type="submit" className="btn btn-primary" disabled={busy || !name.trim()}>
        {busy ? t('shared.creating') : t('apiKeys.create.button')}
      </button>
    </form>
  );
}

function NoKeys() {
  const { t } = useTranslation('dashboard');
  const { run, busy } = useCreateKey();
  return (
    <div className="empty-state" data-testid="no-api-keys">
      <h3>{t('apiKeys.empty.heading')}</h3>
      <p className="muted">{t('apiKeys.empty.text')}</p>
      <div className="row" style={{ justifyContent: 'center' }}>
        <button type="button" className="btn btn-primary" disabled={busy} onClick={() => run(t('apiKeys.create.defaultName'))}>
          {busy ? t('shared.creating') : t('apiKeys.empty.generate')}
        </button>
        <button type="button" className="btn btn-secondary" onClick={() => window.location.reload()}>
          {t('apiKeys.empty.refresh')}
        </button>
      </div>
    </div>
  );
}

export function ApiKeysPanel() {
  const { t } = useTranslation('dashboard');
  const keys = useApiKeys();
  const list = keys.data ?? [];
  return (
    <section className="card dash-card" aria-labelledby="api-keys-heading">
      <div className="card-head">
        <h2 id="api-keys-heading">{t('apiKeys.heading')}</h2>
        <span className="muted">{list.length > 0 ? t('apiKeys.count', { count: list.length }) : t('apiKeys.none')}</span>
      </div>
      <p className="muted small">
        <Trans t={t} i18nKey="apiKeys.lead" components={{ code: <code /> }} />
      </p>
      {keys.isLoading ? (
        <div className="spinner" aria-label={t('apiKeys.loading')} />
      ) : keys.isError ? (
        <div className="alert alert-danger" role="alert">
          {errorMessage(keys.error, t('apiKeys.loadFailed'))}
        </div>
      ) : list.length === 0 ? (
        <NoKeys />
      ) : (
        <ul className="key-list">
          {list.map((k) => (
            <ApiKeyItem key={k.id} apiKey={k} />
          ))}
        </ul>
      )}
      <CreateKeyForm />
    </section>
  );
}
