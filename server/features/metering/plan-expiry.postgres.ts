/**
 * syncAccountPlan (server/features/payments/account-plan.ts) on PostgreSQL, for metering's move of
 * a plan that ran out: the same rule (the operator's newest grant while it runs, else the best
 * tier among the completed, active, unexpired plan purchases until the latest of those ends, else
 * Free; docs/decisions/035), run on the caller's transaction, which holds the account's row lock.
 */
import type { PgClient } from '../../../db/postgres/transaction.ts';
import { tierAllowance, type Tier } from '../../../shared/plans.ts';
import { PAID_TIERS, type PaidTier } from '../payments/account-plan.ts';

const RANK: Record<PaidTier | 'free', number> = { free: 0, starter: 1, pro: 2 };

interface Plan {
  tier: Tier;
  expiresAt: number | null;
}

async function planOf(client: PgClient, userId: string, now: number): Promise<Plan> {
  const grant = await client.query<Plan>('SELECT tier, expires_at AS "expiresAt" FROM plan_grants WHERE user_id = $1 ORDER BY id DESC LIMIT 1', [userId]);
  const newest = grant.rows[0];
  if (newest && (newest.expiresAt === null || newest.expiresAt > now)) return newest;
  const active = await client.query<{ planType: PaidTier; expiresAt: number }>(
    `SELECT plan_type AS "planType", expires_at AS "expiresAt" FROM purchases
     WHERE user_id = $1 AND plan_type = ANY($2::text[]) AND status = 'completed' AND is_active AND expires_at > $3`,
    [userId, PAID_TIERS, now],
  );
  let best: { tier: PaidTier | 'free'; expiresAt: number | null } = { tier: 'free', expiresAt: null };
  for (const p of active.rows) {
    if (RANK[p.planType] > RANK[best.tier]) best = { tier: p.planType, expiresAt: p.expiresAt };
    else if (p.planType === best.tier && p.expiresAt > best.expiresAt!) best.expiresAt = p.expiresAt;
  }
  return best;
}

/**
 * Writes the account's plan and limits from its grants and purchases at `now`, then reads the
 * account's row back through `columns` (a select list of users): the standing after the move.
 */
export async function syncAccountPlanReturning<T extends object>(client: PgClient, userId: string, now: Date, columns: string): Promise<T | undefined> {
  const plan = await planOf(client, userId, now.getTime());
  // api_usage_limit is read for Free's lifetime limit only; Unlimited has none to keep.
  const updated = await client.query<T>(
    `UPDATE users SET subscription_tier = $2, api_usage_limit = $3, plan_expires_at = $4, updated_at = $5 WHERE id = $1 RETURNING ${columns}`,
    [userId, plan.tier, tierAllowance(plan.tier) ?? 0, plan.expiresAt, now.getTime()],
  );
  return updated.rows[0];
}
