/** A key or secret, masked until Show is pressed, with Copy and the copy toast of docs/product.md §2.10. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../components/ui/CopyButton.tsx';
import { toast } from '../../components/ui/toast.tsx';
import { mask } from './format.ts';

const TEXTS = {
  key: { what: 'secret.what.key', show: 'secret.showKey', hide: 'secret.hideKey', copied: 'secret.copiedKey' },
  secret: { what: 'secret.what.secret', show: 'secret.showSecret', hide: 'secret.hideSecret', copied: 'secret.copiedSecret' },
} as const;

export function SecretField({ label, value, kind }: { label: string; value: string; kind: 'key' | 'secret' }) {
  const { t } = useTranslation('dashboard');
  const [shown, setShown] = useState(false);
  const texts = TEXTS[kind];
  return (
    <div className="secret-field">
      <span className="secret-label">{label}</span>
      <code className="secret-value" data-testid={`${kind}-value`} data-shown={shown}>
        {shown ? value : mask(value)}
      </code>
      <span className="secret-actions">
        <button type="button" className="btn btn-ghost btn-sm" aria-pressed={shown} aria-label={t(shown ? texts.hide : texts.show)} onClick={() => setShown(!shown)}>
          {shown ? t('secret.hide') : t('secret.show')}
        </button>
        <CopyButton text={value} what={t(texts.what)} onCopied={() => toast({ title: t('secret.copied'), description: t(texts.copied) })} />
      </span>
    </div>
  );
}

/** The secret's place when there is none to show, and why. */
export function SecretUnavailable({ reason }: { reason: string }) {
  const { t } = useTranslation('dashboard');
  return (
    <div className="secret-field">
      <span className="secret-label">{t('secret.apiSecret')}</span>
      <span className="secret-value muted" data-testid="secret-unavailable">
        {t('secret.unavailable')}
      </span>
      <span className="secret-reason muted">{reason}</span>
    </div>
  );
}
