/**
 * Crash safety (docs/decisions/028-answered-means-recorded.md): the real server, signing for 8
 * clients with one free API key, is killed with SIGKILL at a random point under load and restarted
 * on the same data, five times. After each restart: the database is intact, every answered call is
 * in the history, usage equals the recorded calls, and a retry of each
 * call that was in flight, with its Idempotency-Key, is answered and charged once.
 */
import { Database } from '../db/sqlite-driver.ts';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../scripts/free-port.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const RUNS = 5;
const CLIENTS = 8;

// Every server this file starts, so none outlives it: a timed-out test never reaches its finally.
const servers = new Set<ChildProcess>();
const killAll = () => servers.forEach((child) => child.kill('SIGKILL'));
process.once('exit', killAll);
afterAll(killAll);


async function start(dir: string, port: number): Promise<ChildProcess> {
  // tsx as a loader in this one process (its CLI would run the server in a child that SIGKILL misses).
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'test', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dir, ENGINE_WORKERS: '1', LOG_LEVEL: 'silent' },
    stdio: 'ignore',
  });
  servers.add(child);
  child.once('exit', () => servers.delete(child));
  for (let i = 0; i < 300; i++) {
    if (await fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.ok, () => false)) return child;
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error('the server did not start');
}

const stopped = (child: ChildProcess) => new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve())));

/** An account and its API key, made through the API as a customer would. */
async function account(base: string) {
  const headers = { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' };
  await fetch(`${base}/api/auth/register`, {
    method: 'POST', headers, body: JSON.stringify({ email: 'crash@example.com', password: 'correct horse battery', firstName: 'C', lastName: 'S' }),
  });
  const signedIn = await fetch(`${base}/api/auth/login`, { method: 'POST', headers, body: JSON.stringify({ email: 'crash@example.com', password: 'correct horse battery' }) });
  const cookie = signedIn.headers.getSetCookie().find((c) => c.startsWith('pq.sid='))!.split(';')[0]!;
  const keys = (await (await fetch(`${base}/api/keys`, { headers: { cookie } })).json()) as { id: number; keyValue: string }[];
  const revealed = await fetch(`${base}/api/keys/${keys[0]!.id}/reveal-secret`, { method: 'POST', headers: { ...headers, cookie } });
  const { keySecret } = (await revealed.json()) as { keySecret: string };
  // The history keeps the messages' text, by which this test finds each call's record.
  await fetch(`${base}/api/account/data`, { method: 'PATCH', headers: { ...headers, cookie }, body: JSON.stringify({ historyKeeps: 'text' }) });
  return { 'content-type': 'application/json', 'x-api-key': keys[0]!.keyValue, 'x-api-secret': keySecret };
}

function sign(base: string, headers: Record<string, string>, message: string) {
  return fetch(`${base}/api/crypto/dilion/sign`, { method: 'POST', headers: { ...headers, 'idempotency-key': message }, body: JSON.stringify({ message }) });
}

describe('crash safety', () => {
  it(`keeps every answered call recorded and every charge answered across ${RUNS} SIGKILLs under load`, async () => {
    for (let run = 1; run <= RUNS; run++) {
      const dir = mkdtempSync(join(tmpdir(), 'pq-crash-'));
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      let server = await start(dir, port);
      try {
        const key = await account(base);
        const answered: string[] = [];
        const inFlight: string[] = [];
        const killAfter = 10 + Math.floor(Math.random() * 30);
        let killed = false;
        const client = async (c: number) => {
          for (let n = 0; !killed; n++) {
            const message = `run${run}-client${c}-call${n}`;
            try {
              const res = await sign(base, key, message);
              if (res.status === 200) answered.push(message);
              else if (!killed) throw new Error(`unexpected ${res.status} ${await res.text()}`);
            } catch (error) {
              if (!killed) throw error;
              inFlight.push(message);
            }
            if (!killed && answered.length >= killAfter) {
              killed = true;
              server.kill('SIGKILL');
            }
          }
        };
        await Promise.all(Array.from({ length: CLIENTS }, (_, c) => client(c)));
        await stopped(server);

        server = await start(dir, port);
        const db = new Database(join(dir, 'app.db'), { readonly: true });
        try {
          expect(db.pragma('integrity_check', { simple: true }), `run ${run}`).toBe('ok');
          const recorded = new Set((db.prepare("SELECT message FROM crypto_operations WHERE channel = 'api'").all() as { message: string }[]).map((r) => r.message));
          for (const message of answered) expect(recorded.has(message), `run ${run}: ${message} was answered but is not in the history`).toBe(true);
          const usage = () => (db.prepare('SELECT api_usage_count AS n FROM users').get() as { n: number }).n;
          const count = (sql: string) => (db.prepare(sql).get() as { n: number }).n;
          expect(usage(), `run ${run}: usage against recorded calls`).toBe(recorded.size);

          // Retries of the calls in flight, with their keys: each answered, and charged once.
          for (const message of inFlight) expect((await sign(base, key, message)).status, `run ${run}: retry of ${message}`).toBe(200);
          for (const message of [...inFlight, ...answered]) {
            expect(count(`SELECT count(*) AS n FROM crypto_operations WHERE message = '${message}'`), `run ${run}: ${message}`).toBe(1);
          }
          expect(usage(), `run ${run}: usage after the retries`).toBe(count("SELECT count(*) AS n FROM crypto_operations WHERE channel = 'api'"));
        } finally {
          db.close();
        }
      } finally {
        server.kill('SIGTERM');
        await stopped(server);
        rmSync(dir, { recursive: true, force: true });
      }
    }
  });
});
