/**
 * syncAccountPlan (server/features/payments/account-plan.postgres.ts) for metering's move of a plan
 * that ran out, on the raw client of metering's admission transaction (which holds the account's
 * row lock): the same rule (paid-plans.ts; docs/decisions/035), read and written in raw SQL like the
 * rest of admission.
 */
import type { PgClient } from '../../../db/postgres/transaction.ts';
import { tierAllowance, type Tier } from '../../../shared/plans.ts';
import { bestPurchasedPlan, PAID_TIERS, stillRunning, type AccountPlan } from '../payments/paid-plans.ts';

const asDate = (ms: number | null) => (ms === null ? null : new Date(ms));

async function planOf(client: PgClient, userId: string, now: Date): Promise<AccountPlan> {
  const grant = await client.query<{ tier: Tier; expiresAt: number | null }>('SELECT tier, expires_at AS "expiresAt" FROM plan_grants WHERE user_id = $1 ORDER BY id DESC LIMIT 1', [userId]);
  const newest = grant.rows[0];
  const running = stillRunning(newest && { tier: newest.tier, expiresAt: asDate(newest.expiresAt) }, now);
  if (running) return running;
  const active = await client.query<{ planType: string; expiresAt: number }>(
    `SELECT plan_type AS "planType", expires_at AS "expiresAt" FROM purchases
     WHERE user_id = $1 AND plan_type = ANY($2::text[]) AND status = 'completed' AND is_active AND expires_at > $3`,
    [userId, PAID_TIERS, now.getTime()],
  );
  return bestPurchasedPlan(active.rows.map((p) => ({ planType: p.planType, expiresAt: asDate(p.expiresAt) })));
}

/**
 * Writes the account's plan and limits from its grants and purchases at `now`, then reads the
 * account's row back through `columns` (a select list of users): the standing after the move.
 */
export async function syncAccountPlanReturning<T extends object>(client: PgClient, userId: string, now: Date, columns: string): Promise<T | undefined> {
  const plan = await planOf(client, userId, now);
  // api_usage_limit is read for Free's lifetime limit only; Unlimited has none to keep.
  const updated = await client.query<T>(
    `UPDATE users SET subscription_tier = $2, api_usage_limit = $3, plan_expires_at = $4, updated_at = $5 WHERE id = $1 RETURNING ${columns}`,
    [userId, plan.tier, tierAllowance(plan.tier) ?? 0, plan.expiresAt?.getTime() ?? null, now.getTime()],
  );
  return updated.rows[0];
}
