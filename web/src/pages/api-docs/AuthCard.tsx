/**
 * The Authentication card: key pair headers, idempotency, the error body and the two kinds of 429.
 * Header names, error codes and the samples stay as the API spells them; the explanations are in
 * the `apiDocs` catalogue (docs/decisions/041).
 */
import { Fragment } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { CodeBlock } from './CodeBlock.tsx';

const ERROR_BODY = `HTTP/1.1 429 Too Many Requests
Content-Type: application/json
X-Request-Id: 3f1c…

{
  "message": "Usage limit reached - upgrade to continue",
  "code": "usage_limit_reached",
  "requestId": "3f1c…"
}`;

/** Each request header or metering rule, with its explanation's key. */
const HEADERS = [
  ['x-api-key', 'auth.headers.apiKey'],
  ['x-api-secret', 'auth.headers.apiSecret'],
  ['Content-Type', 'auth.headers.contentType'],
  ['Idempotency-Key', 'auth.headers.idempotency'],
] as const;

/** Each error status and code, with its explanation's key. */
const ERRORS = [
  ['400 validation_error', 'auth.errors.validation'],
  ['401 api_key_required, invalid_api_key', 'auth.errors.key'],
  ['403 api_key_disabled, plan_inactive', 'auth.errors.disabled'],
  ['429 usage_limit_reached', 'auth.errors.usage'],
  ['429 rate_limited', 'auth.errors.rate'],
  ['503', 'auth.errors.engine'],
] as const;

export function AuthCard({ baseUrl }: { baseUrl: string }) {
  const { t } = useTranslation('apiDocs');
  const curl = `curl -X POST ${baseUrl}/api/v1/crypto/dilion/sign \\
  -H "Content-Type: application/json" \\
  -H "x-api-key: pk_your_api_key" \\
  -H "x-api-secret: sk_your_api_secret" \\
  -H "Idempotency-Key: 5d0f6c1e-order-1042" \\
  -d '{"message": "authentication request", "sid": "service-A"}'`;
  return (
    <section className="card" aria-labelledby="auth-heading" style={{ marginTop: 28 }}>
      <h2 id="auth-heading" style={{ fontSize: '1.45rem' }}>
        {t('auth.heading')}
      </h2>
      <p className="muted">
        <Trans t={t} i18nKey="auth.intro" components={{ code: <code />, dashboard: <a href="/dashboard" />, reference: <a href="/api/docs" /> }} />
      </p>
      <div className="two-col">
        <dl className="kv">
          {HEADERS.map(([name, key]) => (
            <Fragment key={name}>
              <dt>{name}</dt>
              <dd>{t(key)}</dd>
            </Fragment>
          ))}
          <dt>{t('auth.headers.metering')}</dt>
          <dd>{t('auth.headers.meteringText')}</dd>
        </dl>
        <CodeBlock title="curl" code={curl} />
      </div>
      <h3 style={{ marginTop: 24 }}>{t('auth.errors.heading')}</h3>
      <p className="muted">
        <Trans t={t} i18nKey="auth.errors.intro" components={{ code: <code /> }} />
      </p>
      <div className="two-col">
        <dl className="kv">
          {ERRORS.map(([status, key]) => (
            <Fragment key={status}>
              <dt>{status}</dt>
              <dd>{t(key)}</dd>
            </Fragment>
          ))}
        </dl>
        <CodeBlock title={t('auth.errors.sample')} code={ERROR_BODY} />
      </div>
    </section>
  );
}
