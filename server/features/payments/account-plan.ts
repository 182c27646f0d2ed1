/**
 * Which paid plan an account is on, derived from its purchases (docs/api.md §14.5): the best tier
 * among its completed, active, unexpired plan purchases, until the latest of those ends; otherwise
 * Free. Recomputed on every change (capture, refund, expiry), inside the caller's transaction, so
 * `users.subscription_tier`, `api_usage_limit` and `plan_expires_at` never disagree with purchases.
 */
import { and, eq, gt, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/connection.ts';
import { purchases, users } from '../../../db/schema.ts';
import { tierAllowance, type Tier } from '../../../shared/plans.ts';

export type PaidTier = Exclude<Tier, 'free'>;
export const PAID_TIERS: readonly PaidTier[] = ['starter', 'pro'];
const RANK: Record<Tier, number> = { free: 0, starter: 1, pro: 2 };

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

/** The plan the account's purchases give it at `now`. */
export function planFromPurchases(tx: DbOrTx, userId: string, now: Date): AccountPlan {
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
  let best: AccountPlan = { tier: 'free', expiresAt: null };
  for (const p of active) {
    const tier = p.planType as PaidTier;
    if (RANK[tier] > RANK[best.tier]) best = { tier, expiresAt: p.expiresAt };
    else if (tier === best.tier && p.expiresAt! > best.expiresAt!) best.expiresAt = p.expiresAt;
  }
  return best;
}

/** Writes the account's plan and limits from its purchases; returns it. */
export function syncAccountPlan(tx: DbOrTx, userId: string, now: Date): AccountPlan {
  const plan = planFromPurchases(tx, userId, now);
  tx.update(users)
    .set({ subscriptionTier: plan.tier, apiUsageLimit: tierAllowance(plan.tier), planExpiresAt: plan.expiresAt, updatedAt: now })
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
export function isDowngrade(current: AccountPlan, tier: PaidTier): boolean {
  return RANK[current.tier] > RANK[tier];
}
