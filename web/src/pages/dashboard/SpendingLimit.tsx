/**
 * The monthly spending limit on overage (docs/decisions/036): what it is and where it comes from,
 * this month's overage against it, and a form to set it in dollars or lift it.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from '../../components/ui/toast.tsx';
import { apiRequest, errorMessage } from '../../lib/api.ts';
import { money } from './format.ts';
import type { BillingView } from './types.ts';
import { BILLING_KEY } from './useBilling.ts';

type Limit = BillingView['spendingLimit'];

const SOURCES: Record<Limit['source'], string> = {
  default: 'the default: your plan’s price, until you first pay an overage balance',
  set: 'set by you',
  none: 'no limit',
};

export function SpendingLimit({ limit, accruing }: { limit: Limit; accruing: number }) {
  const [editing, setEditing] = useState(false);
  const [dollars, setDollars] = useState(limit.cents === null ? '' : String(limit.cents / 100));
  const [none, setNone] = useState(limit.cents === null);
  const client = useQueryClient();
  const save = useMutation({
    mutationFn: (cents: number | null) => apiRequest<Limit>('PATCH', '/api/billing/spending-limit', { monthlyLimitCents: cents }),
    onSuccess: () => {
      setEditing(false);
      toast({ title: 'Spending limit saved', description: 'It applies to this month’s calls from now on.', variant: 'success' });
    },
    onError: (error) => toast({ title: 'Error', description: errorMessage(error, 'The limit could not be saved'), variant: 'destructive' }),
    onSettled: () => client.invalidateQueries({ queryKey: BILLING_KEY }),
  });
  const cents = Math.round(Number(dollars) * 100);
  const valid = none || (dollars.trim() !== '' && Number.isFinite(cents) && cents >= 0 && cents <= 100_000_000);

  return (
    <div className="spending-limit" data-testid="spending-limit">
      <div className="muted small">Spending limit on overage, per month</div>
      <div data-testid="spending-limit-value">
        <strong>{limit.cents === null ? 'No limit' : money(limit.cents)}</strong> <span className="muted small">({SOURCES[limit.source]})</span>
      </div>
      {limit.cents !== null && (
        <p className="muted small" data-testid="spending-limit-used">
          {money(accruing)} of {money(limit.cents)} used this month. At the limit, calls beyond your allowance are refused until the month
          ends or you raise it.
        </p>
      )}
      {editing ? (
        <form
          className="inline-form"
          aria-label="Spending limit"
          onSubmit={(e) => {
            e.preventDefault();
            if (valid) save.mutate(none ? null : cents);
          }}
        >
          <label htmlFor="spending-limit-dollars">Monthly limit in US dollars</label>
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
            <input type="checkbox" checked={none} onChange={(e) => setNone(e.target.checked)} /> No limit
          </label>
          <button type="submit" className="btn btn-primary btn-sm" disabled={!valid || save.isPending}>
            {save.isPending ? 'Saving...' : 'Save limit'}
          </button>
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => setEditing(false)}>
            Cancel
          </button>
          {!valid && <span className="field-error">Enter an amount from 0 to 1,000,000, or choose No limit.</span>}
        </form>
      ) : (
        <button type="button" className="btn btn-secondary btn-sm" onClick={() => setEditing(true)}>
          Change limit
        </button>
      )}
    </div>
  );
}
