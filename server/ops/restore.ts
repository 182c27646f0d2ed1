/**
 * `restore <file>`: replaces the database with a backup. Refused while any process has the
 * database open (server/ops/db-lock.ts), for a file that is not a sound database of this product,
 * for a backup made by a newer version (more migrations than this one knows), and, unless --force,
 * when the current master key does not open the backup's sealed secrets. The copy goes through
 * SQLite's backup API into the database, so its WAL and locks are handled by SQLite; a backup from
 * an older version is migrated by the next start.
 */
import { Database } from '../../db/sqlite-driver.ts';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { MIGRATIONS_FOLDER } from '../../db/connection.ts';
import type { Config } from '../config.ts';
import { openExclusive } from './db-lock.ts';
import { currentMasterKey } from './master.ts';
import { appliedMigrations } from './migrate.ts';
import { sqliteFileFor } from './database-target.ts';
import { OpsError, type Output } from './output.ts';
import { opensWith } from './sealed-values.ts';

function knownMigrations(): number {
  return (JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] }).entries.length;
}

/** Opens the backup read-only and checks it is a sound database of a version this one can run. */
function checkBackup(file: string, config: Config, force: boolean): void {
  let backupDb: Database;
  try {
    backupDb = new Database(file, { readonly: true, fileMustExist: true });
    backupDb.pragma('schema_version');
  } catch (error) {
    throw new OpsError(`${file} is not a SQLite database (${(error as Error).message}).`);
  }
  try {
    const integrity = backupDb.pragma('integrity_check', { simple: true });
    if (integrity !== 'ok') throw new OpsError(`${file} failed its integrity check (${String(integrity)}).`);
    const applied = appliedMigrations(file);
    if (applied === 0) throw new OpsError(`${file} is not a database of this product (it has no migrations table).`);
    if (applied > knownMigrations()) throw new OpsError(`${file} comes from a newer version (${applied} migrations; this one knows ${knownMigrations()}): restore it with that version.`);
    // With no key yet, any sealed value is one this server cannot open; a backup holding none is fine.
    const opens = opensWith(backupDb, currentMasterKey(config)?.key ?? Buffer.alloc(32));
    if (opens === false && !force) {
      throw new OpsError(
        `The current master key does not open the secrets sealed in ${file}: put the master key it was made with in place first (or pass --force to restore it anyway).`,
      );
    }
  } finally {
    backupDb.close();
  }
}

export async function restore(config: Config, source: string, options: { force: boolean }, out: Output): Promise<void> {
  const file = resolve(source);
  const target = sqliteFileFor(config, 'restore');
  if (target === ':memory:') throw new OpsError('DATABASE_URL is :memory:: there is nothing to restore into.');
  if (!existsSync(file)) throw new OpsError(`${file} does not exist.`);
  if (file === target) throw new OpsError('That is the database itself.');
  checkBackup(file, config, options.force);

  if (existsSync(target)) {
    // Only a check: the backup API below takes SQLite's own locks while it writes.
    const probe = openExclusive(target, 'restore');
    probe.exec('ROLLBACK');
    probe.close();
  } else {
    mkdirSync(dirname(target), { recursive: true, mode: 0o700 });
    writeFileSync(target, '', { mode: 0o600, flag: 'wx' });
  }
  const backupDb = new Database(file, { readonly: true, fileMustExist: true });
  try {
    await backupDb.backup(target);
  } finally {
    backupDb.close();
  }
  out(`Restored ${target} from ${file} (${appliedMigrations(target)} migrations; the next start applies any newer ones).`);
}
