/** Sign Up tab: full name, email, password and confirmation sharing one show/hide toggle. */
import { useState, type FormEvent } from 'react';
import { Field, invalidProps } from '../../components/ui/Field.tsx';
import { PasswordInput } from '../../components/ui/PasswordInput.tsx';
import { splitFullName, validateSignUp, type FieldErrors, type SignUpField } from './names.ts';
import { useAccountSubmit } from './useAccountSubmit.ts';
import { ActionButton } from '../../components/ui/ActionButton.tsx';

export const PASSWORDS_DONT_MATCH = "Passwords don't match!";

export function SignUpForm() {
  const [values, setValues] = useState<Record<SignUpField, string>>({ fullName: '', email: '', password: '', confirmPassword: '' });
  const [visible, setVisible] = useState(false);
  const [errors, setErrors] = useState<FieldErrors<SignUpField>>({});
  const { submit, pending, alert, setAlert } = useAccountSubmit('/api/auth/register', {
    server: 'Registration failed',
    network: 'Registration failed. Please try again.',
  });
  const set = (field: SignUpField) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: e.target.value }));

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (pending) return;
    const found = validateSignUp(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    // docs/product.md §5: a mismatch is reported and nothing is sent.
    if (values.password !== values.confirmPassword) {
      setAlert(PASSWORDS_DONT_MATCH);
      return;
    }
    void submit({ email: values.email.trim(), password: values.password, ...splitFullName(values.fullName) });
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Sign up">
      {alert && (
        <div className="alert alert-danger" role="alert">
          {alert}
        </div>
      )}
      <Field id="signup-name" label="Full Name" error={errors.fullName}>
        <input id="signup-name" className="input" autoComplete="name" placeholder="Ada Lovelace" value={values.fullName}
          onChange={set('fullName')} {...invalidProps('signup-name', errors.fullName)} />
      </Field>
      <Field id="signup-email" label="Email" error={errors.email}>
        <input id="signup-email" className="input" type="email" autoComplete="email" placeholder="you@company.com" value={values.email}
          onChange={set('email')} {...invalidProps('signup-email', errors.email)} />
      </Field>
      <Field id="signup-password" label="Password" error={errors.password}>
        <PasswordInput id="signup-password" autoComplete="new-password" placeholder="At least 8 characters" value={values.password}
          onChange={set('password')} visible={visible} onToggleVisible={() => setVisible((v) => !v)}
          {...invalidProps('signup-password', errors.password)} />
      </Field>
      <Field id="signup-confirm" label="Confirm Password" error={errors.confirmPassword}>
        <PasswordInput id="signup-confirm" autoComplete="new-password" placeholder="Repeat the password" value={values.confirmPassword}
          onChange={set('confirmPassword')} visible={visible} onToggleVisible={() => setVisible((v) => !v)} showToggle={false}
          {...invalidProps('signup-confirm', errors.confirmPassword)} />
      </Field>
      <ActionButton type="submit" className="btn btn-primary btn-block" inactive={pending}>
        {pending ? 'Creating Account...' : 'Create Account'}
      </ActionButton>
    </form>
  );
}
