/**
 * Which plan an account is on (docs/api.md §14.5, docs/decisions/035): the operator's newest plan
 * grant while it runs; otherwise the best tier among its completed, active, unexpired plan
 * purchases, until the latest of those ends; otherwise Free. Recomputed on every change (capture,
 * refund, expiry, grant), inside the caller's transaction, so `users.subscription_tier`,
 * `api_usage_limit` and `plan_expires_at` never disagree with grants and purchases.
 */
import { and, desc, eq, gt, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/connection.ts';
import { planGrants, purchases, users } from '../../../db/schema.ts';
import { tierAllowance, type Tier } from '../../../shared/plans.ts';

/** The tiers that are sold (Unlimited is only granted). */
export type PaidTier = 'starter' | 'pro';
export const PAID_TIERS: readonly PaidTier[] = ['starter', 'pro'];
const RANK: Record<PaidTier | 'free', number> = { free: 0, starter: 1, pro: 2 };

export const isPaidTier = (value: string): value is PaidTier => (PAID_TIERS as readonly string[]).includes(value);

/** The same day of the next month (UTC), clamped to that month's last day: Jan 31 -> Feb 28 (29). */
export function addMonth(from: Date): Date {
  const next = new Date(from.getTime());
  const day = from.getUTCDate();
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + 1);
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, lastDay));
  return next;
}

export interface AccountPlan {
  tier: Tier;
  expiresAt: Date | null;
}

/** The plan the account's purchases give it at `now` (grants aside). */
export function planFromPurchases(tx: DbOrTx, userId: string, now: Date): AccountPlan & { tier: PaidTier | 'free' } {
  const active = tx
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
  let best: AccountPlan & { tier: PaidTier | 'free' } = { tier: 'free', expiresAt: null };
  for (const p of active) {
    const tier = p.planType as PaidTier;
    if (RANK[tier] > RANK[best.tier]) best = { tier, expiresAt: p.expiresAt };
    else if (tier === best.tier && p.expiresAt! > best.expiresAt!) best.expiresAt = p.expiresAt;
  }
  return best;
}

/** The operator's newest grant of the account, if it still runs at `now`. */
export function runningGrant(tx: DbOrTx, userId: string, now: Date): AccountPlan | undefined {
  const newest = tx.select({ tier: planGrants.tier, expiresAt: planGrants.expiresAt }).from(planGrants).where(eq(planGrants.userId, userId)).orderBy(desc(planGrants.id)).limit(1).get();
  return newest && (newest.expiresAt === null || newest.expiresAt > now) ? newest : undefined;
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

/**
 * When a newly paid plan period starts: renewing the tier the account is on extends it from its
 * current end; any other purchase (a first plan, an upgrade, after expiry) starts now.
 */
export function periodStart(current: AccountPlan, tier: PaidTier, now: Date): Date {
  return current.tier === tier && current.expiresAt && current.expiresAt > now ? current.expiresAt : now;
}

/** A lower tier cannot be bought while a higher one runs: it would take effect only after, and silently. */
export function isDowngrade(current: AccountPlan & { tier: PaidTier | 'free' }, tier: PaidTier): boolean {
  return RANK[current.tier] > RANK[tier];
}
