/**
 * Account plans on SQLite (docs/decisions/050-one-storage-seam.md): the statements moved from
 * server/ops/plan.ts and plan-expiry-notices.ts. The operator's grant and the recomputed plan are
 * one IMMEDIATE transaction, as a capture is (payments.sqlite.ts), so neither writes a plan computed
 * from rows the other is changing.
 */
import { and, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../../db/connection.ts';
import { planGrants, purchases, users } from '../../../db/schema.ts';
import { planFromPurchases, runningGrant, syncAccountPlan } from './account-plan.ts';
import type { AccountPlansRepository, EndingPlan, OperatorPlan } from './account-plans.repository.ts';
import { PAID_TIERS, type AccountPlan, type PurchasedPlan } from './paid-plans.ts';

export class SqliteAccountPlansRepository implements AccountPlansRepository {
  constructor(private readonly db: Db) {}

  async purchasedPlan(userId: string, now: Date): Promise<PurchasedPlan> {
    return planFromPurchases(this.db, userId, now);
  }

  async accountByEmail(email: string): Promise<{ id: string; email: string } | undefined> {
    return this.db.select({ id: users.id, email: users.email }).from(users).where(eq(sql`lower(${users.email})`, email.toLowerCase())).get();
  }

  async setOperatorPlan(request: OperatorPlan): Promise<(AccountPlan & { byOperator: boolean }) | undefined> {
    const { userId, grant, now } = request;
    return this.db.transaction(
      (tx) => {
        if (!tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).get()) return undefined;
        if (grant) tx.insert(planGrants).values({ userId, tier: grant.tier, expiresAt: grant.expiresAt, createdAt: now }).run();
        const plan = syncAccountPlan(tx, userId, now);
        return { ...plan, byOperator: runningGrant(tx, userId, now) !== undefined };
      },
      { behavior: 'immediate' },
    );
  }

  async plansEndingSoon(now: Date, until: Date): Promise<EndingPlan[]> {
    const rows = this.db
      .select({ purchaseId: purchases.id, planName: purchases.planName, expiresAt: purchases.expiresAt, email: users.email, accountEnds: users.planExpiresAt })
      .from(purchases)
      .innerJoin(users, eq(users.id, purchases.userId))
      .where(
        and(
          eq(purchases.status, 'completed'), eq(purchases.isActive, true), inArray(purchases.planType, [...PAID_TIERS]), isNull(purchases.expiryNoticeAt),
          gt(purchases.expiresAt, now), lte(purchases.expiresAt, until),
        ),
      )
      .all();
    // The WHERE compares expires_at, so it is set.
    return rows.map((row) => ({ ...row, expiresAt: row.expiresAt! }));
  }

  async claimEndNotice(purchaseId: number, at: Date): Promise<boolean> {
    return this.db.update(purchases).set({ expiryNoticeAt: at }).where(and(eq(purchases.id, purchaseId), isNull(purchases.expiryNoticeAt))).run().changes === 1;
  }

  async releaseEndNotice(purchaseId: number, at: Date): Promise<void> {
    this.db.update(purchases).set({ expiryNoticeAt: null }).where(and(eq(purchases.id, purchaseId), eq(purchases.expiryNoticeAt, at))).run();
  }
}
