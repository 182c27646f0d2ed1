/**
 * One personal API key: its value and secret (masked, show/hide, copy), rotate, disable and enable.
 * A secret the platform made (the sign-up key's) is fetched on the first dashboard view, once, and
 * held in this page's memory; afterwards the secret is 'Not available' and Rotate gives a new one.
 */
import { useEffect } from 'react';
import { toast } from '../../components/ui/toast.tsx';
import { errorMessage } from '../../lib/api.ts';
import { ConfirmButton } from './ConfirmButton.tsx';
import { dateTime } from './format.ts';
import { SecretField, SecretUnavailable } from './SecretField.tsx';
import { claimReveal, useKeptSecret } from './secretStore.ts';
import type { ApiKeyView } from './types.ts';
import { useApiKeyActions } from './useApiKeys.ts';

const NOT_STORED = 'Secrets are shown only once and are not stored. Rotate the key to get a new one.';

function KeySecret({ apiKey }: { apiKey: ApiKeyView }) {
  const owner = `personal:${apiKey.id}` as const;
  const secret = useKeptSecret(owner);
  const { reveal } = useApiKeyActions();
  const { mutate: fetchSecret } = reveal;
  const waiting = apiKey.secretRevealable && !secret;
  useEffect(() => {
    if (waiting && claimReveal(owner)) fetchSecret(apiKey.id);
  }, [waiting, owner, apiKey.id, fetchSecret]);

  if (secret) {
    return (
      <>
        {/* Keyed by the value: a new secret starts hidden again. */}
        <SecretField key={secret} label="API Secret" value={secret} kind="secret" />
        <p className="once-note" role="note">
          This is the only time this secret is shown: copy it now and keep it like a password. It is not stored, and it is gone
          when you leave or reload this page.
        </p>
      </>
    );
  }
  if (waiting && reveal.isError) {
    return <SecretUnavailable reason={`Your new secret could not be fetched (${errorMessage(reveal.error, 'no answer')}). It is still kept: reload the page to try again.`} />;
  }
  if (waiting) return <SecretUnavailable reason="Fetching your new secret…" />;
  return <SecretUnavailable reason={NOT_STORED} />;
}

export function ApiKeyItem({ apiKey }: { apiKey: ApiKeyView }) {
  const { rotate, setActive } = useApiKeyActions();
  const failed = (what: string) => (error: unknown) =>
    toast({ title: 'Error', description: `Failed to ${what}: ${errorMessage(error, 'the server did not answer')}`, variant: 'destructive' });

  return (
    <li className="key-item" data-testid="api-key" data-key-id={apiKey.id}>
      <div className="key-head">
        <strong>{apiKey.keyName}</strong>
        <span className={`badge ${apiKey.isActive ? 'badge-success' : 'badge-danger'}`}>{apiKey.isActive ? 'Active' : 'Disabled'}</span>
        <span className="muted key-meta">
          Created {dateTime(apiKey.createdAt)} · {apiKey.lastUsedAt ? `last used ${dateTime(apiKey.lastUsedAt)}` : 'never used'}
        </span>
      </div>
      <SecretField label="API Key" value={apiKey.keyValue} kind="key" />
      <KeySecret apiKey={apiKey} />
      <div className="row key-actions">
        <ConfirmButton
          label="Rotate secret"
          question="Replace the secret? The current one stops working at once."
          confirmLabel="Rotate"
          busy={rotate.isPending}
          onConfirm={() =>
            rotate.mutate(apiKey.id, {
              onSuccess: () => toast({ title: 'Secret rotated', description: 'Copy the new secret now: it is shown only once.', variant: 'success' }),
              onError: failed('rotate the key'),
            })
          }
        />
        {apiKey.isActive ? (
          <ConfirmButton
            label="Disable"
            question="Disable this key? Calls with it are refused until you enable it again."
            confirmLabel="Disable key"
            busy={setActive.isPending}
            onConfirm={() => setActive.mutate({ id: apiKey.id, active: false }, { onError: failed('disable the key') })}
          />
        ) : (
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            disabled={setActive.isPending}
            onClick={() => setActive.mutate({ id: apiKey.id, active: true }, { onError: failed('enable the key') })}
          >
            Enable
          </button>
        )}
      </div>
    </li>
  );
}
