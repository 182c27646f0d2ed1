/**
 * Applies db/postgres/migrations to a PostgreSQL database, once, however many instances start
 * together (docs/decisions/047).
 *
 * drizzle's PostgreSQL migrator reads the last applied migration outside its transaction and takes
 * no lock (node_modules/drizzle-orm/pg-core/dialect.js, `migrate`), so two instances starting at
 * once can both see a migration as missing and both apply it (migrate.test.ts fails so without
 * the lock). Here the whole migrator runs on one dedicated connection that first takes a session
 * advisory lock: the second instance waits at the lock, then reads the journal table after the
 * first has committed and finds nothing left to do. The lock is released with the connection if
 * the process dies, so nothing stale blocks the next start.
 */
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import { MIGRATIONS_LOCK } from './advisory-locks.ts';

export const PG_MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

/** Where drizzle's PostgreSQL migrator records what it applied (its defaults). */
export const MIGRATIONS_TABLE = 'drizzle.__drizzle_migrations';

export async function migratePostgres(pool: pg.Pool, migrationsFolder = PG_MIGRATIONS_FOLDER): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1::bigint)', [MIGRATIONS_LOCK.toString()]);
    await migrate(drizzle({ client }), { migrationsFolder });
    await client.query('SELECT pg_advisory_unlock($1::bigint)', [MIGRATIONS_LOCK.toString()]);
  } catch (error) {
    // Destroying the connection ends its session, which releases the lock whatever state it is in.
    client.release(error instanceof Error ? error : true);
    throw error;
  }
  client.release();
}

/** How many migrations the folder's journal lists. */
export function journalLength(migrationsFolder = PG_MIGRATIONS_FOLDER): number {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
  return journal.entries.length;
}

/** How many migrations this database has applied (0 for an empty database). */
export async function appliedPostgresMigrations(pool: pg.Pool): Promise<number> {
  try {
    const { rows } = await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${MIGRATIONS_TABLE}`);
    return rows[0]!.n;
  } catch (error) {
    // 42P01 undefined_table, 3F000 invalid_schema_name: nothing has been migrated yet.
    const code = (error as { code?: string }).code;
    if (code === '42P01' || code === '3F000') return 0;
    throw error;
  }
}

/** True when every committed migration has been applied to this database (for a health check). */
export async function migrationsApplied(pool: pg.Pool): Promise<boolean> {
  return (await appliedPostgresMigrations(pool)) >= journalLength();
}
