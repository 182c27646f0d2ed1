/** Receipts and credit notes (GET /api/billing/receipts; docs/decisions/036), each downloadable as a PDF. */
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ReceiptList } from '../../../../server/contract/payments.ts';
import { scrollRegion } from '../../components/ui/scrollRegion.ts';
import { errorMessage } from '../../lib/api.ts';
import { day, money } from './format.ts';

export function ReceiptsTable() {
  const receipts = useQuery<z.infer<typeof ReceiptList>>({ queryKey: ['/api/billing/receipts'], staleTime: 0 });
  if (receipts.isError) return <div className="alert alert-danger" role="alert">{errorMessage(receipts.error, 'Could not load your receipts')}</div>;
  const list = receipts.data ?? [];
  if (list.length === 0) return <p className="muted" data-testid="no-receipts">No receipts yet: each payment gets one.</p>;
  return (
    <div className="table-scroll" {...scrollRegion('Receipts')}>
      <table className="table" data-testid="receipts">
        <thead>
          <tr>
            <th>Number</th>
            <th>Date</th>
            <th>For</th>
            <th>Amount</th>
            <th>PDF</th>
          </tr>
        </thead>
        <tbody>
          {list.map((r) => (
            <tr key={r.id} data-kind={r.kind}>
              <td>{r.number}</td>
              <td>{day(r.issuedAt)}</td>
              <td>
                {r.kind === 'credit_note' && <span className="badge badge-danger">Credit note</span>}
                {r.kind === 'credit_note' ? ` ${r.description}` : r.description}
              </td>
              <td>{r.kind === 'credit_note' ? `-${money(r.amount)}` : money(r.amount)}</td>
              <td>
                <a href={`/api/billing/receipts/${r.id}/pdf`} download={`${r.number}.pdf`} aria-label={`Download ${r.number} as PDF`}>
                  Download
                </a>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
