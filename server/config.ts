/**
 * The one place the environment is read. Validated with zod; every setting has a default that works
 * with no environment at all (docs/architecture.md §8). Anything invalid stops the start with a message naming
 * the variable, rather than running half-configured.
 */
import { readFileSync, statSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import { parseEnv } from 'node:util';
import { z } from 'zod';

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

/** An OTLP/HTTP endpoint: an http(s) URL, checked at start rather than at the first export. */
const otlpUrl = z
  .string()
  .refine((v) => /^https?:\/\/[^\s]+$/.test(v) && URL.canParse(v), { message: 'must be an http:// or https:// URL' })
  .optional();

/** Every setting, described for docs/configuration.md (generated from here by scripts/config-reference.ts). */
export const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development').meta({
    description: '`npm start`, `npm run ops` and the executable run in production unless this says otherwise: Secure cookies over HTTPS, HSTS, debug routes off.',
  }),
  PORT: z.coerce.number().int().min(0).max(65_535).default(5000).meta({ description: 'The port the web app and the API are served on.' }),
  HOST: z.string().default('127.0.0.1').meta({
    description: 'The address to listen on. The default accepts only connections from this machine (a browser on it, or a reverse proxy beside it); 0.0.0.0 (or ::) to accept them from the network.',
  }),
  DATA_DIR: z.string().default('./data').meta({ description: 'Holds app.db and, when MASTER_KEY is unset, master.key; made with mode 0700. Relative to the working folder.' }),
  DATABASE_URL: optionalString.meta({
    description: 'The database: a SQLite file (a path, or file:PATH / sqlite:PATH; default DATA_DIR/app.db), or a PostgreSQL 15+ server (postgres://USER:PASSWORD@HOST:PORT/DATABASE) for several instances.',
  }),
  MASTER_KEY: optionalString.meta({
    description: 'The 32-byte master key (64 hex digits or base64) that seals signing-key seeds and pending API secrets and signs sessions. Default: read from, or created once in, DATA_DIR/master.key (mode 0600).',
  }),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info').meta({ description: 'pino log level; logs are JSON lines on stdout.' }),
  PUBLIC_ORIGIN: optionalString.meta({
    description: 'The origins browsers reach the site at (comma-separated, e.g. https://pq.example.com): allowed on cookie-authenticated writes besides the request\'s own host; the first one is where mailed links point (else http://localhost:PORT).',
  }),
  TRUST_PROXY: z
    .string()
    .trim()
    .default('0')
    .transform((value, ctx) => {
      const trust = parseTrustProxy(value);
      if (typeof trust === 'string') {
        ctx.addIssue({ code: 'custom', message: trust });
        return z.NEVER;
      }
      return trust;
    })
    .meta({
      description:
        'Which reverse proxies to believe about the client (X-Forwarded-For: client IPs for rate limits; X-Forwarded-Proto: HTTPS for Secure cookies). Best: the proxy\'s addresses, as `loopback` (a proxy on this machine), IPs and subnets (`10.0.0.0/8,fd00::/8`), or `linklocal`/`uniquelocal`. A number is a hop count (1: the nearest peer, whoever it is); 0 believes no one.',
    }),
  REGISTRATIONS_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(5).meta({
    description: 'Accounts one client address may create per hour (each costs a password hash, a key and a mail). Raise it for tests or a private server where many people share one address.',
  }),
  KEEP_ALIVE_TIMEOUT_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(3600)
    .default(130)
    .meta({
      description:
        'How long an idle keep-alive connection stays open. Behind a reverse proxy it must be longer than the proxy\'s idle time for its upstream connections (Caddy 120 s, nginx and AWS ALB 60 s), or the proxy now and then sends a request on a connection the server is closing and answers 502 (docs/decisions/034).',
    }),
  SHUTDOWN_DELAY_SECONDS: z.coerce
    .number()
    .min(0)
    .max(300)
    .optional()
    .meta({
      description:
        'On SIGTERM, how long the server keeps answering while GET /api/v1/health/ready says 503 draining, so a load balancer stops sending it requests before it stops listening; then it drains as before. Default: 5 in production, 0 otherwise. SIGINT (Ctrl-C) skips it (docs/decisions/063).',
    }),
  ENGINE_WORKERS: z.coerce.number().int().min(1).max(64).optional().meta({ description: 'Engine worker threads. Default: one per core.' }),
  ENGINE_WORKER_NICENESS: z.coerce
    .number()
    .int()
    .min(0)
    .max(19)
    .default(10)
    .meta({
      description:
        'Linux: steps of scheduling niceness the engine worker threads take below the server\'s own, so the thread that answers every request gets a core first when the machine is busy (docs/decisions/033). 0: the same priority.',
    }),
  GOOGLE_CLIENT_ID: optionalString.meta({ description: 'Google sign-in: the OAuth client id (set with GOOGLE_CLIENT_SECRET, or neither).' }),
  GOOGLE_CLIENT_SECRET: optionalString.meta({ description: 'Google sign-in: the OAuth client secret.' }),
  GOOGLE_CALLBACK_URL: z.string().default('/api/auth/google/callback').meta({ description: 'Google sign-in: the redirect URL registered with Google; absolute (https://your.host/...) in production.' }),
  API_KEY_CONCURRENCY: z.coerce
    .number()
    .int()
    .min(1)
    .max(10_000)
    .default(16)
    .meta({ description: 'Public API calls one key may have running at once; more answer 429 too_many_concurrent_calls.' }),
  ACCOUNT_CONCURRENCY: z.coerce
    .number()
    .int()
    .min(1)
    .max(10_000)
    .default(32)
    .meta({
      description:
        'Public API calls one account may have running or waiting at once, all its API keys together (the per-key limit multiplies by keys); more answer 429 too_many_concurrent_calls (docs/api.md §4, docs/decisions/042).',
    }),
  DEBUG_ROUTES: z.enum(['on', 'off']).optional().meta({ description: 'The debug key inspector (/api/debug/*). Default: on, except in production.' }),
  SMTP_URL: optionalString.meta({
    description: 'smtp://user:pass@host:port (or smtps://): mail is sent only when set. Without it a server nobody else can reach keeps its mail in DATA_DIR/outbox (readable at /outbox from this machine); one others can reach sends none, and says so at start.',
  }),
  CONTACT_TO: optionalString.meta({ description: 'Where contact-form messages are mailed; required with SMTP_URL.' }),
  CONTACT_FROM: z.string().default('no-reply@localhost').meta({ description: 'The From address of mails the server sends.' }),
  PAYMENTS: z.enum(['local', 'sandbox', 'live', 'off']).optional().meta({
    description:
      "How plans are sold (docs/decisions/035). local: the built-in PayPal emulator (offline try-out: no account, no money; anyone who reaches it can approve a purchase); sandbox / live: PayPal itself, with the three PAYPAL_* credentials below; off: nothing is sold and the operator sets plans with the `plan` command. Default: local on a server nobody else can reach (not production, or production on a loopback HOST with TRUST_PROXY=0 and no PUBLIC_ORIGIN); any other production start must choose.",
  }),
  UNSAFE_LOCAL_PAYMENTS_ON_NETWORK: z.enum(['yes']).optional().meta({
    description: 'yes: allow the PayPal emulator (PAYMENTS=local) on a production server others can reach, where anyone with an account gets any plan for nothing. For a demonstration server only.',
  }),
  PAYPAL_API_BASE: optionalString.meta({
    description:
      "For tests: PAYMENTS=sandbox's PayPal REST base on this machine (http://127.0.0.1:PORT/paypal-sandbox), where `npm run ops -- paypal-emulator` runs PayPal's emulator as a process of its own that several instances share. Default: PayPal's sandbox.",
  }),
  PAYPAL_MODE: optionalString.meta({ description: 'Renamed PAYMENTS (same values, and off): a start with it set stops and says so.' }),
  SELLER_NAME: z.string().trim().min(1).max(200).default('PQ Platform').meta({ description: 'The seller named on receipts and credit notes (your business name).' }),
  SELLER_ADDRESS: optionalString.meta({ description: 'The seller\'s postal address on receipts; use \\n for line breaks.' }),
  SELLER_EMAIL: optionalString.meta({ description: 'The seller\'s contact email on receipts.' }),
  SELLER_TAX_ID: optionalString.meta({ description: 'The seller\'s VAT or tax number on receipts, where the law asks for one.' }),
  PAYPAL_CLIENT_ID: optionalString.meta({ description: 'PayPal REST app client id (sandbox / live).' }),
  PAYPAL_CLIENT_SECRET: optionalString.meta({ description: 'PayPal REST app secret (sandbox / live).' }),
  PAYPAL_WEBHOOK_ID: optionalString.meta({ description: "The id of the PayPal webhook pointing at /api/payments/webhook (sandbox / live), used to verify PayPal's calls." }),
  OTEL_EXPORTER_OTLP_ENDPOINT: optionalString.pipe(otlpUrl).meta({
    description:
      'OpenTelemetry: the collector\'s OTLP/HTTP base URL (e.g. http://127.0.0.1:4318); spans of each request, engine task and group commit are sent to its /v1/traces. Unset (the default): no export, and no OpenTelemetry code is loaded (docs/decisions/064).',
  }),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: optionalString.pipe(otlpUrl).meta({
    description: 'OpenTelemetry: the full URL spans are sent to, instead of OTEL_EXPORTER_OTLP_ENDPOINT/v1/traces (either one turns the export on).',
  }),
  OTEL_EXPORTER_OTLP_HEADERS: optionalString.meta({
    description: 'OpenTelemetry: headers sent with each export, as key=value pairs separated by commas (a collector\'s token); masked by `config`.',
  }),
  OTEL_SERVICE_NAME: z.string().trim().min(1).default('pq-platform').meta({ description: 'OpenTelemetry: the service.name of the exported spans.' }),
  METRICS_PORT: z.coerce.number().int().min(1).max(65_535).optional().meta({
    description:
      'Prometheus metrics (docs/decisions/062): a listener of its own on this port serves GET /metrics, without a token. Metrics are off unless this or METRICS_TOKEN is set.',
  }),
  METRICS_HOST: z.string().default('127.0.0.1').meta({ description: 'The address the METRICS_PORT listener listens on; the default accepts only this machine (a Prometheus beside the server).' }),
  METRICS_TOKEN: optionalString.meta({
    description:
      'Prometheus metrics on the main port: GET /metrics answers only with `Authorization: Bearer <token>` (at least 32 characters, e.g. `openssl rand -hex 32`); 401 otherwise. Both METRICS_PORT and METRICS_TOKEN may be set.',
  }),
});
export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  /** Where the data lives: one SQLite file (one server process), or a PostgreSQL server (any number of instances; docs/decisions/050). */
  database: DatabaseTarget;
  /** SQLite's file (DATA_DIR/app.db unless DATABASE_URL names another); unused on PostgreSQL. */
  databaseFile: string;
  /** Raw MASTER_KEY, if given; otherwise the key file in dataDir is used (see security/master-key.ts). */
  masterKey: string | undefined;
  masterKeyFile: string;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  publicOrigins: string[];
  /** Where links in mails point: the first PUBLIC_ORIGIN, else http://localhost:PORT. */
  publicUrl: string;
  /** Express's "trust proxy": a hop count, or the proxies' addresses and subnets. */
  trustProxy: number | string[];
  /** node's server.keepAliveTimeout: how long an idle keep-alive connection stays open. */
  keepAliveTimeoutMs: number;
  /** On SIGTERM, how long to keep serving with readiness 503 'draining' before closing the listener. */
  shutdownDelayMs: number;
  engineWorkers: number;
  /** Steps of niceness the engine workers take below the event loop's thread (Linux). */
  engineWorkerNiceness: number;
  google: { clientId: string; clientSecret: string; callbackUrl: string } | undefined;
  smtp: { url: string; to: string; from: string } | undefined;
  /**
   * How mail leaves (docs/decisions/037): smtp when SMTP_URL is set; else, on a server nobody else
   * can reach, kept in the outbox (DATA_DIR/outbox, and /outbox on this machine); else none.
   */
  mail: 'smtp' | 'outbox' | 'none';
  /** Whether /api/debug/* (the key inspector) is served. */
  debugRoutes: boolean;
  payments: PaymentsConfig;
  /** Who receipts name as the seller (SELLER_*). */
  seller: SellerConfig;
  /** log2 of scrypt's N for passwords: 17 (docs/api.md §12); lowered only by tests that build their own config. */
  scryptLogN: number;
  /** Prometheus metrics (docs/decisions/062): null when off (neither METRICS_PORT nor METRICS_TOKEN). */
  metrics: MetricsConfig | null;
  /** Password hashes running at once, and waiting, before sign-ins are refused with 503. */
  hashing: { concurrent: number; queued: number };
  /** Wrong passwords per account and address within the window before that address is refused; past it, each try from an untrusted browser waits longer (docs/decisions/037). */
  loginThrottle: { failures: number; windowMs: number; tracked: number; maxDelayMs: number };
  /** Public API calls one key may have running at once. */
  concurrentCallsPerKey: number;
  /** The OpenTelemetry span export (OTEL_*), when an endpoint is set (docs/decisions/064). */
  openTelemetry: { tracesUrl: string; serviceName: string; secretHeaders: string | undefined } | undefined;
  /** Public API calls one account may have running or waiting at once, across its keys (ACCOUNT_CONCURRENCY). */
  concurrentCallsPerAccount: number;
  rateLimits: {
    /** Requests per minute per IP on login and register. */
    auth: number;
    /** Requests per minute per IP on the demo crypto routes. */
    demo: number;
    /** Requests per minute per IP on the public reads (operation history, performance). */
    reads: number;
    /** Requests per minute per IP on PayPal's webhook route (each one is verified with a call to PayPal). */
    webhooks: number;
    /** Requests per minute per IP on the PayPal emulator's approval pages (PAYMENTS=local). */
    paymentPages: number;
  };
  /** Accounts one client address may create per hour (REGISTRATIONS_PER_HOUR). */
  registrationsPerHour: number;
  /** Contact messages one client address may send per day. */
  contactMessagesPerDay: number;
}

