/**
 * `backup <file>`: a consistent copy of the database through SQLite's online backup API, which
 * copies page by page and restarts on its own when the server writes meanwhile, so it runs beside a
 * serving server. The copy holds sealed secrets and account data: it is created with mode 0600,
 * and never over an existing file.
 */
import { Database } from '../../db/sqlite-driver.ts';
import { existsSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Config } from '../config.ts';
import { sqliteFileFor } from './database-target.ts';
import { appliedMigrations } from './migrate.ts';
import { OpsError, type Output } from './output.ts';

export async function backup(config: Config, target: string, out: Output): Promise<void> {
  const source = sqliteFileFor(config, 'backup');
  const file = resolve(target);
  if (source === ':memory:' || !existsSync(source)) throw new OpsError(`There is no database at ${source} to back up.`);
  if (file === source) throw new OpsError('The backup would overwrite the database itself: name another file.');
  try {
    // 'wx': refuses an existing file, and the copy is private from its first byte.
    writeFileSync(file, '', { mode: 0o600, flag: 'wx' });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new OpsError(code === 'EEXIST' ? `${file} exists: a backup never overwrites a file.` : `Cannot create ${file}: ${(error as Error).message}`);
  }
  const database = new Database(source, { readonly: true, fileMustExist: true });
  try {
    await database.backup(file);
  } catch (error) {
    rmSync(file, { force: true });
    throw error;
  } finally {
    database.close();
  }
  const check = new Database(file, { readonly: true });
  const integrity = check.pragma('integrity_check', { simple: true });
  check.close();
  if (integrity !== 'ok') throw new OpsError(`The backup in ${file} failed its integrity check (${String(integrity)}).`);
  out(
    `Backed up ${source} to ${file} (${(statSync(file).size / 1024).toFixed(0)} KiB, ${appliedMigrations(file)} migrations).\n` +
      `Its sealed secrets open only with this server's master key (${config.masterKey === undefined ? config.masterKeyFile : 'MASTER_KEY'}): keep a copy of it apart from the backup.`,
  );
}
