/**
 * Which database an operations command works on. Commands built on SQLite's file (backup, restore,
 * copy-to-postgres) refuse on PostgreSQL and name PostgreSQL's own tool instead (README.md
 * "Running several instances"), rather than acting on a file the server does not use. The others
 * open the PostgreSQL server here, so a server that cannot be reached stops them with one line.
 */
import { openDatabase } from '../../db/connection.ts';
import { openPostgres, PostgresConnectionError, type PoolOptions, type PostgresDatabase } from '../../db/postgres/connect.ts';
import { migratePostgres } from '../../db/postgres/migrate.ts';
import { openPostgresStorage } from '../../db/postgres/storage.ts';
import { openSqliteStorage, type Storage } from '../../db/storage.ts';
import type { Config } from '../config.ts';
import { OpsError } from './output.ts';

const ON_POSTGRES: Record<string, string> = {
  backup: 'back it up with pg_dump (pg_dump -Fc -f pq.dump "$DATABASE_URL")',
  restore: 'restore it with pg_restore into an empty database (pg_restore -d "$DATABASE_URL" pq.dump)',
  'copy-to-postgres': 'it copies a SQLite database into PostgreSQL: run it with DATABASE_URL naming the SQLite file',
};

/** The SQLite file `command` works on; an OpsError saying what to use instead when DATABASE_URL names PostgreSQL. */
export function sqliteFileFor(config: Config, command: keyof typeof ON_POSTGRES): string {
  if (config.database.engine === 'postgres') {
    throw new OpsError(`${command} works on a SQLite file, and DATABASE_URL names a PostgreSQL server: ${ON_POSTGRES[command]}.`);
  }
  return config.databaseFile;
}

/** A pool on the PostgreSQL server; a server that cannot be used is an OpsError naming it (never the password). */
export async function openPostgresForOps(url: string, options: PoolOptions = {}): Promise<PostgresDatabase> {
  try {
    return await openPostgres(url, options);
  } catch (error) {
    throw error instanceof PostgresConnectionError ? new OpsError(error.message) : error;
  }
}

/**
 * The repositories of the configured database, migrated first as a server's start migrates it, for
 * a command that runs beside the servers (`plan`, `verify-audit-log`); `name` names its instance on
 * PostgreSQL.
 */
export async function withStorage(config: Config, name: string, use: (storage: Storage) => Promise<void>): Promise<void> {
  if (config.database.engine === 'postgres') {
    const database = await openPostgresForOps(config.database.url, { max: 2 });
    try {
      await migratePostgres(database.pool);
      await use(openPostgresStorage(database, `ops-${name}-${process.pid}`));
    } finally {
      await database.close();
    }
    return;
  }
  const database = openDatabase(config.databaseFile);
  try {
    await use(openSqliteStorage(database));
  } finally {
    database.close();
  }
}
