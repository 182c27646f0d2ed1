/**
 * One algorithm's endpoints: method, path, live status (from the server's OpenAPI document),
 * summary, request fields and what comes back.
 */
import type { ServedPaths } from '../../hooks/useServedPaths.ts';
import type { DocumentedEndpoint } from './endpoints.ts';

function Status({ live }: { live: boolean | undefined }) {
  if (live === undefined) return <span />;
  return live ? <span className="badge badge-success">Live</span> : <span className="badge">Coming soon</span>;
}

export function EndpointList({ endpoints, served }: { endpoints: DocumentedEndpoint[]; served: ServedPaths }) {
  return (
    <div className="card">
      <h3>Endpoints</h3>
      {endpoints.map((e) => (
        <div key={e.path} className="endpoint" data-testid={`endpoint-${e.path}`}>
          <span className="method">{e.method}</span>
          <span className="endpoint-path">{e.path}</span>
          <Status live={served.has(e.method, e.path)} />
          <p className="endpoint-desc">{e.summary}</p>
          <dl className="kv endpoint-desc" style={{ marginTop: 6 }}>
            {e.fields.map((f) => (
              <div key={f.name} style={{ display: 'contents' }}>
                <dt>
                  {f.name}
                  {!f.required && <span className="muted" style={{ fontWeight: 400 }}>?</span>}
                </dt>
                <dd>{f.description}</dd>
              </div>
            ))}
            <dt>returns</dt>
            <dd>{e.returns}</dd>
          </dl>
        </div>
      ))}
    </div>
  );
}
