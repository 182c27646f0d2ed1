import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';
import { maskedConfig } from './ops/show-config.ts';

describe('loadConfig', () => {
  it('works with no environment: port 5000, ./data/app.db, Google and SMTP off, scrypt N = 2^17', () => {
    const config = loadConfig({});
    expect(config.port).toBe(5000);
    expect(config.databaseFile).toBe(`${process.cwd()}/data/app.db`);
    expect(config.masterKeyFile).toBe(`${process.cwd()}/data/master.key`);
    expect(config.google).toBeUndefined();
    expect(config.smtp).toBeUndefined();
    expect(config.scryptLogN).toBe(17);
    expect(config.engineWorkers).toBeGreaterThanOrEqual(1);
  });

  it('turns the OpenTelemetry export on only with an OTLP endpoint, /v1/traces under the base one, and masks its headers', () => {
    expect(loadConfig({}).openTelemetry).toBeUndefined();
    expect(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/' }).openTelemetry).toEqual({ tracesUrl: 'http://collector:4318/v1/traces', serviceName: 'pq-platform', secretHeaders: undefined });
    const both = loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://a:4318', OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'https://b/traces', OTEL_EXPORTER_OTLP_HEADERS: 'x-token=SECRET1', OTEL_SERVICE_NAME: 'pq-eu' });
    expect(both.openTelemetry).toEqual({ tracesUrl: 'https://b/traces', serviceName: 'pq-eu', secretHeaders: 'x-token=SECRET1' });
    expect(JSON.stringify(maskedConfig(both))).not.toContain('SECRET1');
    const inUrl = maskedConfig(loadConfig({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'https://otel:SECRET2@collector.example/v1/traces?api-key=SECRET3' }));
    expect(JSON.stringify(inUrl)).not.toMatch(/SECRET2|SECRET3/);
    expect(inUrl.openTelemetry).toMatchObject({ tracesUrl: expect.stringMatching(/^https:\/\/otel:[^@]+@collector\.example\/v1\/traces\?api-key=/) });
    expect(() => loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' })).toThrow(/OTEL_EXPORTER_OTLP_ENDPOINT: must be an http/);
  });

  it('takes DATA_DIR, and DATABASE_URL over it', () => {
    expect(loadConfig({ DATA_DIR: '/srv/pq' }).databaseFile).toBe('/srv/pq/app.db');
    expect(loadConfig({ DATA_DIR: '/srv/pq', DATABASE_URL: 'file:/var/db/x.db' }).databaseFile).toBe('/var/db/x.db');
    expect(loadConfig({ DATABASE_URL: '/var/db/y.db' }).databaseFile).toBe('/var/db/y.db');
  });

  it('takes a postgres:// or postgresql:// DATABASE_URL for a PostgreSQL server, and SQLite for every other form', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://pq@db.internal/pq', PAYMENTS: 'off' }).database).toEqual({ engine: 'postgres', url: 'postgres://pq@db.internal/pq' });
    expect(loadConfig({ DATABASE_URL: 'postgresql://pq:s%40cret@db.internal:6432/pq', PAYMENTS: 'off' }).database.engine).toBe('postgres');
    expect(loadConfig({ DATA_DIR: '/srv/pq' }).database).toEqual({ engine: 'sqlite', file: '/srv/pq/app.db' });
  });

  it('stops on a DATABASE_URL that is neither a SQLite file nor a PostgreSQL URL, rather than taking it for a file name', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://pq@[db/pq' })).toThrow(/not a valid PostgreSQL URL/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://root@localhost/pq' })).toThrow(/"mysql:\/\/" is not a database this server can use/);
    expect(loadConfig({ DATABASE_URL: 'sqlite:///srv/pq/app.db' }).databaseFile).toBe('/srv/pq/app.db');
    expect(loadConfig({ DATABASE_URL: 'file:./x/app.db' }).databaseFile).toMatch(/\/x\/app\.db$/);
  });

  it('takes TRUST_PROXY as a hop count or as the proxies\' addresses, subnets and names, and names what is wrong', () => {
    expect(loadConfig({}).trustProxy).toBe(0);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: 'loopback' }).trustProxy).toEqual(['loopback']);
    expect(loadConfig({ TRUST_PROXY: ' 10.0.0.0/8, fd00::/8 ,192.168.1.10,uniquelocal' }).trustProxy).toEqual(['10.0.0.0/8', 'fd00::/8', '192.168.1.10', 'uniquelocal']);
    for (const wrong of ['yes', '10.0.0.0/33', 'fd00::/129', '10.0.0/8', 'loopback,proxy.internal', ',']) {
      expect(() => loadConfig({ TRUST_PROXY: wrong })).toThrow(/^Invalid environment variable TRUST_PROXY: TRUST_PROXY must be a hop count, or addresses and subnets/);
    }
  });

  it('names the variable that is wrong', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ GOOGLE_CLIENT_ID: 'x' })).toThrow(/GOOGLE_CLIENT_SECRET/);
    expect(() => loadConfig({ SMTP_URL: 'smtp://h' })).toThrow(/CONTACT_TO/);
  });

  it('enables Google sign-in when both credentials are set', () => {
    expect(loadConfig({ GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 's' }).google).toMatchObject({ clientId: 'id', callbackUrl: '/api/auth/google/callback' });
  });

  it('runs the engine workers 10 steps of niceness below the server by default, takes 0 to 19, and names ENGINE_WORKER_NICENESS otherwise', () => {
    expect(loadConfig({}).engineWorkerNiceness).toBe(10);
    expect(loadConfig({ ENGINE_WORKER_NICENESS: '0' }).engineWorkerNiceness).toBe(0);
    expect(loadConfig({ ENGINE_WORKER_NICENESS: '19' }).engineWorkerNiceness).toBe(19);
    for (const bad of ['20', '-1', '2.5', 'low']) expect(() => loadConfig({ ENGINE_WORKER_NICENESS: bad })).toThrow(/ENGINE_WORKER_NICENESS/);
  });

  it('keeps idle connections open 130 s by default (longer than common proxies keep theirs), takes 1 to 3600, and names KEEP_ALIVE_TIMEOUT_SECONDS otherwise', () => {
    expect(loadConfig({}).keepAliveTimeoutMs).toBe(130_000);
    expect(loadConfig({ KEEP_ALIVE_TIMEOUT_SECONDS: '1' }).keepAliveTimeoutMs).toBe(1_000);
    expect(loadConfig({ KEEP_ALIVE_TIMEOUT_SECONDS: '3600' }).keepAliveTimeoutMs).toBe(3_600_000);
    for (const bad of ['0', '3601', '1.5', 'long']) expect(() => loadConfig({ KEEP_ALIVE_TIMEOUT_SECONDS: bad })).toThrow(/KEEP_ALIVE_TIMEOUT_SECONDS/);
  });

  it('turns the debug key inspector off by default in production only, and lets DEBUG_ROUTES decide', () => {
    expect(loadConfig({}).debugRoutes).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).debugRoutes).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', DEBUG_ROUTES: 'on' }).debugRoutes).toBe(true);
    expect(loadConfig({ DEBUG_ROUTES: 'off' }).debugRoutes).toBe(false);
    expect(() => loadConfig({ DEBUG_ROUTES: 'yes' })).toThrow(/DEBUG_ROUTES/);
  });

  it('wants an absolute GOOGLE_CALLBACK_URL in production', () => {
    const google = { GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 's' };
    expect(() => loadConfig({ ...google, NODE_ENV: 'production' })).toThrow(/GOOGLE_CALLBACK_URL must be an absolute URL/);
    expect(loadConfig({ ...google, NODE_ENV: 'production', GOOGLE_CALLBACK_URL: 'https://pq.example/api/auth/google/callback' }).google?.callbackUrl).toBe(
      'https://pq.example/api/auth/google/callback',
    );
  });

  it('listens on 127.0.0.1 by default, so a fresh start is reachable from this machine only', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  it('wants all three PayPal credentials for sandbox and live, and no PayPal credentials in local or off', () => {
    expect(() => loadConfig({ PAYMENTS: 'live' })).toThrow(/PAYMENTS=live needs PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET, PAYPAL_WEBHOOK_ID/);
    expect(() => loadConfig({ PAYMENTS: 'sandbox', PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 's' })).toThrow(/needs PAYPAL_WEBHOOK_ID/);
    expect(() => loadConfig({ PAYMENTS: 'test' })).toThrow(/PAYMENTS/);
    const live = loadConfig({ PAYMENTS: 'live', PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 's', PAYPAL_WEBHOOK_ID: 'WH1' }).payments;
    expect(live).toEqual({ mode: 'live', paypal: { clientId: 'id', clientSecret: 's', webhookId: 'WH1', apiBase: 'https://api-m.paypal.com' }, unsafeLocal: false });
    expect(loadConfig({ PAYMENTS: 'sandbox', PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 's', PAYPAL_WEBHOOK_ID: 'WH1' }).payments.paypal?.apiBase).toBe('https://api-m.sandbox.paypal.com');
    expect(loadConfig({ PAYMENTS: 'off' }).payments).toEqual({ mode: 'off', paypal: null, unsafeLocal: false });
    expect(loadConfig({}).payments).toEqual({ mode: 'local', paypal: null, unsafeLocal: false });
  });

  it('refuses the in-process PayPal emulator on PostgreSQL, chosen or by default, since other instances cannot see its orders', () => {
    const pg = { DATABASE_URL: 'postgres://pq@db.internal/pq' };
    expect(() => loadConfig(pg)).toThrow(/^PAYMENTS defaults to local .* other instances on this PostgreSQL database cannot see them: set PAYMENTS=off, sandbox or live/);
    expect(() => loadConfig({ ...pg, PAYMENTS: 'local' })).toThrow(/^PAYMENTS=local keeps PayPal's orders in this process's memory/);
    expect(loadConfig({ ...pg, PAYMENTS: 'off' }).payments.mode).toBe('off');
  });

  it('points sandbox mode at an emulator on this machine with PAYPAL_API_BASE, and nothing else', () => {
    const sandbox = { PAYMENTS: 'sandbox', PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 's', PAYPAL_WEBHOOK_ID: 'WH1' };
    expect(loadConfig({ ...sandbox, PAYPAL_API_BASE: 'http://127.0.0.1:5055/paypal-sandbox/' }).payments.paypal?.apiBase).toBe('http://127.0.0.1:5055/paypal-sandbox');
    expect(loadConfig({ ...sandbox, PAYPAL_API_BASE: 'http://[::1]:5055/paypal-sandbox' }).payments.paypal?.apiBase).toBe('http://[::1]:5055/paypal-sandbox');
    expect(() => loadConfig({ ...sandbox, PAYPAL_API_BASE: 'https://paypal.example.net' })).toThrow(/an http\(s\) URL on this machine/);
    expect(() => loadConfig({ ...sandbox, PAYPAL_API_BASE: 'not a url' })).toThrow(/must be a URL/);
    expect(() => loadConfig({ ...sandbox, PAYMENTS: 'live', PAYPAL_API_BASE: 'http://127.0.0.1:5055' })).toThrow(/PAYMENTS=live always calls PayPal/);
    expect(() => loadConfig({ PAYMENTS: 'off', PAYPAL_API_BASE: 'http://127.0.0.1:5055' })).toThrow(/PAYPAL_API_BASE is for PAYMENTS=sandbox, and PAYMENTS is off/);
  });

  it('keeps mail in the outbox without SMTP where nobody else can reach the server, and sends none where others can', () => {
    expect(loadConfig({}).mail).toBe('outbox');
    expect(loadConfig({ NODE_ENV: 'production' }).mail).toBe('outbox');
    expect(loadConfig({ NODE_ENV: 'production', HOST: '0.0.0.0', PAYMENTS: 'off' }).mail).toBe('none');
    expect(loadConfig({ NODE_ENV: 'production', TRUST_PROXY: '1', PAYMENTS: 'off' }).mail).toBe('none');
    expect(loadConfig({ SMTP_URL: 'smtp://mail.example.com', CONTACT_TO: 'team@example.com' }).mail).toBe('smtp');
  });

  it('says PAYPAL_MODE was renamed rather than ignoring it', () => {
    expect(() => loadConfig({ PAYPAL_MODE: 'live' })).toThrow(/PAYPAL_MODE was renamed PAYMENTS: set PAYMENTS=live/);
  });
});

