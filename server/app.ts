/**
 * createApp(deps): the whole Express app, without listening (server/main.ts listens). Tests build
 * it on a temporary database; main builds it on the configured one.
 */
import express, { type RequestHandler } from 'express';
import session from 'express-session';
import { join } from 'node:path';
import type { AppDatabase } from '../db/connection.ts';
import { loadEngine, type Engine } from '../engine/src/index.ts';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import { openAppStorage } from './app-storage.ts';
import { EnginePool } from './engine/pool.ts';
import { notFound, unauthorized } from './errors.ts';
import { apiNotFound, errorHandler } from './http/error-handler.ts';
import { CallSlots } from './http/call-slots.ts';
import { headerOf } from './http/exchange.ts';
import { FastLane, type AppHandler, type TrustProxy } from './http/fast-lane.ts';
import { IdempotencyService } from './http/idempotency.ts';
import { jsonDepthLimit } from './http/json-depth.ts';
import { networkWarnings } from './http/network-warnings.ts';
import { wellFormedText } from './http/well-formed-text.ts';
import { perIpLimit } from './http/rate-limit.ts';
import { requestLog } from './http/request-log.ts';
import { accountAuth, requireManageKey } from './http/account-auth.ts';
import { ApiBuilder, type Auth } from './http/route.ts';
import { originCheck, securityHeaders } from './http/security.ts';
import { absoluteSessionLifetime } from './http/session-lifetime.ts';
import { Housekeeping } from './housekeeping.ts';
import { createLogger, type Logger } from './logger.ts';
import { useTracer } from './observability/request-context.ts';
import { createMetrics, type AppMetrics } from './observability/metrics.ts';
import { METRICS_PATH } from './observability/http-metrics.ts';
import { tokenScrape } from './observability/metrics-endpoint.ts';
import { Mailer } from './mail/mailer.ts';
import { Outbox } from './mail/outbox.ts';
import { OUTBOX_PATH, outboxRoutes } from './mail/outbox.routes.ts';
import { AuthService } from './features/auth/auth.service.ts';
import { EmailVerification } from './features/auth/email-verification.ts';
import { createPassport } from './features/auth/auth.passport.ts';
import { authRoutes } from './features/auth/auth.routes.ts';
import { accountDataRoutes } from './features/account-data/account-data.routes.ts';
import { AccountData } from './features/account-data/account-data.service.ts';
import { AccountDeletion } from './features/account-data/account-deletion.ts';
import { AccountExports } from './features/account-data/account-export.ts';
import { HistoryDeletion } from './features/operations/history-deletion.ts';
import { requireStepUp } from './features/auth/step-up.ts';
import { TwoFactor } from './features/auth/two-factor.ts';
import { twoFactorRoutes } from './features/auth/two-factor.routes.ts';
import { accountRoutes } from './features/auth/account.routes.ts';
import { AccountPasswords } from './features/auth/account-password.ts';
import { AccountNotices } from './features/auth/account-notices.ts';
import { EmailChanges } from './features/auth/email-change.ts';
import { recordSessionUse, SessionService } from './features/auth/sessions.service.ts';
import { ContactService } from './features/contact/contact.service.ts';
import { contactRoutes } from './features/contact/contact.routes.ts';
import { DilionService } from './features/dilion/dilion.service.ts';
import { createDilionViews } from './features/dilion/dilion.views.ts';
import { dilionRoutes } from './features/dilion/dilion.routes.ts';
import { PidService } from './features/dilion/dilion-pid.service.ts';
import { Qes2Service } from './features/qes2/qes2.service.ts';
import { createQes2Views } from './features/qes2/qes2.views.ts';
import { ZkFidnaService } from './features/zkfidna/zkfidna.service.ts';
import { ZK_VERIFY_BATCH_BODY_LIMIT_BYTES, ZK_VERIFY_BATCH_PATH, zkFidnaRoutes } from './features/zkfidna/zkfidna.routes.ts';
import { demoBenchmarkRoutes } from './features/demo-benchmark/demo-benchmark.routes.ts';
import { AddressOwners } from './features/demo/demo-session.ts';
import { demoSessionRoutes } from './features/demo/demo-session.routes.ts';
import { ServiceKeyService } from './features/service-keys/service-keys.service.ts';
import { serviceKeyRoutes } from './features/service-keys/service-keys.routes.ts';
import { qes2Routes } from './features/qes2/qes2.routes.ts';
import { kmsSigningRoutes, SIGN_BATCH_BODY_LIMIT_BYTES, SIGN_BATCH_PATH } from './features/kms-signing/kms-signing.routes.ts';
import { KemService } from './features/kem/kem.service.ts';
import { kemRoutes } from './features/kem/kem.routes.ts';
import { managedKeyRoutes } from './features/signing-keys/managed-keys.routes.ts';
import { debugRoutes } from './features/debug/debug.routes.ts';
import { docsRoutes } from './features/health-and-docs/docs.routes.ts';
import { healthRoutes } from './features/health-and-docs/health.routes.ts';
import { probeRoutes, recheckReadiness } from './features/health-and-docs/probes.routes.ts';
import { Readiness } from './observability/readiness.ts';
import { ApiKeyService } from './features/api-keys/api-keys.service.ts';
import { AuditLog } from './features/audit/audit.service.ts';
import { auditRoutes } from './features/audit/audit.routes.ts';
import { apiKeyRoutes } from './features/api-keys/api-keys.routes.ts';
import { OperationsService } from './features/operations/operations.service.ts';
import { operationRoutes } from './features/operations/operations.routes.ts';
import { PurchasesService } from './features/purchases/purchases.service.ts';
import { purchaseRoutes } from './features/purchases/purchases.routes.ts';
import { createPayments } from './features/payments/payments.wiring.ts';
import { paymentRoutes } from './features/payments/payments.routes.ts';
import { SigningKeyService } from './features/signing-keys/signing-keys.service.ts';
import { KeyMaterials } from './features/key-lifecycle/key-material.ts';
import { KeyLifecycleService } from './features/key-lifecycle/key-lifecycle.service.ts';
import { KeyImportsService } from './features/key-lifecycle/key-imports.service.ts';
import { keyImportRoutes } from './features/key-lifecycle/key-imports.routes.ts';
import { keyLifecycleRoutes } from './features/key-lifecycle/key-lifecycle.routes.ts';
import { signingKeyRoutes } from './features/signing-keys/signing-keys.routes.ts';
import { MeteringService } from './features/metering/metering.service.ts';
import { usageRoutes } from './features/metering/usage.routes.ts';
import { SpendingLimits } from './features/metering/spending-limits.ts';
import { deriveKey, loadMasterKey } from './security/master-key.ts';
import { LoginThrottle } from './security/login-throttle.ts';
import { DeviceCookies } from './security/device-cookie.ts';
import { PasswordHasher } from './security/passwords.ts';
import { createSealer } from './security/sealing.ts';
import './types.ts';
import { APP_VERSION } from './version.ts';

