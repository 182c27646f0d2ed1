// The SQLite driver a Node.js can load (docs/decisions/049-node-24-and-two-sqlite-drivers.md).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { embeddedNode } from '../scripts/embedded-node.ts';
import { Database, SQLITE_DRIVER, sqliteAddonPath } from './sqlite-driver.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * Prepares 20,000 statements it drops, then allocates until the collector runs on its own (not
 * from a call in JavaScript): with better-sqlite3 12 on Node 24.19 or newer, that collection
 * aborts the process (RemoveEnvironmentCleanupHook's check) before "survived" prints.
 */
const GC_PROBE = `
const { Database, SQLITE_DRIVER } = await import('./db/sqlite-driver.ts');
const db = new Database(':memory:');
for (let i = 0; i < 20000; i++) db.prepare('SELECT ' + (i % 50)).get();
let junk = [];
for (let round = 0; round < 40; round++) {
  for (let i = 0; i < 1e5; i++) junk.push({ i });
  if (junk.length > 2e6) junk = [];
  await new Promise((tick) => setTimeout(tick, 25));
}
db.close();
console.log('survived with better-sqlite3 ' + SQLITE_DRIVER.major + ' on ' + process.version);
`;

function probe(node: string): string {
  return execFileSync(node, ['--import', 'tsx', '--input-type=module', '-e', GC_PROBE], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
}

describe('the SQLite driver', () => {
  it('picks better-sqlite3 13 where Node-API 10 exists and 12 below it', () => {
    expect(SQLITE_DRIVER.major).toBe(Number(process.versions.napi) >= 10 ? 13 : 12);
  });

  it('opens, writes and reads a database, blobs included', () => {
    const db = new Database(':memory:');
    db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, body BLOB NOT NULL)');
    db.prepare('INSERT INTO t (body) VALUES (?)').run(Buffer.from([0, 1, 255]));
    expect(db.prepare('SELECT id, body FROM t').get()).toEqual({ id: 1, body: Buffer.from([0, 1, 255]) });
    db.close();
  });

  it('names an addon file of the driver it picks, for threads that open their own connection', () => {
    const addon = sqliteAddonPath();
    expect(existsSync(addon)).toBe(true);
    expect(addon).toContain(`/node_modules/${SQLITE_DRIVER.package}/`);
  });

  it('survives collections outside any context after many statements, on this Node.js', () => {
    expect(probe(process.execPath)).toBe(`survived with better-sqlite3 ${SQLITE_DRIVER.major} on ${process.version}`);
  }, 60_000);

  it.skipIf(process.platform !== 'linux' || process.arch !== 'x64')('survives them on the embedded Node 24 too, with better-sqlite3 13', () => {
    const runtime = embeddedNode();
    expect(probe(runtime.node)).toBe(`survived with better-sqlite3 13 on v${runtime.version}`);
  }, 120_000);
});
