/**
 * Billing (display only): the real current plan and usage, the overage owed in dollars from integer
 * cents, and the three plans with the current one marked. Buying a plan is the payments issue's:
 * the Upgrade buttons are disabled and say so.
 */
import { PLANS, dollars, type Tier } from '../../../../shared/plans.ts';
import { Tooltip } from '../../components/ui/Tooltip.tsx';
import { money, planDescription, planTitle } from './format.ts';
import { UPGRADE_NOT_AVAILABLE } from './texts.ts';
import { UsageBar } from './UsageBar.tsx';
import { useUsage } from './useUsage.ts';

const TIER_PLANS = PLANS.filter((p): p is Extract<(typeof PLANS)[number], { id: Tier }> => p.id !== 'enterprise');

export function BillingTab() {
  const { usage } = useUsage();
  return (
    <div className="stack dash-stack">
      <div className="dash-grid">
        <section className="card dash-card" aria-labelledby="billing-usage-heading" data-testid="billing-usage">
          <h2 id="billing-usage-heading">Current Usage</h2>
          <div className="plan-line">
            <strong data-testid="billing-plan">{planTitle(usage.currentPlan)}</strong>
            <span className="badge badge-success">Active</span>
          </div>
          <p className="muted small">{planDescription(usage.currentPlan)}</p>
          <div className="muted small">API calls used</div>
          <div data-testid="billing-calls">
            {usage.apiCallsThisMonth.toLocaleString('en-US')} / {usage.planLimit.toLocaleString('en-US')}
          </div>
          <UsageBar used={usage.apiCallsThisMonth} limit={usage.planLimit} label="API calls used" />
        </section>
        <section className="card dash-card" aria-labelledby="billing-info-heading">
          <h2 id="billing-info-heading">Billing Information</h2>
          <div className="muted small">Current charges</div>
          <div className="usage-big" data-testid="overage-charges">
            {money(usage.overageCharges)}
          </div>
          <p className="muted small">
            Calls beyond a paid plan’s monthly allowance are charged at $0.01 per call. The Free plan has no overage: it stops at
            100 calls in total.
          </p>
        </section>
      </div>
      <section className="card dash-card" aria-labelledby="upgrade-heading">
        <h2 id="upgrade-heading">Upgrade Your Plan</h2>
        <p className="muted small" data-testid="upgrade-note">
          {UPGRADE_NOT_AVAILABLE}
        </p>
        <div className="plan-cards">
          {TIER_PLANS.map((plan) => {
            const current = plan.id === usage.currentPlan;
            return (
              <article key={plan.id} className="card price-card billing-plan" data-current={current} data-testid={`billing-plan-${plan.id}`}>
                {current && <span className="badge">Current Plan</span>}
                <h3>{plan.name}</h3>
                <div className="price">
                  {dollars(plan.priceCents)}
                  {plan.priceCents > 0 && <small>/month</small>}
                </div>
                <div className="price-calls">{planDescription(plan.id)}</div>
                {current ? (
                  <button type="button" className="btn btn-secondary" disabled>
                    Current Plan
                  </button>
                ) : plan.id === 'free' ? null : (
                  <Tooltip content={UPGRADE_NOT_AVAILABLE}>
                    {/* A disabled button gets no pointer events: the wrapper carries the tooltip. */}
                    <span className="disabled-anchor" tabIndex={0}>
                      <button type="button" className="btn btn-primary" disabled aria-describedby="upgrade-note">
                        {plan.cta}
                      </button>
                    </span>
                  </Tooltip>
                )}
              </article>
            );
          })}
        </div>
      </section>
    </div>
  );
}
