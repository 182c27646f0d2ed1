/**
 * Which plan an account is on, read and written on PostgreSQL: account-plan.ts's SQLite reads, the
 * same rules (paid-plans.ts). A caller that changes what decides the plan and then syncs it holds
 * the account's users row (lockAccount) for the whole transaction, so two changes of one account
 * cannot each compute the plan from what the other has not committed yet
 * (docs/decisions/050-one-storage-seam.md).
 */
import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { PgDb } from '../../../db/postgres/connect.ts';
import { planGrants, purchases, users } from '../../../db/postgres/schema.ts';
import { tierAllowance } from '../../../shared/plans.ts';
import { bestPurchasedPlan, PAID_TIERS, stillRunning, type AccountPlan, type PurchasedPlan } from './paid-plans.ts';

/** A drizzle PostgreSQL transaction. */
export type PgTx = Parameters<Parameters<PgDb['transaction']>[0]>[0];
export type PgDbOrTx = PgDb | PgTx;

/** Locks the account's users row until the transaction ends; false when there is no such account. */
export async function lockAccount(tx: PgTx, userId: string): Promise<boolean> {
  const locked = await tx.execute(sql`SELECT 1 FROM users WHERE id = ${userId} FOR UPDATE`);
  return locked.rows.length === 1;
}

/** The plan the account's purchases give it at `now` (grants aside). */
export async function planFromPurchases(tx: PgDbOrTx, userId: string, now: Date): Promise<PurchasedPlan> {
  const running = await tx
    .select({ planType: purchases.planType, expiresAt: purchases.expiresAt })
    .from(purchases)
    .where(
      and(
        eq(purchases.userId, userId),
        inArray(purchases.planType, [...PAID_TIERS]),
        eq(purchases.status, 'completed'),
        eq(purchases.isActive, true),
        gt(purchases.expiresAt, now),
      ),
    );
  return bestPurchasedPlan(running);
}

/** The operator's newest grant of the account, if it still runs at `now`. */
export async function runningGrant(tx: PgDbOrTx, userId: string, now: Date): Promise<AccountPlan | undefined> {
  const [newest] = await tx
    .select({ tier: planGrants.tier, expiresAt: planGrants.expiresAt })
    .from(planGrants)
    .where(eq(planGrants.userId, userId))
    .orderBy(desc(planGrants.id))
    .limit(1);
  return stillRunning(newest, now);
}

/** Writes the account's plan and limits from its grants and purchases; returns it. */
export async function syncAccountPlan(tx: PgDbOrTx, userId: string, now: Date): Promise<AccountPlan> {
  const plan = (await runningGrant(tx, userId, now)) ?? (await planFromPurchases(tx, userId, now));
  // api_usage_limit is read for Free's lifetime limit only; Unlimited has none to keep.
  await tx
    .update(users)
    .set({ subscriptionTier: plan.tier, apiUsageLimit: tierAllowance(plan.tier) ?? 0, planExpiresAt: plan.expiresAt, updatedAt: now })
    .where(eq(users.id, userId));
  return plan;
}
