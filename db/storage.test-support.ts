/**
 * The engines the storage contract suites run on (docs/decisions/050-one-storage-seam.md): each
 * opens a fresh, migrated database and gives its handle, with a little portable SQL access for the
 * tests to arrange rows and read them back. SQLite always; PostgreSQL from db/postgres/test-server.ts
 * (a server found or started for the file; without one the PostgreSQL suites are skipped with one
 * line, and CI never skips them).
 *
 * A suite builds the repository it tests from the handle with repositoryOn(), one factory per
 * engine, so a repository is tested on every engine it has an implementation for.
 */
import { randomUUID } from 'node:crypto';
import { afterAll } from 'vitest';
import type { AppDatabase } from './connection.ts';
import { openSqliteStorage, type Storage } from './storage.ts';
import { openPostgres, type PostgresDatabase } from './postgres/connect.ts';
import { migratePostgres } from './postgres/migrate.ts';
import { openPostgresStorage } from './postgres/storage.ts';
import { usePostgres } from './postgres/test-server.ts';
import { temporaryDatabases } from './temporary-database.ts';

export type EngineName = 'sqlite' | 'postgres';

export type EngineUnderTest = {
  name: EngineName;
  /** Runs a statement (portable SQL, `?` placeholders). */
  run(sql: string, ...params: unknown[]): Promise<void>;
  /** The first row of a query, or undefined. */
  one<T>(sql: string, ...params: unknown[]): Promise<T | undefined>;
} & ({ name: 'sqlite'; sqlite: AppDatabase } | { name: 'postgres'; postgres: PostgresDatabase });

export interface StorageEngine {
  name: EngineName;
  /** A fresh, migrated database, removed after the file's tests (SQLite: after the test). */
  open(): Promise<EngineUnderTest>;
}

/** `?` placeholders as PostgreSQL's `$1, $2, …`. */
export function numberedPlaceholders(sql: string): string {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
}

/**
 * Call at a test file's top level: SQLite, and PostgreSQL when a server is available (always in
 * CI). Use with `describe.each(storageEngines())`.
 */
export function storageEngines(): StorageEngine[] {
  const openSqlite = temporaryDatabases('pq-storage-');
  const engines: StorageEngine[] = [
    {
      name: 'sqlite',
      open: async () => {
        const database = openSqlite();
        return {
          name: 'sqlite',
          sqlite: database,
          run: async (sql, ...params) => void database.sqlite.prepare(sql).run(...params),
          one: async <T>(sql: string, ...params: unknown[]) => database.sqlite.prepare(sql).get(...params) as T | undefined,
        };
      },
    },
  ];
  const server = usePostgres();
  if (server.available) {
    const opened: PostgresDatabase[] = [];
    // Before the server's own afterAll drops the databases (vitest runs afterAll hooks in reverse).
    afterAll(async () => {
      for (const database of opened.splice(0)) await database.close();
    });
    engines.push({
      name: 'postgres',
      open: async () => {
        const database = await openPostgres(await server.createDatabase(), { max: 4 });
        opened.push(database);
        await migratePostgres(database.pool);
        return {
          name: 'postgres',
          postgres: database,
          run: async (sql, ...params) => void (await database.pool.query(numberedPlaceholders(sql), params)),
          one: async <T>(sql: string, ...params: unknown[]) => (await database.pool.query(numberedPlaceholders(sql), params)).rows[0] as T | undefined,
        };
      },
    });
  }
  return engines;
}

/** The repository under test on this engine, from the factory for its engine. */
export function repositoryOn<T>(engine: EngineUnderTest, make: { sqlite(database: AppDatabase): T; postgres(database: PostgresDatabase): T }): T {
  return engine.name === 'sqlite' ? make.sqlite(engine.sqlite) : make.postgres(engine.postgres);
}

const assembled = new WeakMap<EngineUnderTest, Storage>();

/**
 * The engine's whole Storage (db/storage.ts, db/postgres/storage.ts), one per opened database: its
 * in-memory state is the process's. On PostgreSQL it is one instance with an id of its own (and no
 * lease: nothing sweeps in these suites unless a test registers leases itself).
 */
export function storageOn(engine: EngineUnderTest): Storage {
  const known = assembled.get(engine);
  if (known) return known;
  const storage = repositoryOn<Storage>(engine, {
    sqlite: openSqliteStorage,
    postgres: (database) => openPostgresStorage(database, `test-${randomUUID()}`),
  });
  assembled.set(engine, storage);
  return storage;
}

/** An account with an API key, on `tier` (Free unless said). */
export async function addAccount(engine: EngineUnderTest, userId: string, options: { tier?: string; used?: number; planExpiresAt?: number } = {}): Promise<string> {
  await engine.run(
    'INSERT INTO users (id, email, subscription_tier, api_usage_count, plan_expires_at) VALUES (?, ?, ?, ?, ?)',
    userId, `${userId}@example.com`, options.tier ?? 'free', options.used ?? 0, options.planExpiresAt ?? null,
  );
  const keyValue = `pk_${userId}`;
  await engine.run("INSERT INTO api_keys (user_id, key_name, key_value, secret_digest) VALUES (?, 'key', ?, 'digest')", userId, keyValue);
  return keyValue;
}
