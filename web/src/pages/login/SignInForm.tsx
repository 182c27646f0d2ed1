/** Sign In tab: email and password (show/hide), then a two-factor code for an account that has it on. */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Field, invalidProps } from '../../components/ui/Field.tsx';
import { PasswordInput } from '../../components/ui/PasswordInput.tsx';
import { validateSignIn, type FieldErrors } from './names.ts';
import { useAccountSubmit } from './useAccountSubmit.ts';
import { ActionButton } from '../../components/ui/ActionButton.tsx';
import { TwoFactorForm } from './TwoFactorForm.tsx';

/**
 * `then`: a server address to go to once signed in (a verification link's), instead of the home page.
 * `awaitingCode`: the password was already accepted elsewhere (Google sign-in), so the code is next.
 */
export function SignInForm({ then, awaitingCode = false }: { then?: string | undefined; awaitingCode?: boolean } = {}) {
  const { t } = useTranslation('account');
  const [step, setStep] = useState<'password' | 'code'>(awaitingCode ? 'code' : 'password');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [visible, setVisible] = useState(false);
  const [errors, setErrors] = useState<FieldErrors<'email' | 'password'>>({});
  const { submit, pending, alert } = useAccountSubmit('/api/auth/login', 'signIn', then);

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (pending) return;
    const found = validateSignIn({ email, password });
    setErrors(found);
    if (Object.keys(found).length === 0) void submit({ email: email.trim(), password }).then((outcome) => outcome === 'two-factor' && setStep('code'));
  }

  if (step === 'code') return <TwoFactorForm then={then} onRestart={() => (setPassword(''), setStep('password'))} />;

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('signIn.form')}>
      {alert && (
        <div className="alert alert-danger" role="alert">
          {alert}
        </div>
      )}
      <Field id="signin-email" label={t('fields.email')} error={errors.email}>
        <input id="signin-email" className="input" type="email" autoComplete="email" placeholder={t('fields.emailPlaceholder')} value={email}
          onChange={(e) => setEmail(e.target.value)} {...invalidProps('signin-email', errors.email)} />
      </Field>
      <Field id="signin-password" label={t('fields.password')} error={errors.password}>
        <PasswordInput id="signin-password" autoComplete="current-password" placeholder={t('signIn.passwordPlaceholder')} value={password}
          onChange={(e) => setPassword(e.target.value)} visible={visible} onToggleVisible={() => setVisible((v) => !v)}
          {...invalidProps('signin-password', errors.password)} />
      </Field>
      <ActionButton type="submit" className="btn btn-primary btn-block" inactive={pending}>
        {pending ? t('signIn.pending') : t('signIn.submit')}
      </ActionButton>
      <p className="muted small" style={{ textAlign: 'center', marginBottom: 0 }}>
        <Link href="/reset-password">{t('signIn.forgot')}</Link>
      </p>
    </form>
  );
}
