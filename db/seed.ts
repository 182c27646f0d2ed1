/** Seeds pricing_plans from shared/plans.ts (through db/plans.ts); re-running updates the rows, so a changed plan takes effect at start. */
import { sql } from 'drizzle-orm';
import type { BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { PLAN_ROWS } from './plans.ts';
import { pricingPlans } from './schema.ts';

export function seedPlans(db: BetterSQLite3Database<Record<string, unknown>>): void {
  for (const plan of PLAN_ROWS) {
    db.insert(pricingPlans)
      .values({ ...plan, isActive: true })
      .onConflictDoUpdate({
        target: pricingPlans.id,
        set: {
          name: sql`excluded.name`,
          price: sql`excluded.price`,
          usageLimit: sql`excluded.usage_limit`,
          features: sql`excluded.features`,
        },
      })
      .run();
  }
}
