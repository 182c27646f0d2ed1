/**
 * The pricing plans seed on PostgreSQL (seed.ts) writes what SQLite's (db/seed.ts) writes, and a
 * second run puts a changed plan back to shared/plans.ts without adding rows.
 */
import { asc, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../connection.ts';
import * as sqliteSchema from '../schema.ts';
import { openPostgres, type PostgresDatabase } from './connect.ts';
import { migratePostgres } from './migrate.ts';
import { pricingPlans } from './schema.ts';
import { seedPlans } from './seed.ts';
import { usePostgres } from './test-server.ts';

const server = usePostgres();

describe.skipIf(!server.available)('seeding the pricing plans on PostgreSQL', () => {
  const opened: PostgresDatabase[] = [];
  afterEach(async () => {
    for (const database of opened.splice(0)) await database.close();
  });

  async function migrated(): Promise<PostgresDatabase> {
    const database = await openPostgres(await server.createDatabase(), { max: 2 });
    opened.push(database);
    await migratePostgres(database.pool);
    return database;
  }

  const columns = { id: pricingPlans.id, name: pricingPlans.name, price: pricingPlans.price, currency: pricingPlans.currency, features: pricingPlans.features, usageLimit: pricingPlans.usageLimit, isActive: pricingPlans.isActive };

  it('writes the same plan rows as the SQLite seed', async () => {
    const { db } = await migrated();
    await seedPlans(db);
    const sqlite = openDatabase(':memory:');
    const p = sqliteSchema.pricingPlans;
    const expected = sqlite.db
      .select({ id: p.id, name: p.name, price: p.price, currency: p.currency, features: p.features, usageLimit: p.usageLimit, isActive: p.isActive })
      .from(p)
      .orderBy(asc(p.id))
      .all();
    sqlite.close();
    expect(expected.length).toBeGreaterThan(0);
    expect(await db.select(columns).from(pricingPlans).orderBy(asc(pricingPlans.id))).toEqual(expected);
  });

  it('puts a changed plan back on the next run and adds no row', async () => {
    const { db } = await migrated();
    await seedPlans(db);
    const before = await db.select(columns).from(pricingPlans).orderBy(asc(pricingPlans.id));
    const first = before[0]!;
    await db.update(pricingPlans).set({ name: 'Renamed', price: 1, usageLimit: 2, features: ['x'] }).where(eq(pricingPlans.id, first.id));
    await seedPlans(db);
    expect(await db.select(columns).from(pricingPlans).orderBy(asc(pricingPlans.id))).toEqual(before);
  });
});
