/**
 * Security (docs/decisions/037, 039): change the password (the current one needed; the other
 * sessions are signed out), two-factor sign-in (TwoFactorCard), change the email (through a link
 * mailed to the new address), and the sessions signed in to the account, each with its browser,
 * address and last activity, signed out one by one or all but this one; and the account's audit
 * log (AuditLogCard).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { EmailChangeRequested, PasswordChanged, SessionList, SessionsEnded } from '../../../../server/contract/account.ts';
import { useAuth } from '../../hooks/useAuth.ts';
import { ActionButton } from '../../components/ui/ActionButton.tsx';
import { Field, invalidProps } from '../../components/ui/Field.tsx';
import { PasswordInput } from '../../components/ui/PasswordInput.tsx';
import { toast } from '../../components/ui/toast.tsx';
import { formatNumber } from '../../i18n/format.ts';
import { ApiError, apiRequest, errorMessage } from '../../lib/api.ts';
import { ConfirmButton } from './ConfirmButton.tsx';
import { browserName, dateTime } from './format.ts';
import { TwoFactorCard } from './TwoFactorCard.tsx';
import { AuditLogCard } from './AuditLogCard.tsx';

const SESSIONS_KEY = ['/api/auth/sessions'] as const;

function ChangePassword() {
  const { t } = useTranslation('dashboard');
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [visible, setVisible] = useState(false);
  const [errors, setErrors] = useState<{ current?: string; next?: string }>({});
  const client = useQueryClient();
  const change = useMutation({
    mutationFn: () => apiRequest<z.infer<typeof PasswordChanged>>('POST', '/api/auth/password', { currentPassword: current, newPassword: next }),
    onSuccess: ({ sessionsEnded }) => {
      setCurrent('');
      setNext('');
      setErrors({});
      toast({ title: t('password.changed'), description: t('password.changedText', { ended: formatNumber(sessionsEnded) }), variant: 'success' });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.param === 'currentPassword') setErrors({ current: error.serverMessage });
      else if (error instanceof ApiError && error.param === 'newPassword') setErrors({ next: error.serverMessage });
      else toast({ title: t('shared.error'), description: errorMessage(error, t('password.failed')), variant: 'destructive' });
    },
    onSettled: () => client.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!current || next.length < 8) return setErrors({ ...(current ? {} : { current: t('password.enterCurrent') }), ...(next.length < 8 ? { next: t('password.tooShort') } : {}) });
    change.mutate();
  };
  return (
    <section className="card dash-card" aria-labelledby="password-heading">
      <h2 id="password-heading">{t('password.heading')}</h2>
      <form onSubmit={onSubmit} noValidate aria-label={t('password.form')} className="stack">
        <Field id="current-password" label={t('password.current')} error={errors.current}>
          <PasswordInput id="current-password" autoComplete="current-password" value={current} onChange={(e) => setCurrent(e.target.value)} visible={visible}
            onToggleVisible={() => setVisible((v) => !v)} {...invalidProps('current-password', errors.current)} />
        </Field>
        <Field id="new-password" label={t('password.new')} error={errors.next}>
          <PasswordInput id="new-password" autoComplete="new-password" value={next} onChange={(e) => setNext(e.target.value)} visible={visible}
            onToggleVisible={() => setVisible((v) => !v)} {...invalidProps('new-password', errors.next)} />
        </Field>
        <ActionButton type="submit" className="btn btn-primary" inactive={change.isPending}>
          {change.isPending ? t('password.changing') : t('password.button')}
        </ActionButton>
      </form>
      <p className="muted small">{t('password.note')}</p>
    </section>
  );
}

function ChangeEmail() {
  const { t } = useTranslation('dashboard');
  const auth = useAuth();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [visible, setVisible] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<{ field?: string; text: string } | null>(null);
  const ask = useMutation({
    mutationFn: () => apiRequest<z.infer<typeof EmailChangeRequested>>('POST', '/api/auth/email', { newEmail: email.trim(), currentPassword: password }),
    onSuccess: ({ message }) => {
      setSent(message);
      setPassword('');
      setError(null);
    },
    onError: (failure) => setError({ field: failure instanceof ApiError ? failure.param : undefined, text: errorMessage(failure, t('email.failed')) }),
  });
  return (
    <section className="card dash-card" aria-labelledby="email-heading">
      <h2 id="email-heading">{t('email.heading')}</h2>
      <p className="muted small">
        <Trans t={t} i18nKey="email.lead" values={{ email: auth.user?.email ?? '' }} components={{ strong: <strong /> }} />
      </p>
      {sent && (
        <div className="alert alert-info" role="status" data-testid="email-change-sent">
          <span>{sent}</span>
        </div>
      )}
      <form
        className="stack"
        aria-label={t('email.form')}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (email.trim()) ask.mutate();
        }}
      >
        <Field id="new-email" label={t('email.new')} error={error?.field === 'newEmail' ? error.text : undefined}>
          <input id="new-email" className="input" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)}
            {...invalidProps('new-email', error?.field === 'newEmail' ? error.text : undefined)} />
        </Field>
        <Field id="email-password" label={t('email.current')} error={error?.field === 'currentPassword' ? error.text : undefined}>
          <PasswordInput id="email-password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} visible={visible}
            onToggleVisible={() => setVisible((v) => !v)} {...invalidProps('email-password', error?.field === 'currentPassword' ? error.text : undefined)} />
        </Field>
        {error && !error.field && (
          <div className="alert alert-danger" role="alert">
            {error.text}
          </div>
        )}
        <ActionButton type="submit" className="btn btn-secondary" inactive={ask.isPending}>
          {ask.isPending ? t('shared.sending') : t('email.button')}
        </ActionButton>
      </form>
    </section>
  );
}

function Sessions() {
  const { t } = useTranslation('dashboard');
  const sessions = useQuery<z.infer<typeof SessionList>>({ queryKey: SESSIONS_KEY, staleTime: 0 });
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: SESSIONS_KEY });
  const failed = (error: unknown) => toast({ title: t('shared.error'), description: errorMessage(error, t('sessions.failed')), variant: 'destructive' });
  const endOne = useMutation({ mutationFn: (id: string) => apiRequest('DELETE', `/api/auth/sessions/${id}`), onSettled: refresh, onError: failed });
  const endOthers = useMutation({
    mutationFn: () => apiRequest<z.infer<typeof SessionsEnded>>('POST', '/api/auth/sessions/end-others'),
    onSuccess: ({ ended }) => toast({ title: t('sessions.ended'), description: t('sessions.endedText', { count: ended }), variant: 'success' }),
    onError: failed,
    onSettled: refresh,
  });
  const list = sessions.data ?? [];
  return (
    <section className="card dash-card" aria-labelledby="sessions-heading">
      <div className="card-head">
        <h2 id="sessions-heading">{t('sessions.heading')}</h2>
        {list.length > 1 && (
          <ConfirmButton
            label={t('sessions.endOthers')}
            question={t('sessions.endOthersQuestion')}
            busy={endOthers.isPending}
            choices={[{ label: t('sessions.endOthersChoice'), onChoose: () => endOthers.mutate() }]}
          />
        )}
      </div>
      {sessions.isError ? (
        <div className="alert alert-danger" role="alert">
          {errorMessage(sessions.error, t('sessions.loadFailed'))}
        </div>
      ) : (
        <ul className="key-list" data-testid="sessions">
          {list.map((s) => (
            <li key={s.id} className="key-item" data-current={s.current}>
              <div className="key-head">
                <strong title={s.userAgent ?? undefined}>{s.userAgent ? browserName(s.userAgent) : t('sessions.unknownBrowser')}</strong>
                {s.current && <span className="badge badge-success">{t('sessions.current')}</span>}
              </div>
              <span className="muted small">
                {s.signedInAt ? t('sessions.signedIn', { date: dateTime(s.signedInAt) }) : t('sessions.signedInUnknown')} ·{' '}
                {t(s.ip ? 'sessions.lastSeenFrom' : 'sessions.lastSeen', { date: s.lastSeenAt ? dateTime(s.lastSeenAt) : t('sessions.unknown'), ip: s.ip ?? '' })}
              </span>
              {!s.current && (
                <div className="row key-actions">
                  <button type="button" className="btn btn-secondary btn-sm" disabled={endOne.isPending} onClick={() => endOne.mutate(s.id)}>
                    {t('sessions.signOut')}
                  </button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function SecurityTab() {
  return (
    <div className="stack dash-stack">
      <ChangePassword />
      <TwoFactorCard />
      <ChangeEmail />
      <Sessions />
      <AuditLogCard />
    </div>
  );
}
