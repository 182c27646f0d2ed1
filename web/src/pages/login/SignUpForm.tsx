/**
 * Sign Up tab: full name, email, password and confirmation sharing one show/hide toggle. The server
 * answers a new address and a taken one alike (docs/decisions/037), so the form then signs in with
 * the same email and password: a new account opens; for a taken address the sign-in fails and the
 * form says what to do, without saying more than a sign-in would.
 */
import { useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Field, invalidProps } from '../../components/ui/Field.tsx';
import { PasswordInput } from '../../components/ui/PasswordInput.tsx';
import { MIN_PASSWORD_LENGTH, splitFullName, validateSignUp, type FieldErrors, type SignUpField } from './names.ts';
import { refusal } from './refusal.ts';
import { useAccountSubmit } from './useAccountSubmit.ts';
import { apiRequest } from '../../lib/api.ts';
import { ActionButton } from '../../components/ui/ActionButton.tsx';
import { formatNumber } from '../../i18n/format.ts';

/** Links in the terms sentence (docs/decisions/041: the catalogue's tags are these names). */
const TERMS_LINKS = { terms: <Link href="/terms" />, privacy: <Link href="/privacy" /> };

export function SignUpForm() {
  const { t } = useTranslation('account');
  const [values, setValues] = useState<Record<SignUpField, string>>({ fullName: '', email: '', password: '', confirmPassword: '' });
  const [visible, setVisible] = useState(false);
  const [errors, setErrors] = useState<FieldErrors<SignUpField>>({});
  const signIn = useAccountSubmit('/api/auth/login', 'signUp');
  const [registering, setRegistering] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const pending = registering || signIn.pending;

  async function submit(body: { email: string; password: string; firstName: string; lastName: string }) {
    setRegistering(true);
    setAlert(null);
    try {
      await apiRequest('POST', '/api/auth/register', body);
    } catch (error) {
      setAlert(refusal(error, 'signUp'));
      setRegistering(false);
      return;
    }
    setRegistering(false);
    const opened = (await signIn.submit({ email: body.email, password: body.password })) === 'opened';
    if (!opened) {
      signIn.setAlert(null);
      setAlert(t('signUp.sent', { email: body.email }));
    }
  }
  const set = (field: SignUpField) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: e.target.value }));

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (pending) return;
    const found = validateSignUp(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    // docs/product.md §5: a mismatch is reported and nothing is sent.
    if (values.password !== values.confirmPassword) {
      setAlert(t('signUp.mismatch'));
      return;
    }
    void submit({ email: values.email.trim(), password: values.password, ...splitFullName(values.fullName) });
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('signUp.form')}>
      {(alert ?? signIn.alert) && (
        <div className="alert alert-danger" role="alert">
          {alert ?? signIn.alert}
        </div>
      )}
      <Field id="signup-name" label={t('signUp.fullName')} error={errors.fullName}>
        <input id="signup-name" className="input" autoComplete="name" placeholder={t('signUp.namePlaceholder')} value={values.fullName}
          onChange={set('fullName')} {...invalidProps('signup-name', errors.fullName)} />
      </Field>
      <Field id="signup-email" label={t('fields.email')} error={errors.email}>
        <input id="signup-email" className="input" type="email" autoComplete="email" placeholder={t('fields.emailPlaceholder')} value={values.email}
          onChange={set('email')} {...invalidProps('signup-email', errors.email)} />
      </Field>
      <Field id="signup-password" label={t('fields.password')} error={errors.password}>
        <PasswordInput id="signup-password" autoComplete="new-password" placeholder={t('signUp.passwordPlaceholder', { min: formatNumber(MIN_PASSWORD_LENGTH) })} value={values.password}
          onChange={set('password')} visible={visible} onToggleVisible={() => setVisible((v) => !v)}
          {...invalidProps('signup-password', errors.password)} />
      </Field>
      <Field id="signup-confirm" label={t('signUp.confirmPassword')} error={errors.confirmPassword}>
        <PasswordInput id="signup-confirm" autoComplete="new-password" placeholder={t('signUp.confirmPlaceholder')} value={values.confirmPassword}
          onChange={set('confirmPassword')} visible={visible} onToggleVisible={() => setVisible((v) => !v)} showToggle={false}
          {...invalidProps('signup-confirm', errors.confirmPassword)} />
      </Field>
      {/* What an account agrees to, before it exists: docs/product.md §12 (terms) and docs/product.md §11 (privacy). */}
      <p className="muted signup-terms" data-testid="signup-terms">
        <Trans t={t} i18nKey="signUp.terms" components={TERMS_LINKS} />
      </p>
      <ActionButton type="submit" className="btn btn-primary btn-block" inactive={pending}>
        {pending ? t('signUp.pending') : t('signUp.submit')}
      </ActionButton>
    </form>
  );
}
