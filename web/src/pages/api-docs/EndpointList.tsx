/**
 * One algorithm's endpoints: method, path, live status (from the server's OpenAPI document),
 * summary, request fields and what comes back, in the reader's language (docs/decisions/041).
 */
import { useTranslation } from 'react-i18next';
import type { ServedPaths } from '../../hooks/useServedPaths.ts';
import type { DocumentedEndpoint } from './endpoints.ts';

/** The Live / Coming soon badge; nothing while the server's OpenAPI document is still loading. */
function Status({ live }: { live: boolean | undefined }) {
  const { t } = useTranslation('apiDocs');
  if (live === undefined) return <span />;
  return live ? <span className="badge badge-success">{t('status.live')}</span> : <span className="badge">{t('status.comingSoon')}</span>;
}

export function EndpointList({ endpoints, served }: { endpoints: Omit<DocumentedEndpoint, 'tab'>[]; served: ServedPaths }) {
  const { t } = useTranslation('apiDocs');
  return (
    <div className="card">
      <h3>{t('endpoints.heading')}</h3>
      {endpoints.map((e) => (
        <div key={e.path} className="endpoint" data-testid={`endpoint-${e.path}`}>
          <span className="method">{e.method}</span>
          <span className="endpoint-path">{e.path}</span>
          <Status live={served.has(e.method, e.path)} />
          <p className="endpoint-desc">{e.summary()}</p>
          <dl className="kv endpoint-desc" style={{ marginTop: 6 }}>
            {e.fields.map((f) => (
              <div key={f.name} style={{ display: 'contents' }}>
                <dt>
                  {f.name}
                  {!f.required && <span className="muted" style={{ fontWeight: 400 }}>?</span>}
                </dt>
                <dd>{f.description()}</dd>
              </div>
            ))}
            <dt>{t('endpoints.returns')}</dt>
            <dd>{e.returns()}</dd>
          </dl>
        </div>
      ))}
    </div>
  );
}
