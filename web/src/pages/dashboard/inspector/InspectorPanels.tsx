/** The key inspector's panels: usage with its raw JSON, the latest operations, and the plan it draws on. */
import { useTranslation } from 'react-i18next';
import { PLANS } from '../../../../../shared/plans.ts';
import { formatNumber } from '../../../i18n/format.ts';
import { callsOfLimit, dateTime, milliseconds, money } from '../format.ts';
import type { InspectedOperations, InspectedUsage } from '../types.ts';
import { UsageBar } from '../UsageBar.tsx';
import { scrollRegion } from '../../../components/ui/scrollRegion.ts';
import { messageText } from '../../../history/message-text.ts';

export function UsagePanel({ usage, onRefresh, refreshing }: { usage: InspectedUsage | undefined; onRefresh: () => void; refreshing: boolean }) {
  const { t } = useTranslation('dashboard');
  return (
    <section className="card dash-card" aria-labelledby="inspected-usage-heading" data-testid="inspected-usage">
      <div className="card-head">
        <h2 id="inspected-usage-heading">{t('inspector.usage.heading')}</h2>
        <button type="button" className="btn btn-secondary btn-sm" disabled={refreshing} onClick={onRefresh}>
          {refreshing ? t('inspector.usage.refreshing') : t('inspector.usage.refresh')}
        </button>
      </div>
      {usage ? (
        <>
          <div className="usage-big" data-testid="inspected-used">
            {callsOfLimit(usage.used, usage.limit)}
          </div>
          <p className="muted small">{t(usage.keyKind === 'plan' ? 'inspector.usage.planKey' : 'inspector.usage.personalKey', { plan: usage.currentPlan })}</p>
          <UsageBar used={usage.used} limit={usage.limit} label={t('inspector.usage.bar')} />
          <h3 className="raw-heading">{t('inspector.usage.raw')}</h3>
          <pre className="output" data-testid="raw-json" {...scrollRegion(t('inspector.usage.raw'))}>
            {JSON.stringify(usage, null, 2)}
          </pre>
        </>
      ) : (
        <p className="muted">{t('inspector.usage.none')}</p>
      )}
    </section>
  );
}

export function OperationsPanel({ data, onRefresh }: { data: InspectedOperations | undefined; onRefresh: () => void }) {
  const { t } = useTranslation('dashboard');
  const ops = (data?.operations ?? []).slice(0, 10);
  return (
    <section className="card dash-card" aria-labelledby="inspected-ops-heading" data-testid="inspected-operations">
      <div className="card-head">
        <h2 id="inspected-ops-heading">{t('inspector.operations.heading')}</h2>
        <span className="badge badge-accent">{t('inspector.autoRefresh')}</span>
        <button type="button" className="btn btn-secondary btn-sm" onClick={onRefresh}>
          {t('inspector.operations.refresh')}
        </button>
      </div>
      {ops.length === 0 ? (
        <p className="muted">{t('inspector.operations.none')}</p>
      ) : (
        <ul className="ops-list">
          {ops.map((op) => (
            <li key={op.id} className="op-item">
              <div className="op-head">
                <strong>
                  {op.algorithm} · {op.operationType}
                </strong>
                <span className="muted small">{dateTime(op.createdAt)}</span>
              </div>
              <p className="op-message">{messageText(op)}</p>
              <span className="muted small">{milliseconds(op.generationTime ?? op.verificationTime ?? 0)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** A pricing plan's calls, as its pricing card counts them: in total on Free, per month on a paid plan, none on Enterprise. */
function PlanCalls({ plan }: { plan: (typeof PLANS)[number] }) {
  const { t } = useTranslation('dashboard');
  if (plan.usageLimit === null) return t('inspector.billing.calls.unlimited');
  return t(plan.id === 'free' ? 'inspector.billing.calls.free' : 'inspector.billing.calls.perMonth', { calls: formatNumber(plan.usageLimit) });
}

export function BillingPanel({ usage }: { usage: InspectedUsage | undefined }) {
  const { t } = useTranslation('dashboard');
  const plan = PLANS.find((p) => p.id === usage?.currentPlan);
  return (
    <section className="card dash-card" aria-labelledby="inspected-billing-heading">
      <h2 id="inspected-billing-heading">{t('inspector.billing.heading')}</h2>
      {usage ? (
        <>
          <p>
            <strong>{plan ? t('inspector.billing.plan', { name: plan.name }) : usage.currentPlan}</strong>{' '}
            <span className="muted">{plan && <PlanCalls plan={plan} />}</span>
          </p>
          <p className="muted small">{t('inspector.billing.overage', { amount: money(usage.overageCharges) })}</p>
        </>
      ) : (
        <p className="muted">{t('inspector.usage.none')}</p>
      )}
      <a className="btn btn-primary upgrade-button" href="/dashboard?tab=billing">
        {t('inspector.billing.upgrade')}
      </a>
      <p className="muted small">{t('inspector.billing.note')}</p>
    </section>
  );
}
