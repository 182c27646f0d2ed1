/**
 * Copying a SQLite database into PostgreSQL (copy-from-sqlite.ts) against a real server
 * (test-server.ts): every table arrives row for row, edge values included; a target that holds
 * data, a row PostgreSQL cannot take, or a SQLite file of another version stop the copy with
 * nothing written; identities continue past SQLite's; one snapshot is read while the server writes.
 */
import { eq, getTableName, is } from 'drizzle-orm';
import { getTableConfig, SQLiteTable } from 'drizzle-orm/sqlite-core';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../connection.ts';
import * as sqliteSchema from '../schema.ts';
import { Database } from '../sqlite-driver.ts';
import { openPostgres, type PostgresDatabase } from './connect.ts';
import { copySqliteToPostgres, CopyToPostgresError } from './copy-from-sqlite.ts';
import { copyPlan } from './copy-plan.ts';
import { expectSameRows, fillEveryTable, sqliteTableNames } from './copy.test-support.ts';
import { migratePostgres, migrationsApplied } from './migrate.ts';
import { users as pgUsers } from './schema.ts';
import { seedPlans } from './seed.ts';
import { usePostgres } from './test-server.ts';

const server = usePostgres();
const dir = mkdtempSync(join(tmpdir(), 'pq-copy-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let files = 0;
/** A migrated, seeded SQLite database (db/connection.ts) in a file, optionally changed before it is closed. */
function sqliteFile(fill: (database: ReturnType<typeof openDatabase>) => void = () => {}): string {
  const file = join(dir, `source-${++files}.db`);
  const database = openDatabase(file);
  fill(database);
  database.close();
  return file;
}

describe('the copy plan', () => {
  it('copies every table SQLite has after the migrations, parents before the tables that point at them', () => {
    const sqlite = new Database(sqliteFile(), { readonly: true });
    const catalog = sqliteTableNames(sqlite);
    sqlite.close();
    const plan = copyPlan().map((t) => t.name);
    expect([...plan].sort()).toEqual(catalog);
    for (const table of (Object.values(sqliteSchema) as unknown[]).filter((t): t is SQLiteTable => is(t, SQLiteTable))) {
      for (const fk of getTableConfig(table).foreignKeys) {
        const parent = getTableName(fk.reference().foreignTable);
        if (parent !== getTableName(table)) expect(plan.indexOf(parent), `${parent} before ${getTableName(table)}`).toBeLessThan(plan.indexOf(getTableName(table)));
      }
    }
  });
});

describe.skipIf(!server.available)('copying a SQLite database into PostgreSQL', () => {
  const opened: PostgresDatabase[] = [];
  afterEach(async () => {
    for (const database of opened.splice(0)) await database.close();
  });

  async function target(): Promise<PostgresDatabase & { url: string }> {
    const url = await server.createDatabase();
    const database = await openPostgres(url, { max: 3 });
    opened.push(database);
    return { ...database, url };
  }

  async function rowCounts(database: PostgresDatabase): Promise<Record<string, number>> {
    const counts: Record<string, number> = {};
    for (const { name } of copyPlan()) counts[name] = (await database.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${name}"`)).rows[0]!.n;
    return counts;
  }

  it('migrates an empty database and copies every row of every table exactly: nulls, booleans, blobs, 64-bit integers, milliseconds, unicode', async () => {
    const file = sqliteFile(({ db }) => fillEveryTable(db));
    const database = await target();
    // Two rows per INSERT, so every table with more rows than that is copied in several batches.
    const result = await copySqliteToPostgres(file, database.pool, { batchRows: 2 });

    expect(await migrationsApplied(database.pool)).toBe(true);
    const counts = await expectSameRows(file, database.url);
    for (const [table, rows] of Object.entries(counts)) expect(rows, `${table} has rows in the fixture`).toBeGreaterThan(0);
    expect(Object.fromEntries(result.tables.map((t) => [t.table, t.rows]))).toEqual(counts);
    expect(result.total).toBe(Object.values(counts).reduce((a, b) => a + b, 0));
    // And the app's PostgreSQL schema reads them as the SQLite one does (columns.ts's types).
    const [user] = await database.db.select().from(pgUsers).where(eq(pgUsers.id, 'u-full'));
    expect(user).toMatchObject({ apiUsageCount: Number.MAX_SAFE_INTEGER, createdAt: new Date(0), emailVerifiedAt: new Date(1_795_000_000_123), subscriptionTier: 'pro' });
  });

  it('continues each identity past the highest id SQLite gave, deleted rows included', async () => {
    const file = sqliteFile(({ db, sqlite }) => {
      fillEveryTable(db);
      // SQLite's AUTOINCREMENT never gives a deleted row's id again; PostgreSQL must not either.
      sqlite.prepare("INSERT INTO contact_messages (id, name, email, subject, message) VALUES (900, 'n', 'e@example.com', ?, 'm')").run(sqliteSchema.contactMessages.subject.enumValues[0]);
      sqlite.prepare('DELETE FROM contact_messages WHERE id = 900').run();
    });
    const database = await target();
    await copySqliteToPostgres(file, database.pool);
    const next = (sql: string) => database.pool.query<{ id: number }>(sql).then((r) => r.rows[0]!.id);
    expect(await next("INSERT INTO api_keys (user_id, key_name, key_value, secret_digest) VALUES ('u-min', 'new', 'pk_new', 'd') RETURNING id")).toBe(2 ** 40 + 2);
    expect(await next("INSERT INTO contact_messages (name, email, subject, message) VALUES ('n', 'e@example.com', 'general', 'm') RETURNING id")).toBe(901);
    expect(await next("INSERT INTO crypto_operations (channel, operation_type, algorithm, message, signature) VALUES ('demo', 'sign', 'a', 'm', '{}') RETURNING id")).toBe(4);
  });

  it('refuses a database that holds a row, naming the first such table, and leaves it as it was', async () => {
    const file = sqliteFile(({ db }) => fillEveryTable(db));
    const database = await target();
    await migratePostgres(database.pool);
    await database.pool.query("INSERT INTO monthly_usage (meter, month, calls) VALUES ('user:x', '2026-01', 5)");
    await database.pool.query("INSERT INTO allowance_credits (user_id, month, calls) SELECT id, '2026-01', 1 FROM users");
    const before = await rowCounts(database);

    const error = await copySqliteToPostgres(file, database.pool).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CopyToPostgresError);
    expect(error).toMatchObject({ code: 'target_not_empty', message: 'The PostgreSQL database is not empty (monthly_usage has rows): copy into a new, empty database.' });
    expect(await rowCounts(database)).toEqual(before);
  });

  it('takes a database whose only rows are the seeded plans, and replaces them with SQLite’s', async () => {
    const file = sqliteFile(({ db, sqlite }) => {
      fillEveryTable(db);
      sqlite.prepare("UPDATE pricing_plans SET name = 'Renamed here' WHERE id = 'pro'").run();
    });
    const database = await target();
    await migratePostgres(database.pool);
    await seedPlans(database.db);
    await copySqliteToPostgres(file, database.pool);
    await expectSameRows(file, database.url);
  });

  it('writes nothing when a row fails half-way: a foreign key SQLite did not enforce', async () => {
    const file = sqliteFile(({ db, sqlite }) => {
      fillEveryTable(db);
      sqlite.pragma('foreign_keys = OFF');
      sqlite.prepare("INSERT INTO recovery_codes (code_digest, user_id) VALUES ('orphan', 'no-such-user')").run();
    });
    const database = await target();
    const error = await copySqliteToPostgres(file, database.pool, { batchRows: 1 }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'insert_failed', message: expect.stringMatching(/^Copying recovery_codes failed at rows 3–3: .*foreign key.*\(Key \(user_id\)=\(no-such-user\) is not present in table "users"\.\)\.$/) });
    const counts = await rowCounts(database);
    expect(Object.entries(counts).filter(([, n]) => n > 0)).toEqual([]);
    // Nor did an identity move: the next row of a table copied before the failure gets id 1.
    const { rows } = await database.pool.query<{ id: number }>("INSERT INTO contact_messages (name, email, subject, message) VALUES ('n', 'e@example.com', 'general', 'm') RETURNING id");
    expect(rows).toEqual([{ id: 1 }]);
  });

  it('refuses text PostgreSQL cannot store, naming the table, column and row, with nothing written', async () => {
    const file = sqliteFile(({ db, sqlite }) => {
      fillEveryTable(db);
      sqlite.prepare("UPDATE crypto_operations SET message = 'a' || char(0) || 'b' WHERE id = 2").run();
    });
    const database = await target();
    await expect(copySqliteToPostgres(file, database.pool)).rejects.toMatchObject({
      code: 'value_not_convertible',
      message: 'crypto_operations.message of the row where id = 2: the text holds a NUL character (U+0000), which PostgreSQL text cannot store.',
    });
    expect(Object.values(await rowCounts(database)).every((n) => n === 0)).toBe(true);
  });

  it('refuses a SQLite file that is missing, behind this version’s migrations, or ahead of them', async () => {
    const database = await target();
    await expect(copySqliteToPostgres(join(dir, 'none.db'), database.pool)).rejects.toMatchObject({ code: 'sqlite_not_found' });
    const behind = sqliteFile(({ sqlite }) => sqlite.prepare('DELETE FROM __drizzle_migrations WHERE rowid = (SELECT max(rowid) FROM __drizzle_migrations)').run());
    await expect(copySqliteToPostgres(behind, database.pool)).rejects.toMatchObject({ code: 'sqlite_not_migrated', message: expect.stringMatching(/run the migrate command/) });
    const ahead = sqliteFile(({ sqlite }) => sqlite.prepare("INSERT INTO __drizzle_migrations (hash, created_at) VALUES ('future', 9999999999999)").run());
    await expect(copySqliteToPostgres(ahead, database.pool)).rejects.toMatchObject({ code: 'sqlite_newer' });
  });

  it('copies one snapshot while another connection goes on writing to the SQLite file', async () => {
    const file = sqliteFile(({ db }) => fillEveryTable(db));
    const writer = new Database(file);
    writer.pragma('busy_timeout = 5000');
    // Each write adds a user and its month's meter together; users are copied long before monthly_usage.
    const write = writer.transaction((i: number) => {
      writer.prepare('INSERT INTO users (id, email) VALUES (?, ?)').run(`w${i}`, `w${i}@example.com`);
      writer.prepare("INSERT INTO monthly_usage (meter, month, calls) VALUES (?, '2026-11', 1)").run(`user:w${i}`);
    });
    let writes = 0;
    let copying = true;
    const loop = (async () => {
      while (copying) {
        write(writes++);
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    const database = await target();
    try {
      await copySqliteToPostgres(file, database.pool, { batchRows: 1 });
    } finally {
      copying = false;
      await loop;
      writer.close();
    }
    const count = async (sql: string) => (await database.pool.query<{ n: number }>(sql)).rows[0]!.n;
    const users = await count("SELECT count(*)::int AS n FROM users WHERE id LIKE 'w%'");
    expect(writes).toBeGreaterThan(users);
    expect(await count("SELECT count(*)::int AS n FROM monthly_usage WHERE meter LIKE 'user:w%'")).toBe(users);
  });
});
