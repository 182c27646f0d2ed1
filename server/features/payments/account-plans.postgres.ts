/**
 * Account plans on PostgreSQL (docs/decisions/050-one-storage-seam.md), account-plans.sqlite.ts's
 * contract. The operator's grant locks the account's users row first, as a capture of the account
 * does (payments.postgres.ts), so the plan each writes is computed from the other's committed rows.
 * A plan-end notice is claimed by a conditional update, so one instance of several mails it.
 */
import { and, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { PgDb } from '../../../db/postgres/connect.ts';
import { planGrants, purchases, users } from '../../../db/postgres/schema.ts';
import { lockAccount, planFromPurchases, runningGrant, syncAccountPlan } from './account-plan.postgres.ts';
import type { AccountPlansRepository, EndingPlan, OperatorPlan } from './account-plans.repository.ts';
import { PAID_TIERS, type AccountPlan, type PurchasedPlan } from './paid-plans.ts';

export class PostgresAccountPlansRepository implements AccountPlansRepository {
  constructor(private readonly db: PgDb) {}

  purchasedPlan(userId: string, now: Date): Promise<PurchasedPlan> {
    return planFromPurchases(this.db, userId, now);
  }

  async accountByEmail(email: string): Promise<{ id: string; email: string } | undefined> {
    const [row] = await this.db.select({ id: users.id, email: users.email }).from(users).where(eq(sql`lower(${users.email})`, email.toLowerCase()));
    return row;
  }

  async setOperatorPlan(request: OperatorPlan): Promise<(AccountPlan & { byOperator: boolean }) | undefined> {
    const { userId, grant, now } = request;
    return this.db.transaction(async (tx) => {
      if (!(await lockAccount(tx, userId))) return undefined;
      if (grant) await tx.insert(planGrants).values({ userId, tier: grant.tier, expiresAt: grant.expiresAt, createdAt: now });
      const plan = await syncAccountPlan(tx, userId, now);
      return { ...plan, byOperator: (await runningGrant(tx, userId, now)) !== undefined };
    });
  }

  async plansEndingSoon(now: Date, until: Date): Promise<EndingPlan[]> {
    const rows = await this.db
      .select({ purchaseId: purchases.id, planName: purchases.planName, expiresAt: purchases.expiresAt, email: users.email, accountEnds: users.planExpiresAt })
      .from(purchases)
      .innerJoin(users, eq(users.id, purchases.userId))
      .where(
        and(
          eq(purchases.status, 'completed'), eq(purchases.isActive, true), inArray(purchases.planType, [...PAID_TIERS]), isNull(purchases.expiryNoticeAt),
          gt(purchases.expiresAt, now), lte(purchases.expiresAt, until),
        ),
      );
    // The WHERE compares expires_at, so it is set.
    return rows.map((row) => ({ ...row, expiresAt: row.expiresAt! }));
  }

  async claimEndNotice(purchaseId: number, at: Date): Promise<boolean> {
    // One statement: a concurrent claim waits for this row's lock, then finds it marked and updates nothing.
    const claimed = await this.db
      .update(purchases)
      .set({ expiryNoticeAt: at })
      .where(and(eq(purchases.id, purchaseId), isNull(purchases.expiryNoticeAt)))
      .returning({ id: purchases.id });
    return claimed.length === 1;
  }

  async releaseEndNotice(purchaseId: number, at: Date): Promise<void> {
    await this.db.update(purchases).set({ expiryNoticeAt: null }).where(and(eq(purchases.id, purchaseId), eq(purchases.expiryNoticeAt, at)));
  }
}
