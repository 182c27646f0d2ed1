/**
 * Which key to inspect: one of your own keys (signed in; no secret needed), or a key pair pasted
 * here. Nothing is hard-coded and nothing is stored: a pasted pair lives in this page's memory.
 */
import { useState } from 'react';
import { Link } from 'wouter';
import { Select } from '../../../components/ui/Select.tsx';
import { useAuth } from '../../../hooks/useAuth.ts';
import { mask } from '../format.ts';
import { useApiKeys } from '../useApiKeys.ts';
import { usePurchases } from '../usePurchases.ts';
import type { KeySource } from './source.ts';

let pastes = 0;

function OwnKeys({ onPick }: { onPick: (source: KeySource) => void }) {
  const keys = useApiKeys();
  const purchases = usePurchases();
  const options = [
    ...(keys.data ?? []).map((k) => ({ value: k.keyValue, label: `${k.keyName} (${mask(k.keyValue)})` })),
    ...(purchases.data?.planApiKeys ?? []).map((k) => ({ value: k.keyValue, label: `${k.keyName}, ${k.planType} plan (${mask(k.keyValue)})` })),
  ];
  const [picked, setPicked] = useState('');
  const value = options.some((o) => o.value === picked) ? picked : (options[0]?.value ?? '');
  if (options.length === 0) return <p className="muted">{keys.isLoading ? 'Loading your keys…' : 'You have no API keys yet.'}</p>;
  return (
    <form
      className="inline-form"
      aria-label="Inspect one of your keys"
      onSubmit={(e) => {
        e.preventDefault();
        const option = options.find((o) => o.value === value)!;
        onPick({ kind: 'own', keyValue: option.value, label: option.label });
      }}
    >
      <label htmlFor="own-key">One of your keys</label>
      <div className="own-key-select">
        <Select id="own-key" label="Your keys" value={value} onValueChange={setPicked} options={options} />
      </div>
      <button type="submit" className="btn btn-primary">
        Inspect this key
      </button>
    </form>
  );
}

export function KeySourcePicker({ onPick }: { onPick: (source: KeySource) => void }) {
  const auth = useAuth();
  const [apiKey, setApiKey] = useState('');
  const [apiSecret, setApiSecret] = useState('');
  return (
    <section className="card dash-card" aria-labelledby="source-heading">
      <h2 id="source-heading">Key to inspect</h2>
      {auth.user ? (
        <OwnKeys onPick={onPick} />
      ) : (
        <p className="muted small">
          <Link href="/login">Log in</Link> to pick one of your own keys without its secret.
        </p>
      )}
      <form
        className="paste-form"
        aria-label="Paste a key pair"
        onSubmit={(e) => {
          e.preventDefault();
          onPick({ kind: 'pasted', apiKey: apiKey.trim(), apiSecret: apiSecret.trim(), id: ++pastes });
        }}
      >
        <p className="paste-heading">{auth.user ? 'Or paste a key pair' : 'Paste a key pair'}</p>
        <div className="field">
          <label htmlFor="paste-key">API key</label>
          <input id="paste-key" className="input" placeholder="pk_…" autoComplete="off" spellCheck={false} required value={apiKey} onChange={(e) => setApiKey(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="paste-secret">API secret</label>
          <input id="paste-secret" className="input" type="password" placeholder="sk_…" autoComplete="off" required value={apiSecret} onChange={(e) => setApiSecret(e.target.value)} />
        </div>
        <button type="submit" className="btn btn-secondary">
          Inspect pasted key
        </button>
      </form>
      <p className="muted small">A pasted pair stays in this page’s memory only; Hard Reload forgets it.</p>
    </section>
  );
}
