/**
 * 'API Key for <plan>': the selected purchase's key, with a project name kept in this browser only
 * (docs/product.md §2.10), its usage this month and whether it is active.
 */
import { useState } from 'react';
import { toast } from '../../components/ui/toast.tsx';
import { PlanKeySecret } from './PlanKeySecret.tsx';
import type { PlanKeyView, PurchaseView } from './types.ts';
import { UsageBar } from './UsageBar.tsx';

const projectKey = (purchaseId: number) => `pq.dashboard.projectName.${purchaseId}`;

function readProjectName(purchaseId: number): string {
  try {
    return localStorage.getItem(projectKey(purchaseId)) ?? '';
  } catch {
    return '';
  }
}

export function PurchaseDetail({ purchase, planKey }: { purchase: PurchaseView; planKey: PlanKeyView | undefined }) {
  const [project, setProject] = useState(() => readProjectName(purchase.id));
  const limit = purchase.usageLimit;
  // The plan key stops with its purchase's period (docs/api.md §14.5).
  const expired = purchase.expiresAt !== null && new Date(purchase.expiresAt).getTime() <= Date.now();
  const active = !!planKey?.isActive && !expired;
  return (
    <div className="purchase-detail" data-testid="purchase-detail">
      <h3>API Key for {purchase.planName}</h3>
      {planKey ? (
        <>
          <form
            className="inline-form"
            aria-label="Project name"
            onSubmit={(e) => {
              e.preventDefault();
              try {
                localStorage.setItem(projectKey(purchase.id), project);
              } catch {
                // Storage can be off (private mode); the name then lasts until the page closes.
              }
              toast({ title: 'Project name updated', description: 'Your project name has been saved', variant: 'success' });
            }}
          >
            <label htmlFor={`project-${purchase.id}`}>Project name (kept in this browser)</label>
            <input id={`project-${purchase.id}`} className="input" value={project} maxLength={100} onChange={(e) => setProject(e.target.value)} placeholder="My project" />
            <button type="submit" className="btn btn-secondary">
              Save
            </button>
          </form>
          <dl className="detail-list">
            <div>
              <dt>Plan type</dt>
              <dd>{planKey.planType}</dd>
            </div>
            <div>
              <dt>Usage this month</dt>
              <dd>
                {purchase.callsThisMonth.toLocaleString('en-US')} / {limit === null ? 'unlimited' : limit.toLocaleString('en-US')}
              </dd>
            </div>
            <div>
              <dt>Status</dt>
              <dd>
                <span className={`badge ${active ? 'badge-success' : ''}`} data-testid="plan-key-status">
                  {!planKey.isActive ? 'Inactive' : expired ? 'Expired' : 'Active'}
                </span>
              </dd>
            </div>
          </dl>
          {limit !== null && <UsageBar used={purchase.callsThisMonth} limit={limit} label={`${purchase.planName} calls this month`} />}
          <PlanKeySecret planKey={planKey} />
        </>
      ) : purchase.planType === 'overage' ? (
        <p className="muted">An overage payment: it comes with no API key.</p>
      ) : ['pending', 'processing'].includes(purchase.status) ? (
        <div className="empty-state">
          <strong>API Key Pending</strong>
          <p className="muted">API key for this purchase is being generated</p>
        </div>
      ) : (
        <p className="muted">No API key: this purchase was {purchase.status}.</p>
      )}
    </div>
  );
}
