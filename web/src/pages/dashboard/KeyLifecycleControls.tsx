/**
 * One signing key's lifecycle in the dashboard (docs/api.md §7.6): its state and primary version,
 * and the actions its state allows — rotate, disable or enable, schedule or cancel deletion.
 */
import { useTranslation } from 'react-i18next';
import { toast } from '../../components/ui/toast.tsx';
import { errorMessage } from '../../lib/api.ts';
import type { SigningKeyView } from './types.ts';
import { useKeyAction, type KeyAction } from './useSigningKeys.ts';

/** What each state allows, in the order the buttons show. */
const ACTIONS: Record<SigningKeyView['state'], KeyAction[]> = {
  enabled: ['rotate', 'disable', 'schedule-deletion'],
  disabled: ['enable', 'schedule-deletion'],
  pending_deletion: ['cancel-deletion'],
  destroyed: [],
};

const LABEL = {
  rotate: 'signingKeys.lifecycle.rotate',
  disable: 'signingKeys.lifecycle.disable',
  enable: 'signingKeys.lifecycle.enable',
  'schedule-deletion': 'signingKeys.lifecycle.scheduleDeletion',
  'cancel-deletion': 'signingKeys.lifecycle.cancelDeletion',
} as const satisfies Record<KeyAction, string>;

export function KeyLifecycleBadges({ signingKey }: { signingKey: SigningKeyView }) {
  const { t } = useTranslation('dashboard');
  return (
    <>
      <span className={signingKey.state === 'enabled' ? 'badge' : 'badge badge-danger'} data-testid="key-state">
        {t(`signingKeys.lifecycle.states.${signingKey.state}`)}
      </span>
      <span className="badge">{t('signingKeys.lifecycle.version', { version: String(signingKey.primaryVersion) })}</span>
    </>
  );
}

export function KeyLifecycleControls({ signingKey }: { signingKey: SigningKeyView }) {
  const { t } = useTranslation('dashboard');
  const act = useKeyAction();
  const run = (action: KeyAction) => {
    if (action === 'schedule-deletion' && !window.confirm(t('signingKeys.lifecycle.confirmDeletion', { name: signingKey.name }))) return;
    act.mutate(
      { keyId: signingKey.keyId, action },
      {
        onSuccess: () => toast({ title: t(`signingKeys.lifecycle.done.${action}`), variant: 'success' }),
        onError: (error) => toast({ title: t('shared.error'), description: t('signingKeys.lifecycle.failed', { message: errorMessage(error, t('shared.noAnswer')) }), variant: 'destructive' }),
      },
    );
  };
  const actions = ACTIONS[signingKey.state];
  if (actions.length === 0) return null;
  return (
    <div className="row" role="group" aria-label={t('signingKeys.lifecycle.actions', { name: signingKey.name })}>
      {actions.map((action) => (
        <button key={action} type="button" className="btn btn-secondary btn-sm" disabled={act.isPending} onClick={() => run(action)}>
          {t(LABEL[action])}
        </button>
      ))}
    </div>
  );
}
