/**
 * Your data (docs/decisions/038): what the history keeps of API calls, deleting older history, the
 * export of everything as JSON, and deleting the account.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation } from 'wouter';
import type { z } from 'zod';
import type { DataSettings, HistoryDeleted } from '../../../../server/contract/account-data.ts';
import { HISTORY_DELETE_AGES, type HistoryKeeps } from '../../../../shared/history.ts';
import { ActionButton } from '../../components/ui/ActionButton.tsx';
import { Field, invalidProps } from '../../components/ui/Field.tsx';
import { PasswordInput } from '../../components/ui/PasswordInput.tsx';
import { Select } from '../../components/ui/Select.tsx';
import { toast } from '../../components/ui/toast.tsx';
import { useAuth } from '../../hooks/useAuth.ts';
import { ApiError, apiRequest, errorMessage } from '../../lib/api.ts';
import { withStepUp } from '../../lib/stepUp.ts';
import { ConfirmButton } from './ConfirmButton.tsx';
import { dateTime } from './format.ts';

const DATA_KEY = ['/api/account/data'] as const;
const CONFIRM_WORDS = 'delete my account';
const KEEPS: { value: HistoryKeeps; label: string; hint: string }[] = [
  { value: 'digest', label: 'Only a digest', hint: 'The message’s SHA-256 and length: enough to prove what was signed, without keeping it.' },
  { value: 'text', label: 'The message text', hint: 'Each message as sent, shown in your history.' },
];
const ageLabel = (days: number) => (days === 0 ? 'All of it' : days === 365 ? 'Older than a year' : `Older than ${days} days`);

function HistorySettings() {
  const client = useQueryClient();
  const settings = useQuery<z.infer<typeof DataSettings>>({ queryKey: DATA_KEY, staleTime: 0 });
  const [age, setAge] = useState('90');
  const save = useMutation({
    mutationFn: (historyKeeps: HistoryKeeps) => apiRequest<z.infer<typeof DataSettings>>('PATCH', '/api/account/data', { historyKeeps }),
    onSuccess: (data) => {
      client.setQueryData(DATA_KEY, data);
      toast({ title: 'Saved', description: data.historyKeeps === 'digest' ? 'Your next API calls keep only a digest of the message.' : 'Your next API calls keep the message text.', variant: 'success' });
    },
    onError: (error) => toast({ title: 'Error', description: errorMessage(error, 'The setting could not be saved'), variant: 'destructive' }),
  });
  const remove = useMutation({
    mutationFn: () => apiRequest<z.infer<typeof HistoryDeleted>>('DELETE', `/api/account/history?olderThanDays=${age}`),
    onSuccess: ({ deleted }) => toast({ title: 'History deleted', description: `${deleted.toLocaleString('en-US')} operation${deleted === 1 ? '' : 's'} deleted.`, variant: 'success' }),
    onError: (error) => toast({ title: 'Error', description: errorMessage(error, 'The history could not be deleted'), variant: 'destructive' }),
    onSettled: () => client.invalidateQueries(),
  });
  const data = settings.data;
  return (
    <section className="card dash-card" aria-labelledby="history-data-heading">
      <h2 id="history-data-heading">History</h2>
      {settings.isError && (
        <div className="alert alert-danger" role="alert">
          {errorMessage(settings.error, 'Could not load your settings')}
        </div>
      )}
      {data && (
        <p className="muted small" data-testid="history-size">
          {data.operations.toLocaleString('en-US')} operation{data.operations === 1 ? '' : 's'} kept
          {data.oldestOperationAt ? `, the oldest from ${dateTime(data.oldestOperationAt)}` : ''}.
        </p>
      )}
      <fieldset className="stack choice-group" disabled={!data || save.isPending}>
        <legend>What the history keeps of each API call’s message</legend>
        {KEEPS.map((k) => (
          <label key={k.value} className="choice">
            <input type="radio" name="history-keeps" value={k.value} checked={data?.historyKeeps === k.value} onChange={() => save.mutate(k.value)} />
            <span>
              <strong>{k.label}</strong> <span className="muted small">{k.hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <p className="muted small">Demo calls keep their text, as the demo shows it. A change applies from the next call.</p>
      <div className="row history-delete">
        <Select id="history-age" label="Which history to delete" value={age} onValueChange={setAge} options={HISTORY_DELETE_AGES.map((d) => ({ value: String(d), label: ageLabel(d) }))} />
        <ConfirmButton
          label="Delete history"
          question={`Delete ${ageLabel(Number(age)).toLowerCase()} of your history? Usage and billing stay as they are.`}
          busy={remove.isPending}
          choices={[{ label: 'Delete', onChoose: () => remove.mutate() }]}
        />
      </div>
    </section>
  );
}

function Export() {
  return (
    <section className="card dash-card" aria-labelledby="export-heading">
      <h2 id="export-heading">Export</h2>
      <p className="muted small">
        Your profile, API keys (never a secret), signing keys’ public keys, purchases, receipts and every operation, as one JSON file.
      </p>
      <a className="btn btn-secondary" href="/api/account/export" download data-testid="export-link">
        Download my data (JSON)
      </a>
    </section>
  );
}

function DeleteAccount() {
  const auth = useAuth();
  const client = useQueryClient();
  const [, navigate] = useLocation();
  const [password, setPassword] = useState('');
  const [visible, setVisible] = useState(false);
  const [words, setWords] = useState('');
  const [error, setError] = useState<{ field?: string; text: string } | null>(null);
  const remove = useMutation({
    mutationFn: () => withStepUp(() => apiRequest('POST', '/api/account/delete', { password, confirm: words.trim() })),
    onSuccess: () => {
      client.clear();
      navigate('/');
      window.scrollTo(0, 0);
      toast({ title: 'Account deleted', description: 'Your keys stopped working, you were signed out everywhere, and your data is gone.', variant: 'success' });
    },
    onError: (failure) => setError({ field: failure instanceof ApiError ? failure.param : undefined, text: errorMessage(failure, 'The account could not be deleted') }),
  });
  const fieldError = (field: string) => (error?.field === field ? error.text : undefined);
  return (
    <section className="card dash-card danger-zone" aria-labelledby="delete-account-heading">
      <h2 id="delete-account-heading">Delete account</h2>
      <p className="small">
        Your API keys stop working at once, every session is signed out, and your profile and history are deleted. Receipts for payments are kept
        without your name or email, as invoice law requires. A running plan ends with the account. This cannot be undone.
      </p>
      {auth.user?.googleLinked && (
        <p className="muted small">Signing in only with Google, with no password? Leave the password empty, within 10 minutes of signing in again.</p>
      )}
      <form
        className="stack"
        aria-label="Delete account"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (words.trim() !== CONFIRM_WORDS) return setError({ field: 'confirm', text: `Type “${CONFIRM_WORDS}” to confirm.` });
          remove.mutate();
        }}
      >
        <Field id="delete-password" label="Password" error={fieldError('password')}>
          <PasswordInput id="delete-password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} visible={visible}
            onToggleVisible={() => setVisible((v) => !v)} {...invalidProps('delete-password', fieldError('password'))} />
        </Field>
        <Field id="delete-words" label={`Type “${CONFIRM_WORDS}”`} error={fieldError('confirm')}>
          <input id="delete-words" className="input" autoComplete="off" value={words} onChange={(e) => setWords(e.target.value)} {...invalidProps('delete-words', fieldError('confirm'))} />
        </Field>
        {error && error.field !== 'password' && error.field !== 'confirm' && (
          <div className="alert alert-danger" role="alert">
            {error.text}
          </div>
        )}
        <ActionButton type="submit" className="btn btn-danger" inactive={remove.isPending}>
          {remove.isPending ? 'Deleting...' : 'Delete my account'}
        </ActionButton>
      </form>
    </section>
  );
}

export function DataTab() {
  return (
    <div className="stack dash-stack">
      <HistorySettings />
      <Export />
      <DeleteAccount />
    </div>
  );
}