describe('the payment mode of a server others can reach (docs/decisions/035)', () => {
  const production = { NODE_ENV: 'production' };

  it('defaults to the local emulator only where nobody else can reach the server', () => {
    expect(loadConfig({}).payments.mode).toBe('local');
    expect(loadConfig({ HOST: '0.0.0.0' }).payments.mode).toBe('local');
    for (const host of ['127.0.0.1', '127.8.0.1', '::1', 'localhost']) expect(loadConfig({ ...production, HOST: host }).payments.mode).toBe('local');
  });

  it('stops a production start on the network, behind a proxy or with a public origin, naming PAYMENTS and every mode', () => {
    for (const reachable of [{ HOST: '0.0.0.0' }, { HOST: '::' }, { HOST: '10.0.0.5' }, { TRUST_PROXY: '1' }, { PUBLIC_ORIGIN: 'https://pq.example.com' }]) {
      expect(() => loadConfig({ ...production, ...reachable })).toThrow(ConfigError);
      expect(() => loadConfig({ ...production, ...reachable })).toThrow(/Set PAYMENTS: .*PAYMENTS=off .*PAYMENTS=sandbox or live .*PAYMENTS=local/);
    }
  });

  it('refuses PAYMENTS=local there too, unless UNSAFE_LOCAL_PAYMENTS_ON_NETWORK=yes', () => {
    const open = { ...production, HOST: '0.0.0.0' };
    expect(() => loadConfig({ ...open, PAYMENTS: 'local' })).toThrow(/UNSAFE_LOCAL_PAYMENTS_ON_NETWORK=yes/);
    expect(loadConfig({ ...open, PAYMENTS: 'local', UNSAFE_LOCAL_PAYMENTS_ON_NETWORK: 'yes' }).payments).toEqual({ mode: 'local', paypal: null, unsafeLocal: true });
    expect(loadConfig({ ...open, UNSAFE_LOCAL_PAYMENTS_ON_NETWORK: 'yes' }).payments.mode).toBe('local');
    expect(() => loadConfig({ ...open, UNSAFE_LOCAL_PAYMENTS_ON_NETWORK: 'true' })).toThrow(/UNSAFE_LOCAL_PAYMENTS_ON_NETWORK/);
    expect(loadConfig({ ...open, PAYMENTS: 'off' }).payments.mode).toBe('off');
  });
});
