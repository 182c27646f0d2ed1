/** Recent Operations (docs/product.md §2.10): the latest 10, polled every 2 s, and the total. */
import { cutMessage } from '../../history/message-text.ts';
import { dateTime, milliseconds, operationStatus } from './format.ts';
import { LoginRequired } from './LoginRequired.tsx';
import { useRecentOperations } from './useRecentOperations.ts';


export function OperationsTab() {
  const { operations, total, isLoading, loginRequired } = useRecentOperations();
  if (loginRequired) return <LoginRequired what="your operations" />;
  return (
    <section className="card dash-card" aria-labelledby="ops-heading" data-testid="recent-operations">
      <div className="card-head">
        <h2 id="ops-heading">Recent Operations</h2>
        <span className="badge badge-accent">Auto-refresh: 2s</span>
      </div>
      {isLoading ? (
        <div className="spinner" aria-label="Loading operations" />
      ) : operations.length === 0 ? (
        <div className="empty-state" data-testid="no-operations">
          <h3>No Operations Yet</h3>
          <p className="muted">Start using our APIs to see your cryptographic operations here</p>
        </div>
      ) : (
        <>
          <ul className="ops-list">
            {operations.map((op) => (
              <li key={op.id} className="op-item" data-testid="operation">
                <div className="op-head">
                  <strong>
                    {op.algorithm} · {op.operation}
                  </strong>
                  <span className="muted small">{dateTime(op.createdAt)}</span>
                </div>
                <p className="op-message">{cutMessage(op)}</p>
                <div className="op-foot">
                  <span className={op.success ? 'op-ok' : 'op-warn'}>{operationStatus(op)}</span>
                  <span className="muted small">{milliseconds(op.responseTime)}</span>
                </div>
              </li>
            ))}
          </ul>
          {total > operations.length && (
            <p className="muted small" data-testid="operations-total">
              Showing latest {operations.length} operations (Total: {total.toLocaleString('en-US')})
            </p>
          )}
        </>
      )}
    </section>
  );
}
