/** Your API Keys: the list, the empty state of docs/product.md §2.10, and creating a key. */
import { useState } from 'react';
import { toast } from '../../components/ui/toast.tsx';
import { errorMessage } from '../../lib/api.ts';
import { ApiKeyItem } from './ApiKeyItem.tsx';
import { useApiKeyActions, useApiKeys } from './useApiKeys.ts';

function useCreateKey() {
  const { create } = useApiKeyActions();
  const run = (keyName: string, onDone?: () => void) =>
    create.mutate(keyName, {
      onSuccess: (key) => {
        toast({ title: 'API Key Created', description: `Successfully created API key: ${key.keyName}`, variant: 'success' });
        onDone?.();
      },
      onError: (error) => toast({ title: 'Error', description: `Failed to create API key: ${errorMessage(error, 'no answer')}`, variant: 'destructive' }),
    });
  return { run, busy: create.isPending };
}

function CreateKeyForm() {
  const [name, setName] = useState('My API Key');
  const { run, busy } = useCreateKey();
  return (
    <form
      className="inline-form"
      aria-label="Create an API key"
      onSubmit={(e) => {
        e.preventDefault();
        if (name.trim()) run(name.trim(), () => setName('My API Key'));
      }}
    >
      <label htmlFor="new-key-name">New key name</label>
      <input id="new-key-name" className="input" value={name} maxLength={100} required onChange={(e) => setName(e.target.value)} />
      <button type="submit" className="btn btn-primary" disabled={busy || !name.trim()}>
        {busy ? 'Creating...' : 'Create API Key'}
      </button>
    </form>
  );
}

function NoKeys() {
  const { run, busy } = useCreateKey();
  return (
    <div className="empty-state" data-testid="no-api-keys">
      <h3>No API Key Found</h3>
      <p className="muted">API key should be automatically generated. Please contact support if you're seeing this message.</p>
      <div className="row" style={{ justifyContent: 'center' }}>
        <button type="button" className="btn btn-primary" disabled={busy} onClick={() => run('My API Key')}>
          {busy ? 'Creating...' : 'Generate API Key'}
        </button>
        <button type="button" className="btn btn-secondary" onClick={() => window.location.reload()}>
          Refresh Page
        </button>
      </div>
    </div>
  );
}

export function ApiKeysPanel() {
  const keys = useApiKeys();
  const list = keys.data ?? [];
  return (
    <section className="card dash-card" aria-labelledby="api-keys-heading">
      <div className="card-head">
        <h2 id="api-keys-heading">Your API Keys</h2>
        <span className="muted">{list.length > 0 ? `${list.length} key${list.length === 1 ? '' : 's'}` : 'No API Keys available'}</span>
      </div>
      <p className="muted small">
        Send a key and its secret as the <code>x-api-key</code> and <code>x-api-secret</code> headers of each{' '}
        <code>/api/crypto/…</code> call. Keep secrets on your server, never in browser code.
      </p>
      {keys.isLoading ? (
        <div className="spinner" aria-label="Loading keys" />
      ) : keys.isError ? (
        <div className="alert alert-danger" role="alert">
          {errorMessage(keys.error, 'Could not load your keys')}
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