export interface AppDeps {
  config: Config;
  /** A SQLite database the caller opened and closes (tests); default: the engine of config.database, opened here and closed by close(). */
  database?: AppDatabase;
  /** Default: a pool of config.engineWorkers (and closed by close()). */
  pool?: EnginePool;
  /** The main thread's engine, for microsecond work such as decoding a signature's views. Default: loaded here. */
  engine?: Engine;
  logger?: Logger;
  /** Mounted after the API, e.g. the web app's static files (server/web/static.ts). */
  extraRoutes?: (app: express.Express) => void;
  /** The clock of metering, plans and payments; tests move it across months instead of waiting. */
  now?: () => Date;
  /** The process's readiness (server/ops/serve.ts moves it); default: one already serving. */
  readiness?: Readiness;
}

export interface AppInstance {
  /** The request listener: the fast lane's calls, and Express for everything else; listen() starts a server on it. */
  app: AppHandler;
  /** The Express app behind it (every route, the lane's included). */
  express: express.Express;
  lane: FastLane;
  context: AppContext;
  /** What GET /api/v1/health/ready reports; onChange feeds a gauge (docs/decisions/063). */
  readiness: Readiness;
  /** The SQLite database, when that is the engine (the WAL checkpointer; tests arrange rows through it). */
  database: AppDatabase | undefined;
  /** Prometheus metrics (docs/decisions/062); NO_METRICS, with no registry, unless config.metrics is set. */
  metrics: AppMetrics;
  /** Call once the server listens (origin: http://127.0.0.1:PORT): the local PayPal sandbox is reached there. */
  listening(origin: string): void;
  /** Stops timers and closes what createApp opened itself. */
  close(): Promise<void>;
}

