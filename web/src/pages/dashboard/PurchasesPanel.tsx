/**
 * Purchase History (docs/product.md §2.10): a scrolling table whose rows can be selected to see the
 * purchase's key; with nothing selected, the Active Plan API Keys list. Purchases are written by the
 * PayPal checkout (docs/api.md §14.4), overage payments included (they carry no key).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/api.ts';
import { dateTime, money } from './format.ts';
import { PlanKeysList } from './PlanKeysList.tsx';
import { PurchaseDetail } from './PurchaseDetail.tsx';
import { statusName } from './statusName.ts';
import type { PurchaseView } from './types.ts';
import { usePurchases } from './usePurchases.ts';
import { scrollRegion } from '../../components/ui/scrollRegion.ts';

/** A completed plan whose month is over (docs/api.md §14.5). */
const ended = (p: PurchaseView) => p.status === 'completed' && p.expiresAt !== null && new Date(p.expiresAt).getTime() <= Date.now();

export function PurchasesPanel() {
  const { t } = useTranslation('dashboard');
  const query = usePurchases();
  const [selected, setSelected] = useState<number | null>(null);
  const purchases = query.data?.purchases ?? [];
  const planKeys = query.data?.planApiKeys ?? [];
  const chosen = purchases.find((p) => p.id === selected);
  return (
    <section className="card dash-card" aria-labelledby="purchases-heading" data-testid="purchases">
      <div className="card-head">
        <h2 id="purchases-heading">{t('purchases.heading')}</h2>
        <button type="button" className="btn btn-ghost btn-sm" disabled={selected === null} onClick={() => setSelected(null)}>
          {t('purchases.clear')}
        </button>
      </div>
      {query.isError ? (
        <div className="alert alert-danger" role="alert">
          {errorMessage(query.error, t('purchases.failed'))}
        </div>
      ) : purchases.length === 0 ? (
        <p className="muted" data-testid="no-purchases">
          {query.isLoading ? t('shared.loadingEllipsis') : t('purchases.empty')}
        </p>
      ) : (
        <div className="table-scroll" {...scrollRegion(t('purchases.region'))}>
          <table className="table purchase-table">
            <thead>
              <tr>
                <th>{t('purchases.columns.plan')}</th>
                <th>{t('purchases.columns.amount')}</th>
                <th>{t('purchases.columns.status')}</th>
                <th>{t('purchases.columns.date')}</th>
                <th>{t('purchases.columns.apiKey')}</th>
              </tr>
            </thead>
            <tbody>
              {purchases.map((p) => (
                <tr
                  key={p.id}
                  aria-selected={p.id === selected}
                  tabIndex={0}
                  onClick={() => setSelected(p.id)}
                  onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && (e.preventDefault(), setSelected(p.id))}
                >
                  <td>{p.planName}</td>
                  <td>{money(p.amount)}</td>
                  <td>
                    <span className={`badge ${p.status === 'completed' && !ended(p) ? 'badge-success' : ''}`}>{statusName(ended(p) ? 'expired' : p.status)}</span>
                  </td>
                  <td>{dateTime(p.createdAt)}</td>
                  <td>{p.apiKey ? t('purchases.generated') : p.planType === 'overage' || !['pending', 'processing'].includes(p.status) ? '—' : t('purchases.pending')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {chosen ? (
        <PurchaseDetail key={chosen.id} purchase={chosen} planKey={planKeys.find((k) => k.purchaseId === chosen.id)} />
      ) : (
        planKeys.length > 0 && <PlanKeysList planKeys={planKeys} />
      )}
    </section>
  );
}
