import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

async function waitForHealth(port: number): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.ok, () => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start');
}

describe('server/main.ts', () => {
  it('serves on PORT and, on SIGTERM, finishes the request in flight, closes SQLite and exits 0', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pq-main-'));
    const port = await freePort();
    const child = spawn(process.execPath, [join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'server/main.ts'], {
      cwd: ROOT,
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dir, ENGINE_WORKERS: '1', LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let log = '';
    child.stdout!.on('data', (c: Buffer) => (log += c.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      await waitForHealth(port);
      expect(existsSync(join(dir, 'master.key'))).toBe(true);

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
      socket.end(body.slice(10));
      expect(await exited).toBe(0);
      expect(response).toMatch(/^HTTP\/1\.1 201/);
      expect(log).toContain('shutting down');
      expect(log).toContain('stopped');
      // The WAL checkpointer started and stopped with the server: it logs only when it cannot (db/checkpointer.ts).
      expect(log).not.toMatch(/WAL checkpointer/);
      // SQLite removes the WAL file when the last connection closes cleanly.
      expect(existsSync(join(dir, 'app.db-wal'))).toBe(false);
    } finally {
      child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
