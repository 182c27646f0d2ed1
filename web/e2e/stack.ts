/**
 * The whole product for browser tests: the built web app served by the real server (real SQLite in
 * a temp dir, real engine pool) on a free loopback port, and a headless Chromium to drive it.
 */
import { execSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { createApp } from '../../server/app.ts';
import { onSqlite, type SqliteApp } from '../../server/test-support.ts';
import { loadConfig, type Config } from '../../server/config.ts';
import { DEFAULT_WEB_DIR, webRoutes } from '../../server/web/static.ts';
import { launchOptions } from '../../engine/test-support/chromium.ts';
import type { StoredMessage } from '../src/history/message-text.ts';

export { skipBrowserTests } from '../../engine/test-support/chromium.ts';

const root = resolve(import.meta.dirname, '../..');

export interface Stack {
  origin: string;
  app: SqliteApp;
  browser: Browser;
  /** A new page that records console errors and uncaught exceptions into `errors`. */
  page(options?: { width?: number; height?: number }): Promise<{ page: Page; errors: string[] }>;
  close(): Promise<void>;
}

/** Builds the web app if it is missing or stale (the same check `npm start` makes). */
export function ensureWebBuilt(): void {
  execSync('node scripts/ensure-built.mjs --web', { cwd: root, stdio: 'inherit' });
}

/**
 * Copies the built app into `dir` and returns the copy. Test files run in parallel and any of
 * them (or another process) may rebuild dist/web, which empties it first; serving a private copy
 * keeps a running browser from asking for chunks that a rebuild has just deleted. A copy taken
 * mid-build (index.html missing, or naming assets that are not there) is retried.
 */
async function snapshotWeb(dir: string): Promise<string> {
  const copy = join(dir, 'web');
  for (let attempt = 0; ; attempt++) {
    ensureWebBuilt();
    rmSync(copy, { recursive: true, force: true });
    cpSync(DEFAULT_WEB_DIR, copy, { recursive: true });
    const index = join(copy, 'index.html');
    const assets = existsSync(index) ? [...readFileSync(index, 'utf8').matchAll(/\/(assets\/[^"']+)/g)].map((m) => m[1]!) : null;
    if (assets?.every((a) => existsSync(join(copy, a)))) return copy;
    if (attempt === 5) throw new Error('dist/web kept changing while it was copied');
    await new Promise((ok) => setTimeout(ok, 2000));
  }
}

/** `now`: the clock of metering, plans, payments and keys, for stories that move it (docs: createApp's `now`). */
export async function startStack(overrides: Partial<Config> = {}, now?: () => Date): Promise<Stack> {
  const dir = mkdtempSync(join(tmpdir(), 'pq-e2e-'));
  const web = await snapshotWeb(dir);
  const server: Server = createServer();
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const base = loadConfig({ NODE_ENV: 'test', DATA_DIR: dir, LOG_LEVEL: 'silent', PUBLIC_ORIGIN: origin });
  const config: Config = { ...base, scryptLogN: 10, engineWorkers: 1, rateLimits: { auth: 10_000, demo: 10_000, reads: 10_000, webhooks: 10_000, paymentPages: 10_000 }, registrationsPerHour: 10_000, contactMessagesPerDay: 10_000, ...overrides };
  const app = onSqlite(await createApp({ config, extraRoutes: webRoutes(web), ...(now ? { now } : {}) }));
  server.on('request', app.app);
  app.listening(origin);
  const browser = await chromium.launch(launchOptions());
  return {
    origin,
    app,
    browser,
    async page({ width = 1280, height = 900 } = {}) {
      const context = await browser.newContext({ viewport: { width, height }, baseURL: origin });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('console', (m) => {
        if (m.type() !== 'error') return;
        errors.push(`${m.text()} (${m.location().url})`);
      });
      page.on('pageerror', (e) => errors.push(e.message));
      return { page, errors };
    },
    async close() {
      await browser.close();
      await new Promise((ok) => server.close(ok));
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Creates an account through the API and signs this page's browser in to it, as the sign-up form
 * does (registration answers alike for any address, so signing in is a second step); the user.
 */
export async function registerAndSignIn(page: Page, origin: string, data: { email: string; password: string; firstName: string; lastName: string }) {
  // A page that already holds a session cookie must name its origin on a write.
  const headers = { origin };
  const registered = await page.request.post('/api/auth/register', { data, headers });
  if (registered.status() !== 202) throw new Error(`register: ${registered.status()} ${await registered.text()}`);
  const signedIn = await page.request.post('/api/auth/login', { data: { email: data.email, password: data.password }, headers });
  if (signedIn.status() !== 200) throw new Error(`login: ${signedIn.status()} ${await signedIn.text()}`);
  return (await signedIn.json()) as { id: string; email: string; emailVerified: boolean };
}

export interface KeyPair {
  apiKey: string;
  apiSecret: string;
}

/** Makes the signed-in account's first key usable from the test, through the API the dashboard uses. */
export async function firstKeyPair(page: Page, origin: string): Promise<KeyPair> {
  const [key] = (await (await page.request.get('/api/keys')).json()) as { id: number; keyValue: string }[];
  const revealed = await page.request.post(`/api/keys/${key!.id}/reveal-secret`, { headers: { origin } });
  return { apiKey: key!.keyValue, apiSecret: ((await revealed.json()) as { keySecret: string }).keySecret };
}

/** A metered Dilion sign call with a key pair, as a customer's server makes it. */
export const signWith = (origin: string, pair: KeyPair, message: string) =>
  fetch(`${origin}/api/crypto/dilion/sign`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': pair.apiKey, 'x-api-secret': pair.apiSecret },
    body: JSON.stringify({ message }),
  });

/**
 * What the history keeps of an API call's message by default: its SHA-256 and length, not the text
 * (docs/decisions/038); the pages show it through web/src/history/message-text.ts.
 */
export const storedDigest = (message: string): StoredMessage => ({
  message: null,
  messageSha256: createHash('sha256').update(message).digest('hex'),
  messageLength: Buffer.byteLength(message),
});

/** Signs up through the sign-up form, as a new customer does, and waits until the navigation offers the dashboard. */
export async function signUpInBrowser(page: Page, email: string): Promise<void> {
  await page.goto('/login');
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await page.getByLabel('Full Name').fill('Ada Lovelace');
  await page.getByRole('form', { name: 'Sign up' }).getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('correct horse battery');
  await page.getByLabel('Confirm Password').fill('correct horse battery');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).waitFor();
}
