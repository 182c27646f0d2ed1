/**
 * The servers `npm run bench -- http` drives, each started as its own process on a free loopback
 * port: the product (`server/main.ts`, production mode, temporary database) and the floor
 * (`bench/http/floor-server.ts`). Node runs them with tsx's loader in-process (`--import tsx`), so
 * the child's pid is the server itself and its CPU time can be read.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface RunningServer {
  port: number;
  pid: number | undefined;
  /** What a signing request needs besides its body (the product's API key headers). */
  headers: Record<string, string>;
  path: string;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
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

/**
 * The product, with an account on the operator's Unlimited plan (so the free tier's 100 calls do
 * not stop the run, and a long run meters every call the way a paid call within its allowance is)
 * and its API key. It runs as behind a proxy (TRUST_PROXY=1), which a production server may do only
 * with a payment mode chosen: off, since the bench sells nothing (docs/decisions/035).
 */
export async function startProduct(workers: number): Promise<RunningServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'pq-bench-http-'));
  // One key drives every client here, so its concurrency limit is lifted: the bench measures throughput, not the limit.
  const env = { DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'production', TRUST_PROXY: '1', PAYMENTS: 'off', ENGINE_WORKERS: String(workers), API_KEY_CONCURRENCY: '1024' };
  const { child, port } = await start('server/main.ts', env, '/api/health');
  const stop = stopper(child, () => rmSync(dataDir, { recursive: true, force: true }));
  try {
    const headers = await apiKeyOf(port, dataDir);
    return { port, pid: child.pid, headers, path: '/api/crypto/dilion/sign', stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function apiKeyOf(port: number, dataDir: string): Promise<Record<string, string>> {
  const base = `http://127.0.0.1:${port}`;
  // The server runs as in production, where the session cookie is Secure: present these set-up
  // calls as arriving through a TLS-terminating proxy (the server trusts one hop here).
  const proxied = { origin: `https://127.0.0.1:${port}`, 'x-forwarded-proto': 'https', 'content-type': 'application/json' };
  const registered = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: proxied,
    body: JSON.stringify({ email: 'bench@example.com', password: 'benchmark password', firstName: 'Bench', lastName: 'Mark' }),
  });
  if (registered.status !== 202) throw new Error(`register: ${registered.status} ${await registered.text()}`);
  const signedIn = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: proxied, body: JSON.stringify({ email: 'bench@example.com', password: 'benchmark password' }) });
  if (signedIn.status !== 200) throw new Error(`login: ${signedIn.status} ${await signedIn.text()}`);
  const cookie = signedIn.headers.getSetCookie().find((c) => c.startsWith('pq.sid='))!.split(';')[0]!;
  const keys = (await (await fetch(`${base}/api/keys`, { headers: { ...proxied, cookie } })).json()) as { id: number; keyValue: string }[];
  const revealed = await fetch(`${base}/api/keys/${keys[0]!.id}/reveal-secret`, { method: 'POST', headers: { ...proxied, cookie } });
  const { keySecret } = (await revealed.json()) as { keySecret: string };
  const db = new Database(join(dataDir, 'app.db'));
  db.prepare("UPDATE users SET subscription_tier = 'unlimited'").run();
  db.close();
  return { 'x-api-key': keys[0]!.keyValue, 'x-api-secret': keySecret };
}
