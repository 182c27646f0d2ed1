/**
 * The second step of signing in to an account with two-factor sign-in (docs/decisions/039): a code
 * from the authenticator app, or a recovery code.
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionButton } from '../../components/ui/ActionButton.tsx';
import { Field, invalidProps } from '../../components/ui/Field.tsx';
import { useAccountSubmit } from './useAccountSubmit.ts';

export function TwoFactorForm({ then, onRestart }: { then?: string | undefined; onRestart: () => void }) {
  const { t } = useTranslation('account');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const { submit, pending, alert } = useAccountSubmit('/api/auth/login/two-factor', 'twoFactor', then);

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (pending) return;
    if (code.trim().length < 6) return setError(t('twoFactor.tooShort'));
    setError(undefined);
    void submit({ code: code.trim() });
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('twoFactor.form')} className="stack">
      <p className="muted small" style={{ margin: 0 }}>
        {t('twoFactor.lead')}
      </p>
      {alert && (
        <div className="alert alert-danger" role="alert">
          {alert}
        </div>
      )}
      <Field id="two-factor-code" label={t('twoFactor.code')} error={error}>
        <input id="two-factor-code" className="input" autoComplete="one-time-code" inputMode="text" autoFocus spellCheck={false} value={code}
          onChange={(e) => setCode(e.target.value)} {...invalidProps('two-factor-code', error)} />
      </Field>
      <ActionButton type="submit" className="btn btn-primary btn-block" inactive={pending}>
        {pending ? t('twoFactor.pending') : t('twoFactor.submit')}
      </ActionButton>
      <button type="button" className="btn btn-secondary btn-block" onClick={onRestart}>
        {t('twoFactor.restart')}
      </button>
    </form>
  );
}
