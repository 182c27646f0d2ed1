/**
 * Current Plan & Usage (docs/product.md §2.10), from GET /api/usage polled every 5 s. Past a paid
 * allowance calls go on as overage, unless the server sells nothing (PAYMENTS=off): then they stop.
 */
import { useTranslation } from 'react-i18next';
import { OVERAGE_CENTS_PER_CALL } from '../../../../shared/plans.ts';
import { usePaymentsMode } from '../../hooks/useHealth.ts';
import { formatNumber } from '../../i18n/format.ts';
import { callsOfLimit, money, planDescription, planTitle } from './format.ts';
import { UsageBar } from './UsageBar.tsx';
import { useUsage } from './useUsage.ts';

export function PlanUsageCard() {
  const { t } = useTranslation('dashboard');
  const { usage, isError } = useUsage();
  const selling = usePaymentsMode() !== 'off';
  const used = usage.apiCallsThisMonth;
  const limit = usage.planLimit ?? Number.POSITIVE_INFINITY;
  const paid = usage.currentPlan !== 'free';
  const remaining = Math.max(0, limit - used);
  return (
    <section className="card dash-card" aria-labelledby="plan-heading" data-testid="plan-usage">
      <div className="card-head">
        <h2 id="plan-heading">{t('planUsage.heading')}</h2>
        <span className="badge badge-success">{t('shared.active')}</span>
      </div>
      <div className="plan-line">
        <strong data-testid="plan-name">{planTitle(usage.currentPlan)}</strong>
        <span className="muted">{planDescription(usage.currentPlan)}</span>
      </div>
      <div className="usage-figures">
        <div>
          <div className="muted small">{t('planUsage.callsUsed')}</div>
          <div data-testid="calls-used-of-limit">{callsOfLimit(used, usage.planLimit)}</div>
        </div>
        <div className="usage-big" data-testid="calls-used">
          {formatNumber(used)}
        </div>
      </div>
      <UsageBar used={used} limit={usage.planLimit} label={t('planUsage.barLabel')} />
      <p className="muted small" data-testid="calls-remaining">
        {usage.planLimit === null
          ? t('planUsage.noLimit')
          : used > limit
            ? t('planUsage.over', { calls: formatNumber(used - limit) })
            : t(paid ? 'planUsage.remainingThisMonth' : 'planUsage.remaining', { calls: formatNumber(remaining) })}
      </p>
      {used >= limit && (!paid || !selling) && (
        <div className="alert alert-danger" role="status">
          {t(selling ? 'planUsage.limitReached' : 'planUsage.operatorLimit')}
        </div>
      )}
      {used >= limit && paid && selling && (
        <div className="alert alert-info" role="status">
          {t('planUsage.overageOn', { price: money(OVERAGE_CENTS_PER_CALL) })}
        </div>
      )}
      {isError && <p className="muted small">{t('planUsage.readError')}</p>}
    </section>
  );
}
