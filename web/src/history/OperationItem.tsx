/** One entry of the history list: algorithm, type, date, cut message, status badge, View Details. */
import { algorithmLabel, statusOf, type Operation } from './filter.ts';
import { cutMessage } from './message-text.ts';

const BADGE = { Signed: 'badge-accent', Proved: 'badge-accent', Verified: 'badge-success', Failed: 'badge-danger' } as const;

export function OperationItem({ op, selected, onSelect }: { op: Operation; selected: boolean; onSelect: () => void }) {
  const status = statusOf(op);
  return (
    <li className="card history-item" data-selected={selected} data-testid="history-item">
      <div className="row history-item-head">
        <strong>{algorithmLabel(op.algorithm)}</strong>
        <span className="badge">{op.operationType}</span>
        <span className={`badge ${BADGE[status]}`}>{status}</span>
        <span className="spacer" />
        <time className="muted history-meta" dateTime={op.createdAt}>
          {new Date(op.createdAt).toLocaleString()}
        </time>
      </div>
      <p className="history-message">{cutMessage(op)}</p>
      <div className="row">
        <span className="muted history-meta">#{op.id}</span>
        <span className="spacer" />
        <button type="button" className="btn btn-secondary btn-sm" onClick={onSelect}>
          View Details
        </button>
      </div>
    </li>
  );
}
