/**
 * The PostgreSQL migrations against a real server (test-server.ts): they build db/postgres/schema.ts
 * on an empty database, two instances starting together apply each once under the advisory lock
 * (migrate.ts), a re-run does nothing, and rows come back as the SQLite schema reads them.
 */
import { eq, getTableName, is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { openPostgres, type PostgresDatabase } from './connect.ts';
import { journalLength, migratePostgres, migrationsApplied, MIGRATIONS_TABLE } from './migrate.ts';
import * as schema from './schema.ts';
import { usePostgres } from './test-server.ts';

const server = usePostgres();

describe.skipIf(!server.available)('PostgreSQL migrations', () => {
  const opened: PostgresDatabase[] = [];
  afterEach(async () => {
    for (const database of opened.splice(0)) await database.close();
  });

  async function open(url: string): Promise<PostgresDatabase> {
    const database = await openPostgres(url, { max: 4 });
    opened.push(database);
    return database;
  }

  async function journal(database: PostgresDatabase) {
    const { rows } = await database.pool.query<{ id: number; hash: string; created_at: number }>(`SELECT id, hash, created_at FROM ${MIGRATIONS_TABLE} ORDER BY id`);
    return rows;
  }

  it('builds every table, column, index, unique and foreign key of the schema on an empty database', async () => {
    const database = await open(await server.createDatabase());
    expect(await migrationsApplied(database.pool)).toBe(false);
    await migratePostgres(database.pool);
    expect(await migrationsApplied(database.pool)).toBe(true);
    expect(await journal(database)).toHaveLength(journalLength());

    const { rows: columns } = await database.pool.query<{ table_name: string; column_name: string; data_type: string; is_nullable: string }>(
      "SELECT table_name, column_name, data_type, is_nullable FROM information_schema.columns WHERE table_schema = 'public'",
    );
    const { rows: indexes } = await database.pool.query<{ tablename: string; indexname: string }>("SELECT tablename, indexname FROM pg_indexes WHERE schemaname = 'public'");
    const tables = (Object.values(schema) as unknown[]).filter((t): t is PgTable => is(t, PgTable));
    const expectedColumns = tables.flatMap((t) =>
      getTableConfig(t).columns.map((c) => ({ table_name: getTableName(t), column_name: c.name, data_type: c.getSQLType(), is_nullable: c.notNull ? 'NO' : 'YES' })),
    );
    const key = (c: { table_name: string; column_name: string }) => `${c.table_name}.${c.column_name}`;
    expect(columns.sort((a, b) => key(a).localeCompare(key(b)))).toEqual(expectedColumns.sort((a, b) => key(a).localeCompare(key(b))));
    const indexNames = new Set(indexes.map((i) => i.indexname));
    for (const t of tables) for (const index of getTableConfig(t).indexes) expect(indexNames, `${index.config.name}`).toContain(index.config.name);

    const { rows: constraints } = await database.pool.query<{ conname: string }>("SELECT conname FROM pg_constraint WHERE connamespace = 'public'::regnamespace");
    const constraintNames = new Set(constraints.map((c) => c.conname));
    for (const t of tables) {
      const config = getTableConfig(t);
      for (const fk of config.foreignKeys) expect(constraintNames, fk.getName()).toContain(fk.getName());
      for (const column of config.columns.filter((c) => c.isUnique)) expect(constraintNames, column.uniqueName).toContain(column.uniqueName);
    }
  });

  it('applies each migration once when two instances start together', async () => {
    const url = await server.createDatabase();
    const [first, second] = [await open(url), await open(url)];
    await Promise.all([migratePostgres(first.pool), migratePostgres(second.pool)]);
    const rows = await journal(first);
    expect(rows).toHaveLength(journalLength());
    expect(new Set(rows.map((r) => r.created_at)).size).toBe(journalLength());
  });

  it('changes nothing when run again', async () => {
    const database = await open(await server.createDatabase());
    await migratePostgres(database.pool);
    const before = await journal(database);
    await database.db.insert(schema.users).values({ id: 'u1', email: 'kept@example.com' });
    await migratePostgres(database.pool);
    expect(await journal(database)).toEqual(before);
    expect(await database.db.select({ email: schema.users.email }).from(schema.users)).toEqual([{ email: 'kept@example.com' }]);
  });

  it('round-trips bytea, boolean, 64-bit integers and double precision as the SQLite schema reads them', async () => {
    const database = await open(await server.createDatabase());
    await migratePostgres(database.pool);
    const { db } = database;
    const before = Date.now();
    const [user] = await db.insert(schema.users).values({ id: 'u1', email: 'a@example.com', apiUsageCount: 2 ** 31 + 5 }).returning();
    expect(user!.apiUsageCount).toBe(2 ** 31 + 5);
    expect(user!.createdAt).toBeInstanceOf(Date);
    expect(user!.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(user!.createdAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);

    const row = {
      id: 2 ** 40,
      userId: 'u1',
      channel: 'api' as const,
      operationType: 'sign',
      algorithm: 'ML-DSA-65',
      message: 'hello',
      signature: { encoded: null, scheme: 'ML-DSA-65' },
      signatureBytes: Buffer.concat([Buffer.from([0, 0, 255, 0]), randomBytes(3305)]),
      publicKeyBytes: Buffer.alloc(0),
      verified: true,
      signatureSize: 3309,
      generationTime: 0.1 + 0.2,
      verificationTime: 123456.789,
      createdAt: new Date(1_795_000_000_123),
    };
    await db.insert(schema.cryptoOperations).values(row);
    const [read] = await db.select().from(schema.cryptoOperations).where(eq(schema.cryptoOperations.id, 2 ** 40));
    expect(read).toMatchObject(row);
    expect(Buffer.isBuffer(read!.signatureBytes)).toBe(true);
    expect(read!.generationTime).toBe(0.1 + 0.2);

    await db.insert(schema.performanceTotals).values({ algorithm: 'ML-DSA-65', operations: Number.MAX_SAFE_INTEGER, sizeSum: 1e300, verificationSum: 5e-324 });
    const [totals] = await db.select().from(schema.performanceTotals);
    expect(totals).toMatchObject({ operations: Number.MAX_SAFE_INTEGER, sizeSum: 1e300, verificationSum: 5e-324, sizeCount: 0 });

    // Raw SQL reads 64-bit values as numbers too (connect.ts's parser), as better-sqlite3 does.
    const { rows } = await database.pool.query<{ n: unknown; flag: unknown }>('SELECT count(*) AS n, bool_and(verified) AS flag FROM crypto_operations');
    expect(rows[0]).toEqual({ n: 1, flag: true });
  });

  it("keeps a user's signing key while its account lives, and lets it go with the account", async () => {
    const database = await open(await server.createDatabase());
    await migratePostgres(database.pool);
    const { db } = database;
    await db.insert(schema.users).values({ id: 'u1', email: 'a@example.com' });
    await db.insert(schema.signingKeys).values({ id: 'k1', userId: 'u1', algorithm: 'ML-DSA-65', name: 'default', sealedSeed: 's', publicKey: 'p' });
    await db.insert(schema.signingKeys).values({ id: 'k2', demoSessionId: 'd1', algorithm: 'ML-DSA-65', name: 'demo', sealedSeed: 's', publicKey: 'p' });

    await expect(db.delete(schema.signingKeys).where(eq(schema.signingKeys.id, 'k1'))).rejects.toMatchObject({ cause: { code: '23001' } });
    await db.delete(schema.signingKeys).where(eq(schema.signingKeys.id, 'k2'));

    await db.delete(schema.users).where(eq(schema.users.id, 'u1'));
    expect(await db.select().from(schema.signingKeys)).toEqual([]);
  });

  it("lets a deleted account's signing keys go before its row", async () => {
    const database = await open(await server.createDatabase());
    await migratePostgres(database.pool);
    const { db } = database;
    await db.insert(schema.users).values({ id: 'u1', email: 'a@example.com', deletedAt: new Date() });
    await db.insert(schema.signingKeys).values({ id: 'k1', userId: 'u1', algorithm: 'ML-DSA-65', name: 'default', sealedSeed: 's', publicKey: 'p' });
    await db.delete(schema.signingKeys).where(eq(schema.signingKeys.id, 'k1'));
    expect(await db.select().from(schema.signingKeys)).toEqual([]);
  });
});
