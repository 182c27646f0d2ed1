import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { freePort } from '../scripts/free-port.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));


async function waitForHealth(port: number): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.ok, () => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start');
}

/** `server/main.ts` in a child process on a free port and a fresh data folder; `log` collects its stdout. */
async function startServer(env: Record<string, string> = {}, dir = mkdtempSync(join(tmpdir(), 'pq-main-'))) {
  const port = await freePort();
  // node itself, not tsx's CLI: the CLI would pass SIGTERM on but not SIGKILL, leaving the server running.
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dir, ENGINE_WORKERS: '1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const server = { dir, port, child, log: '', errors: '', exited: new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code))) };
  child.stdout!.on('data', (c: Buffer) => (server.log += c.toString()));
  child.stderr!.on('data', (c: Buffer) => {
    server.errors += c.toString();
    process.stderr.write(c);
  });
  return server;
}

describe('server/main.ts', () => {
  it('serves on PORT and, on SIGTERM, finishes the request in flight, closes SQLite and exits 0', async () => {
    const server = await startServer();
    const { dir, port, child, exited } = server;
    try {
      await waitForHealth(port);
      expect(existsSync(join(dir, 'master.key'))).toBe(true);
      // Idle connections outlive a reverse proxy's pooled ones by default (docs/decisions/034).
      expect((await fetch(`http://127.0.0.1:${port}/api/health`)).headers.get('keep-alive')).toBe('timeout=130');

      // Start a request, stop the server half-way through its body, then finish it.
      const body = JSON.stringify({ name: 'Kim', email: 'kim@example.com', message: 'sent during shutdown' });
      const socket = connect(port, '127.0.0.1');
      let response = '';
      socket.on('data', (c) => (response += c.toString()));
      await new Promise((r) => socket.once('connect', r));
      socket.write(`POST /api/contact HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`);
      await new Promise((r) => setTimeout(r, 200));
      child.kill('SIGTERM');
      await new Promise((r) => setTimeout(r, 300));
      // The client keeps its connection open for more calls: the server closes it once answered,
      // and exits without waiting for its keep-alive time (130 s) or the drain's limit (10 s).
      const sentAt = performance.now();
      socket.write(body.slice(10));
      expect(await exited).toBe(0);
      expect(performance.now() - sentAt).toBeLessThan(5_000);
      expect(response).toMatch(/^HTTP\/1\.1 201/);
      expect(server.log).toContain('shutting down');
      expect(server.log).toContain('stopped');
      // The WAL checkpointer started and stopped with the server: it logs only when it cannot (db/checkpointer.ts).
      expect(server.log).not.toMatch(/WAL checkpointer/);
      // SQLite removes the WAL file when the last connection closes cleanly.
      expect(existsSync(join(dir, 'app.db-wal'))).toBe(false);
    } finally {
      child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a second server on the same database, and starts once the first is gone, even killed outright', async () => {
    const first = await startServer();
    let second: Awaited<ReturnType<typeof startServer>> | undefined;
    try {
      await waitForHealth(first.port);
      const refused = await startServer({}, first.dir);
      expect(await refused.exited).toBe(1);
      expect(refused.errors).toContain(`Another server is running on ${join(first.dir, 'app.db')}`);
      expect((await fetch(`http://127.0.0.1:${first.port}/api/health`)).ok).toBe(true);

      first.child.kill('SIGKILL');
      await first.exited;
      second = await startServer({}, first.dir);
      await waitForHealth(second.port);
    } finally {
      first.child.kill('SIGKILL');
      second?.child.kill('SIGKILL');
      await second?.exited;
      rmSync(first.dir, { recursive: true, force: true });
    }
  });

  it('will not start on a DATA_DIR that every user may write', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pq-main-'));
    chmodSync(dir, 0o777);
    const server = await startServer({}, dir);
    try {
      expect(await server.exited).toBe(1);
      expect(server.errors).toContain(`Refusing to start: ${dir} is writable by every user of this machine: run chmod o-w ${dir}.`);
      expect(existsSync(join(dir, 'app.db'))).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('keeps an idle keep-alive connection open for KEEP_ALIVE_TIMEOUT_SECONDS, then closes it', async () => {
    const { dir, port, child } = await startServer({ KEEP_ALIVE_TIMEOUT_SECONDS: '1' });
    try {
      await waitForHealth(port);
      const socket = connect(port, '127.0.0.1');
      let response = '';
      const answered = new Promise<void>((resolve) =>
        socket.on('data', (c) => {
          response += c.toString();
          if (/\r\n\r\n\{.*\}$/s.test(response)) resolve();
        }),
      );
      const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(performance.now())));
      socket.write(`GET /api/health HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
      await answered;
      const idleFrom = performance.now();
      expect(response).toMatch(/^HTTP\/1\.1 200/);
      expect(response).toMatch(/\r\nKeep-Alive: timeout=1\r\n/i);
      // The server closes it (node adds 1 s to what it announces); with node's own default it would stay 6 s.
      const idleMs = (await closed) - idleFrom;
      expect(idleMs).toBeGreaterThanOrEqual(900);
      expect(idleMs).toBeLessThan(5_000);
    } finally {
      child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    }
  });

  describe('payments on a production server others can reach (docs/decisions/035)', () => {
    const reachable = { NODE_ENV: 'production', HOST: '0.0.0.0' };

    it('will not start on 0.0.0.0 with no payment mode, or with local, and says which variable to set', async () => {
      for (const env of [reachable, { ...reachable, PAYMENTS: 'local' }] as Record<string, string>[]) {
        const server = await startServer(env);
        try {
          expect(await server.exited).toBe(1);
          expect(server.errors).toMatch(env.PAYMENTS ? /PAYMENTS=local on a production server others can reach/ : /^Set PAYMENTS: /);
          expect(server.errors).toContain('PAYMENTS=off sells nothing');
        } finally {
          rmSync(server.dir, { recursive: true, force: true });
        }
      }
    });

    it('starts with the loudly named override, warns once, and says local in /api/health', async () => {
      const server = await startServer({ ...reachable, PAYMENTS: 'local', UNSAFE_LOCAL_PAYMENTS_ON_NETWORK: 'yes' });
      try {
        await waitForHealth(server.port);
        expect((await (await fetch(`http://127.0.0.1:${server.port}/api/health`)).json()).payments).toBe('local');
        const warnings = server.log.split('\n').filter((line) => line.includes('"payments":"local"'));
        expect(warnings).toHaveLength(1);
        expect(JSON.parse(warnings[0]!)).toMatchObject({ level: 40, msg: expect.stringContaining('anyone with an account gets any plan for nothing') });
      } finally {
        server.child.kill('SIGKILL');
        rmSync(server.dir, { recursive: true, force: true });
      }
    });

    it('starts on loopback with no setting, in local mode, warning that no money moves', async () => {
      const server = await startServer({ NODE_ENV: 'production', HOST: '127.0.0.1' });
      try {
        await waitForHealth(server.port);
        expect((await (await fetch(`http://127.0.0.1:${server.port}/api/health`)).json()).payments).toBe('local');
        expect(server.log).toMatch(/"level":40,.*"payments":"local".*no money moves/);
      } finally {
        server.child.kill('SIGKILL');
        rmSync(server.dir, { recursive: true, force: true });
      }
    });

    it('serves with payments off and no warning', async () => {
      const server = await startServer({ ...reachable, PAYMENTS: 'off' });
      try {
        await waitForHealth(server.port);
        expect((await (await fetch(`http://127.0.0.1:${server.port}/api/health`)).json()).payments).toBe('off');
        expect((await fetch(`http://127.0.0.1:${server.port}/api/payments/orders`, { method: 'POST' })).status).toBe(404);
        expect(server.log).not.toContain('"payments"');
      } finally {
        server.child.kill('SIGKILL');
        rmSync(server.dir, { recursive: true, force: true });
      }
    });
  });
});
