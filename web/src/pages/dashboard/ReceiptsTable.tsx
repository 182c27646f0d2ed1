/** Receipts and credit notes (GET /api/billing/receipts; docs/decisions/036), each downloadable as a PDF. */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { ReceiptList } from '../../../../server/contract/payments.ts';
import { scrollRegion } from '../../components/ui/scrollRegion.ts';
import { errorMessage } from '../../lib/api.ts';
import { day, money } from './format.ts';

export function ReceiptsTable() {
  const { t } = useTranslation('dashboard');
  const receipts = useQuery<z.infer<typeof ReceiptList>>({ queryKey: ['/api/billing/receipts'], staleTime: 0 });
  if (receipts.isError) return <div className="alert alert-danger" role="alert">{errorMessage(receipts.error, t('receipts.failed'))}</div>;
  const list = receipts.data ?? [];
  if (list.length === 0) return <p className="muted" data-testid="no-receipts">{t('receipts.empty')}</p>;
  return (
    <div className="table-scroll" {...scrollRegion(t('billing.receipts'))}>
      <table className="table receipts-table" data-testid="receipts">
        <thead>
          <tr>
            <th>{t('receipts.columns.number')}</th>
            <th>{t('receipts.columns.date')}</th>
            <th>{t('receipts.columns.for')}</th>
            <th>{t('receipts.columns.amount')}</th>
            <th>{t('receipts.columns.pdf')}</th>
          </tr>
        </thead>
        <tbody>
          {list.map((r) => (
            <tr key={r.id} data-kind={r.kind}>
              <td>{r.number}</td>
              <td>{day(r.issuedAt)}</td>
              <td>
                {r.kind === 'credit_note' && <span className="badge badge-danger">{t('receipts.creditNote')}</span>}
                {r.kind === 'credit_note' ? ` ${r.description}` : r.description}
              </td>
              <td>{r.kind === 'credit_note' ? `-${money(r.amount)}` : money(r.amount)}</td>
              <td>
                <a href={`/api/billing/receipts/${r.id}/pdf`} download={`${r.number}.pdf`} aria-label={t('receipts.downloadLabel', { number: r.number })}>
                  {t('receipts.download')}
                </a>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