/** Where metrics are served: a listener of their own, the main port behind a bearer token, or both. */
export interface MetricsConfig {
  port: number | null;
  host: string;
  token: string | null;
}

/** The shortest METRICS_TOKEN accepted: guessing it must be out of reach. */
export const METRICS_TOKEN_MIN_LENGTH = 32;

function metricsConfig(e: z.infer<typeof EnvSchema>): MetricsConfig | null {
  if (e.METRICS_PORT === undefined && e.METRICS_TOKEN === undefined) return null;
  if (e.METRICS_TOKEN !== undefined && e.METRICS_TOKEN.length < METRICS_TOKEN_MIN_LENGTH) {
    throw new ConfigError(`METRICS_TOKEN must be at least ${METRICS_TOKEN_MIN_LENGTH} characters (it is ${e.METRICS_TOKEN.length}): make one with \`openssl rand -hex 32\`.`);
  }
  if (e.METRICS_PORT !== undefined && e.METRICS_PORT === e.PORT) {
    throw new ConfigError(`METRICS_PORT is PORT (${e.PORT}): the metrics listener needs a port of its own, or unset METRICS_PORT and set METRICS_TOKEN to serve /metrics on PORT.`);
  }
  return { port: e.METRICS_PORT ?? null, host: e.METRICS_HOST, token: e.METRICS_TOKEN ?? null };
}

