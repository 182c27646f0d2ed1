/**
 * Current Plan & Usage (docs/product.md §2.10), from GET /api/usage polled every 5 s. Past a paid
 * allowance calls go on as overage, unless the server sells nothing (PAYMENTS=off): then they stop.
 */
import { usePaymentsMode } from '../../hooks/useHealth.ts';
import { OPERATOR_LIMIT_TEXT, USAGE_LIMIT_TEXT } from './texts.ts';
import { callsOfLimit, planDescription, planTitle } from './format.ts';
import { UsageBar } from './UsageBar.tsx';
import { useUsage } from './useUsage.ts';

export function PlanUsageCard() {
  const { usage, isError } = useUsage();
  const selling = usePaymentsMode() !== 'off';
  const used = usage.apiCallsThisMonth;
  const limit = usage.planLimit ?? Number.POSITIVE_INFINITY;
  const paid = usage.currentPlan !== 'free';
  const remaining = Math.max(0, limit - used);
  return (
    <section className="card dash-card" aria-labelledby="plan-heading" data-testid="plan-usage">
      <div className="card-head">
        <h2 id="plan-heading">Current Plan &amp; Usage</h2>
        <span className="badge badge-success">Active</span>
      </div>
      <div className="plan-line">
        <strong data-testid="plan-name">{planTitle(usage.currentPlan)}</strong>
        <span className="muted">{planDescription(usage.currentPlan)}</span>
      </div>
      <div className="usage-figures">
        <div>
          <div className="muted small">API Calls Used</div>
          <div data-testid="calls-used-of-limit">{callsOfLimit(used, usage.planLimit)}</div>
        </div>
        <div className="usage-big" data-testid="calls-used">
          {used.toLocaleString('en-US')}
        </div>
      </div>
      <UsageBar used={used} limit={usage.planLimit} label="API calls used" />
      <p className="muted small" data-testid="calls-remaining">
        {usage.planLimit === null
          ? 'No limit on calls'
          : used > limit
            ? `${(used - limit).toLocaleString('en-US')} calls over this month’s allowance, charged as overage`
            : `${remaining.toLocaleString('en-US')} calls remaining${paid ? ' this month' : ''}`}
      </p>
      {used >= limit && (!paid || !selling) && (
        <div className="alert alert-danger" role="status">
          {selling ? USAGE_LIMIT_TEXT : OPERATOR_LIMIT_TEXT}
        </div>
      )}
      {used >= limit && paid && selling && (
        <div className="alert alert-info" role="status">
          This month’s allowance is used: calls go on and each is charged $0.01 as overage.
        </div>
      )}
      {isError && <p className="muted small">Usage could not be read just now; the figures above are the defaults.</p>}
    </section>
  );
}
