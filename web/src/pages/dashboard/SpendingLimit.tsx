/**
 * The monthly spending limit on overage (docs/decisions/036): what it is and where it comes from,
 * this month's overage against it, and a form to set it in dollars or lift it.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../components/ui/toast.tsx';
import { apiRequest, errorMessage } from '../../lib/api.ts';
import { money } from './format.ts';
import type { BillingView } from './types.ts';
import { BILLING_KEY } from './useBilling.ts';

type Limit = BillingView['spendingLimit'];

export function SpendingLimit({ limit, accruing }: { limit: Limit; accruing: number }) {
  const { t } = useTranslation('dashboard');
  const [editing, setEditing] = useState(false);
  const [dollars, setDollars] = useState(limit.cents === null ? '' : String(limit.cents / 100));
  const [none, setNone] = useState(limit.cents === null);
  const client = useQueryClient();
  const save = useMutation({
    mutationFn: (cents: number | null) => apiRequest<Limit>('PATCH', '/api/billing/spending-limit', { monthlyLimitCents: cents }),
    onSuccess: () => {
      setEditing(false);
      toast({ title: t('spendingLimit.saved'), description: t('spendingLimit.savedText'), variant: 'success' });
    },
    onError: (error) => toast({ title: t('shared.error'), description: errorMessage(error, t('spendingLimit.failed')), variant: 'destructive' }),
    onSettled: () => client.invalidateQueries({ queryKey: BILLING_KEY }),
  });
  const cents = Math.round(Number(dollars) * 100);
  const valid = none || (dollars.trim() !== '' && Number.isFinite(cents) && cents >= 0 && cents <= 100_000_000);

  return (
    <div className="spending-limit" data-testid="spending-limit">
      <div className="muted small">{t('spendingLimit.label')}</div>
      <div data-testid="spending-limit-value">
        <strong>{limit.cents === null ? t('spendingLimit.noLimit') : money(limit.cents)}</strong> <span className="muted small">({t(`spendingLimit.source.${limit.source}`)})</span>
      </div>
      {limit.cents !== null && (
        <p className="muted small" data-testid="spending-limit-used">
          {t('spendingLimit.used', { used: money(accruing), limit: money(limit.cents) })}
        </p>
      )}
      {editing ? (
        <form
          className="inline-form"
          aria-label={t('spendingLimit.form')}
          onSubmit={(e) => {
            e.preventDefault();
            if (valid) save.mutate(none ? null : cents);
          }}
        >
          <label htmlFor="spending-limit-dollars">{t('spendingLimit.dollars')}</label>
          <input
            id="spending-limit-dollars"
            className="input"
            inputMode="decimal"
            value={dollars}
            disabled={none}
            aria-invalid={!valid || undefined}
            onChange={(e) => setDollars(e.target.value)}
          />
          <label className="check">
            <input type="checkbox" checked={none} onChange={(e) => setNone(e.target.checked)} /> {t('spendingLimit.noLimit')}
          </label>
          <button type="submit" className="btn btn-primary btn-sm" disabled={!valid || save.isPending}>
            {save.isPending ? t('shared.saving') : t('spendingLimit.save')}
          </button>
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => setEditing(false)}>
            {t('shared.cancel')}
          </button>
          {!valid && <span className="field-error">{t('spendingLimit.invalid')}</span>}
        </form>
      ) : (
        <button type="button" className="btn btn-secondary btn-sm" onClick={() => setEditing(true)}>
          {t('spendingLimit.change')}
        </button>
      )}
    </div>
  );
}
