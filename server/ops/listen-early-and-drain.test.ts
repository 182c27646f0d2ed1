/**
 * Readiness in a real server process (server/ops/serve.ts; docs/decisions/063): 503 'starting'
 * while the start-up is held (PostgreSQL's migrations lock, taken here first), then 200; on SIGTERM
 * 503 'draining' for SHUTDOWN_DELAY_SECONDS while liveness and the API still answer, then the port
 * closes and the process exits 0; SIGINT does not wait.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { MIGRATIONS_LOCK } from '../../db/postgres/advisory-locks.ts';
import { openPostgres } from '../../db/postgres/connect.ts';
import { usePostgres } from '../../db/postgres/test-server.ts';
import { freePort } from '../../scripts/free-port.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const postgres = usePostgres();
const cleanups: (() => void)[] = [];
afterEach(() => cleanups.splice(0).forEach((cleanup) => cleanup()));

/** `server/main.ts` in a child process on a free port and a fresh data folder; `log` collects its stdout. */
async function startServer(env: Record<string, string>) {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'pq-ready-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'test', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dir, ENGINE_WORKERS: '1', LOG_LEVEL: 'info', PAYMENTS: 'off', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const server = { base: `http://127.0.0.1:${port}`, child, log: '', exited: new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code))) };
  child.stdout!.on('data', (c: Buffer) => (server.log += c.toString()));
  child.stderr!.on('data', (c: Buffer) => process.stderr.write(c));
  cleanups.push(() => {
    child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });
  return server;
}

/** Polls `check` until it holds: each poll waits on the server's own progress, never on a guess of how long it takes. */
async function until(what: string, check: () => Promise<boolean>, limitMs = 60_000): Promise<void> {
  const deadline = performance.now() + limitMs;
  while (performance.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting until ${what}`);
}

const status = (url: string) => fetch(url).then((r) => r.status);

describe('readiness while the server drains (SQLite)', () => {
  it('on SIGTERM answers readiness 503 draining for the delay while liveness and the API answer, then closes the port and exits 0', { timeout: 90_000 }, async () => {
    const server = await startServer({ SHUTDOWN_DELAY_SECONDS: '3' });
    await until('the server is ready', async () => (await status(`${server.base}/api/v1/health/ready`)) === 200);

    const signalledAt = performance.now();
    server.child.kill('SIGTERM');
    await until('readiness says draining', async () => (await status(`${server.base}/api/v1/health/ready`)) === 503, 3_000);
    const ready = await fetch(`${server.base}/api/v1/health/ready`);
    expect(await ready.json()).toMatchObject({ code: 'not_ready', details: { notReady: ['draining'] } });
    expect(await status(`${server.base}/api/v1/health/live`)).toBe(200);
    const call = await fetch(`${server.base}/api/v1/contact`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Kim', email: 'kim@example.com', message: 'sent while draining' }),
    });
    expect(call.status).toBe(201);
    expect(server.child.exitCode).toBeNull();

    expect(await server.exited).toBe(0);
    expect(performance.now() - signalledAt).toBeGreaterThanOrEqual(3_000);
    await expect(fetch(`${server.base}/api/v1/health/live`)).rejects.toThrow();
    const order = ['readiness answers 503 draining', 'draining requests', 'stopped'].map((line) => server.log.indexOf(line));
    expect(order.every((at, i) => at >= 0 && (i === 0 || at > order[i - 1]!))).toBe(true);
  });

  it('on SIGINT (Ctrl-C on npm start) drains at once, production’s default delay notwithstanding', { timeout: 90_000 }, async () => {
    const server = await startServer({ NODE_ENV: 'production' });
    await until('the server is ready', async () => (await status(`${server.base}/api/v1/health/ready`)) === 200);
    const signalledAt = performance.now();
    server.child.kill('SIGINT');
    expect(await server.exited).toBe(0);
    // The default delay in production is 5 s.
    expect(performance.now() - signalledAt).toBeLessThan(4_000);
    expect(server.log).not.toContain('readiness answers 503 draining');
  });
});

describe.skipIf(!postgres.available)('readiness while the server starts (PostgreSQL)', () => {
  it('listens at once and answers 503 starting while its start-up waits for the migrations lock, then 200 once it has it', { timeout: 120_000 }, async () => {
    const url = await postgres.createDatabase();
    const database = await openPostgres(url, { max: 1 });
    // One connection checked out for the whole test: a session lock lives as long as its connection.
    const holder = await database.pool.connect();
    cleanups.push(() => {
      holder.release();
      void database.close();
    });
    // Another instance migrating, as far as this one can tell.
    await holder.query('SELECT pg_advisory_lock($1::bigint)', [MIGRATIONS_LOCK.toString()]);

    const server = await startServer({ DATABASE_URL: url, MASTER_KEY: randomBytes(32).toString('base64') });
    await until('the server waits for the lock', async () => {
      const { rows } = await holder.query<{ n: number }>("SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted");
      return rows[0]!.n === 1;
    });
    // Held there, it cannot be anything but starting.
    const live = await fetch(`${server.base}/api/v1/health/live`);
    expect([live.status, await live.json()]).toEqual([200, { status: 'live' }]);
    const ready = await fetch(`${server.base}/api/v1/health/ready`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ code: 'not_ready', details: { notReady: ['starting'] } });
    const other = await fetch(`${server.base}/api/v1/health`);
    expect([other.status, other.headers.get('retry-after'), (await other.json()).code]).toEqual([503, '1', 'starting']);

    await holder.query('SELECT pg_advisory_unlock($1::bigint)', [MIGRATIONS_LOCK.toString()]);
    const seen = new Set<string>();
    await until('the server is ready', async () => {
      const res = await fetch(`${server.base}/api/v1/health/ready`);
      const body = (await res.json()) as { details?: { notReady: string[] } };
      for (const part of body.details?.notReady ?? []) seen.add(part);
      return res.status === 200;
    });
    // On its way it may also have waited for its engine worker: nothing else.
    expect([...seen].filter((part) => part !== 'starting' && part !== 'engine')).toEqual([]);
    expect((await fetch(`${server.base}/api/v1/health`)).status).toBe(200);

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  });
});
