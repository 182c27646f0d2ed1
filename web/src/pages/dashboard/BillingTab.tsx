/**
 * Billing (docs/product.md §2.10): the real plan and its end, the overage owed in dollars from
 * integer cents (the same figure as GET /api/usage) with what is payable now and what is accruing,
 * Upgrade / Renew through PayPal in an 800x600 window, Pay overage the same way, and the charges.
 * How the server sells (docs/decisions/035) is said plainly: the emulator and PayPal's sandbox move
 * no money, and a server with payments off sells nothing (its operator sets plans).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OVERAGE_CENTS_PER_CALL } from '../../../../shared/plans.ts';
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
import { usePaymentsMode } from '../../hooks/useHealth.ts';

export function BillingTab() {
  const { t } = useTranslation('dashboard');
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
      setError(errorMessage(e, t('billing.startFailed')));
    } finally {
      setBusy(null);
    }
  };

  const overage = data?.overage;
  return (
    <div className="stack dash-stack">
      {popup && (
        <div className="alert alert-info" role="status" data-testid="checkout-waiting">
          {t('billing.waiting')}
        </div>
      )}
      {error && (
        <div className="alert alert-danger" role="alert" data-testid="checkout-error">
          {error}
        </div>
      )}
      <section className="card dash-card" aria-labelledby="billing-usage-heading" data-testid="billing-usage">
        <h2 id="billing-usage-heading">{t('billing.heading')}</h2>
        <div className="billing-summary">
          <div>
            <div className="plan-line">
              <strong data-testid="billing-plan">{planTitle(usage.currentPlan)}</strong>
              <span className="badge badge-success">{t('shared.active')}</span>
            </div>
            <p className="muted small">{planDescription(usage.currentPlan)}</p>
            {data?.planExpiresAt && usage.currentPlan !== 'free' && (
              <p className="small" data-testid="plan-ends">
                {t('billing.runsUntil', { date: day(data.planExpiresAt) })}
              </p>
            )}
            {data?.lastPlan && usage.currentPlan === 'free' && (
              <div className="alert alert-info" role="status" data-testid="plan-ended">
                {t('billing.planEnded', { plan: data.lastPlan.planName, date: day(data.lastPlan.expiredAt) })}
              </div>
            )}
            <div className="muted small">{t(usage.currentPlan === 'free' ? 'billing.usedTotal' : 'billing.usedThisMonth')}</div>
            <div data-testid="billing-calls">{callsOfLimit(usage.apiCallsThisMonth, usage.planLimit)}</div>
            <UsageBar used={usage.apiCallsThisMonth} limit={usage.planLimit} label={t('planUsage.barLabel')} />
          </div>
          <div data-testid="billing-info">
            <div className="muted small">{t('billing.overageOwed')}</div>
            <div className="usage-big" data-testid="overage-charges">
              {money(usage.overageCharges)}
            </div>
            {overage && overage.owed > 0 && (
              <dl className="detail-list">
                <div>
                  <dt>{t('billing.payableNow')}</dt>
                  <dd data-testid="overage-payable">{money(overage.payable)}</dd>
                </div>
                <div>
                  <dt>{t('billing.soFar')}</dt>
                  <dd data-testid="overage-accruing">{money(overage.accruing)}</dd>
                </div>
              </dl>
            )}
            {overage?.overdueMonth && (
              <div className="alert alert-danger" role="alert" data-testid="overage-overdue">
                {t('billing.overdue', { month: monthLabel(overage.overdueMonth) })}
              </div>
            )}
            {selling && overage && overage.payable > 0 && (
              <ActionButton className="btn btn-primary upgrade-button" inactive={busy !== null} onClick={() => void pay({ overage: true }, 'overage')}>
                {busy === 'overage' ? t('billing.opening') : t('billing.payOverage', { amount: money(overage.payable) })}
              </ActionButton>
            )}
            {selling && data && (usage.currentPlan === 'starter' || usage.currentPlan === 'pro') && (
              <SpendingLimit limit={data.spendingLimit} accruing={overage?.accruing ?? 0} />
            )}
          </div>
        </div>
        <p className="muted small">
          {mode === 'off' ? t('billing.rulesOff') : t('billing.rules', { price: money(OVERAGE_CENTS_PER_CALL) })}
        </p>
      </section>
      <section className="card dash-card" aria-labelledby="upgrade-heading">
        <h2 id="upgrade-heading">{t(selling ? 'billing.upgradeHeading' : 'billing.plansHeading')}</h2>
        <p className="muted small" data-testid="upgrade-note" data-payments={mode ?? undefined}>
          {t(`billing.notes.${mode ?? 'live'}`)}
        </p>
        <PlanCards current={usage.currentPlan} billing={data} busy={busy} selling={selling} onBuy={(plan) => void pay({ plan }, plan)} />
      </section>
      <section className="card dash-card" aria-labelledby="charges-heading">
        <h2 id="charges-heading">{t('billing.charges')}</h2>
        {billing.isError ? (
          <div className="alert alert-danger" role="alert">
            {errorMessage(billing.error, t('billing.chargesFailed'))}
          </div>
        ) : (
          <ChargesTable charges={data?.charges ?? []} />
        )}
      </section>
      <section className="card dash-card" aria-labelledby="receipts-heading">
        <h2 id="receipts-heading">{t('billing.receipts')}</h2>
        <ReceiptsTable />
      </section>
    </div>
  );
}
