/** The account's charges (GET /api/billing): plans bought and one overage row per month, in dollars from cents. */
import { day, money, monthLabel } from './format.ts';
import type { BillingView } from './types.ts';
import { scrollRegion } from '../../components/ui/scrollRegion.ts';

const STATUS_CLASS: Record<string, string> = { paid: 'badge-success', pending: 'badge-accent', refunded: 'badge-danger', reversed: 'badge-danger' };

export function ChargesTable({ charges }: { charges: BillingView['charges'] }) {
  if (charges.length === 0) return <p className="muted" data-testid="no-charges">No charges yet.</p>;
  return (
    <div className="table-scroll" {...scrollRegion('Charges')}>
      <table className="table charges-table" data-testid="charges">
        <thead>
          <tr>
            <th>Date</th>
            <th>Charge</th>
            <th>Amount</th>
            <th>Status</th>
          </tr>
        </thead>
        <tbody>
          {charges.map((c) => (
            <tr key={c.id} data-charge-type={c.chargeType}>
              <td>{day(c.paidAt ?? c.createdAt)}</td>
              <td>{c.chargeType === 'overage' && c.month ? `Overage, ${monthLabel(c.month)}` : c.description}</td>
              <td>{money(c.amount)}</td>
              <td>
                <span className={`badge ${STATUS_CLASS[c.status] ?? ''}`}>{c.status === 'pending' ? 'owed' : c.status}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