export interface SellerConfig {
  name: string;
  address: string | null;
  email: string | null;
  taxId: string | null;
}

export type PaymentsMode = 'local' | 'sandbox' | 'live' | 'off';

/** How plans are sold (docs/api.md §14.4, docs/decisions/035). */
export interface PaymentsConfig {
  mode: PaymentsMode;
  /** PayPal's REST host and credentials (sandbox / live); null in local mode, whose emulator draws its own at each start, and in off. */
  paypal: PaypalCredentials | null;
  /** Local mode on a server others can reach, allowed by UNSAFE_LOCAL_PAYMENTS_ON_NETWORK=yes. */
  unsafeLocal: boolean;
}

export interface PaypalCredentials {
  apiBase: string;
  clientId: string;
  clientSecret: string;
  webhookId: string;
}

/** PayPal's REST hosts, the API base of each mode unless PAYPAL_API_BASE points sandbox mode elsewhere. */
export const PAYPAL_HOSTS = { sandbox: 'https://api-m.sandbox.paypal.com', live: 'https://api-m.paypal.com' } as const;

const MODES_EXPLAINED =
  'PAYMENTS=off sells nothing (you set plans with the `plan` command); PAYMENTS=sandbox or live sells through PayPal (with PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET and PAYPAL_WEBHOOK_ID); PAYMENTS=local is the offline emulator, where anyone who reaches the server approves purchases without paying.';

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY as Express's "trust proxy" takes it: a hop count, or a list of addresses, subnets
 * (CIDR) and the names loopback, linklocal, uniquelocal. Returns an error message for anything else.
 */
