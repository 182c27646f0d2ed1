/** Connected / Connecting... / Connection Failed, with the failure's detail and a Hard Reload button. */
import type { InspectorError } from './source.ts';
import { failureLine, type Connection } from './useInspector.ts';

const LABEL: Record<Connection, string> = {
  idle: 'Not connected',
  connecting: 'Connecting...',
  connected: 'Connected',
  failed: 'Connection Failed',
};
const BADGE: Record<Connection, string> = { idle: '', connecting: 'badge-accent', connected: 'badge-success', failed: 'badge-danger' };

export function ConnectionStatus({ connection, error }: { connection: Connection; error: InspectorError | null }) {
  return (
    <div className="connection" data-testid="connection">
      <span className={`badge ${BADGE[connection]}`} data-testid="connection-status">
        {LABEL[connection]}
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
        Hard Reload
      </button>
    </div>
  );
}
