/**
 * Appends from two processes on one SQLite file (docs/decisions/055-audit-log.md): an ops command
 * may append beside the server, and each process's IMMEDIATE transaction must still see the
 * other's last event, so 2 × 100 racing appends give one chain of 200.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../db/connection.ts';
import { SqliteAuditRepository } from './audit.sqlite.ts';
import { verifyAuditChains } from './audit-verify.ts';

const ROOT = resolve(import.meta.dirname, '../../..');
const dir = mkdtempSync(join(tmpdir(), 'pq-audit-processes-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A process that opens the file, waits for `startAt` (ms) and appends `n` events for u1 as fast as it can. */
function appender(file: string, n: number, name: string, startAt: number): Promise<number> {
  const script = `
    const { openDatabase } = await import('./db/connection.ts');
    const { SqliteAuditRepository } = await import('./server/features/audit/audit.sqlite.ts');
    const database = openDatabase(${JSON.stringify(file)});
    const audit = new SqliteAuditRepository(database.sqlite);
    while (Date.now() < ${startAt}) await new Promise((ok) => setTimeout(ok, 1));
    for (let i = 0; i < ${n}; i++) {
      await audit.append({ userId: 'u1', type: 'auth.sign_in', actorKind: 'system', actorId: null, createdAt: Date.now(), clientAddress: null, requestId: ${JSON.stringify(name)} + i, subject: null, details: '{}' });
    }
    database.close();`;
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('error', fail);
    child.on('exit', (code) => done(code ?? -1));
  });
}

describe('audit appends from two processes on SQLite', () => {
  it('give one chain: 200 events, seq 1 to 200, each linked to the one before', { timeout: 60_000 }, async () => {
    const file = join(dir, 'app.db');
    const database = openDatabase(file);
    database.sqlite.prepare("INSERT INTO users (id, email) VALUES ('u1', 'u1@example.com')").run();
    // Both start together, a few seconds on (tsx takes a second or two to load each).
    const startAt = Date.now() + 4000;
    expect(await Promise.all([appender(file, 100, 'a', startAt), appender(file, 100, 'b', startAt)])).toEqual([0, 0]);
    const audit = new SqliteAuditRepository(database.sqlite);
    const chain = await audit.chainAfter('u1', 0, 1000);
    expect(chain.map((e) => e.seq)).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
    // The two interleaved (else this proves nothing): the writer changes more than once along the chain.
    const switches = chain.filter((e, i) => i > 0 && e.requestId![0] !== chain[i - 1]!.requestId![0]).length;
    expect(switches).toBeGreaterThan(1);
    expect(await verifyAuditChains(audit)).toMatchObject({ accounts: 1, events: 200 });
    database.close();
  });
});
