/**
 * Purchase History (docs/product.md §2.10): a scrolling table whose rows can be selected to see the
 * purchase's key; with nothing selected, the Active Plan API Keys list. Purchases are written by the
 * PayPal checkout (docs/api.md §14.4), overage payments included (they carry no key).
 */
import { useState } from 'react';
import { errorMessage } from '../../lib/api.ts';
import { dateTime, money } from './format.ts';
import { PlanKeysList } from './PlanKeysList.tsx';
import { PurchaseDetail } from './PurchaseDetail.tsx';
import type { PurchaseView } from './types.ts';
import { usePurchases } from './usePurchases.ts';
import { scrollRegion } from '../../components/ui/scrollRegion.ts';

/** A completed plan whose month is over (docs/api.md §14.5). */
const ended = (p: PurchaseView) => p.status === 'completed' && p.expiresAt !== null && new Date(p.expiresAt).getTime() <= Date.now();

export function PurchasesPanel() {
  const query = usePurchases();
  const [selected, setSelected] = useState<number | null>(null);
  const purchases = query.data?.purchases ?? [];
  const planKeys = query.data?.planApiKeys ?? [];
  const chosen = purchases.find((p) => p.id === selected);
  return (
    <section className="card dash-card" aria-labelledby="purchases-heading" data-testid="purchases">
      <div className="card-head">
        <h2 id="purchases-heading">Purchase History</h2>
        <button type="button" className="btn btn-ghost btn-sm" disabled={selected === null} onClick={() => setSelected(null)}>
          Clear Selection
        </button>
      </div>
      {query.isError ? (
        <div className="alert alert-danger" role="alert">
          {errorMessage(query.error, 'Could not load your purchases')}
        </div>
      ) : purchases.length === 0 ? (
        <p className="muted" data-testid="no-purchases">
          {query.isLoading ? 'Loading…' : 'No purchases yet. Buy a plan on the Billing tab.'}
        </p>
      ) : (
        <div className="table-scroll" {...scrollRegion('Purchases')}>
          <table className="table purchase-table">
            <thead>
              <tr>
                <th>Plan</th>
                <th>Amount</th>
                <th>Status</th>
                <th>Date</th>
                <th>API Key</th>
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
                    <span className={`badge ${p.status === 'completed' && !ended(p) ? 'badge-success' : ''}`}>{ended(p) ? 'expired' : p.status}</span>
                  </td>
                  <td>{dateTime(p.createdAt)}</td>
                  <td>{p.apiKey ? '✓ Generated' : p.planType === 'overage' || !['pending', 'processing'].includes(p.status) ? '—' : 'Pending'}</td>
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
