/** The Authentication card: key pair headers, idempotency, the error body and the two kinds of 429. */
import { CodeBlock } from './CodeBlock.tsx';

const ERROR_BODY = `HTTP/1.1 429 Too Many Requests
Content-Type: application/json
X-Request-Id: 3f1c…

{
  "message": "Usage limit reached - upgrade to continue",
  "code": "usage_limit_reached",
  "requestId": "3f1c…"
}`;

export function AuthCard({ baseUrl }: { baseUrl: string }) {
  const curl = `curl -X POST ${baseUrl}/api/crypto/dilion/sign \\
  -H "Content-Type: application/json" \\
  -H "x-api-key: pk_your_api_key" \\
  -H "x-api-secret: sk_your_api_secret" \\
  -H "Idempotency-Key: 5d0f6c1e-order-1042" \\
  -d '{"message": "authentication request", "sid": "service-A"}'`;
  return (
    <section className="card" aria-labelledby="auth-heading" style={{ marginTop: 28 }}>
      <h2 id="auth-heading" style={{ fontSize: '1.45rem' }}>
        Authentication
      </h2>
      <p className="muted">
        Every <code>/api/crypto/…</code> call carries your key pair in two headers; cookies are ignored there. Signing up creates
        your first key. Your <a href="/dashboard">dashboard</a> lists your keys, shows a key’s secret a single time, and
        creates, rotates and disables keys; the “API keys” endpoints of the <a href="/api/docs">interactive reference</a> do
        the same. Store a secret like a password.
      </p>
      <div className="two-col">
        <dl className="kv">
          <dt>x-api-key</dt>
          <dd>Your key’s public identifier, pk_…</dd>
          <dt>x-api-secret</dt>
          <dd>Its secret, sk_… (256 bits). Never put it in browser code.</dd>
          <dt>Content-Type</dt>
          <dd>application/json; byte strings are standard padded base64.</dd>
          <dt>Idempotency-Key</dt>
          <dd>Optional. Retrying a POST with the same key within 24 h returns the first response without a second charge.</dd>
          <dt>Metering</dt>
          <dd>Each call that passes validation counts once; a call that fails inside the engine is refunded.</dd>
        </dl>
        <CodeBlock title="curl" code={curl} />
      </div>
      <h3 style={{ marginTop: 24 }}>Errors</h3>
      <p className="muted">
        Failures are JSON: <code>message</code> (a sentence saying what to fix), <code>code</code>, <code>param</code> (the first
        failing field, for 400s), <code>details</code> (all validation issues) and <code>requestId</code>, also sent as{' '}
        <code>X-Request-Id</code>.
      </p>
      <div className="two-col">
        <dl className="kv">
          <dt>400 validation_error</dt>
          <dd>A field is missing, malformed or unknown (misspelt fields are rejected, not ignored).</dd>
          <dt>401 api_key_required, invalid_api_key</dt>
          <dd>The key pair is missing, or one of the two is wrong.</dd>
          <dt>403 api_key_disabled, plan_inactive</dt>
          <dd>The key is disabled, or the plan it belongs to is no longer active.</dd>
          <dt>429 usage_limit_reached</dt>
          <dd>Your plan’s calls are used up (Free: 100 in total). Upgrade; retrying will not help.</dd>
          <dt>429 rate_limited</dt>
          <dd>Too many requests from one address (demo and sign-in routes). Wait for Retry-After seconds, then retry.</dd>
          <dt>503</dt>
          <dd>The engine failed; the call was not charged.</dd>
        </dl>
        <CodeBlock title="error response" code={ERROR_BODY} />
      </div>
    </section>
  );
}
