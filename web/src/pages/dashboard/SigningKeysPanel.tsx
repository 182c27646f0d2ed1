/**
 * Signing keys (docs/api.md §7): the ML-DSA and QES2 keys the platform holds for the account, like a
 * KMS. The private key never leaves the server; the public key can be exported in standard formats.
 */
import { useState } from 'react';
import { Select } from '../../components/ui/Select.tsx';
import { toast } from '../../components/ui/toast.tsx';
import { errorMessage } from '../../lib/api.ts';
import { dateTime } from './format.ts';
import { SigningKeyExport } from './SigningKeyExport.tsx';
import type { SigningKeyView } from './types.ts';
import { useCreateSigningKey, useSigningKeys } from './useSigningKeys.ts';

type Algorithm = SigningKeyView['algorithm'];
const ALGORITHMS: { value: Algorithm; label: string }[] = [
  { value: 'ML-DSA-65', label: 'ML-DSA-65 (Dilion)' },
  { value: 'ML-DSA-44', label: 'ML-DSA-44' },
  { value: 'ML-DSA-87', label: 'ML-DSA-87' },
  { value: 'QES2_ECDSA', label: 'QES2_ECDSA' },
  { value: 'QES2_Schnorr', label: 'QES2_Schnorr' },
];

function CreateSigningKey() {
  const [name, setName] = useState('');
  const [algorithm, setAlgorithm] = useState<Algorithm>('ML-DSA-65');
  const create = useCreateSigningKey();
  return (
    <form
      className="inline-form"
      aria-label="Create a signing key"
      onSubmit={(e) => {
        e.preventDefault();
        create.mutate(
          { name: name.trim(), algorithm },
          {
            onSuccess: (key) => {
              setName('');
              toast({ title: 'Signing key created', description: `${key.name} (${key.algorithm}): pass ${key.keyId} as keyId to sign with it.`, variant: 'success' });
            },
            onError: (error) => toast({ title: 'Error', description: `Failed to create the signing key: ${errorMessage(error, 'no answer')}`, variant: 'destructive' }),
          },
        );
      }}
    >
      <label htmlFor="signing-key-name">New signing key</label>
      <input id="signing-key-name" className="input" placeholder="Name" value={name} maxLength={100} required onChange={(e) => setName(e.target.value)} />
      <div className="algorithm-select">
        <Select label="Algorithm" value={algorithm} onValueChange={(v) => setAlgorithm(v as Algorithm)} options={ALGORITHMS} />
      </div>
      <button type="submit" className="btn btn-primary" disabled={create.isPending || !name.trim()}>
        {create.isPending ? 'Creating...' : 'Create Signing Key'}
      </button>
    </form>
  );
}

export function SigningKeysPanel() {
  const query = useSigningKeys();
  const [open, setOpen] = useState<string | null>(null);
  const keys = query.data ?? [];
  return (
    <section className="card dash-card" aria-labelledby="signing-heading" data-testid="signing-keys">
      <div className="card-head">
        <h2 id="signing-heading">Signing Keys</h2>
        <span className="muted">{keys.length > 0 ? `${keys.length} key${keys.length === 1 ? '' : 's'}` : ''}</span>
      </div>
      <p className="muted small">
        The platform holds these private keys for you and never hands them out. Sign calls use your default key of each algorithm
        unless you pass another key's <code>keyId</code>; export a public key to verify signatures anywhere.
      </p>
      {query.isError ? (
        <div className="alert alert-danger" role="alert">
          {errorMessage(query.error, 'Could not load your signing keys')}
        </div>
      ) : keys.length === 0 ? (
        <p className="muted">{query.isLoading ? 'Loading…' : 'No signing keys yet: your default ML-DSA-65 key is made by your first sign call, or create one below.'}</p>
      ) : (
        <ul className="key-list">
          {keys.map((k) => (
            <li key={k.keyId} className="key-item" data-testid="signing-key">
              <div className="key-head">
                <strong>{k.name}</strong>
                <span className="badge badge-accent">{k.algorithm}</span>
                {k.isDefault && <span className="badge">Default</span>}
                <span className="muted key-meta">Created {dateTime(k.createdAt)}</span>
              </div>
              <div className="row">
                <code className="key-id">{k.keyId}</code>
                <button type="button" className="btn btn-secondary btn-sm" aria-expanded={open === k.keyId} onClick={() => setOpen(open === k.keyId ? null : k.keyId)}>
                  {open === k.keyId ? 'Hide public key' : 'Export public key'}
                </button>
              </div>
              {open === k.keyId && <SigningKeyExport keyId={k.keyId} />}
            </li>
          ))}
        </ul>
      )}
      <CreateSigningKey />
    </section>
  );
}
