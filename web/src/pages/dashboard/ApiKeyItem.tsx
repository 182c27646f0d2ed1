/**
 * One API key of any kind, the owner's or a plan key (docs/decisions/036): its value and secret
 * (masked, show/hide, copy; the secret shown once), where and when it was last used, its calls this
 * month, its restrictions, and rotate, disable/enable, restrict and delete.
 */
import { useState } from 'react';
import { toast } from '../../components/ui/toast.tsx';
import { errorMessage } from '../../lib/api.ts';
import { ConfirmButton } from './ConfirmButton.tsx';
import { dateTime } from './format.ts';
import { KeyRestrictionsForm, restrictionText } from './KeyRestrictions.tsx';
import { KeySecret } from './KeySecret.tsx';
import { SecretField } from './SecretField.tsx';
import type { ApiKeyView } from './types.ts';
import { useApiKeyActions } from './useApiKeys.ts';

function statusOf(key: ApiKeyView): { label: string; good: boolean } {
  if (!key.isActive) return { label: 'Disabled', good: false };
  if (key.expiresAt && new Date(key.expiresAt).getTime() <= Date.now()) return { label: 'Expired', good: false };
  return { label: 'Active', good: true };
}

export function ApiKeyItem({ apiKey }: { apiKey: ApiKeyView }) {
  const { rotate, setActive, update, remove } = useApiKeyActions();
  const [rotating, setRotating] = useState(false);
  const [restricting, setRestricting] = useState(false);
  const failed = (what: string) => (error: unknown) =>
    toast({ title: 'Error', description: `Failed to ${what}: ${errorMessage(error, 'the server did not answer')}`, variant: 'destructive' });
  const status = statusOf(apiKey);

  return (
    <li className="key-item" data-testid="api-key" data-key-id={apiKey.id} data-kind={apiKey.kind}>
      <div className="key-head">
        <strong>{apiKey.keyName}</strong>
        {apiKey.kind === 'plan' && <span className="badge badge-accent">Plan key</span>}
        <span className={`badge ${status.good ? 'badge-success' : 'badge-danger'}`} data-testid="key-status">
          {status.label}
        </span>
        <span className="muted key-meta" data-testid="key-meta">
          Created {dateTime(apiKey.createdAt)} ·{' '}
          {apiKey.lastUsedAt ? `last used ${dateTime(apiKey.lastUsedAt)}${apiKey.lastUsedIp ? ` from ${apiKey.lastUsedIp}` : ''}` : 'never used'} ·{' '}
          {apiKey.callsThisMonth.toLocaleString('en-US')} calls this month
        </span>
      </div>
      <p className="muted small" data-testid="key-restrictions">
        {restrictionText(apiKey)}
      </p>
      <SecretField label="API Key" value={apiKey.keyValue} kind="key" />
      <KeySecret keyId={apiKey.id} revealable={apiKey.secretRevealable} onRotate={() => setRotating(true)} />
      {apiKey.previousSecretExpiresAt && (
        <p className="muted small" role="note" data-testid="previous-secret">
          The previous secret keeps working until {dateTime(apiKey.previousSecretExpiresAt)}.
        </p>
      )}
      {restricting ? (
        <KeyRestrictionsForm
          apiKey={apiKey}
          busy={update.isPending}
          onCancel={() => setRestricting(false)}
          onSave={(settings) =>
            update.mutate({ id: apiKey.id, settings }, { onSuccess: () => setRestricting(false), onError: failed('change the restrictions') })
          }
        />
      ) : null}
      <div className="row key-actions">
        <ConfirmButton
          label="Rotate secret"
          question="A new secret, shown once. The old one:"
          busy={rotate.isPending}
          asking={rotating}
          onAskingChange={setRotating}
          choices={[false, true].map((revokeOldSecret) => ({
            label: revokeOldSecret ? 'Stops now (leaked)' : 'Keeps working 24 hours',
            tone: revokeOldSecret ? 'danger' : 'primary',
            onChoose: () =>
              rotate.mutate(
                { id: apiKey.id, revokeOldSecret },
                {
                  onSuccess: () =>
                    toast({
                      title: 'Secret rotated',
                      description: `Copy the new secret now: it is shown only once. ${revokeOldSecret ? 'The old one no longer works.' : 'The old one works 24 more hours.'}`,
                      variant: 'success',
                    }),
                  onError: failed('rotate the key'),
                },
              ),
          }))}
        />
        {apiKey.isActive ? (
          <ConfirmButton
            label="Disable"
            question="Disable this key? Calls with it are refused until you enable it again."
            busy={setActive.isPending}
            choices={[{ label: 'Disable key', onChoose: () => setActive.mutate({ id: apiKey.id, active: false }, { onError: failed('disable the key') }) }]}
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
        {!restricting && (
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => setRestricting(true)}>
            Restrict
          </button>
        )}
        <ConfirmButton
          label="Delete"
          question="Delete this key for good? Calls with it are refused from now on."
          busy={remove.isPending}
          choices={[
            {
              label: 'Delete key',
              // mutateAsync: the item is gone once the list is read again, and a mutate() callback would go with it.
              onChoose: () =>
                void remove.mutateAsync(apiKey.id).then(
                  () => toast({ title: 'Key deleted', description: `${apiKey.keyName} no longer works.`, variant: 'success' }),
                  failed('delete the key'),
                ),
            },
          ]}
        />
      </div>
    </li>
  );
}
