/**
 * Opens the SQLite database: WAL journal, foreign keys on, committed migrations applied, plans seeded.
 * The app and the tests both go through here, so tests run on exactly the schema production runs on.
 */
import { Database } from './sqlite-driver.ts';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { chmodSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as schema from './schema.ts';
import { seedPlans } from './seed.ts';

export type Db = BetterSQLite3Database<typeof schema> & { $client: Database };
/** A transaction handle; services accept either so callers can compose them atomically. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface AppDatabase {
  /** drizzle over the connection. */
  db: Db;
  /** The raw connection, for pragmas and explicit IMMEDIATE transactions. */
  sqlite: Database;
  close(): void;
}

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * The database holds sealed keys, sessions and account data: a folder made here is 0700 and the
 * database file 0600 (SQLite gives its -wal and -shm files the database file's mode).
 */
function ownerOnly(file: string): void {
  for (const path of [file, `${file}-wal`, `${file}-shm`]) if (existsSync(path)) chmodSync(path, 0o600);
}

export function openDatabase(file: string): AppDatabase {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  const sqlite = new Database(file);
  if (file !== ':memory:') ownerOnly(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  // Concurrent writers (another process, a migration) wait instead of failing at once.
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  const db = drizzle(sqlite, { schema });
  migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
  seedPlans(db);
  return {
    db,
    sqlite,
    close: () => {
      if (sqlite.open) sqlite.close();
    },
  };
}

/** True when every committed migration has been applied to this database (for /api/health). */
export function migrationsApplied(sqlite: Database): boolean {
  return appliedMigrations(sqlite) >= journalLength();
}

/** How many migrations this build ships (db/migrations' journal). */
export function journalLength(): number {
  const journal = JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
  return journal.entries.length;
}

/** How many migrations this database has applied. */
export function appliedMigrations(sqlite: Database): number {
  return (sqlite.prepare('SELECT count(*) AS n FROM __drizzle_migrations').get() as { n: number }).n;
}
