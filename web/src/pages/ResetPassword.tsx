/**
 * /reset-password (docs/decisions/037): without a token, asks for the account's email and says the
 * same whatever it is (and where the link goes on this server: a mailbox or its outbox); with the
 * token of a mailed link, sets a new password, which signs every session out. The server's answer
 * to a request is one fixed sentence, so the page says it in its own language (docs/decisions/041);
 * a refusal keeps the server's English reason (login/refusal.ts).
 */
import { useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useSearch } from 'wouter';
import { ActionButton } from '../components/ui/ActionButton.tsx';
import { Field, invalidProps } from '../components/ui/Field.tsx';
import { PasswordInput } from '../components/ui/PasswordInput.tsx';
import { useMailMode } from '../hooks/useHealth.ts';
import { apiRequest } from '../lib/api.ts';
import '../styles/forms.css';
import { refusal } from './login/refusal.ts';

function RequestLink() {
  const { t } = useTranslation('account');
  const [email, setEmail] = useState('');
  const [pending, setPending] = useState(false);
  const [requested, setRequested] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const mail = useMailMode();
  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (pending || !email.trim()) return;
    setPending(true);
    setError(null);
    try {
      await apiRequest('POST', '/api/auth/password-reset', { email: email.trim() });
      setRequested(true);
    } catch (failure) {
      setError(refusal(failure, 'resetRequest'));
    } finally {
      setPending(false);
    }
  }
  if (requested) {
    return (
      <div className="alert alert-info" role="status" data-testid="reset-requested">
        <span>
          {t('reset.request.requested')}{' '}
          {mail === 'outbox' && <Trans t={t} i18nKey="reset.request.outbox" components={{ a: <a href="/outbox" /> }} />}
          {mail === 'none' && t('reset.request.noMail')}
        </span>
      </div>
    );
  }
  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('reset.request.form')}>
      {error && (
        <div className="alert alert-danger" role="alert">
          {error}
        </div>
      )}
      <Field id="reset-email" label={t('reset.request.email')}>
        <input id="reset-email" className="input" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} required />
      </Field>
      <ActionButton type="submit" className="btn btn-primary btn-block" inactive={pending}>
        {pending ? t('reset.request.pending') : t('reset.request.submit')}
      </ActionButton>
    </form>
  );
}

function ChooseNew({ token }: { token: string }) {
  const { t } = useTranslation('account');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [visible, setVisible] = useState(false);
  const [pending, setPending] = useState(false);
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const mismatch = confirm !== '' && confirm !== password ? t('reset.choose.mismatch') : undefined;
  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (pending || mismatch || !password) return;
    setPending(true);
    setError(null);
    try {
      await apiRequest('POST', '/api/auth/password-reset/complete', { token, password });
      setDone(true);
    } catch (failure) {
      setError(refusal(failure, 'resetComplete'));
    } finally {
      setPending(false);
    }
  }
  if (done) {
    return (
      <div className="alert alert-success" role="status" data-testid="reset-done">
        <span>
          <Trans t={t} i18nKey="reset.choose.done" components={{ a: <Link href="/login" /> }} />
        </span>
      </div>
    );
  }
  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('reset.choose.form')}>
      {error && (
        <div className="alert alert-danger" role="alert">
          {error}
        </div>
      )}
      <Field id="reset-password" label={t('reset.choose.password')}>
        <PasswordInput id="reset-password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} visible={visible}
          onToggleVisible={() => setVisible((v) => !v)} />
      </Field>
      <Field id="reset-confirm" label={t('reset.choose.confirm')} error={mismatch}>
        <PasswordInput id="reset-confirm" autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} visible={visible}
          onToggleVisible={() => setVisible((v) => !v)} {...invalidProps('reset-confirm', mismatch)} />
      </Field>
      <ActionButton type="submit" className="btn btn-primary btn-block" inactive={pending}>
        {pending ? t('reset.choose.pending') : t('reset.choose.submit')}
      </ActionButton>
    </form>
  );
}

export default function ResetPassword() {
  const { t } = useTranslation('account');
  const token = new URLSearchParams(useSearch()).get('token');
  return (
    <div className="container section" style={{ maxWidth: 520 }}>
      <section className="card auth-card" aria-labelledby="reset-title">
        <h1 id="reset-title" style={{ fontSize: '1.5rem' }}>
          {token ? t('reset.chooseTitle') : t('reset.requestTitle')}
        </h1>
        <p className="muted">
          {token ? t('reset.chooseLead') : t('reset.requestLead')}
        </p>
        {token ? <ChooseNew token={token} /> : <RequestLink />}
        <p className="muted small">
          <Link href="/login">{t('reset.back')}</Link>
        </p>
      </section>
    </div>
  );
}
