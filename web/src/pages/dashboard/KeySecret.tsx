/**
 * A key's secret, which the server shows once: right after creation or rotation, or, for a key the
 * platform made (at sign-up, or with a plan), on the first dashboard view, fetched once and held in
 * this page's memory. It says so plainly beside Copy; once it is gone, Rotate gives a new one.
 */
import { useEffect } from 'react';
import { errorMessage } from '../../lib/api.ts';
import { SecretField, SecretUnavailable } from './SecretField.tsx';
import { claimReveal, useKeptSecret } from './secretStore.ts';
import { useApiKeyActions } from './useApiKeys.ts';

export function KeySecret({ keyId, revealable, onRotate }: { keyId: number; revealable: boolean; onRotate?: () => void }) {
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
        <SecretField key={secret} label="API Secret" value={secret} kind="secret" />
        <p className="once-note" role="note" data-testid="secret-once-note">
          Copy this secret now: it is shown only this once and is not stored. When you leave or reload this page it is gone, and only
          rotating the key gives a new one.
        </p>
      </>
    );
  }
  if (waiting && reveal.isError) {
    return <SecretUnavailable reason={`Your new secret could not be fetched (${errorMessage(reveal.error, 'no answer')}). It is still kept: reload the page to try again.`} />;
  }
  if (waiting) return <SecretUnavailable reason="Fetching your new secret…" />;
  return (
    <div className="secret-gone">
      <SecretUnavailable reason="Secrets are shown once and are not stored." />
      {onRotate && (
        <button type="button" className="btn btn-secondary btn-sm" onClick={onRotate}>
          Rotate to get a new secret
        </button>
      )}
    </div>
  );
}
