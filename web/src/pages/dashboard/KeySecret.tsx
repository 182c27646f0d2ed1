/**
 * A key's secret, which the server shows once: right after creation or rotation, or, for a key the
 * platform made (at sign-up, or with a plan), on the first dashboard view, fetched once and held in
 * this page's memory. It says so plainly beside Copy; once it is gone, Rotate gives a new one.
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/api.ts';
import { SecretField, SecretUnavailable } from './SecretField.tsx';
import { claimReveal, useKeptSecret } from './secretStore.ts';
import { useApiKeyActions } from './useApiKeys.ts';

export function KeySecret({ keyId, revealable, onRotate }: { keyId: number; revealable: boolean; onRotate?: () => void }) {
  const { t } = useTranslation('dashboard');
  const owner = `key:${keyId}` as const;
  const secret = useKeptSecret(owner);
  const { reveal } = useApiKeyActions();
  const { mutate: fetchSecret } = reveal;
  const waiting = revealable && !secret;
  useEffect(() => {
    if (waiting && claimReveal(owner)) fetchSecret(keyId);
  }, [waiting, owner, keyId, fetchSecret]);

  if (secret) {
    return (
      <>
        {/* Keyed by the value: a new secret starts hidden again. */}
        <SecretField key={secret} label={t('secret.apiSecret')} value={secret} kind="secret" />
        <p className="once-note" role="note" data-testid="secret-once-note">
          {t('secret.once')}
        </p>
      </>
    );
  }
  if (waiting && reveal.isError) {
    return <SecretUnavailable reason={t('secret.fetchFailed', { message: errorMessage(reveal.error, t('shared.noAnswer')) })} />;
  }
  if (waiting) return <SecretUnavailable reason={t('secret.fetching')} />;
  return (
    <div className="secret-gone">
      <SecretUnavailable reason={t('secret.gone')} />
      {onRotate && (
        <button type="button" className="btn btn-secondary btn-sm" onClick={onRotate}>
          {t('secret.rotate')}
        </button>
      )}
    </div>
  );
}
