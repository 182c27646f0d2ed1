/**
 * Billing (docs/product.md §2.10): the real plan and its end, the overage owed in dollars from
 * integer cents (the same figure as GET /api/usage) with what is payable now and what is accruing,
 * Upgrade / Renew through PayPal in an 800x600 window, Pay overage the same way, and the charges.
 * How the server sells (docs/decisions/035) is said plainly: the emulator and PayPal's sandbox move
 * no money, and a server with payments off sells nothing (its operator sets plans).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../lib/api.ts';
import { startCheckout, usePaymentMessages, watchClosed, type CheckoutRequest } from '../../lib/checkout.ts';
import { withStepUp } from '../../lib/stepUp.ts';
import { ChargesTable } from './ChargesTable.tsx';
import { callsOfLimit, day, money, monthLabel, planDescription, planTitle } from './format.ts';
import { PlanCards } from './PlanCards.tsx';
import { ReceiptsTable } from './ReceiptsTable.tsx';
import { SpendingLimit } from './SpendingLimit.tsx';
import { UsageBar } from './UsageBar.tsx';
import { useBilling } from './useBilling.ts';
import { useUsage } from './useUsage.ts';
import { ActionButton } from '../../components/ui/ActionButton.tsx';
import { usePaymentsMode, type PaymentsMode } from '../../hooks/useHealth.ts';

/** What the Billing tab says of each way of selling. */
const PLAN_TERMS = 'a plan runs one month from payment and comes with its own plan API key.';
export const PAYMENTS_NOTES: Record<PaymentsMode, string> = {
  local: `Payments go through this server’s built-in PayPal emulator in a separate window (no money moves, no PayPal account needed); ${PLAN_TERMS}`,
  sandbox: `Payments go through PayPal’s sandbox in a separate window (no real money moves); ${PLAN_TERMS}`,
  live: `Payments go through PayPal in a separate window; ${PLAN_TERMS}`,
  off: 'This server sells no plans: its operator sets the plan of each account.',
};

export function BillingTab() {
  const { usage } = useUsage();
  const billing = useBilling();
  const mode = usePaymentsMode();
  const selling = mode !== null && mode !== 'off';
  const data = billing.data;
  const [busy, setBusy] = useState<string | null>(null);
  const [popup, setPopup] = useState<Window | null>(null);
  const [error, setError] = useState<string | null>(null);
  const client = useQueryClient();
  usePaymentMessages(() => setPopup(null));
  // A window closed without reporting (the payer closed it): stop waiting, and read the state anew.
  useEffect(() => {
    if (!popup) return;
    return watchClosed(popup, () => {
      setPopup(null);
      void client.invalidateQueries();
    });
  }, [popup, client]);

  const pay = async (request: CheckoutRequest, label: string) => {
    setBusy(label);
    setError(null);
    try {
      setPopup(await withStepUp(() => startCheckout(request)));
    } catch (e) {
      setError(errorMessage(e, 'The payment could not be started'));
    } finally {
      setBusy(null);
    }
  };

  const overage = data?.overage;
  return (
    <div className="stack dash-stack">
      {popup && (
        <div className="alert alert-info" role="status" data-testid="checkout-waiting">
          Complete the payment in the PayPal window. This page updates as soon as it is done.
        </div>
      )}
      {error && (
        <div className="alert alert-danger" role="alert" data-testid="checkout-error">
          {error}
        </div>
      )}
      <section className="card dash-card" aria-labelledby="billing-usage-heading" data-testid="billing-usage">
        <h2 id="billing-usage-heading">Your Plan This Month</h2>
        <div className="billing-summary">
          <div>
            <div className="plan-line">
              <strong data-testid="billing-plan">{planTitle(usage.currentPlan)}</strong>
              <span className="badge badge-success">Active</span>
            </div>
            <p className="muted small">{planDescription(usage.currentPlan)}</p>
            {data?.planExpiresAt && usage.currentPlan !== 'free' && (
              <p className="small" data-testid="plan-ends">
                Runs until {day(data.planExpiresAt)}
              </p>
            )}
            {data?.lastPlan && usage.currentPlan === 'free' && (
              <div className="alert alert-info" role="status" data-testid="plan-ended">
                Your {data.lastPlan.planName} plan ended on {day(data.lastPlan.expiredAt)}: renew it below to call beyond Free’s 100 calls again.
              </div>
            )}
            <div className="muted small">API calls used{usage.currentPlan === 'free' ? ' in total' : ' this month'}, by all your keys</div>
            <div data-testid="billing-calls">{callsOfLimit(usage.apiCallsThisMonth, usage.planLimit)}</div>
            <UsageBar used={usage.apiCallsThisMonth} limit={usage.planLimit} label="API calls used" />
          </div>
          <div data-testid="billing-info">
            <div className="muted small">Overage owed</div>
            <div className="usage-big" data-testid="overage-charges">
              {money(usage.overageCharges)}
            </div>
            {overage && overage.owed > 0 && (
              <dl className="detail-list">
                <div>
                  <dt>Payable now (ended months)</dt>
                  <dd data-testid="overage-payable">{money(overage.payable)}</dd>
                </div>
                <div>
                  <dt>This month so far</dt>
                  <dd data-testid="overage-accruing">{money(overage.accruing)}</dd>
                </div>
              </dl>
            )}
            {overage?.overdueMonth && (
              <div className="alert alert-danger" role="alert" data-testid="overage-overdue">
                Overage for {monthLabel(overage.overdueMonth)} is unpaid 30 days after the month ended: calls beyond your allowance are refused until
                it is paid.
              </div>
            )}
            {selling && overage && overage.payable > 0 && (
              <ActionButton className="btn btn-primary upgrade-button" inactive={busy !== null} onClick={() => void pay({ overage: true }, 'overage')}>
                {busy === 'overage' ? 'Opening PayPal…' : `Pay ${money(overage.payable)} overage`}
              </ActionButton>
            )}
            {selling && data && (usage.currentPlan === 'starter' || usage.currentPlan === 'pro') && (
              <SpendingLimit limit={data.spendingLimit} accruing={overage?.accruing ?? 0} />
            )}
          </div>
        </div>
        <p className="muted small">
          {mode === 'off'
            ? 'Calls beyond a plan’s allowance are refused: nothing is charged on this server.'
            : 'Every key of your account draws on this one allowance. Calls beyond a paid plan’s monthly allowance are charged at $0.01 per call, billed per calendar month (UTC) and payable once the month ends. The Free plan has no overage: it stops at 100 calls in total.'}
        </p>
      </section>
      <section className="card dash-card" aria-labelledby="upgrade-heading">
        <h2 id="upgrade-heading">{selling ? 'Upgrade Your Plan' : 'Plans'}</h2>
        <p className="muted small" data-testid="upgrade-note" data-payments={mode ?? undefined}>
          {mode ? PAYMENTS_NOTES[mode] : PAYMENTS_NOTES.live}
        </p>
        <PlanCards current={usage.currentPlan} billing={data} busy={busy} selling={selling} onBuy={(plan) => void pay({ plan }, plan)} />
      </section>
      <section className="card dash-card" aria-labelledby="charges-heading">
        <h2 id="charges-heading">Charges</h2>
        {billing.isError ? (
          <div className="alert alert-danger" role="alert">
            {errorMessage(billing.error, 'Could not load your charges')}
          </div>
        ) : (
          <ChargesTable charges={data?.charges ?? []} />
        )}
      </section>
      <section className="card dash-card" aria-labelledby="receipts-heading">
        <h2 id="receipts-heading">Receipts</h2>
        <ReceiptsTable />
      </section>
    </div>
  );
}
