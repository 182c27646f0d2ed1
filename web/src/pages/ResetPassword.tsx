/**
 * /reset-password (docs/decisions/037): without a token, asks for the account's email and says the
 * same whatever it is (and where the link goes on this server: a mailbox or its outbox); with the
 * token of a mailed link, sets a new password, which signs every session out.
 */
import { useState, type FormEvent } from 'react';
import { Link, useSearch } from 'wouter';
import type { z } from 'zod';
import type { ResetRequested } from '../../../server/contract/account.ts';
import { ActionButton } from '../components/ui/ActionButton.tsx';
import { Field, invalidProps } from '../components/ui/Field.tsx';
import { PasswordInput } from '../components/ui/PasswordInput.tsx';
import { useMailMode } from '../hooks/useHealth.ts';
import { apiRequest, errorMessage } from '../lib/api.ts';
import '../styles/forms.css';

function RequestLink() {
  const [email, setEmail] = useState('');
  const [pending, setPending] = useState(false);
  const [answer, setAnswer] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const mail = useMailMode();
  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (pending || !email.trim()) return;
    setPending(true);
    setError(null);
    try {
      setAnswer((await apiRequest<z.infer<typeof ResetRequested>>('POST', '/api/auth/password-reset', { email: email.trim() })).message);
    } catch (failure) {
      setError(errorMessage(failure, 'The request could not be sent: try again.'));
    } finally {
      setPending(false);
    }
  }
  if (answer) {
    return (
      <div className="alert alert-info" role="status" data-testid="reset-requested">
        <span>
          {answer}{' '}
          {mail === 'outbox' && (
            <>
              This server has no SMTP: the mail is in its <a href="/outbox">outbox</a>, on the machine it runs on.
            </>
          )}
          {mail === 'none' && <>This server cannot send mail, so no link will arrive: ask its operator.</>}
        </span>
      </div>
    );
  }
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Ask for a password-reset link">
      {error && (
        <div className="alert alert-danger" role="alert">
          {error}
        </div>
      )}
      <Field id="reset-email" label="Email of your account">
        <input id="reset-email" className="input" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} required />
      </Field>
      <ActionButton type="submit" className="btn btn-primary btn-block" inactive={pending}>
        {pending ? 'Sending...' : 'Send me a link'}
      </ActionButton>
    </form>
  );
}

function ChooseNew({ token }: { token: string }) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [visible, setVisible] = useState(false);
  const [pending, setPending] = useState(false);
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const mismatch = confirm !== '' && confirm !== password ? 'The two passwords differ.' : undefined;
  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (pending || mismatch || !password) return;
    setPending(true);
    setError(null);
    try {
      await apiRequest('POST', '/api/auth/password-reset/complete', { token, password });
      setDone(true);
    } catch (failure) {
      setError(errorMessage(failure, 'The password could not be set: try again.'));
    } finally {
      setPending(false);
    }
  }
  if (done) {
    return (
      <div className="alert alert-success" role="status" data-testid="reset-done">
        <span>
          Your new password is set, and every session of your account was signed out. <Link href="/login">Sign in</Link> with it.
        </span>
      </div>
    );
  }
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Choose a new password">
      {error && (
        <div className="alert alert-danger" role="alert">
          {error}
        </div>
      )}
      <Field id="reset-password" label="New password">
        <PasswordInput id="reset-password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} visible={visible}
          onToggleVisible={() => setVisible((v) => !v)} />
      </Field>
      <Field id="reset-confirm" label="Confirm new password" error={mismatch}>
        <PasswordInput id="reset-confirm" autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} visible={visible}
          onToggleVisible={() => setVisible((v) => !v)} {...invalidProps('reset-confirm', mismatch)} />
      </Field>
      <ActionButton type="submit" className="btn btn-primary btn-block" inactive={pending}>
        {pending ? 'Saving...' : 'Set new password'}
      </ActionButton>
    </form>
  );
}

export default function ResetPassword() {
  const token = new URLSearchParams(useSearch()).get('token');
  return (
    <div className="container section" style={{ maxWidth: 520 }}>
      <section className="card auth-card" aria-labelledby="reset-title">
        <h1 id="reset-title" style={{ fontSize: '1.5rem' }}>
          {token ? 'Choose a new password' : 'Forgot your password?'}
        </h1>
        <p className="muted">
          {token ? 'Pick a password you do not use anywhere else.' : 'We send a link to choose a new one to the email of your account. It works once, for 30 minutes.'}
        </p>
        {token ? <ChooseNew token={token} /> : <RequestLink />}
        <p className="muted small">
          <Link href="/login">Back to sign in</Link>
        </p>
      </section>
    </div>
  );
}
