/**
 * 'API Key for <plan>': the selected purchase's key, with a project name kept in this browser only
 * (docs/product.md §2.10), its calls this month (a statistic: the account's keys share one
 * allowance, docs/decisions/036) and whether it is active.
 */
import { useState } from 'react';
import { toast } from '../../components/ui/toast.tsx';
import { KeySecret } from './KeySecret.tsx';
import { SecretField } from './SecretField.tsx';
import type { PlanKeyView, PurchaseView } from './types.ts';

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
  // The plan ends with its period; the key goes on, on the account's plan (docs/decisions/036).
  const ended = purchase.expiresAt !== null && new Date(purchase.expiresAt).getTime() <= Date.now();
  const active = !!planKey?.isActive;
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
              <dt>Calls this month with this key</dt>
              <dd data-testid="plan-key-calls">{purchase.callsThisMonth.toLocaleString('en-US')}</dd>
            </div>
            <div>
              <dt>Plan</dt>
              <dd>{ended ? `Ended ${new Date(purchase.expiresAt!).toLocaleDateString('en-US', { dateStyle: 'medium', timeZone: 'UTC' })}` : purchase.status === 'completed' ? 'Running' : purchase.status}</dd>
            </div>
            <div>
              <dt>Key</dt>
              <dd>
                <span className={`badge ${active ? 'badge-success' : ''}`} data-testid="plan-key-status">
                  {active ? 'Active' : 'Disabled'}
                </span>
              </dd>
            </div>
          </dl>
          <p className="muted small">This key draws on your account’s allowance, like every key of yours; rotate, restrict or delete it under Your API Keys.</p>
          <SecretField label="API Key" value={planKey.keyValue} kind="key" />
          <KeySecret keyId={planKey.id} revealable={planKey.secretRevealable} />
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
