/**
 * A key's restrictions (docs/decisions/036): the operations it may call and when it stops working,
 * as a short line, and a form to change them. An empty choice of operations means every metered one,
 * never manage, which is ticked on its own (docs/decisions/057); an empty date means no end. Operation
 * names (sign, verify, prove, encrypt, decrypt, manage) are the API's and stay as they are.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { KEY_OPERATIONS, type KeyOperation } from '../../../../shared/key-operations.ts';
import { i18n } from '../../i18n/index.ts';
import type { ApiKeyView } from './types.ts';
import { dateTime } from './format.ts';
import type { KeySettings } from './useApiKeys.ts';

export function restrictionText(key: Pick<ApiKeyView, 'allowedOperations' | 'expiresAt'>): string {
  const ops = key.allowedOperations === null ? i18n.t('dashboard:restrictions.any') : i18n.t('dashboard:restrictions.only', { operations: key.allowedOperations.join(', ') });
  const expiry = key.expiresAt ? i18n.t('dashboard:restrictions.expires', { date: dateTime(key.expiresAt) }) : i18n.t('dashboard:restrictions.noExpiry');
  return `${ops} · ${expiry}`;
}

/** An <input type="datetime-local"> value in this browser's time zone, and back to ISO 8601. */
const toLocalInput = (iso: string | null) => (iso ? new Date(new Date(iso).getTime() - new Date(iso).getTimezoneOffset() * 60_000).toISOString().slice(0, 16) : '');
const fromLocalInput = (value: string) => (value ? new Date(value).toISOString() : null);

export function KeyRestrictionsForm({ apiKey, busy, onSave, onCancel }: {
  apiKey: ApiKeyView;
  busy: boolean;
  onSave: (settings: KeySettings) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('dashboard');
  const [ops, setOps] = useState<KeyOperation[]>(apiKey.allowedOperations ?? []);
  const [until, setUntil] = useState(toLocalInput(apiKey.expiresAt));
  const id = `restrict-${apiKey.id}`;
  return (
    <form
      className="key-restrictions"
      aria-label={t('restrictions.form', { name: apiKey.keyName })}
      onSubmit={(e) => {
        e.preventDefault();
        onSave({ allowedOperations: ops.length ? ops : null, expiresAt: fromLocalInput(until) });
      }}
    >
      <fieldset>
        <legend>{t('restrictions.legend')}</legend>
        {KEY_OPERATIONS.map((op) => (
          <label key={op} className="check">
            <input type="checkbox" checked={ops.includes(op)} onChange={(e) => setOps(e.target.checked ? [...ops, op] : ops.filter((o) => o !== op))} />
            {op}
          </label>
        ))}
        <p className="muted small">{t('restrictions.manage')}</p>
      </fieldset>
      <label htmlFor={`${id}-until`}>{t('restrictions.until')}</label>
      <input id={`${id}-until`} className="input" type="datetime-local" value={until} onChange={(e) => setUntil(e.target.value)} />
      <div className="row">
        <button type="submit" className="btn btn-primary btn-sm" disabled={busy}>
          {busy ? t('shared.saving') : t('restrictions.save')}
        </button>
        <button type="button" className="btn btn-ghost btn-sm" onClick={onCancel}>
          {t('shared.cancel')}
        </button>
      </div>
    </form>
  );
}
