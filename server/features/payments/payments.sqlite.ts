/**
 * The purchase flow on SQLite (docs/decisions/050-one-storage-seam.md): the statements moved from
 * payment-ledger.ts and payments.service.ts. Each state change is one IMMEDIATE transaction, so
 * with one writer (db/server-lock.ts) its read and its write cannot be split by another: the
 * capture reads the completable purchase and the account's running plans, then completes it, and
 * a checkout counts the account's recent checkouts, then inserts.
 */
import { and, count, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/connection.ts';
import { apiKeys, billingCharges, purchases, users } from '../../../db/schema.ts';
import { planFromPurchases, syncAccountPlan } from './account-plan.ts';
import { addMonth, isPaidTier, periodStart } from './paid-plans.ts';
import { deletedAccountReceiptText, overageReceiptText, planChargeText, planKeyName, planReceiptText } from './payment-wording.ts';
import {
  COMPLETABLE_STATUSES, OPEN_STATUSES,
  type CaptureRequest, type CaptureResult, type CheckoutRequest, type CheckoutStart, type Delivery, type PaymentsRepository, type PurchaseRow, type ReversalRequest,
} from './payments.repository.ts';
import { creditNote, issueReceipt } from './receipts.sqlite.ts';

type OwnedPurchase = PurchaseRow & { userId: string };

export class SqlitePaymentsRepository implements PaymentsRepository {
  constructor(private readonly db: Db) {}

  private immediate<T>(work: (tx: Tx) => T): T {
    return this.db.transaction(work, { behavior: 'immediate' });
  }

  async purchaseByOrder(orderId: string): Promise<PurchaseRow | undefined> {
    return this.db.select().from(purchases).where(eq(purchases.paypalOrderId, orderId)).get();
  }

  async purchaseByCapture(captureId: string): Promise<PurchaseRow | undefined> {
    return this.db.select().from(purchases).where(eq(purchases.paypalCaptureId, captureId)).get();
  }

  async purchaseOf(userId: string, id: number): Promise<PurchaseRow | undefined> {
    return this.db.select().from(purchases).where(and(eq(purchases.id, id), eq(purchases.userId, userId))).get();
  }

  async startCheckoutWithinLimit(checkout: CheckoutRequest): Promise<CheckoutStart> {
    const { userId, limit } = checkout;
    return this.immediate((tx): CheckoutStart => {
      const recent = tx.select({ n: count() }).from(purchases).where(and(eq(purchases.userId, userId), gt(purchases.createdAt, limit.since))).get()!.n;
      if (recent >= limit.count) return { kind: 'over_limit' };
      const older = tx
        .update(purchases)
        .set({ status: 'cancelled', isActive: false })
        .where(and(eq(purchases.userId, userId), eq(purchases.status, 'pending'), checkout.kind === 'overage' ? eq(purchases.planType, 'overage') : inArray(purchases.planType, ['starter', 'pro'])))
        .returning({ id: purchases.id })
        .all();
      const purchase = tx.insert(purchases).values({ ...checkout.purchase, userId, status: 'pending', createdAt: checkout.now }).returning().get();
      return { kind: 'started', purchase, superseded: older.map((o) => o.id) };
    });
  }

  async setOrderId(purchaseId: number, orderId: string): Promise<void> {
    this.db.update(purchases).set({ paypalOrderId: orderId }).where(eq(purchases.id, purchaseId)).run();
  }

  async payableOverage(userId: string, beforeMonth: string): Promise<{ id: number; amount: number; month: string }[]> {
    const rows = this.db
      .select({ id: billingCharges.id, amount: billingCharges.amount, month: billingCharges.month })
      .from(billingCharges)
      .where(and(eq(billingCharges.userId, userId), eq(billingCharges.chargeType, 'overage'), eq(billingCharges.status, 'pending'), lt(billingCharges.month, beforeMonth)))
      .all();
    // An overage row always has its month.
    return rows.map((row) => ({ ...row, month: row.month! }));
  }

  async assignOverageOrder(chargeIds: number[], orderId: string): Promise<void> {
    this.db
      .update(billingCharges)
      .set({ paypalOrderId: orderId })
      .where(and(inArray(billingCharges.id, chargeIds), sql`EXISTS (SELECT 1 FROM purchases WHERE paypal_order_id = ${orderId} AND status = 'pending')`))
      .run();
  }

  async capturePurchase(capture: CaptureRequest): Promise<CaptureResult> {
    const { purchaseId, captureId, now, seller } = capture;
    return this.immediate((tx): CaptureResult => {
      const open = tx.select().from(purchases).where(and(eq(purchases.id, purchaseId), inArray(purchases.status, COMPLETABLE_STATUSES))).get();
      if (!open) return { kind: 'unchanged', status: tx.select({ status: purchases.status }).from(purchases).where(eq(purchases.id, purchaseId)).get()?.status };
      const plan = isPaidTier(open.planType) ? open.planType : null;
      const start = plan ? (open.userId !== null ? periodStart(planFromPurchases(tx, open.userId, now), plan, now) : now) : null;
      const expiresAt = start ? addMonth(start) : null;
      tx.update(purchases).set({ status: 'completed', paypalCaptureId: captureId, completedAt: now, expiresAt, isActive: true }).where(eq(purchases.id, purchaseId)).run();
      let delivery: Delivery;
      if (open.userId === null) {
        issueReceipt(tx, purchaseId, deletedAccountReceiptText(open), now, seller);
        delivery = { kind: 'nothing' };
      } else if (plan) {
        delivery = this.deliverPlan(tx, open as OwnedPurchase, capture);
        issueReceipt(tx, purchaseId, planReceiptText(open, start!, expiresAt!), now, seller);
      } else {
        const settled = this.settleOverage(tx, open as OwnedPurchase, now);
        issueReceipt(tx, purchaseId, overageReceiptText(open.amount, settled.months), now, seller);
        delivery = settled;
      }
      return { kind: 'completed', purchase: open, delivery };
    });
  }

  private deliverPlan(tx: Tx, purchase: OwnedPurchase, capture: CaptureRequest): Delivery {
    const { now } = capture;
    const key = capture.newPlanKey();
    const planKey = tx
      .insert(apiKeys)
      .values({ userId: purchase.userId, purchaseId: purchase.id, keyName: planKeyName(purchase), ...key, createdAt: now })
      .returning({ id: apiKeys.id })
      .get();
    tx.insert(billingCharges)
      .values({
        userId: purchase.userId, purchaseId: purchase.id, chargeType: 'plan', amount: purchase.amount,
        description: planChargeText(purchase), paypalOrderId: purchase.paypalOrderId, status: 'paid', createdAt: now, paidAt: now,
      })
      .run();
    return { kind: 'plan', planKeyId: planKey.id, plan: syncAccountPlan(tx, purchase.userId, now) };
  }

  /** An overage payment settles exactly the rows its order was created for. */
  private settleOverage(tx: Tx, purchase: OwnedPurchase, now: Date): Delivery & { kind: 'overage' } {
    const settled = tx
      .update(billingCharges)
      .set({ status: 'paid', paidAt: now })
      .where(and(eq(billingCharges.paypalOrderId, purchase.paypalOrderId), eq(billingCharges.chargeType, 'overage'), eq(billingCharges.status, 'pending')))
      .returning({ amount: billingCharges.amount, month: billingCharges.month })
      .all();
    const paid = settled.reduce((sum, row) => sum + row.amount, 0);
    tx.update(users).set({ overageCharges: sql`max(${users.overageCharges} - ${paid}, 0)` }).where(eq(users.id, purchase.userId)).run();
    return { kind: 'overage', rows: settled.length, paid, months: settled.map((row) => row.month!).sort() };
  }

  async markProcessing(purchaseId: number, captureId: string): Promise<{ changed: boolean; status: string }> {
    return this.immediate((tx) => {
      const changed = tx
        .update(purchases)
        .set({ status: 'processing', paypalCaptureId: captureId })
        .where(and(eq(purchases.id, purchaseId), eq(purchases.status, 'pending')))
        .run();
      return { changed: changed.changes === 1, status: tx.select({ status: purchases.status }).from(purchases).where(eq(purchases.id, purchaseId)).get()!.status };
    });
  }

  async closePurchase(purchaseId: number, status: 'failed' | 'cancelled'): Promise<boolean> {
    const changed = this.immediate((tx) =>
      tx.update(purchases).set({ status, isActive: false }).where(and(eq(purchases.id, purchaseId), inArray(purchases.status, OPEN_STATUSES))).run(),
    );
    return changed.changes === 1;
  }

  async reversePurchase(reversal: ReversalRequest): Promise<boolean> {
    const { purchaseId, status, now, seller } = reversal;
    return this.immediate((tx) => {
      const purchase = tx.select().from(purchases).where(and(eq(purchases.id, purchaseId), eq(purchases.status, 'completed'))).get();
      if (!purchase) return false;
      tx.update(purchases).set({ status, isActive: false }).where(eq(purchases.id, purchaseId)).run();
      creditNote(tx, purchaseId, status, now, seller);
      if (isPaidTier(purchase.planType)) {
        tx.update(billingCharges).set({ status }).where(and(eq(billingCharges.purchaseId, purchaseId), eq(billingCharges.chargeType, 'plan'))).run();
        if (purchase.userId !== null) syncAccountPlan(tx, purchase.userId, now);
      } else if (purchase.userId !== null) {
        // The money went back, so the overage it paid is owed again.
        const reopened = tx
          .update(billingCharges)
          .set({ status: 'pending', paidAt: null })
          .where(and(eq(billingCharges.paypalOrderId, purchase.paypalOrderId), eq(billingCharges.chargeType, 'overage')))
          .returning({ amount: billingCharges.amount })
          .all();
        const owed = reopened.reduce((sum, row) => sum + row.amount, 0);
        tx.update(users).set({ overageCharges: sql`${users.overageCharges} + ${owed}` }).where(eq(users.id, purchase.userId)).run();
      }
      return true;
    });
  }
}
