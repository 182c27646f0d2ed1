/**
 * Your data (docs/decisions/038): what the history keeps of API calls, deleting older history, the
 * export of everything as JSON, and deleting the account.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
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
import { formatNumber } from '../../i18n/format.ts';
import { i18n } from '../../i18n/index.ts';
import { ApiError, apiRequest, errorMessage } from '../../lib/api.ts';
import { withStepUp } from '../../lib/stepUp.ts';
import { ConfirmButton } from './ConfirmButton.tsx';
import { dateTime } from './format.ts';

const DATA_KEY = ['/api/account/data'] as const;
/** The words the server checks, the same in every language (docs/decisions/041). */
const CONFIRM_WORDS = 'delete my account';
const KEEPS = [
  { value: 'digest', label: 'history.keeps.digest', hint: 'history.keeps.digestHint' },
  { value: 'text', label: 'history.keeps.text', hint: 'history.keeps.textHint' },
] as const satisfies readonly { value: HistoryKeeps; label: string; hint: string }[];

/** Which history a deletion takes, as the choice (`ages`) or within the question (`question`). */
const ageText = (group: 'ages' | 'question', days: number) =>
  days === 0 ? i18n.t(`dashboard:history.${group}.all`) : days === 365 ? i18n.t(`dashboard:history.${group}.year`) : i18n.t(`dashboard:history.${group}.days`, { days: formatNumber(days) });

function HistorySettings() {
  const { t } = useTranslation('dashboard');
  const client = useQueryClient();
  const settings = useQuery<z.infer<typeof DataSettings>>({ queryKey: DATA_KEY, staleTime: 0 });
  const [age, setAge] = useState('90');
  const save = useMutation({
    mutationFn: (historyKeeps: HistoryKeeps) => apiRequest<z.infer<typeof DataSettings>>('PATCH', '/api/account/data', { historyKeeps }),
    onSuccess: (data) => {
      client.setQueryData(DATA_KEY, data);
      toast({ title: t('history.saved'), description: t(data.historyKeeps === 'digest' ? 'history.savedDigest' : 'history.savedText'), variant: 'success' });
    },
    onError: (error) => toast({ title: t('shared.error'), description: errorMessage(error, t('history.saveFailed')), variant: 'destructive' }),
  });
  const remove = useMutation({
    mutationFn: () => apiRequest<z.infer<typeof HistoryDeleted>>('DELETE', `/api/account/history?olderThanDays=${age}`),
    onSuccess: ({ deleted }) =>
      toast({ title: t('history.deleted'), description: t('history.deletedText', { count: deleted, operations: formatNumber(deleted) }), variant: 'success' }),
    onError: (error) => toast({ title: t('shared.error'), description: errorMessage(error, t('history.deleteFailed')), variant: 'destructive' }),
    onSettled: () => client.invalidateQueries(),
  });
  const data = settings.data;
  return (
    <section className="card dash-card" aria-labelledby="history-data-heading">
      <h2 id="history-data-heading">{t('history.heading')}</h2>
      {settings.isError && (
        <div className="alert alert-danger" role="alert">
          {errorMessage(settings.error, t('history.loadFailed'))}
        </div>
      )}
      {data && (
        <p className="muted small" data-testid="history-size">
          {data.oldestOperationAt
            ? t('history.sizeOldest', { count: data.operations, operations: formatNumber(data.operations), date: dateTime(data.oldestOperationAt) })
            : t('history.size', { count: data.operations, operations: formatNumber(data.operations) })}
        </p>
      )}
      <fieldset className="stack choice-group" disabled={!data || save.isPending}>
        <legend>{t('history.legend')}</legend>
        {KEEPS.map((k) => (
          <label key={k.value} className="choice">
            <input type="radio" name="history-keeps" value={k.value} checked={data?.historyKeeps === k.value} onChange={() => save.mutate(k.value)} />
            <span>
              <strong>{t(k.label)}</strong> <span className="muted small">{t(k.hint)}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <p className="muted small">{t('history.note')}</p>
      <div className="row history-delete">
        <Select
          id="history-age"
          label={t('history.age')}
          value={age}
          onValueChange={setAge}
          options={HISTORY_DELETE_AGES.map((d) => ({ value: String(d), label: ageText('ages', d) }))}
        />
        <ConfirmButton
          label={t('history.delete')}
          question={ageText('question', Number(age))}
          busy={remove.isPending}
          choices={[{ label: t('history.deleteChoice'), onChoose: () => remove.mutate() }]}
        />
      </div>
    </section>
  );
}

function Export() {
  const { t } = useTranslation('dashboard');
  return (
    <section className="card dash-card" aria-labelledby="export-heading">
      <h2 id="export-heading">{t('exportData.heading')}</h2>
      <p className="muted small">{t('exportData.text')}</p>
      <a className="btn btn-secondary" href="/api/account/export" download data-testid="export-link">
        {t('exportData.link')}
      </a>
    </section>
  );
}

function DeleteAccount() {
  const { t } = useTranslation('dashboard');
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
      toast({ title: t('deleteAccount.done'), description: t('deleteAccount.doneText'), variant: 'success' });
    },
    onError: (failure) => setError({ field: failure instanceof ApiError ? failure.param : undefined, text: errorMessage(failure, t('deleteAccount.failed')) }),
  });
  const fieldError = (field: string) => (error?.field === field ? error.text : undefined);
  return (
    <section className="card dash-card danger-zone" aria-labelledby="delete-account-heading">
      <h2 id="delete-account-heading">{t('deleteAccount.heading')}</h2>
      <p className="small">{t('deleteAccount.text')}</p>
      {auth.user?.googleLinked && (
        <p className="muted small">{t('deleteAccount.google')}</p>
      )}
      <form
        className="stack"
        aria-label={t('deleteAccount.form')}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (words.trim() !== CONFIRM_WORDS) return setError({ field: 'confirm', text: t('deleteAccount.typeToConfirm', { words: CONFIRM_WORDS }) });
          remove.mutate();
        }}
      >
        <Field id="delete-password" label={t('deleteAccount.password')} error={fieldError('password')}>
          <PasswordInput id="delete-password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} visible={visible}
            onToggleVisible={() => setVisible((v) => !v)} {...invalidProps('delete-password', fieldError('password'))} />
        </Field>
        <Field id="delete-words" label={t('deleteAccount.type', { words: CONFIRM_WORDS })} error={fieldError('confirm')}>
          <input id="delete-words" className="input" autoComplete="off" value={words} onChange={(e) => setWords(e.target.value)} {...invalidProps('delete-words', fieldError('confirm'))} />
        </Field>
        {error && error.field !== 'password' && error.field !== 'confirm' && (
          <div className="alert alert-danger" role="alert">
            {error.text}
          </div>
        )}
        <ActionButton type="submit" className="btn btn-danger" inactive={remove.isPending}>
          {remove.isPending ? t('deleteAccount.deleting') : t('deleteAccount.button')}
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
