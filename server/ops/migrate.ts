/** `migrate`: applies the committed migrations (what every start does first) and exits, on SQLite or PostgreSQL. */
import { Database } from '../../db/sqlite-driver.ts';
import { existsSync } from 'node:fs';
import { openDatabase } from '../../db/connection.ts';
import type { Config } from '../config.ts';
import { describeServer } from '../../db/postgres/connect.ts';
import { appliedPostgresMigrations, migratePostgres } from '../../db/postgres/migrate.ts';
import { openPostgresForOps } from './database-target.ts';
import type { Output } from './output.ts';

/** Migrations recorded as applied in a database file (0 for a new or empty one). */
export function appliedMigrations(file: string): number {
  if (file === ':memory:' || !existsSync(file)) return 0;
  const sqlite = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const table = sqlite.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '__drizzle_migrations'").get();
    return table ? (sqlite.prepare('SELECT count(*) AS n FROM __drizzle_migrations').get() as { n: number }).n : 0;
  } finally {
    sqlite.close();
  }
}

export async function migrate(config: Config, out: Output): Promise<void> {
  if (config.database.engine === 'postgres') {
    const database = await openPostgresForOps(config.database.url);
    try {
      const server = describeServer(config.database.url);
      const before = await appliedPostgresMigrations(database.pool);
      await migratePostgres(database.pool);
      const after = await appliedPostgresMigrations(database.pool);
      out(after === before ? `${server}: up to date (${after} migrations)` : `${server}: applied ${after - before} migrations (${after} in all)`);
    } finally {
      await database.close();
    }
    return;
  }
  const before = appliedMigrations(config.databaseFile);
  openDatabase(config.databaseFile).close();
  const after = appliedMigrations(config.databaseFile);
  out(after === before ? `${config.databaseFile}: up to date (${after} migrations)` : `${config.databaseFile}: applied ${after - before} migrations (${after} in all)`);
}
