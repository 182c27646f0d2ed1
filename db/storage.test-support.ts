/**
 * The engines the storage contract suites run on (docs/decisions/050-one-storage-seam.md): each
 * opens a fresh, migrated database and gives its Storage with a little SQL access for the tests to
 * arrange rows and read them back. SQLite always; a PostgreSQL entry (db/postgres/test-server.ts)
 * joins this list with the PostgreSQL repositories, and `?` placeholders then become `$n`.
 */
import { openSqliteStorage, type Storage } from './storage.ts';
import { temporaryDatabases } from './temporary-database.ts';

export interface EngineUnderTest {
  storage: Storage;
  /** Runs a statement (portable SQL, `?` placeholders). */
  run(sql: string, ...params: unknown[]): Promise<void>;
  /** The first row of a query, or undefined. */
  one<T>(sql: string, ...params: unknown[]): Promise<T | undefined>;
}

export interface StorageEngine {
  name: string;
  open(): EngineUnderTest;
}

/** Call at a test file's top level: the databases are removed after each test. */
export function storageEngines(): StorageEngine[] {
  const open = temporaryDatabases('pq-storage-');
  return [
    {
      name: 'sqlite',
      open: () => {
        const database = open();
        return {
          storage: openSqliteStorage(database),
          run: async (sql, ...params) => void database.sqlite.prepare(sql).run(...params),
          one: async <T>(sql: string, ...params: unknown[]) => database.sqlite.prepare(sql).get(...params) as T | undefined,
        };
      },
    },
  ];
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
