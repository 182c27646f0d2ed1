/**
 * The servers `npm run bench -- http` drives, each started as its own process on a free loopback
 * port: the product (`server/main.ts`, production mode, temporary database) and the floor
 * (`bench/http/floor-server.ts`). Node runs them with tsx's loader in-process (`--import tsx`), so
 * the child's pid is the server itself and its CPU time can be read.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openPostgres } from '../../db/postgres/connect.ts';
import { Database } from '../../db/sqlite-driver.ts';
import { freePort } from '../../scripts/free-port.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface RunningServer {
  port: number;
  pid: number | undefined;
  /** What a signing request needs besides its body (the product's API key headers). */
  headers: Record<string, string>;
  path: string;
  stop(): Promise<void>;
}


async function start(entry: string, env: Record<string, string>, healthPath: string): Promise<{ child: ChildProcess; port: number }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`${entry} exited with code ${child.exitCode}`);
    const health = await fetch(`http://127.0.0.1:${port}${healthPath}`).catch(() => undefined);
    if (health?.status === 200) return { child, port };
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGTERM');
  throw new Error(`${entry} did not become healthy within 30 s`);
}

const stopper = (child: ChildProcess, cleanup: () => void = () => {}) => async () => {
  if (child.exitCode === null) {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
  cleanup();
};

/** node:http + the engine pool, nothing else. */
export async function startFloor(workers: number): Promise<RunningServer> {
  const { child, port } = await start('bench/http/floor-server.ts', { ENGINE_WORKERS: String(workers) }, '/');
  return { port, pid: child.pid, headers: {}, path: '/sign', stop: stopper(child) };
}

/** The product (`server/main.ts`) in production mode on a temporary data folder, with `env` over the defaults below. */
export interface ProductServer {
  port: number;
  pid: number | undefined;
  dataDir: string;
  stop(): Promise<void>;
}

/**
 * The product runs as behind a proxy (TRUST_PROXY=1), which a production server may do only with a
 * payment mode chosen: off, since the bench sells nothing (docs/decisions/035).
 */
export async function startProductServer(workers: number, env: Record<string, string> = {}): Promise<ProductServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'pq-bench-http-'));
  const defaults = { DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'production', SHUTDOWN_DELAY_SECONDS: '0', TRUST_PROXY: '1', PAYMENTS: 'off', ENGINE_WORKERS: String(workers) };
  const { child, port } = await start('server/main.ts', { ...defaults, ...env }, '/api/health');
  return { port, pid: child.pid, dataDir, stop: stopper(child, () => rmSync(dataDir, { recursive: true, force: true })) };
}

/**
 * The product (with `env` over its settings, such as metrics on) with one account on the operator's Unlimited plan (so the free tier's 100 calls do
 * not stop the run, and a long run meters every call the way a paid call within its allowance is)
 * and its API key.
 */
export async function startProduct(workers: number, env: Record<string, string> = {}): Promise<RunningServer> {
  // One key drives every client here, so the key's and the account's concurrency limits are
  // lifted: the bench measures throughput, not the limits (docs/api.md §4).
  const server = await startProductServer(workers, { API_KEY_CONCURRENCY: '1024', ACCOUNT_CONCURRENCY: '1024', ...env });
  try {
    const account = await signUpAccount(server, 'bench@example.com');
    return { port: server.port, pid: server.pid, headers: account.headers, path: '/api/v1/crypto/dilion/sign', stop: server.stop };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

async function putOnUnlimited(server: { dataDir: string; databaseUrl?: string }, userId: string): Promise<void> {
  const sql = "UPDATE users SET subscription_tier = 'unlimited' WHERE id = ?";
  if (server.databaseUrl) {
    const database = await openPostgres(server.databaseUrl, { max: 1 });
    await database.pool.query(sql.replace('?', '$1'), [userId]).finally(() => database.close());
    return;
  }
  const db = new Database(join(server.dataDir, 'app.db'));
  db.prepare(sql).run(userId);
  db.close();
}

/** An account of the bench's: its id, its first API key's headers, and a way to make more keys. */
export interface BenchAccount {
  userId: string;
  headers: Record<string, string>;
  /** Creates another API key of the account (docs/api.md §13) and returns its headers. */
  newKey(): Promise<Record<string, string>>;
}

/** Registers `email`, signs in, reveals the first key's secret and puts the account on Unlimited (in the SQLite file of `dataDir`, or the PostgreSQL database of `databaseUrl`). */
export async function signUpAccount(server: Pick<ProductServer, 'port' | 'dataDir'> & { databaseUrl?: string }, email: string): Promise<BenchAccount> {
  const base = `http://127.0.0.1:${server.port}`;
  // The server runs as in production, where the session cookie is Secure: present these set-up
  // calls as arriving through a TLS-terminating proxy (the server trusts one hop here).
  const proxied = { origin: `https://127.0.0.1:${server.port}`, 'x-forwarded-proto': 'https', 'content-type': 'application/json' };
  const registered = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: proxied,
    body: JSON.stringify({ email, password: 'benchmark password', firstName: 'Bench', lastName: 'Mark' }),
  });
  if (registered.status !== 202) throw new Error(`register: ${registered.status} ${await registered.text()}`);
  const signedIn = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: proxied, body: JSON.stringify({ email, password: 'benchmark password' }) });
  if (signedIn.status !== 200) throw new Error(`login: ${signedIn.status} ${await signedIn.text()}`);
  const { id: userId } = (await signedIn.json()) as { id: string };
  const cookie = signedIn.headers.getSetCookie().find((c) => c.startsWith('pq.sid='))!.split(';')[0]!;
  const keys = (await (await fetch(`${base}/api/keys`, { headers: { ...proxied, cookie } })).json()) as { id: number; keyValue: string }[];
  const revealed = await fetch(`${base}/api/keys/${keys[0]!.id}/reveal-secret`, { method: 'POST', headers: { ...proxied, cookie } });
  const { keySecret } = (await revealed.json()) as { keySecret: string };
  await putOnUnlimited(server, userId);
  const newKey = async () => {
    const created = await fetch(`${base}/api/keys`, { method: 'POST', headers: { ...proxied, cookie }, body: JSON.stringify({ keyName: 'bench' }) });
    if (created.status !== 201) throw new Error(`new key: ${created.status} ${await created.text()}`);
    const key = (await created.json()) as { keyValue: string; keySecret: string };
    return { 'x-api-key': key.keyValue, 'x-api-secret': key.keySecret };
  };
  return { userId, headers: { 'x-api-key': keys[0]!.keyValue, 'x-api-secret': keySecret }, newKey };
}
