/** Connected / Connecting... / Connection Failed, with the failure's detail and a Hard Reload button. */
import { useTranslation } from 'react-i18next';
import type { InspectorError } from './source.ts';
import { failureLine, type Connection } from './useInspector.ts';

const BADGE: Record<Connection, string> = { idle: '', connecting: 'badge-accent', connected: 'badge-success', failed: 'badge-danger' };

export function ConnectionStatus({ connection, error }: { connection: Connection; error: InspectorError | null }) {
  const { t } = useTranslation('dashboard');
  return (
    <div className="connection" data-testid="connection">
      <span className={`badge ${BADGE[connection]}`} data-testid="connection-status">
        {t(`inspector.connection.${connection}`)}
      </span>
      {connection === 'failed' && error && (
        <>
          <span className="muted small">{failureLine(error)}</span>
          <p className="alert alert-danger inspector-error" role="alert">
            {error.message}
          </p>
        </>
      )}
      <button type="button" className="btn btn-ghost btn-sm" onClick={() => window.location.reload()}>
        {t('inspector.hardReload')}
      </button>
    </div>
  );
}
