/**
 * Which plan an account is on, read and written on SQLite (the rules: paid-plans.ts). Recomputed on
 * every change (capture, refund, expiry, grant), inside the caller's transaction, so
 * `users.subscription_tier`, `api_usage_limit` and `plan_expires_at` never disagree with grants and
 * purchases. Synchronous, because metering.sqlite.ts moves an expired plan back inside admit()'s
 * one step (docs/decisions/050-one-storage-seam.md); account-plan.postgres.ts is the PostgreSQL twin.
 */
import { and, desc, eq, gt, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/connection.ts';
import { planGrants, purchases, users } from '../../../db/schema.ts';
import { tierAllowance } from '../../../shared/plans.ts';
import { bestPurchasedPlan, PAID_TIERS, stillRunning, type AccountPlan, type PurchasedPlan } from './paid-plans.ts';

/** The plan the account's purchases give it at `now` (grants aside). */
export function planFromPurchases(tx: DbOrTx, userId: string, now: Date): PurchasedPlan {
  const running = tx
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
    )
    .all();
  return bestPurchasedPlan(running);
}

/** The operator's newest grant of the account, if it still runs at `now`. */
export function runningGrant(tx: DbOrTx, userId: string, now: Date): AccountPlan | undefined {
  const newest = tx.select({ tier: planGrants.tier, expiresAt: planGrants.expiresAt }).from(planGrants).where(eq(planGrants.userId, userId)).orderBy(desc(planGrants.id)).limit(1).get();
  return stillRunning(newest, now);
}

/** Writes the account's plan and limits from its grants and purchases; returns it. */
export function syncAccountPlan(tx: DbOrTx, userId: string, now: Date): AccountPlan {
  const plan = runningGrant(tx, userId, now) ?? planFromPurchases(tx, userId, now);
  // api_usage_limit is read for Free's lifetime limit only; Unlimited has none to keep.
  tx.update(users)
    .set({ subscriptionTier: plan.tier, apiUsageLimit: tierAllowance(plan.tier) ?? 0, planExpiresAt: plan.expiresAt, updatedAt: now })
    .where(eq(users.id, userId))
    .run();
  return plan;
}
