/**
 * The second step of signing in to an account with two-factor sign-in (docs/decisions/039): a code
 * from the authenticator app, or a recovery code.
 */
import { useState, type FormEvent } from 'react';
import { ActionButton } from '../../components/ui/ActionButton.tsx';
import { Field, invalidProps } from '../../components/ui/Field.tsx';
import { useAccountSubmit } from './useAccountSubmit.ts';

export function TwoFactorForm({ then, onRestart }: { then?: string | undefined; onRestart: () => void }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const { submit, pending, alert } = useAccountSubmit('/api/auth/login/two-factor', { server: 'The code was not accepted', network: 'Sign-in failed. Please try again.' }, then);

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (pending) return;
    if (code.trim().length < 6) return setError('Enter the 6 digits your app shows, or a recovery code.');
    setError(undefined);
    void submit({ code: code.trim() });
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Two-factor code" className="stack">
      <p className="muted small" style={{ margin: 0 }}>
        Your password is right. Enter the 6-digit code from your authenticator app, or one of your recovery codes.
      </p>
      {alert && (
        <div className="alert alert-danger" role="alert">
          {alert}
        </div>
      )}
      <Field id="two-factor-code" label="Code" error={error}>
        <input id="two-factor-code" className="input" autoComplete="one-time-code" inputMode="text" autoFocus spellCheck={false} value={code}
          onChange={(e) => setCode(e.target.value)} {...invalidProps('two-factor-code', error)} />
      </Field>
      <ActionButton type="submit" className="btn btn-primary btn-block" inactive={pending}>
        {pending ? 'Checking...' : 'Continue'}
      </ActionButton>
      <button type="button" className="btn btn-secondary btn-block" onClick={onRestart}>
        Use another account
      </button>
    </form>
  );
}
