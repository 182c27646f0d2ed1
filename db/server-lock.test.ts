import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireServerLock, ServerLockError } from './server-lock.ts';

const dirs: string[] = [];
const fresh = () => {
  const dir = mkdtempSync(join(tmpdir(), 'pq-lock-'));
  dirs.push(dir);
  return join(dir, 'app.db');
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Tries the lock from another process, as a second server would. */
function tryFromAnotherProcess(databaseFile: string): { status: number | null; stderr: string } {
  const script = `import { acquireServerLock } from './db/server-lock.ts'; try { acquireServerLock(${JSON.stringify(databaseFile)}).release(); } catch (e) { console.error(e.message); process.exit(3); }`;
  const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: join(import.meta.dirname, '..'), encoding: 'utf8' });
  return { status: child.status, stderr: child.stderr };
}

describe('the server lock', () => {
  it('refuses a second holder in this process and in another, naming the database', () => {
    const file = fresh();
    const lock = acquireServerLock(file);
    try {
      expect(() => acquireServerLock(file)).toThrow(ServerLockError);
      const other = tryFromAnotherProcess(file);
      expect(other.status).toBe(3);
      expect(other.stderr).toContain(`Another server is running on ${file}`);
    } finally {
      lock.release();
    }
  });

  it('is free again once released, and a process that exits releases it', () => {
    const file = fresh();
    acquireServerLock(file).release();
    expect(tryFromAnotherProcess(file).status).toBe(0);
    const again = acquireServerLock(file);
    again.release();
  });

  it('makes the data folder on a first start, owner-only', () => {
    const file = join(fresh(), 'data', 'app.db');
    const lock = acquireServerLock(file);
    lock.release();
    expect(statSync(join(file, '..')).mode & 0o777).toBe(0o700);
  });

  it('locks one database, not its neighbours', () => {
    const a = acquireServerLock(fresh());
    const b = acquireServerLock(fresh());
    a.release();
    b.release();
  });
});
