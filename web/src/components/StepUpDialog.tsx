/**
 * The code dialog of step-up (web/src/lib/stepUp.ts): a modal <dialog> asking for a code from the
 * authenticator app (or a recovery code) before a sensitive action goes ahead.
 */
import { useEffect, useRef, useState, useSyncExternalStore, type FormEvent } from 'react';
import { ApiError, apiRequest, errorMessage } from '../lib/api.ts';
import { stepUpStore } from '../lib/stepUp.ts';
import { ActionButton } from './ui/ActionButton.tsx';
import { Field, invalidProps } from './ui/Field.tsx';

export function StepUpDialog() {
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
    if (code.trim().length < 6) return setError('Enter the 6 digits your app shows, or a recovery code.');
    setPending(true);
    try {
      await apiRequest('POST', '/api/auth/step-up', { code: code.trim() });
      stepUpStore.confirmed();
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.serverMessage : errorMessage(failure, 'The code could not be checked'));
    } finally {
      setPending(false);
    }
  }

  return (
    <dialog ref={dialog} className="card step-up-dialog" aria-labelledby="step-up-title" onCancel={() => stepUpStore.cancelled()}>
      <form onSubmit={onSubmit} noValidate className="stack" aria-label="Confirm it is you">
        <h2 id="step-up-title">Confirm it is you</h2>
        <p className="muted small" style={{ margin: 0 }}>
          This action needs a code from your authenticator app (or a recovery code). It is not asked again for 10 minutes.
        </p>
        <Field id="step-up-code" label="Code" error={error}>
          <input id="step-up-code" className="input" autoComplete="one-time-code" autoFocus spellCheck={false} value={code}
            onChange={(e) => setCode(e.target.value)} {...invalidProps('step-up-code', error)} />
        </Field>
        <div className="row" style={{ gap: 8 }}>
          <ActionButton type="submit" className="btn btn-primary" inactive={pending}>
            {pending ? 'Checking...' : 'Confirm'}
          </ActionButton>
          <button type="button" className="btn btn-secondary" onClick={() => stepUpStore.cancelled()}>
            Cancel
          </button>
        </div>
      </form>
    </dialog>
  );
}
