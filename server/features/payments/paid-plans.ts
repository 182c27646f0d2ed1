/**
 * The rules of which plan an account is on (docs/api.md §14.5, docs/decisions/035), apart from
 * storage: the operator's newest plan grant while it runs; otherwise the best tier among the
 * account's completed, active, unexpired plan purchases, until the latest of those ends; otherwise
 * Free. Both engines' reads (account-plan.ts on SQLite, account-plan.postgres.ts) decide with these,
 * so they cannot disagree.
 */
import type { Tier } from '../../../shared/plans.ts';

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

/** What an account's purchases give it: a sold tier or Free. */
export type PurchasedPlan = AccountPlan & { tier: PaidTier | 'free' };

/** The best tier among running plan purchases (completed, active, unexpired), until the latest of that tier ends. */
export function bestPurchasedPlan(running: readonly { planType: string; expiresAt: Date | null }[]): PurchasedPlan {
  let best: PurchasedPlan = { tier: 'free', expiresAt: null };
  for (const p of running) {
    const tier = p.planType as PaidTier;
    if (RANK[tier] > RANK[best.tier]) best = { tier, expiresAt: p.expiresAt };
    else if (tier === best.tier && p.expiresAt! > best.expiresAt!) best.expiresAt = p.expiresAt;
  }
  return best;
}

/** The newest grant, if it still runs at `now`. */
export function stillRunning(newest: AccountPlan | undefined, now: Date): AccountPlan | undefined {
  return newest && (newest.expiresAt === null || newest.expiresAt > now) ? newest : undefined;
}

/**
 * When a newly paid plan period starts: renewing the tier the account is on extends it from its
 * current end; any other purchase (a first plan, an upgrade, after expiry) starts now.
 */
export function periodStart(current: AccountPlan, tier: PaidTier, now: Date): Date {
  return current.tier === tier && current.expiresAt && current.expiresAt > now ? current.expiresAt : now;
}

/** A lower tier cannot be bought while a higher one runs: it would take effect only after, and silently. */
export function isDowngrade(current: PurchasedPlan, tier: PaidTier): boolean {
  return RANK[current.tier] > RANK[tier];
}
