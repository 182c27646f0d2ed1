/**
 * Metering's move of a plan that ran out, on the raw client of its admission transaction (which
 * holds the account's row lock): payments' syncAccountPlan (account-plan.postgres.ts, the one rule
 * of paid-plans.ts; docs/decisions/035) run through drizzle on that same client, then the account's
 * row read back through `columns`. A plan runs out once a month at most, so the drizzle wrapper
 * made here costs nothing on the per-call path.
 */
import { drizzle } from 'drizzle-orm/node-postgres';
import type { PgDb } from '../../../db/postgres/connect.ts';
import * as schema from '../../../db/postgres/schema.ts';
import type { PgClient } from '../../../db/postgres/transaction.ts';
import { syncAccountPlan } from '../payments/account-plan.postgres.ts';

/** Writes the account's plan and limits from its grants and purchases at `now`, then reads the account's row through `columns` (a select list of users). */
export async function syncAccountPlanReturning<T extends object>(client: PgClient, userId: string, now: Date, columns: string): Promise<T | undefined> {
  // The client is already inside the admission's transaction: drizzle only issues statements on it.
  await syncAccountPlan(drizzle({ client, schema }) as unknown as PgDb, userId, now);
  const { rows } = await client.query<T>(`SELECT ${columns} FROM users WHERE id = $1`, [userId]);
  return rows[0];
}
