/**
 * One signing key's public key in a chosen format (raw, SPKI PEM, SPKI DER, JWK), with Copy; for
 * ML-DSA keys also its tr, which a client signing by external µ needs (docs/api.md §7.5).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../components/ui/CopyButton.tsx';
import { Select } from '../../components/ui/Select.tsx';
import { toast } from '../../components/ui/toast.tsx';
import { errorMessage } from '../../lib/api.ts';
import type { SigningKeyExported } from './types.ts';
import { useSigningKeyExport } from './useSigningKeys.ts';
import { scrollRegion } from '../../components/ui/scrollRegion.ts';

type Format = 'pem' | 'der' | 'jwk' | 'raw' | 'tr';
/** The formats' names are standards' names, said the same in every language; raw's (null) is a word to translate. */
const FORMATS: { value: Format; label: string | null }[] = [
  { value: 'pem', label: 'SPKI (PEM)' },
  { value: 'der', label: 'SPKI (DER, base64)' },
  { value: 'jwk', label: 'JWK (AKP)' },
  { value: 'raw', label: null },
  { value: 'tr', label: 'tr = SHAKE256(pk, 64), base64' },
];

function render(exported: SigningKeyExported, format: Format): string | null {
  if (format === 'raw') return exported.raw;
  if (format === 'tr') return exported.tr;
  if (format === 'jwk') return exported.jwk && JSON.stringify(exported.jwk, null, 2);
  if (!exported.spki) return null;
  return format === 'pem' ? exported.spki.pem : exported.spki.der;
}

export function SigningKeyExport({ keyId }: { keyId: string }) {
  const { t } = useTranslation('dashboard');
  const query = useSigningKeyExport(keyId);
  const exported = query.data;
  const [chosen, setChosen] = useState<Format>('pem');
  if (query.isLoading) return <div className="spinner" aria-label={t('keyExport.loading')} />;
  if (query.isError || !exported) {
    return (
      <div className="alert alert-danger" role="alert">
        {errorMessage(query.error, t('keyExport.failed'))}
      </div>
    );
  }
  // An ML-KEM key has SPKI but no JWK; a QES2 key is raw only.
  const available = FORMATS.filter((f) => f.value === 'raw' || (f.value === 'jwk' ? exported.jwk : exported.spki));
  const formats = available.map((f) => ({ value: f.value, label: f.label ?? t('keyExport.raw') }));
  const format = formats.some((f) => f.value === chosen) ? chosen : 'raw';
  const text = render(exported, format) ?? '';
  return (
    <div className="key-export" data-testid="key-export">
      <div className="row">
        <div className="export-format">
          <Select label={t('keyExport.format')} value={format} onValueChange={(v) => setChosen(v as Format)} options={formats} />
        </div>
        <CopyButton
          text={text}
          what={t('keyExport.what')}
          onCopied={() => toast({ title: t('secret.copied'), description: t('keyExport.copied') })}
        />
      </div>
      {exported.note && <p className="muted small">{exported.note}</p>}
      <pre className="output export-output" data-testid="export-output" {...scrollRegion(t('keyExport.output'))}>
        {text}
      </pre>
    </div>
  );
}
