/** One entry of the history list: algorithm, type, date, cut message, status badge, View Details (docs/decisions/041 for the texts). */
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../i18n/format.ts';
import { algorithmLabel, statusLabel, statusOf, typeLabel, type Operation } from './filter.ts';
import { cutMessage } from './message-text.ts';

const BADGE = { Signed: 'badge-accent', Proved: 'badge-accent', Verified: 'badge-success', Encrypted: 'badge-accent', Decrypted: 'badge-success', Failed: 'badge-danger' } as const;

export function OperationItem({ op, selected, onSelect }: { op: Operation; selected: boolean; onSelect: () => void }) {
  const { t } = useTranslation('pages', { keyPrefix: 'history' });
  const status = statusOf(op);
  return (
    <li className="card history-item" data-selected={selected} data-testid="history-item">
      <div className="row history-item-head">
        <strong>{algorithmLabel(op.algorithm)}</strong>
        <span className="badge">{typeLabel(op.operationType)}</span>
        <span className={`badge ${BADGE[status]}`}>{statusLabel(status)}</span>
        <span className="spacer" />
        <time className="muted history-meta" dateTime={op.createdAt}>
          {formatDateTime(op.createdAt)}
        </time>
      </div>
      <p className="history-message">{cutMessage(op)}</p>
      <div className="row">
        <span className="muted history-meta">#{op.id}</span>
        <span className="spacer" />
        <button type="button" className="btn btn-secondary btn-sm" onClick={onSelect}>
          {t('viewDetails')}
        </button>
      </div>
    </li>
  );
}
