/** The key inspector's panels: usage with its raw JSON, the latest operations, and the plan it draws on. */
import { PLANS } from '../../../../../shared/plans.ts';
import { callsOfLimit, dateTime, milliseconds, money } from '../format.ts';
import type { InspectedOperations, InspectedUsage } from '../types.ts';
import { UsageBar } from '../UsageBar.tsx';
import { scrollRegion } from '../../../components/ui/scrollRegion.ts';
import { messageText } from '../../../history/message-text.ts';

export function UsagePanel({ usage, onRefresh, refreshing }: { usage: InspectedUsage | undefined; onRefresh: () => void; refreshing: boolean }) {
  return (
    <section className="card dash-card" aria-labelledby="inspected-usage-heading" data-testid="inspected-usage">
      <div className="card-head">
        <h2 id="inspected-usage-heading">Usage</h2>
        <button type="button" className="btn btn-secondary btn-sm" disabled={refreshing} onClick={onRefresh}>
          {refreshing ? 'Refreshing…' : 'Refresh Usage'}
        </button>
      </div>
      {usage ? (
        <>
          <div className="usage-big" data-testid="inspected-used">
            {callsOfLimit(usage.used, usage.limit)}
          </div>
          <p className="muted small">
            {usage.keyKind === 'plan' ? `Plan key: draws on its ${usage.currentPlan} purchase` : `Personal key: draws on the ${usage.currentPlan} plan`}
          </p>
          <UsageBar used={usage.used} limit={usage.limit} label="Calls used" />
          <h3 className="raw-heading">Raw JSON</h3>
          <pre className="output" data-testid="raw-json" {...scrollRegion('Raw JSON')}>
            {JSON.stringify(usage, null, 2)}
          </pre>
        </>
      ) : (
        <p className="muted">No usage read yet.</p>
      )}
    </section>
  );
}

export function OperationsPanel({ data, onRefresh }: { data: InspectedOperations | undefined; onRefresh: () => void }) {
  const ops = (data?.operations ?? []).slice(0, 10);
  return (
    <section className="card dash-card" aria-labelledby="inspected-ops-heading" data-testid="inspected-operations">
      <div className="card-head">
        <h2 id="inspected-ops-heading">Operations</h2>
        <span className="badge badge-accent">Auto-refresh: 5s</span>
        <button type="button" className="btn btn-secondary btn-sm" onClick={onRefresh}>
          Refresh Operations
        </button>
      </div>
      {ops.length === 0 ? (
        <p className="muted">No operations made with this key yet.</p>
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

export function BillingPanel({ usage }: { usage: InspectedUsage | undefined }) {
  const plan = PLANS.find((p) => p.id === usage?.currentPlan);
  return (
    <section className="card dash-card" aria-labelledby="inspected-billing-heading">
      <h2 id="inspected-billing-heading">Billing</h2>
      {usage ? (
        <>
          <p>
            <strong>{plan ? `${plan.name} plan` : usage.currentPlan}</strong> <span className="muted">{plan?.calls}</span>
          </p>
          <p className="muted small">Overage owed by the key’s account: {money(usage.overageCharges)}</p>
        </>
      ) : (
        <p className="muted">No usage read yet.</p>
      )}
      <a className="btn btn-primary upgrade-button" href="/dashboard?tab=billing">
        Upgrade Plan
      </a>
      <p className="muted small">Plans are bought on the dashboard’s Billing tab by the key’s owner.</p>
    </section>
  );
}
