/**
 * `npm run bench -- http`: Dilion signing over HTTP. Starts the real server (`server/main.ts`, in
 * its own process so the load generator does not share its event loop) on a free loopback port
 * with a temporary database, creates an account and key, and signs with N concurrent keep-alive
 * clients. Prints requests/s next to the engine's own ML-DSA-65 ops/s times its worker count (the
 * most the pool could do), their ratio (issue 3's target: at least 0.8), and p50/p99 latency.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request, type IncomingMessage } from 'node:http';
import { createServer } from 'node:net';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { loadEngine } from '../../engine/src/index.ts';
import { measure } from '../measure.ts';
import type { Suite, SuiteContext } from '../suite.ts';
import { formatFigure, formatRatio, formatTable, type Row } from '../table.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const TARGET_RATIO = 0.8;
const MESSAGE = 'authentication request';

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

interface Reply {
  status: number;
  body: string;
  headers: IncomingMessage['headers'];
}

function call(agent: Agent, port: number, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Reply> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, method, path, agent, headers: { ...(payload ? { 'content-type': 'application/json' } : {}), ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), headers: res.headers }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

async function startServer(port: number, dataDir: string, workers: number): Promise<ChildProcess> {
  const tsx = join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');
  const child = spawn(process.execPath, [tsx, 'server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'production', TRUST_PROXY: '1', ENGINE_WORKERS: String(workers) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const agent = new Agent();
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    const health = await call(agent, port, 'GET', '/api/health').catch(() => undefined);
    if (health?.status === 200) return child;
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGTERM');
  throw new Error('the server did not become healthy within 30 s');
}

/** An account on a paid plan (so the free tier's 100 calls do not stop the run) and its key pair. */
async function credentials(port: number, dataDir: string): Promise<Record<string, string>> {
  const agent = new Agent({ keepAlive: true });
  // The server runs as in production, where the session cookie is Secure: present these set-up
  // calls as arriving through a TLS-terminating proxy (the server trusts one hop here).
  const origin = { origin: `https://127.0.0.1:${port}`, 'x-forwarded-proto': 'https' };
  const registered = await call(agent, port, 'POST', '/api/auth/register', { email: 'bench@example.com', password: 'benchmark password', firstName: 'Bench', lastName: 'Mark' }, origin);
  if (registered.status !== 201) throw new Error(`register: ${registered.status} ${registered.body}`);
  const cookie = String(registered.headers['set-cookie']?.[0] ?? '').split(';')[0]!;
  const keys = JSON.parse((await call(agent, port, 'GET', '/api/keys', undefined, { cookie, ...origin })).body) as { id: number; keyValue: string }[];
  const revealed = await call(agent, port, 'POST', `/api/keys/${keys[0]!.id}/reveal-secret`, undefined, { cookie, ...origin });
  agent.destroy();
  const db = new Database(join(dataDir, 'app.db'));
  db.prepare("UPDATE users SET subscription_tier = 'pro'").run();
  db.close();
  return { 'x-api-key': keys[0]!.keyValue, 'x-api-secret': (JSON.parse(revealed.body) as { keySecret: string }).keySecret };
}

interface LoadResult {
  requestsPerSec: number;
  p50: number;
  p99: number;
  failures: number;
}

async function load(port: number, headers: Record<string, string>, clients: number, durationMs: number, onTick: (f: number) => void): Promise<LoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: clients });
  const latencies: number[] = [];
  let failures = 0;
  const start = performance.now();
  const end = start + durationMs;
  const client = async () => {
    while (performance.now() < end) {
      const t0 = performance.now();
      const reply = await call(agent, port, 'POST', '/api/crypto/dilion/sign', { message: MESSAGE }, headers);
      if (reply.status === 200) latencies.push(performance.now() - t0);
      else failures++;
      onTick(Math.min(1, (performance.now() - start) / durationMs));
    }
  };
  await Promise.all(Array.from({ length: clients }, client));
  const elapsed = performance.now() - start;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? 0;
  return { requestsPerSec: latencies.length / (elapsed / 1000), p50: pct(0.5), p99: pct(0.99), failures };
}

export const httpSuite: Suite = {
  name: 'http',
  description: 'Dilion sign over HTTP with concurrent clients vs the engine ops/s × workers',
  async run(ctx: SuiteContext) {
    const workers = availableParallelism();
    const levels = ctx.quick ? [4] : [1, 4, 16, 64];
    const durationMs = ctx.quick ? 500 : 5_000;
    ctx.progress.plan(1 + levels.length);

    // The engine's own rate for what one request asks of a worker: derive the key from its seed, sign.
    const engine = await loadEngine();
    const seed = new Uint8Array(32).fill(7);
    const m = new Uint8Array([0, ...Buffer.from(MESSAGE)]);
    const context = new Uint8Array(Buffer.from('dilion/v1|default'));
    const single = measure(() => engine.mlDsa65.sign(m, engine.mlDsa65.keygen(seed).secretKey, { context }), ctx.budget, ctx.progress.step('engine: ML-DSA-65 keygen-from-seed + sign'));
    const ceiling = single.opsPerSec * workers;

    const dataDir = mkdtempSync(join(tmpdir(), 'pq-bench-http-'));
    const port = await freePort();
    const server = await startServer(port, dataDir, workers);
    try {
      const headers = await credentials(port, dataDir);
      const rows: Row[] = [];
      for (const clients of levels) {
        const r = await load(port, headers, clients, durationMs, ctx.progress.step(`HTTP sign with ${clients} clients`));
        rows.push([
          String(clients),
          formatFigure(r.requestsPerSec, 0),
          formatFigure(ceiling, single.spread),
          formatRatio(r.requestsPerSec, ceiling),
          `${r.p50.toFixed(1)} ms`,
          `${r.p99.toFixed(1)} ms`,
          String(r.failures),
        ]);
      }
      ctx.print(
        formatTable({
          title: `POST /api/crypto/dilion/sign over loopback, ${workers} engine workers, ${durationMs / 1000} s per row (target: HTTP/engine ≥ ${TARGET_RATIO})`,
          columns: [
            { header: 'clients' },
            { header: 'HTTP req/s', align: 'right' },
            { header: 'engine ops/s × workers', align: 'right' },
            { header: 'HTTP/engine', align: 'right' },
            { header: 'p50', align: 'right' },
            { header: 'p99', align: 'right' },
            { header: 'errors', align: 'right' },
          ],
          rows,
        }),
      );
    } finally {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
};
