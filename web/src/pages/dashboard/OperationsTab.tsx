/** Recent Operations (docs/product.md §2.10): the latest 10, polled every 2 s, and the total. */
import { useTranslation } from 'react-i18next';
import { cutMessage } from '../../history/message-text.ts';
import { formatNumber } from '../../i18n/format.ts';
import { dateTime, milliseconds, operationStatus } from './format.ts';
import { LoginRequired } from './LoginRequired.tsx';
import { useRecentOperations } from './useRecentOperations.ts';

export function OperationsTab() {
  const { t } = useTranslation('dashboard');
  const { operations, total, isLoading, loginRequired } = useRecentOperations();
  if (loginRequired) return <LoginRequired message={t('operations.loginRequired')} />;
  return (
    <section className="card dash-card" aria-labelledby="ops-heading" data-testid="recent-operations">
      <div className="card-head">
        <h2 id="ops-heading">{t('operations.heading')}</h2>
        <span className="badge badge-accent">{t('operations.autoRefresh')}</span>
      </div>
      {isLoading ? (
        <div className="spinner" aria-label={t('operations.loading')} />
      ) : operations.length === 0 ? (
        <div className="empty-state" data-testid="no-operations">
          <h3>{t('operations.emptyHeading')}</h3>
          <p className="muted">{t('operations.empty')}</p>
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
              {t('operations.total', { shown: formatNumber(operations.length), total: formatNumber(total) })}
            </p>
          )}
        </>
      )}
    </section>
  );
}
