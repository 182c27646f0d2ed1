/**
 * The purchase flow on PostgreSQL (docs/decisions/050-one-storage-seam.md), payments.sqlite.ts's
 * contract across any number of instances:
 *
 * - A transaction that decides from an account's rows first locks the account's users row
 *   (lockAccount): a checkout (count, close the older, insert), a capture (read the running plans,
 *   extend from their end) and a reversal of the same account run one after another, so a limit
 *   holds and a renewal stacks on the period the previous capture set.
 * - The capture then locks the purchase row FOR UPDATE with its completable statuses in the WHERE:
 *   a concurrent capture of the same order waits, and once the first commits, PostgreSQL re-reads
 *   the row, finds it completed and returns nothing, so only one completes it. A purchase of a
 *   deleted account has no users row to lock; the purchase row lock alone decides there.
 * - Single-row changes (processing, close) are one conditional UPDATE.
 */
import { and, count, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { PgDb } from '../../../db/postgres/connect.ts';
import { apiKeys, billingCharges, purchases, users } from '../../../db/postgres/schema.ts';
import { lockAccount, planFromPurchases, syncAccountPlan, type PgTx } from './account-plan.postgres.ts';
import { addMonth, isPaidTier, periodStart } from './paid-plans.ts';
import { deletedAccountReceiptText, overageReceiptText, planChargeText, planKeyName, planReceiptText } from './payment-wording.ts';
import {
  COMPLETABLE_STATUSES, OPEN_STATUSES,
  type CaptureRequest, type CaptureResult, type CheckoutRequest, type CheckoutStart, type Delivery, type PaymentsRepository, type PurchaseRow, type ReversalRequest,
} from './payments.repository.ts';
import { creditNote, issueReceipt } from './receipts.postgres.ts';

type OwnedPurchase = PurchaseRow & { userId: string };

export class PostgresPaymentsRepository implements PaymentsRepository {
  constructor(private readonly db: PgDb) {}

  private async one(where: ReturnType<typeof eq>): Promise<PurchaseRow | undefined> {
    const [row] = await this.db.select().from(purchases).where(where);
    return row;
  }

  purchaseByOrder(orderId: string): Promise<PurchaseRow | undefined> {
    return this.one(eq(purchases.paypalOrderId, orderId));
  }

  purchaseByCapture(captureId: string): Promise<PurchaseRow | undefined> {
    return this.one(eq(purchases.paypalCaptureId, captureId));
  }

  async purchaseOf(userId: string, id: number): Promise<PurchaseRow | undefined> {
    const [row] = await this.db.select().from(purchases).where(and(eq(purchases.id, id), eq(purchases.userId, userId)));
    return row;
  }

  async startCheckoutWithinLimit(checkout: CheckoutRequest): Promise<CheckoutStart> {
    const { userId, limit } = checkout;
    return this.db.transaction(async (tx): Promise<CheckoutStart> => {
      await lockAccount(tx, userId);
      const [recent] = await tx.select({ n: count() }).from(purchases).where(and(eq(purchases.userId, userId), gt(purchases.createdAt, limit.since)));
      if (recent!.n >= limit.count) return { kind: 'over_limit' };
      const older = await tx
        .update(purchases)
        .set({ status: 'cancelled', isActive: false })
        .where(and(eq(purchases.userId, userId), eq(purchases.status, 'pending'), checkout.kind === 'overage' ? eq(purchases.planType, 'overage') : inArray(purchases.planType, ['starter', 'pro'])))
        .returning({ id: purchases.id });
      const [purchase] = await tx.insert(purchases).values({ ...checkout.purchase, userId, status: 'pending', createdAt: checkout.now }).returning();
      return { kind: 'started', purchase: purchase!, superseded: older.map((o) => o.id) };
    });
  }

  async setOrderId(purchaseId: number, orderId: string): Promise<void> {
    await this.db.update(purchases).set({ paypalOrderId: orderId }).where(eq(purchases.id, purchaseId));
  }

  async payableOverage(userId: string, beforeMonth: string): Promise<{ id: number; amount: number; month: string }[]> {
    const rows = await this.db
      .select({ id: billingCharges.id, amount: billingCharges.amount, month: billingCharges.month })
      .from(billingCharges)
      .where(and(eq(billingCharges.userId, userId), eq(billingCharges.chargeType, 'overage'), eq(billingCharges.status, 'pending'), lt(billingCharges.month, beforeMonth)));
    // An overage row always has its month.
    return rows.map((row) => ({ ...row, month: row.month! }));
  }

  async assignOverageOrder(chargeIds: number[], orderId: string): Promise<void> {
    await this.db
      .update(billingCharges)
      .set({ paypalOrderId: orderId })
      .where(and(inArray(billingCharges.id, chargeIds), sql`EXISTS (SELECT 1 FROM purchases WHERE paypal_order_id = ${orderId} AND status = 'pending')`));
  }

  /** Locks the purchase's account, if it has one, and then the purchase when its status is one of `statuses`. */
  private async lockPurchase(tx: PgTx, purchaseId: number, statuses: readonly string[]): Promise<{ row: PurchaseRow | undefined; exists: boolean }> {
    const [owner] = await tx.select({ userId: purchases.userId }).from(purchases).where(eq(purchases.id, purchaseId));
    if (!owner) return { row: undefined, exists: false };
    if (owner.userId !== null) await lockAccount(tx, owner.userId);
    const [row] = await tx.select().from(purchases).where(and(eq(purchases.id, purchaseId), inArray(purchases.status, statuses))).for('update');
    return { row, exists: true };
  }

  async capturePurchase(capture: CaptureRequest): Promise<CaptureResult> {
    const { purchaseId, captureId, now, seller } = capture;
    return this.db.transaction(async (tx): Promise<CaptureResult> => {
      const { row: open, exists } = await this.lockPurchase(tx, purchaseId, COMPLETABLE_STATUSES);
      if (!open) {
        const [row] = exists ? await tx.select({ status: purchases.status }).from(purchases).where(eq(purchases.id, purchaseId)) : [];
        return { kind: 'unchanged', status: row?.status };
      }
      const plan = isPaidTier(open.planType) ? open.planType : null;
      const start = plan ? (open.userId !== null ? periodStart(await planFromPurchases(tx, open.userId, now), plan, now) : now) : null;
      const expiresAt = start ? addMonth(start) : null;
      await tx.update(purchases).set({ status: 'completed', paypalCaptureId: captureId, completedAt: now, expiresAt, isActive: true }).where(eq(purchases.id, purchaseId));
      let delivery: Delivery;
      if (open.userId === null) {
        await issueReceipt(tx, purchaseId, deletedAccountReceiptText(open), now, seller);
        delivery = { kind: 'nothing' };
      } else if (plan) {
        delivery = await this.deliverPlan(tx, open as OwnedPurchase, capture);
        await issueReceipt(tx, purchaseId, planReceiptText(open, start!, expiresAt!), now, seller);
      } else {
        const settled = await this.settleOverage(tx, open as OwnedPurchase, now);
        await issueReceipt(tx, purchaseId, overageReceiptText(open.amount, settled.months), now, seller);
        delivery = settled;
      }
      return { kind: 'completed', purchase: open, delivery };
    });
  }

  private async deliverPlan(tx: PgTx, purchase: OwnedPurchase, capture: CaptureRequest): Promise<Delivery> {
    const { now } = capture;
    const [planKey] = await tx
      .insert(apiKeys)
      .values({ userId: purchase.userId, purchaseId: purchase.id, keyName: planKeyName(purchase), ...capture.newPlanKey(), createdAt: now })
      .returning({ id: apiKeys.id });
    await tx.insert(billingCharges).values({
      userId: purchase.userId, purchaseId: purchase.id, chargeType: 'plan', amount: purchase.amount,
      description: planChargeText(purchase), paypalOrderId: purchase.paypalOrderId, status: 'paid', createdAt: now, paidAt: now,
    });
    return { kind: 'plan', planKeyId: planKey!.id, plan: await syncAccountPlan(tx, purchase.userId, now) };
  }

  /** An overage payment settles exactly the rows its order was created for. */
  private async settleOverage(tx: PgTx, purchase: OwnedPurchase, now: Date): Promise<Delivery & { kind: 'overage' }> {
    const settled = await tx
      .update(billingCharges)
      .set({ status: 'paid', paidAt: now })
      .where(and(eq(billingCharges.paypalOrderId, purchase.paypalOrderId), eq(billingCharges.chargeType, 'overage'), eq(billingCharges.status, 'pending')))
      .returning({ amount: billingCharges.amount, month: billingCharges.month });
    const paid = settled.reduce((sum, row) => sum + row.amount, 0);
    await tx.update(users).set({ overageCharges: sql`greatest(${users.overageCharges} - ${paid}, 0)` }).where(eq(users.id, purchase.userId));
    return { kind: 'overage', rows: settled.length, paid, months: settled.map((row) => row.month!).sort() };
  }

  async markProcessing(purchaseId: number, captureId: string): Promise<{ changed: boolean; status: string }> {
    const changed = await this.db
      .update(purchases)
      .set({ status: 'processing', paypalCaptureId: captureId })
      .where(and(eq(purchases.id, purchaseId), eq(purchases.status, 'pending')))
      .returning({ status: purchases.status });
    if (changed.length === 1) return { changed: true, status: changed[0]!.status };
    const [row] = await this.db.select({ status: purchases.status }).from(purchases).where(eq(purchases.id, purchaseId));
    return { changed: false, status: row!.status };
  }

  async closePurchase(purchaseId: number, status: 'failed' | 'cancelled'): Promise<boolean> {
    const changed = await this.db
      .update(purchases)
      .set({ status, isActive: false })
      .where(and(eq(purchases.id, purchaseId), inArray(purchases.status, OPEN_STATUSES)))
      .returning({ id: purchases.id });
    return changed.length === 1;
  }

  async reversePurchase(reversal: ReversalRequest): Promise<boolean> {
    const { purchaseId, status, now, seller } = reversal;
    return this.db.transaction(async (tx) => {
      const { row: purchase } = await this.lockPurchase(tx, purchaseId, ['completed']);
      if (!purchase) return false;
      await tx.update(purchases).set({ status, isActive: false }).where(eq(purchases.id, purchaseId));
      await creditNote(tx, purchaseId, status, now, seller);
      if (isPaidTier(purchase.planType)) {
        await tx.update(billingCharges).set({ status }).where(and(eq(billingCharges.purchaseId, purchaseId), eq(billingCharges.chargeType, 'plan')));
        if (purchase.userId !== null) await syncAccountPlan(tx, purchase.userId, now);
      } else if (purchase.userId !== null) {
        // The money went back, so the overage it paid is owed again.
        const reopened = await tx
          .update(billingCharges)
          .set({ status: 'pending', paidAt: null })
          .where(and(eq(billingCharges.paypalOrderId, purchase.paypalOrderId), eq(billingCharges.chargeType, 'overage')))
          .returning({ amount: billingCharges.amount });
        const owed = reopened.reduce((sum, row) => sum + row.amount, 0);
        await tx.update(users).set({ overageCharges: sql`${users.overageCharges} + ${owed}` }).where(eq(users.id, purchase.userId));
      }
      return true;
    });
  }
}
