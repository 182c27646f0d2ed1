/** The account's charges (GET /api/billing): plans bought and one overage row per month, in dollars from cents. */
import { useTranslation } from 'react-i18next';
import { day, money, monthLabel } from './format.ts';
import { statusName } from './statusName.ts';
import type { BillingView } from './types.ts';
import { scrollRegion } from '../../components/ui/scrollRegion.ts';

const STATUS_CLASS: Record<string, string> = { paid: 'badge-success', pending: 'badge-accent', refunded: 'badge-danger', reversed: 'badge-danger' };

export function ChargesTable({ charges }: { charges: BillingView['charges'] }) {
  const { t } = useTranslation('dashboard');
  if (charges.length === 0) return <p className="muted" data-testid="no-charges">{t('charges.empty')}</p>;
  return (
    <div className="table-scroll" {...scrollRegion(t('billing.charges'))}>
      <table className="table charges-table" data-testid="charges">
        <thead>
          <tr>
            <th>{t('charges.columns.date')}</th>
            <th>{t('charges.columns.charge')}</th>
            <th>{t('charges.columns.amount')}</th>
            <th>{t('charges.columns.status')}</th>
          </tr>
        </thead>
        <tbody>
          {charges.map((c) => (
            <tr key={c.id} data-charge-type={c.chargeType}>
              <td>{day(c.paidAt ?? c.createdAt)}</td>
              {/* A plan's description is the server's (its plan name); an overage row says its month. */}
              <td>{c.chargeType === 'overage' && c.month ? t('charges.overage', { month: monthLabel(c.month) }) : c.description}</td>
              <td>{money(c.amount)}</td>
              <td>
                <span className={`badge ${STATUS_CLASS[c.status] ?? ''}`}>{statusName(c.status === 'pending' ? 'owed' : c.status)}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
