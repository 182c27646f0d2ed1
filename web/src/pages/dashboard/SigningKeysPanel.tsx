/**
 * Managed keys (docs/api.md §7): the ML-DSA and QES2 signing keys and the ML-KEM-768 encryption
 * keys the platform holds for the account, like a KMS, each shown with its purpose
 * (docs/decisions/054). The private key never leaves the server; the public key can be exported in
 * standard formats.
 */
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Select } from '../../components/ui/Select.tsx';
import { toast } from '../../components/ui/toast.tsx';
import { errorMessage } from '../../lib/api.ts';
import { dateTime } from './format.ts';
import { KeyLifecycleBadges, KeyLifecycleControls } from './KeyLifecycleControls.tsx';
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
  { value: 'ML-KEM-768', label: 'ML-KEM-768' },
];

function CreateSigningKey() {
  const { t } = useTranslation('dashboard');
  const [name, setName] = useState('');
  const [algorithm, setAlgorithm] = useState<Algorithm>('ML-DSA-65');
  const create = useCreateSigningKey();
  return (
    <form
      className="inline-form"
      aria-label={t('signingKeys.create.form')}
      onSubmit={(e) => {
        e.preventDefault();
        create.mutate(
          { name: name.trim(), algorithm },
          {
            onSuccess: (key) => {
              setName('');
              toast({
                title: t('signingKeys.create.created'),
                description: t(key.purpose === 'encrypt' ? 'signingKeys.create.createdEncryptText' : 'signingKeys.create.createdText', { name: key.name, algorithm: key.algorithm, keyId: key.keyId }),
                variant: 'success',
              });
            },
            onError: (error) =>
              toast({ title: t('shared.error'), description: t('signingKeys.create.failed', { message: errorMessage(error, t('shared.noAnswer')) }), variant: 'destructive' }),
          },
        );
      }}
    >
      <label htmlFor="signing-key-name">{t('signingKeys.create.label')}</label>
      <input id="signing-key-name" className="input" placeholder={t('signingKeys.create.name')} value={name} maxLength={100} required onChange={(e) => setName(e.target.value)} />
      <div className="algorithm-select">
        <Select label={t('signingKeys.create.algorithm')} value={algorithm} onValueChange={(v) => setAlgorithm(v as Algorithm)} options={ALGORITHMS} />
      </div>
      <button type="submit" className="btn btn-primary" disabled={create.isPending || !name.trim()}>
        {create.isPending ? t('shared.creating') : t('signingKeys.create.button')}
      </button>
    </form>
  );
}

export function SigningKeysPanel() {
  const { t } = useTranslation('dashboard');
  const query = useSigningKeys();
  const [open, setOpen] = useState<string | null>(null);
  const keys = query.data ?? [];
  return (
    <section className="card dash-card" aria-labelledby="signing-heading" data-testid="signing-keys">
      <div className="card-head">
        <h2 id="signing-heading">{t('signingKeys.heading')}</h2>
        <span className="muted">{keys.length > 0 ? t('signingKeys.count', { count: keys.length }) : ''}</span>
      </div>
      <p className="muted small">
        <Trans t={t} i18nKey="signingKeys.lead" components={{ code: <code /> }} />
      </p>
      {query.isError ? (
        <div className="alert alert-danger" role="alert">
          {errorMessage(query.error, t('signingKeys.loadFailed'))}
        </div>
      ) : keys.length === 0 ? (
        <p className="muted">{query.isLoading ? t('shared.loadingEllipsis') : t('signingKeys.empty')}</p>
      ) : (
        <ul className="key-list">
          {keys.map((k) => (
            <li key={k.keyId} className="key-item" data-testid="signing-key">
              <div className="key-head">
                <strong>{k.name}</strong>
                <span className="badge badge-accent">{k.algorithm}</span>
                <span className="badge" data-testid="key-purpose">{t(`signingKeys.purpose.${k.purpose}`)}</span>
                {k.isDefault && <span className="badge">{t('signingKeys.default')}</span>}
                <KeyLifecycleBadges signingKey={k} />
                <span className="muted key-meta">{t('signingKeys.created', { date: dateTime(k.createdAt) })}</span>
              </div>
              <div className="row">
                <code className="key-id">{k.keyId}</code>
                <button type="button" className="btn btn-secondary btn-sm" aria-expanded={open === k.keyId} onClick={() => setOpen(open === k.keyId ? null : k.keyId)}>
                  {t(open === k.keyId ? 'signingKeys.hide' : 'signingKeys.export')}
                </button>
              </div>
              <KeyLifecycleControls signingKey={k} />
              {open === k.keyId && <SigningKeyExport keyId={k.keyId} />}
            </li>
          ))}
        </ul>
      )}
      <CreateSigningKey />
    </section>
  );
}
