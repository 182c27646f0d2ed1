/**
 * 'API Key for <plan>': the selected purchase's key, with a project name kept in this browser only
 * (docs/product.md §2.10), its calls this month (a statistic: the account's keys share one
 * allowance, docs/decisions/036) and whether it is active.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../components/ui/toast.tsx';
import { formatNumber } from '../../i18n/format.ts';
import { day } from './format.ts';
import { KeySecret } from './KeySecret.tsx';
import { SecretField } from './SecretField.tsx';
import { statusName } from './statusName.ts';
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
  const { t } = useTranslation('dashboard');
  const [project, setProject] = useState(() => readProjectName(purchase.id));
  // The plan ends with its period; the key goes on, on the account's plan (docs/decisions/036).
  const ended = purchase.expiresAt !== null && new Date(purchase.expiresAt).getTime() <= Date.now();
  const active = !!planKey?.isActive;
  return (
    <div className="purchase-detail" data-testid="purchase-detail">
      <h3>{t('purchaseDetail.heading', { plan: purchase.planName })}</h3>
      {planKey ? (
        <>
          <form
            className="inline-form"
            aria-label={t('purchaseDetail.project')}
            onSubmit={(e) => {
              e.preventDefault();
              try {
                localStorage.setItem(projectKey(purchase.id), project);
              } catch {
                // Storage can be off (private mode); the name then lasts until the page closes.
              }
              toast({ title: t('purchaseDetail.saved'), description: t('purchaseDetail.savedText'), variant: 'success' });
            }}
          >
            <label htmlFor={`project-${purchase.id}`}>{t('purchaseDetail.projectLabel')}</label>
            <input id={`project-${purchase.id}`} className="input" value={project} maxLength={100} onChange={(e) => setProject(e.target.value)} placeholder={t('purchaseDetail.projectPlaceholder')} />
            <button type="submit" className="btn btn-secondary">
              {t('purchaseDetail.save')}
            </button>
          </form>
          <dl className="detail-list">
            <div>
              <dt>{t('purchaseDetail.planType')}</dt>
              <dd>{planKey.planType}</dd>
            </div>
            <div>
              <dt>{t('purchaseDetail.calls')}</dt>
              <dd data-testid="plan-key-calls">{formatNumber(purchase.callsThisMonth)}</dd>
            </div>
            <div>
              <dt>{t('purchaseDetail.plan')}</dt>
              <dd>{ended ? t('purchaseDetail.ended', { date: day(purchase.expiresAt!) }) : purchase.status === 'completed' ? t('purchaseDetail.running') : statusName(purchase.status)}</dd>
            </div>
            <div>
              <dt>{t('purchaseDetail.key')}</dt>
              <dd>
                <span className={`badge ${active ? 'badge-success' : ''}`} data-testid="plan-key-status">
                  {t(active ? 'shared.active' : 'shared.disabled')}
                </span>
              </dd>
            </div>
          </dl>
          <p className="muted small">{t('purchaseDetail.note')}</p>
          <SecretField label={t('secret.apiKey')} value={planKey.keyValue} kind="key" />
          <KeySecret keyId={planKey.id} revealable={planKey.secretRevealable} />
        </>
      ) : purchase.planType === 'overage' ? (
        <p className="muted">{t('purchaseDetail.overage')}</p>
      ) : ['pending', 'processing'].includes(purchase.status) ? (
        <div className="empty-state">
          <strong>{t('purchaseDetail.pendingHeading')}</strong>
          <p className="muted">{t('purchaseDetail.pending')}</p>
        </div>
      ) : (
        <p className="muted">{t('purchaseDetail.none', { status: statusName(purchase.status) })}</p>
      )}
    </div>
  );
}
