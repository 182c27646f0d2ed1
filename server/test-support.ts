/**
 * Builds real apps for tests: a temporary directory with its own SQLite file and master key, the
 * committed migrations, a real engine pool. Only costs differ from production: scrypt at N = 2^10
 * and generous rate limits, so suites stay fast (the production defaults are tested on their own).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import type { AppDatabase } from '../db/connection.ts';
import { createApp, type AppInstance } from './app.ts';
import { loadConfig, type Config } from './config.ts';
import { EnginePool } from './engine/pool.ts';
import { Writable } from 'node:stream';
import { createLogger, type Logger } from './logger.ts';

/** Tests send this Origin on cookie-authenticated writes, as a browser on the site would. */
export const TEST_ORIGIN = 'http://app.test';

/** An app on SQLite, whose database tests reach to arrange rows and read them back. */
export type SqliteApp = AppInstance & { database: AppDatabase };

export interface TestApp extends SqliteApp {
  dir: string;
  config: Config;
}

/** The instance, with its SQLite database; throws for an app on PostgreSQL. */
export function onSqlite(instance: AppInstance): SqliteApp {
  if (!instance.database) throw new Error('this test needs an app on SQLite');
  return instance as SqliteApp;
}

export function testConfig(dir: string, overrides: Partial<Config> = {}): Config {
  const base = loadConfig({ NODE_ENV: 'test', DATA_DIR: dir, LOG_LEVEL: 'silent', PUBLIC_ORIGIN: TEST_ORIGIN });
  return { ...base, scryptLogN: 10, hashing: { concurrent: 4, queued: 1000 }, concurrentCallsPerKey: 1000, concurrentCallsPerAccount: 1000, engineWorkers: 2, rateLimits: { auth: 10_000, demo: 10_000, reads: 10_000, webhooks: 10_000, paymentPages: 10_000 }, registrationsPerHour: 10_000, contactMessagesPerDay: 10_000, ...overrides };
}

/** One app on a fresh database; `pool` may be shared between apps of a file to save start-up time. */
export async function createTestApp(options: { config?: Partial<Config>; pool?: EnginePool; now?: () => Date; logger?: Logger } = {}): Promise<TestApp> {
  const dir = mkdtempSync(join(tmpdir(), 'pq-server-'));
  const config = testConfig(dir, options.config);
  const { pool, now, logger } = options;
  const instance = await createApp({ config, ...(pool ? { pool } : {}), ...(now ? { now } : {}), ...(logger ? { logger } : {}) });
  return {
    ...onSqlite(instance),
    dir,
    config,
    close: async () => {
      await instance.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

let counter = 0;

/** Registers a fresh account through the API and signs in, as the sign-up form does; the agent keeps the session cookie. */
export async function signUp(app: Pick<TestApp, 'app'>, email = `user${++counter}-${Date.now()}@example.com`) {
  const agent = request.agent(app.app);
  const registered = await agent.post('/api/auth/register').send({ email, password: 'correct horse battery', firstName: 'Ada', lastName: 'Lovelace' });
  if (registered.status !== 202) throw new Error(`sign-up failed: ${registered.status} ${JSON.stringify(registered.body)}`);
  const res = await agent.post('/api/auth/login').send({ email, password: 'correct horse battery' });
  if (res.status !== 200) throw new Error(`sign-in after sign-up failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { agent, user: res.body as { id: string; email: string }, email };
}

/** Opens a fresh verification link for the user, as the owner of the mailbox would. */
export async function verifyEmail(app: Pick<TestApp, 'context'>, userId: string): Promise<void> {
  const link = await app.context.emailVerification.issue(userId);
  await app.context.emailVerification.verify(decodeURIComponent(link.split('token=')[1]!), userId);
}

/** Signs up and reveals the first key's secret: everything a public API call needs. */
export async function signUpWithKey(app: TestApp) {
  const account = await signUp(app);
  const keys = await account.agent.get('/api/keys');
  const key = keys.body[0] as { id: number; keyValue: string };
  const revealed = await account.agent.post(`/api/keys/${key.id}/reveal-secret`).set('Origin', TEST_ORIGIN);
  return { ...account, keyId: key.id, apiKey: key.keyValue, apiSecret: revealed.body.keySecret as string };
}

export interface ListeningTestApp {
  app: TestApp;
  /** http://127.0.0.1:<port>, what a sample, the client or pq is given as PQ_API_URL. */
  baseUrl: string;
  /** A signed-up account with its API key pair and signed-in agent (signUpWithKey). */
  account: Awaited<ReturnType<typeof signUpWithKey>>;
  close(): Promise<void>;
}

/** A test app on a real port of 127.0.0.1 with one account: for programs that call it over HTTP. */
export async function listeningTestApp(options: Parameters<typeof createTestApp>[0] = {}): Promise<ListeningTestApp> {
  const app = await createTestApp({ ...options, config: { engineWorkers: 1, ...options.config } });
  const server = createServer(app.app);
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    app,
    baseUrl,
    account: await signUpWithKey(app),
    close: async () => {
      await new Promise((ok) => server.close(ok));
      await app.close();
    },
  };
}

/** A logger at `level` whose lines are kept in `lines`, for tests that check what is logged (no secret, say). */
export function capturedLog(level: Parameters<typeof createLogger>[0] = 'debug'): { logger: Logger; lines: string[] } {
  const lines: string[] = [];
  return { lines, logger: createLogger(level, new Writable({ write: (chunk, _encoding, done) => (lines.push(String(chunk)), done()) })) };
}

/** A browser's agent with its demo session started, as the web app starts one before its first demo call (docs/api.md §6). */
export async function demoVisitor(app: Pick<TestApp, 'app'>) {
  const agent = request.agent(app.app);
  const started = await agent.post('/api/demo/session').set('Origin', TEST_ORIGIN);
  if (started.status !== 204) throw new Error(`POST /api/demo/session answered ${started.status}`);
  return agent;
}
