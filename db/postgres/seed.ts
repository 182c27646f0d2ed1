/**
 * Seeds pricing_plans on PostgreSQL, the twin of db/seed.ts: the rows come from db/plans.ts (one
 * source, shared/plans.ts), and re-running updates them, so a changed plan takes effect at the next
 * start on either engine (docs/decisions/047-postgresql-schema-and-driver.md). One multi-row
 * statement: one round trip however many plans there are.
 */
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { PLAN_ROWS } from '../plans.ts';
import { pricingPlans } from './schema.ts';

export async function seedPlans(db: PgDatabase<PgQueryResultHKT, Record<string, unknown>>): Promise<void> {
  await db
    .insert(pricingPlans)
    .values(PLAN_ROWS.map((plan) => ({ ...plan, isActive: true })))
    .onConflictDoUpdate({
      target: pricingPlans.id,
      set: {
        name: sql`excluded.name`,
        price: sql`excluded.price`,
        usageLimit: sql`excluded.usage_limit`,
        features: sql`excluded.features`,
      },
    });
}
