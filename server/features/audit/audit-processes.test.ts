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

/**
 * A process that opens the file, says it is ready, waits until every appender is, and appends
 * events for u1 as fast as it can for `ms` milliseconds: a window, not a count, so that both are
 * surely appending at the same time. The barrier, not a clock, lines them up: under load one
 * process can take seconds longer to load than the other.
 */
function appender(file: string, ms: number, name: string, names: string[]): Promise<number> {
  const ready = (who: string) => JSON.stringify(`${file}.${who}.ready`);
  const script = `
    const { existsSync, writeFileSync } = await import('node:fs');
    const { openDatabase } = await import('./db/connection.ts');
    const { SqliteAuditRepository } = await import('./server/features/audit/audit.sqlite.ts');
    const database = openDatabase(${JSON.stringify(file)});
    const audit = new SqliteAuditRepository(database.sqlite);
    writeFileSync(${ready(name)}, '');
    while (![${names.map(ready).join(', ')}].every((f) => existsSync(f))) await new Promise((ok) => setTimeout(ok, 1));
    const until = Date.now() + ${ms};
    let i = 0;
    for (; Date.now() < until; i++) {
      // A breath between appends gives the other writer's busy handler its chance at the lock.
      await new Promise((ok) => setTimeout(ok, 1));
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
  it('give one chain: every event of both, seq 1 to n, each linked to the one before', { timeout: 60_000 }, async () => {
    const file = join(dir, 'app.db');
    const database = openDatabase(file);
    database.sqlite.prepare("INSERT INTO users (id, email) VALUES ('u1', 'u1@example.com')").run();
    expect(await Promise.all([appender(file, 500, 'a', ['a', 'b']), appender(file, 500, 'b', ['a', 'b'])])).toEqual([0, 0]);
    const audit = new SqliteAuditRepository(database.sqlite);
    const chain = await audit.chainAfter('u1', 0, 100_000);
    expect(chain.map((e) => e.seq)).toEqual(Array.from({ length: chain.length }, (_, i) => i + 1));
    // No append was lost: each writer's events are all there, in its own order.
    for (const writer of ['a', 'b']) {
      const own = chain.filter((e) => e.requestId![0] === writer).map((e) => e.requestId);
      expect(own.length).toBeGreaterThan(0);
      expect(own).toEqual(own.map((_, i) => `${writer}${i}`));
    }
    // Both wrote inside the same window (checked above), so each waited on the other's transaction at
    // least once; SQLite's busy handler may still hand one writer long runs, so no count of switches is asserted.
    expect(await verifyAuditChains(audit)).toMatchObject({ accounts: 1, events: chain.length });
    database.close();
  });
});