/** The largest request body read (256 KiB), by Express's JSON parser and the fast lane. */
export const BODY_LIMIT_BYTES = 256 * 1024;
const SESSION_COOKIE = 'pq.sid';
const SESSION_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

export async function createApp(deps: AppDeps): Promise<AppInstance> {
  const { config } = deps;
  // First, so that nothing is open yet if the engine cannot load.
  const engine = deps.engine ?? (await loadEngine());
  const logger = deps.logger ?? createLogger(config.logLevel);
  const master = loadMasterKey(config.masterKey, config.masterKeyFile);
  const opened = await openAppStorage(config, logger, { master, ...(deps.database ? { database: deps.database } : {}) });
  const { storage } = opened;
  const pool = deps.pool ?? new EnginePool(config.engineWorkers, { workerNiceness: config.engineWorkerNiceness, logger });
  // Loaded only when an endpoint is set: without one, no OpenTelemetry module is (docs/decisions/064).
  const telemetry = config.openTelemetry && (await import('./observability/otel-export.ts')).startOtelExport(config.openTelemetry, logger);
  if (telemetry) useTracer(telemetry.tracer);

  // Created before the routes so each part gets its instruments; the route templates are read once requests come.
  const metrics = await createMetrics({ config, pool, version: APP_VERSION, templates: () => api.templates });
  const app = express();
  app.disable('x-powered-by');
  // API answers are not cached by validators; hashing every JSON body for an ETag cost ~2 % per call.
  app.set('etag', false);
  app.set('trust proxy', config.trustProxy);
  // The owners of cookieless demo calls (features/demo/demo-session.ts), reached from the request.
  app.locals.addressOwners = new AddressOwners(storage.demoSessions, deriveKey(master, 'demo-address-owner'));
  // Run before every route, by Express and by the fast lane alike.
  const everyRequest = [requestLog(logger, metrics.onResponse), securityHeaders(config.env === 'production')];
  app.use(...everyRequest);
  const bodyChecks = [jsonDepthLimit, wellFormedText];
  // A sign batch alone may send up to 1 MiB: parsed here first, the app's parser then leaves its body alone.
  app.use(SIGN_BATCH_PATH, express.json({ limit: SIGN_BATCH_BODY_LIMIT_BYTES, strict: true }));
  app.use(ZK_VERIFY_BATCH_PATH, express.json({ limit: ZK_VERIFY_BATCH_BODY_LIMIT_BYTES, strict: true }));
  app.use(express.json({ limit: BODY_LIMIT_BYTES, strict: true }), ...bodyChecks);
  const lane = new FastLane({ before: everyRequest, bodyChecks, errorHandler, bodyLimit: BODY_LIMIT_BYTES, trustProxy: app.get('trust proxy fn') as TrustProxy });

  const now = deps.now ?? (() => new Date());
  const audit = new AuditLog(storage.audit, logger, now);
  // One sealer for every version's seed: version 1's is the key's own (docs/decisions/056).
  const keySeedSealer = createSealer(deriveKey(master, 'signing-key-seed'));
  // The app's clock (deps.now) dates rotations, deletions and imports, so stories can move it.
  const keyLifecycle = new KeyLifecycleService(storage.keyLifecycle, pool, keySeedSealer, audit, deps.now);
  const keyImports = new KeyImportsService({
    imports: storage.keyImports, signingKeys: storage.signingKeys, lifecycle: keyLifecycle, pool,
    importSealer: createSealer(deriveKey(master, 'key-import-secret')), seedSealer: keySeedSealer, ...(deps.now ? { now: deps.now } : {}),
  });
  const housekeeping = new Housekeeping(storage.housekeeping, {
    audit: storage.audit,
    keyLifecycle: async () => ({ ...(await keyLifecycle.housekeep()), keyImports: await keyImports.purgeExpired() }),
    onError: (error) => logger.warn({ err: error }, 'housekeeping could not run; the next run tries again'),
  });
  await housekeeping.run();
  const sessionMiddleware = session({
    name: SESSION_COOKIE,
    secret: deriveKey(master, 'session-cookie').toString('base64'),
    store: opened.sessionStore,
    resave: false,
    saveUninitialized: false,
    // 'auto': Secure whenever the request came over HTTPS (directly or through a trusted proxy).
    cookie: { httpOnly: true, sameSite: 'lax', secure: config.env === 'production' ? 'auto' : false, maxAge: SESSION_MAX_AGE_MS },
  });

  const outbox = config.mail === 'outbox' ? new Outbox(join(config.dataDir, 'outbox')) : null;
  const mailer = new Mailer(config.smtp, outbox, config.smtp?.from);
  for (const warning of networkWarnings(config)) logger.warn(warning);
  if (config.mail === 'none') logger.warn('SMTP_URL is not set: this server cannot send mail (email verification, password resets, billing notices); set it before people use the server');
  else if (outbox) logger.info({ outbox: outbox.dir }, `no SMTP: mail is kept in the outbox, readable at ${config.publicUrl}${OUTBOX_PATH} from this machine`);
  storage.metering.onPlanExpired = (userId, ended, current) =>
    void audit.record({
      accountId: userId, type: 'plan.expired', actor: 'system',
      details: { plan: ended.tier, expiredAt: new Date(ended.expiresAt!).toISOString(), now: current.tier, nowExpiresAt: current.expiresAt === null ? null : new Date(current.expiresAt).toISOString() },
    });
  // One store per limiter: on PostgreSQL each keeps its counts apart from the others' in one table.
  const limit = (name: string, perWindow: number, windowMs?: number) => perIpLimit(perWindow, windowMs, opened.rateLimitStore(name));
  const apiKeys = new ApiKeyService(storage.apiKeys, createSealer(deriveKey(master, 'pending-api-secret')), now);
  const hasher = new PasswordHasher(config.scryptLogN, config.hashing);
  const auth = new AuthService(storage.accounts, apiKeys, hasher, new LoginThrottle(config.loginThrottle, opened.loginThrottleStore), new DeviceCookies(deriveKey(master, 'device-cookie')));
  const passport = createPassport(auth, config);
  const signingKeys = new SigningKeyService(storage.signingKeys, pool, keySeedSealer, audit);
  const keyMaterials = new KeyMaterials(storage.keyLifecycle, signingKeys, keySeedSealer);
  const operations = new OperationsService(storage.operations, storage.operationHistory, (error, row) =>
    logger.error({ err: error, operation: { algorithm: row.algorithm, operationType: row.operationType, channel: row.channel } }, 'an operation record could not be stored'),
    () => pool.queued > 0,
    metrics,
  );
  const serviceKeys = new ServiceKeyService(storage.serviceKeys, pool, createSealer(deriveKey(master, 'service-key-seed')));

  const withSession: RequestHandler[] = [
    sessionMiddleware, absoluteSessionLifetime(), passport.initialize(), passport.session(), recordSessionUse(), originCheck(config.publicOrigins),
  ];
  const sessions = new SessionService(storage.sessions);
  const requireUser: RequestHandler = (req, _res, next) =>
    next(req.user ? undefined : unauthorized('not_authenticated', 'Log in first: this needs a signed-in session.'));
  const apiKeyAuth: RequestHandler = async (req, _res, next) => {
    req.apiCaller = await apiKeys.authenticate(headerOf(req, 'x-api-key'), headerOf(req, 'x-api-secret'), { ip: req.ip });
    next();
  };
  const authChains: Record<Auth, RequestHandler[]> = {
    none: [],
    session: withSession,
    user: [...withSession, requireUser],
    apiKey: [apiKeyAuth],
    // A management key's requests are counted per address before authentication, so wrong secrets are bounded too (docs/decisions/057).
    account: [accountAuth([...withSession, requireUser], [limit('management-keys', config.rateLimits.reads), apiKeyAuth, requireManageKey])],
  };
  const api = new ApiBuilder(app, { auth: authChains, checkResponses: config.env !== 'production', lane });

  const spending = new SpendingLimits(storage.spendingLimits, mailer, logger, now);
  const metering = new MeteringService(storage.metering, { now, overage: config.payments.mode !== 'off', spending, metrics });
  const idempotency = new IdempotencyService(storage.idempotency, { sealer: createSealer(deriveKey(master, 'idempotency-body')), hashKey: deriveKey(master, 'idempotency-hash') }, undefined, metrics);
  // Before serving: idempotent calls the previous process left running died with it, unanswered.
  const dropped = await idempotency.dropPending();
  if (dropped > 0) logger.warn({ idempotencyKeysFreed: dropped }, 'calls left unanswered by the previous process were dropped');
  const paymentParts = await createPayments({
    config: config.payments, seller: config.seller, storage, apiKeys, metering, spending, logger, now,
    pageLimit: limit('payment-pages', config.rateLimits.paymentPages), mailer, publicUrl: config.publicUrl, audit, metrics,
  });

  const accountNotices = new AccountNotices(mailer, logger, config.publicUrl);
  const historyDeletion = new HistoryDeletion(storage.operationHistory);
  const purchases = new PurchasesService(storage.purchases, { now });
  const context: AppContext = {
    config,
    logger,
    storage,
    pool,
    api,
    passport,
    sessionCookieName: SESSION_COOKIE,
    mailer,
    limits: {
      auth: limit('auth', config.rateLimits.auth),
      demo: limit('demo', config.rateLimits.demo),
      demoBenchmark: limit('demo-benchmark', config.rateLimits.demo),
      reads: limit('reads', config.rateLimits.reads),
      webhooks: limit('webhooks', config.rateLimits.webhooks),
      registrations: limit('registrations', config.registrationsPerHour, 3_600_000),
      contact: limit('contact', config.contactMessagesPerDay, 86_400_000),
    },
    callSlots: CallSlots.perKey(config.concurrentCallsPerKey),
    accountSlots: opened.accountSlots,
    auth,
    sessions,
    accountNotices,
    passwords: new AccountPasswords(storage.accounts, storage.accountLinks, hasher, sessions, accountNotices, logger, config.publicUrl, now),
    emailChanges: new EmailChanges(storage.accounts, storage.accountLinks, hasher, accountNotices, logger, config.publicUrl, now),
    twoFactor: new TwoFactor(storage.twoFactor, opened.loginThrottleStore, createSealer(deriveKey(master, 'totp-secret')), accountNotices, logger, now),
    requireStepUp: requireStepUp(() => now().getTime()),
    emailVerification: new EmailVerification(storage.accountLinks, mailer, logger, {
      key: deriveKey(master, 'email-verification'),
      baseUrl: config.publicUrl,
    }),
    accountData: new AccountData(storage.accountData, operations, historyDeletion, now),
    accountExports: new AccountExports({ auth, apiKeys, signingKeys, keyLifecycle, purchases, receipts: paymentParts.receipts, operations }),
    accountDeletion: new AccountDeletion(storage.accountData, hasher, sessions, operations, historyDeletion, accountNotices, logger, now),
    apiKeys,
    metering,
    spending,
    idempotency,
    signingKeys,
    operations,
    purchases,
    payments: paymentParts.payments,
    webhooks: paymentParts.webhooks,
    billing: paymentParts.billing,
    receipts: paymentParts.receipts,
    paypalSandbox: paymentParts.sandbox,
    planNotices: paymentParts.notices,
    serviceKeys,
    keyMaterials,
    keyLifecycle,
    keyImports,
    dilion: new DilionService(pool, keyMaterials, new PidService(pool, serviceKeys), createDilionViews(engine.mlDsa65)),
    qes2: new Qes2Service(pool, keyMaterials, createQes2Views(engine.mlDsa65)),
    kem: new KemService(pool, keyMaterials),
    zkFidna: new ZkFidnaService(pool, keyMaterials),
    contact: new ContactService(storage.contact, mailer, logger),
    audit,
    readiness: deps.readiness ?? new Readiness('serving'),
  };

  // Accounts deleted before and not yet purged (the previous process stopped mid-way, say).
  void context.accountDeletion.resume();

  healthRoutes(context);
  probeRoutes(context);
  metrics.followReadiness(context.readiness, () => recheckReadiness(context));
  authRoutes(context);
  accountRoutes(context);
  twoFactorRoutes(context);
  accountDataRoutes(context);
  managedKeyRoutes(context);
  kemRoutes(context);
  apiKeyRoutes(context);
  signingKeyRoutes(context);
  keyLifecycleRoutes(context);
  keyImportRoutes(context);
  usageRoutes(context);
  dilionRoutes(context);
  qes2Routes(context);
  kmsSigningRoutes(context);
  zkFidnaRoutes(context);
  demoBenchmarkRoutes(context);
  demoSessionRoutes(context);
  serviceKeyRoutes(context);
  operationRoutes(context);
  purchaseRoutes(context);
  contactRoutes(context);
  auditRoutes(context);
  if (config.debugRoutes) debugRoutes(context);
  else app.use(['/api/debug', '/api/v1/debug'], (_req, _res, next) => next(notFound('debug_routes_off', 'The key inspector is off on this server: start it with DEBUG_ROUTES=on to use it.')));
  docsRoutes(context, APP_VERSION);
  paymentRoutes(context);
  if (config.payments.mode === 'off') {
    app.use(['/api/payments', '/api/v1/payments'], (_req, _res, next) => next(notFound('payments_off', 'This server sells no plans (PAYMENTS=off): its operator sets each account’s plan.')));
  }
  paymentParts.mount(app);
  if (outbox) outboxRoutes(app, outbox);
  api.refuseOtherMethods();
  app.use('/api', apiNotFound);
  // Behind its token only; without one, a 404 of its own, not the web app's page that other unknown paths get (docs/decisions/062).
  if (config.metrics?.token) app.get(METRICS_PATH, tokenScrape(metrics, config.metrics.token));
  else app.get(METRICS_PATH, (_req, _res, next) => next(notFound('not_found', `There is no GET ${METRICS_PATH} on this port.`)));
  deps.extraRoutes?.(app);
  app.use(errorHandler);

  return {
    app: lane.handler(app),
    express: app,
    lane,
    context,
    readiness: context.readiness,
    database: opened.sqlite,
    metrics,
    listening: (origin) => paymentParts.listening(origin),
    close: async () => {
      paymentParts.close();
      await operations.flush();
      metrics.close();
      historyDeletion.close();
      housekeeping.close();
      if (!deps.pool) await pool.close();
      await opened.close();
      if (telemetry) {
        useTracer(undefined);
        await telemetry.shutdown();
      }
    },
  };
}
