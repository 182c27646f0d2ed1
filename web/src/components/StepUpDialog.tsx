/**
 * The code dialog of step-up (web/src/lib/stepUp.ts): a modal <dialog> asking for a code from the
 * authenticator app (or a recovery code) before a sensitive action goes ahead.
 */
import { useEffect, useRef, useState, useSyncExternalStore, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, apiRequest, errorMessage } from '../lib/api.ts';
import { stepUpStore } from '../lib/stepUp.ts';
import { ActionButton } from './ui/ActionButton.tsx';
import { Field, invalidProps } from './ui/Field.tsx';

export function StepUpDialog() {
  const { t } = useTranslation('dashboard');
  const asking = useSyncExternalStore(stepUpStore.subscribe, stepUpStore.asking);
  const dialog = useRef<HTMLDialogElement>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (asking && !element.open) {
      setCode('');
      setError(undefined);
      element.showModal();
    } else if (!asking && element.open) element.close();
  }, [asking]);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (pending) return;
    if (code.trim().length < 6) return setError(t('stepUp.invalid'));
    setPending(true);
    try {
      await apiRequest('POST', '/api/auth/step-up', { code: code.trim() });
      stepUpStore.confirmed();
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.serverMessage : errorMessage(failure, t('stepUp.failed')));
    } finally {
      setPending(false);
    }
  }

  return (
    <dialog ref={dialog} className="card step-up-dialog" aria-labelledby="step-up-title" onCancel={() => stepUpStore.cancelled()}>
      <form onSubmit={onSubmit} noValidate className="stack" aria-label={t('stepUp.heading')}>
        <h2 id="step-up-title">{t('stepUp.heading')}</h2>
        <p className="muted small" style={{ margin: 0 }}>
          {t('stepUp.text')}
        </p>
        <Field id="step-up-code" label={t('stepUp.code')} error={error}>
          <input id="step-up-code" className="input" autoComplete="one-time-code" autoFocus spellCheck={false} value={code}
            onChange={(e) => setCode(e.target.value)} {...invalidProps('step-up-code', error)} />
        </Field>
        <div className="row" style={{ gap: 8 }}>
          <ActionButton type="submit" className="btn btn-primary" inactive={pending}>
            {pending ? t('shared.checking') : t('stepUp.confirm')}
          </ActionButton>
          <button type="button" className="btn btn-secondary" onClick={() => stepUpStore.cancelled()}>
            {t('shared.cancel')}
          </button>
        </div>
      </form>
    </dialog>
  );
}
