/**
 * Tests' databases: each in a fresh temporary folder, migrated by openDatabase, and closed and
 * removed after its test ('each') or after its file ('all').
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach } from 'vitest';
import { openDatabase, type AppDatabase } from './connection.ts';

/** Returns open(relativePath = 'app.db'): a new database in its own folder, cleaned up after `scope`. */
export function temporaryDatabases(prefix: string, scope: 'each' | 'all' = 'each'): (relativePath?: string) => AppDatabase {
  const opened: { dir: string; database: AppDatabase }[] = [];
  (scope === 'each' ? afterEach : afterAll)(() => {
    for (const { dir, database } of opened.splice(0)) {
      database.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
  return (relativePath = 'app.db') => {
    const dir = mkdtempSync(join(tmpdir(), prefix));
    const database = openDatabase(join(dir, relativePath));
    opened.push({ dir, database });
    return database;
  };
}