export function parseTrustProxy(value: string): number | string[] | string {
  if (/^\d+$/.test(value)) return Number(value);
  const items = value.split(',').map((item) => item.trim()).filter(Boolean);
  const wrong = items.filter((item) => {
    if (PROXY_NAMES.has(item)) return false;
    const [address, bits, extra] = item.split('/');
    const family = isIP(address ?? '');
    if (family === 0 || extra !== undefined) return true;
    return bits !== undefined && !(/^\d+$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
  });
  if (items.length === 0 || wrong.length > 0) {
    return `TRUST_PROXY must be a hop count, or addresses and subnets of your proxies (loopback, 10.0.0.0/8, ...): ${wrong.length > 0 ? `"${wrong.join('", "')}" is not one` : 'it is empty'}.`;
  }
  return items;
}

/** 127.0.0.0/8, ::1 and localhost: addresses no other machine can connect to. */
export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^(::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/**
 * Whether others can reach this server (docs/decisions/035): a production server, unless it listens
 * on loopback with no proxy in front (TRUST_PROXY=0) and no public origin. What only a private
 * server may do (the PayPal emulator, the mail outbox) depends on it.
 */
export function reachableFromOutside(e: Pick<z.infer<typeof EnvSchema>, 'NODE_ENV' | 'HOST' | 'TRUST_PROXY' | 'PUBLIC_ORIGIN'>): boolean {
  return e.NODE_ENV === 'production' && !(isLoopbackHost(e.HOST) && e.TRUST_PROXY === 0 && e.PUBLIC_ORIGIN === undefined);
}

/** PAYPAL_API_BASE, which only points sandbox mode at an emulator on this machine. */
function paypalApiBase(e: z.infer<typeof EnvSchema>, mode: 'sandbox' | 'live'): string {
  if (e.PAYPAL_API_BASE === undefined) return PAYPAL_HOSTS[mode];
  if (mode !== 'sandbox') throw new ConfigError('PAYPAL_API_BASE points PAYMENTS=sandbox at an emulator for tests; PAYMENTS=live always calls PayPal: unset PAYPAL_API_BASE.');
  let url: URL;
  try {
    url = new URL(e.PAYPAL_API_BASE);
  } catch {
    throw new ConfigError('PAYPAL_API_BASE must be a URL such as http://127.0.0.1:5055/paypal-sandbox (the emulator of `npm run ops -- paypal-emulator`).');
  }
  if (!['http:', 'https:'].includes(url.protocol) || !isLoopbackHost(url.hostname.replace(/^\[|\]$/g, ''))) {
    throw new ConfigError('PAYPAL_API_BASE must be an http(s) URL on this machine (127.0.0.1, ::1 or localhost): it is meant for tests against the emulator of `npm run ops -- paypal-emulator`.');
  }
  return url.toString().replace(/\/$/, '');
}

function paymentsConfig(e: z.infer<typeof EnvSchema>, database: DatabaseTarget): PaymentsConfig {
  if (e.PAYPAL_MODE !== undefined) {
    throw new ConfigError(`PAYPAL_MODE was renamed PAYMENTS: set PAYMENTS=${e.PAYPAL_MODE} instead (and see docs/configuration.md for PAYMENTS=off).`);
  }
  // Only a server nobody else can reach may default to the emulator (docs/decisions/035).
  const reachable = reachableFromOutside(e);
  const unsafeLocal = reachable && e.UNSAFE_LOCAL_PAYMENTS_ON_NETWORK === 'yes';
  const mode = e.PAYMENTS ?? (reachable && !unsafeLocal ? undefined : 'local');
  if (mode === undefined) {
    throw new ConfigError(`Set PAYMENTS: this production server can be reached from other machines (HOST=${e.HOST}${e.TRUST_PROXY ? `, TRUST_PROXY=${e.TRUST_PROXY}` : ''}${e.PUBLIC_ORIGIN ? ', PUBLIC_ORIGIN set' : ''}), so it does not choose how plans are sold for you. ${MODES_EXPLAINED}`);
  }
  if (mode === 'local' && reachable && !unsafeLocal) {
    throw new ConfigError(`PAYMENTS=local on a production server others can reach would give every account any plan for nothing. Choose another mode, or set UNSAFE_LOCAL_PAYMENTS_ON_NETWORK=yes for a demonstration server. ${MODES_EXPLAINED}`);
  }
  if (mode === 'local' && database.engine === 'postgres') {
    throw new ConfigError(
      `${e.PAYMENTS ? 'PAYMENTS=local' : 'PAYMENTS defaults to local (the built-in PayPal emulator), which'} keeps PayPal's orders in this process's memory, where the other instances on this PostgreSQL database cannot see them: set PAYMENTS=off, sandbox or live. ${MODES_EXPLAINED}`,
    );
  }
  if (mode === 'local' || mode === 'off') {
    if (e.PAYPAL_API_BASE !== undefined) throw new ConfigError(`PAYPAL_API_BASE is for PAYMENTS=sandbox, and PAYMENTS is ${mode}: unset it.`);
    return { mode, paypal: null, unsafeLocal: mode === 'local' && unsafeLocal };
  }
  const missing = (['PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET', 'PAYPAL_WEBHOOK_ID'] as const).filter((name) => e[name] === undefined);
  if (missing.length > 0) {
    throw new ConfigError(`PAYMENTS=${mode} needs ${missing.join(', ')} (from your PayPal app and its webhook); or PAYMENTS=off to sell nothing.`);
  }
  return {
    mode,
    paypal: { apiBase: paypalApiBase(e, mode), clientId: e.PAYPAL_CLIENT_ID!, clientSecret: e.PAYPAL_CLIENT_SECRET!, webhookId: e.PAYPAL_WEBHOOK_ID! },
    unsafeLocal: false,
  };
}

export class ConfigError extends Error {}

export type DatabaseTarget = { engine: 'sqlite'; file: string } | { engine: 'postgres'; url: string };

function databaseTarget(url: string | undefined, dataDir: string): DatabaseTarget {
  if (url === undefined) return { engine: 'sqlite', file: join(dataDir, 'app.db') };
  // Anything with a scheme other than SQLite's would otherwise be taken for a file name.
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(url)?.[1]?.toLowerCase();
  if (scheme === 'postgres' || scheme === 'postgresql') {
    try {
      new URL(url);
    } catch {
      throw new ConfigError('DATABASE_URL is not a valid PostgreSQL URL: write postgres://USER:PASSWORD@HOST:PORT/DATABASE (percent-encode special characters in the password).');
    }
    return { engine: 'postgres', url };
  }
  if (scheme !== undefined && scheme !== 'file' && scheme !== 'sqlite') {
    throw new ConfigError(
      `DATABASE_URL: "${scheme}://" is not a database this server can use; set a SQLite file (file:./data/app.db, sqlite:/srv/pq/app.db, or a plain path) or a PostgreSQL server (postgres://USER:PASSWORD@HOST:PORT/DATABASE).`,
    );
  }
  const path = url.replace(/^(file|sqlite):(\/\/)?/, '');
  if (path === ':memory:') return { engine: 'sqlite', file: path };
  return { engine: 'sqlite', file: isAbsolute(path) ? path : resolve(path) };
}

/** Where a setting's value came from, as the `config` command shows it. */
export type SettingSource = 'environment' | '.env' | '.env.local' | 'default';

/** `.env` then `.env.local` (the later wins), both under the process environment (which wins over both). */
export const ENV_FILES = ['.env', '.env.local'] as const;
const ENV_FILE_LIMIT = 64 * 1024;

export interface Environment {
  env: NodeJS.ProcessEnv;
  /** Each setting of EnvSchema that is set, with where its value came from; unset ones are defaults. */
  sources: Partial<Record<string, Exclude<SettingSource, 'default'>>>;
}

/**
 * The settings of a start: the process environment over `.env.local` over `.env` in `dir` (the
 * folder the command runs in, as for `npm start` and the executable), so `.env.example` copied to
 * `.env` takes effect. Parsed with Node's own parser (util.parseEnv, the one behind
 * process.loadEnvFile) without touching process.env. A file that cannot be read stops the start.
 */
export function readEnvironment(processEnv: NodeJS.ProcessEnv, dir: string): Environment {
  const env: NodeJS.ProcessEnv = {};
  const sources: Environment['sources'] = {};
  for (const name of ENV_FILES) {
    const path = join(dir, name);
    let text: string;
    try {
      const stat = statSync(path, { throwIfNoEntry: false });
      if (stat === undefined) continue;
      if (!stat.isFile()) throw new ConfigError(`${path} is not a file: remove it, or make it a file of NAME=value lines.`);
      if (stat.size > ENV_FILE_LIMIT) throw new ConfigError(`${path} is larger than 64 KiB: it should hold only NAME=value lines (see .env.example).`);
      text = readFileSync(path, 'utf8');
    } catch (error) {
      if (error instanceof ConfigError) throw error;
      throw new ConfigError(`Cannot read ${path}: ${(error as Error).message}`);
    }
    for (const [key, value] of Object.entries(parseEnv(text))) {
      env[key] = value;
      sources[key] = name;
    }
  }
  for (const [key, value] of Object.entries(processEnv)) {
    if (value === undefined) continue;
    env[key] = value;
    sources[key] = 'environment';
  }
  return { env, sources };
}

/** Each setting of EnvSchema with where its value came from. */
export function settingSources(environment: Environment): Record<string, SettingSource> {
  return Object.fromEntries(Object.keys(EnvSchema.shape).map((name) => [name, environment.sources[name] ?? 'default']));
}

/** OpenTelemetry's own rule: the signal's endpoint as given, else the base endpoint with /v1/traces. */
function openTelemetryConfig(e: z.infer<typeof EnvSchema>): Config['openTelemetry'] {
  const tracesUrl = e.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ?? (e.OTEL_EXPORTER_OTLP_ENDPOINT && `${e.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/+$/, '')}/v1/traces`);
  return tracesUrl ? { tracesUrl, serviceName: e.OTEL_SERVICE_NAME, secretHeaders: e.OTEL_EXPORTER_OTLP_HEADERS } : undefined;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`Invalid environment variable ${issue.path.join('.')}: ${issue.message}`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  const database = databaseTarget(e.DATABASE_URL, dataDir);
  if ((e.GOOGLE_CLIENT_ID === undefined) !== (e.GOOGLE_CLIENT_SECRET === undefined)) {
    throw new ConfigError('Set both GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET to enable Google sign-in, or neither.');
  }
  if (e.NODE_ENV === 'production' && e.GOOGLE_CLIENT_ID !== undefined && !/^https?:\/\//.test(e.GOOGLE_CALLBACK_URL)) {
    throw new ConfigError(
      'GOOGLE_CALLBACK_URL must be an absolute URL in production (https://your.host/api/auth/google/callback): a relative one is resolved from request headers a client controls.',
    );
  }
  if (e.SMTP_URL !== undefined && e.CONTACT_TO === undefined) {
    throw new ConfigError('SMTP_URL is set but CONTACT_TO is not: say where contact messages should be mailed.');
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    database,
    databaseFile: database.engine === 'sqlite' ? database.file : join(dataDir, 'app.db'),
    masterKey: e.MASTER_KEY,
    masterKeyFile: join(dataDir, 'master.key'),
    logLevel: e.LOG_LEVEL,
    publicOrigins: (e.PUBLIC_ORIGIN ?? '').split(',').map((o) => o.trim()).filter(Boolean),
    publicUrl: (e.PUBLIC_ORIGIN ?? '').split(',').map((o) => o.trim()).find(Boolean) ?? `http://localhost:${e.PORT}`,
    trustProxy: e.TRUST_PROXY,
    keepAliveTimeoutMs: e.KEEP_ALIVE_TIMEOUT_SECONDS * 1000,
    shutdownDelayMs: Math.round((e.SHUTDOWN_DELAY_SECONDS ?? (e.NODE_ENV === 'production' ? 5 : 0)) * 1000),
    engineWorkers: e.ENGINE_WORKERS ?? availableParallelism(),
    engineWorkerNiceness: e.ENGINE_WORKER_NICENESS,
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET, callbackUrl: e.GOOGLE_CALLBACK_URL }
        : undefined,
    smtp: e.SMTP_URL && e.CONTACT_TO ? { url: e.SMTP_URL, to: e.CONTACT_TO, from: e.CONTACT_FROM } : undefined,
    mail: e.SMTP_URL ? 'smtp' : reachableFromOutside(e) ? 'none' : 'outbox',
    debugRoutes: e.DEBUG_ROUTES === undefined ? e.NODE_ENV !== 'production' : e.DEBUG_ROUTES === 'on',
    payments: paymentsConfig(e, database),
    metrics: metricsConfig(e),
    seller: { name: e.SELLER_NAME, address: e.SELLER_ADDRESS?.replaceAll('\\n', '\n') ?? null, email: e.SELLER_EMAIL ?? null, taxId: e.SELLER_TAX_ID ?? null },
    scryptLogN: 17,
    hashing: { concurrent: 2, queued: 8 },
    loginThrottle: { failures: 10, windowMs: 15 * 60_000, tracked: 100_000, maxDelayMs: 15 * 60_000 },
    concurrentCallsPerKey: e.API_KEY_CONCURRENCY,
    openTelemetry: openTelemetryConfig(e),
    concurrentCallsPerAccount: e.ACCOUNT_CONCURRENCY,
    rateLimits: { auth: 20, demo: 120, reads: 300, webhooks: 300, paymentPages: 60 },
    registrationsPerHour: e.REGISTRATIONS_PER_HOUR,
    contactMessagesPerDay: 5,
  };
}
