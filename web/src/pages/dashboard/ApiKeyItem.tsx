/**
 * One API key of any kind, the owner's or a plan key (docs/decisions/036): its value and secret
 * (masked, show/hide, copy; the secret shown once), where and when it was last used, its calls this
 * month, its restrictions, and rotate, disable/enable, restrict and delete.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../components/ui/toast.tsx';
import { formatNumber } from '../../i18n/format.ts';
import { errorMessage } from '../../lib/api.ts';
import { ConfirmButton } from './ConfirmButton.tsx';
import { dateTime } from './format.ts';
import { KeyRestrictionsForm, restrictionText } from './KeyRestrictions.tsx';
import { KeySecret } from './KeySecret.tsx';
import { SecretField } from './SecretField.tsx';
import type { ApiKeyView } from './types.ts';
import { useApiKeyActions } from './useApiKeys.ts';

type Failure = 'restrict' | 'rotate' | 'disable' | 'enable' | 'delete';

function statusOf(key: ApiKeyView): { label: 'active' | 'disabled' | 'expired'; good: boolean } {
  if (!key.isActive) return { label: 'disabled', good: false };
  if (key.expiresAt && new Date(key.expiresAt).getTime() <= Date.now()) return { label: 'expired', good: false };
  return { label: 'active', good: true };
}

/** 'Created … · last used … from … · 1,234 calls this month': each part a text of its own. */
function KeyMeta({ apiKey }: { apiKey: ApiKeyView }) {
  const { t } = useTranslation('dashboard');
  const lastUsed = apiKey.lastUsedAt
    ? apiKey.lastUsedIp
      ? t('keyItem.lastUsedFrom', { date: dateTime(apiKey.lastUsedAt), ip: apiKey.lastUsedIp })
      : t('keyItem.lastUsed', { date: dateTime(apiKey.lastUsedAt) })
    : t('keyItem.neverUsed');
  return (
    <span className="muted key-meta" data-testid="key-meta">
      {[t('keyItem.created', { date: dateTime(apiKey.createdAt) }), lastUsed, t('keyItem.calls', { calls: formatNumber(apiKey.callsThisMonth) })].join(' · ')}
    </span>
  );
}

export function ApiKeyItem({ apiKey }: { apiKey: ApiKeyView }) {
  const { t } = useTranslation('dashboard');
  const { rotate, setActive, update, remove } = useApiKeyActions();
  const [rotating, setRotating] = useState(false);
  const [restricting, setRestricting] = useState(false);
  const failed = (what: Failure) => (error: unknown) =>
    toast({ title: t('shared.error'), description: t(`keyItem.failed.${what}`, { message: errorMessage(error, t('keyItem.noAnswer')) }), variant: 'destructive' });
  const status = statusOf(apiKey);

  return (
    <li className="key-item" data-testid="api-key" data-key-id={apiKey.id} data-kind={apiKey.kind}>
      <div className="key-head">
        <strong>{apiKey.keyName}</strong>
        {apiKey.kind === 'plan' && <span className="badge badge-accent">{t('keyItem.planKey')}</span>}
        <span className={`badge ${status.good ? 'badge-success' : 'badge-danger'}`} data-testid="key-status">
          {t(`keyItem.status.${status.label}`)}
        </span>
        <KeyMeta apiKey={apiKey} />
      </div>
      <p className="muted small" data-testid="key-restrictions">
        {restrictionText(apiKey)}
      </p>
      <SecretField label={t('secret.apiKey')} value={apiKey.keyValue} kind="key" />
      <KeySecret keyId={apiKey.id} revealable={apiKey.secretRevealable} onRotate={() => setRotating(true)} />
      {apiKey.previousSecretExpiresAt && (
        <p className="muted small" role="note" data-testid="previous-secret">
          {t('keyItem.previousSecret', { date: dateTime(apiKey.previousSecretExpiresAt) })}
        </p>
      )}
      {restricting ? (
        <KeyRestrictionsForm
          apiKey={apiKey}
          busy={update.isPending}
          onCancel={() => setRestricting(false)}
          onSave={(settings) => update.mutate({ id: apiKey.id, settings }, { onSuccess: () => setRestricting(false), onError: failed('restrict') })}
        />
      ) : null}
      <div className="row key-actions">
        <ConfirmButton
          label={t('keyItem.rotate.label')}
          question={t('keyItem.rotate.question')}
          busy={rotate.isPending}
          asking={rotating}
          onAskingChange={setRotating}
          choices={[false, true].map((revokeOldSecret) => ({
            label: t(revokeOldSecret ? 'keyItem.rotate.revoke' : 'keyItem.rotate.keep'),
            tone: revokeOldSecret ? 'danger' : 'primary',
            onChoose: () =>
              rotate.mutate(
                { id: apiKey.id, revokeOldSecret },
                {
                  onSuccess: () =>
                    toast({
                      title: t('keyItem.rotate.done'),
                      description: t(revokeOldSecret ? 'keyItem.rotate.doneRevoked' : 'keyItem.rotate.doneKept'),
                      variant: 'success',
                    }),
                  onError: failed('rotate'),
                },
              ),
          }))}
        />
        {apiKey.isActive ? (
          <ConfirmButton
            label={t('keyItem.disable.label')}
            question={t('keyItem.disable.question')}
            busy={setActive.isPending}
            choices={[{ label: t('keyItem.disable.choice'), onChoose: () => setActive.mutate({ id: apiKey.id, active: false }, { onError: failed('disable') }) }]}
          />
        ) : (
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            disabled={setActive.isPending}
            onClick={() => setActive.mutate({ id: apiKey.id, active: true }, { onError: failed('enable') })}
          >
            {t('keyItem.enable')}
          </button>
        )}
        {!restricting && (
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => setRestricting(true)}>
            {t('keyItem.restrict')}
          </button>
        )}
        <ConfirmButton
          label={t('keyItem.delete.label')}
          question={t('keyItem.delete.question')}
          busy={remove.isPending}
          choices={[
            {
              label: t('keyItem.delete.choice'),
              // mutateAsync: the item is gone once the list is read again, and a mutate() callback would go with it.
              onChoose: () =>
                void remove.mutateAsync(apiKey.id).then(
                  () => toast({ title: t('keyItem.delete.done'), description: t('keyItem.delete.doneText', { name: apiKey.keyName }), variant: 'success' }),
                  failed('delete'),
                ),
            },
          ]}
        />
      </div>
    </li>
  );
}
