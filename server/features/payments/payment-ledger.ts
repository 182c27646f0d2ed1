/**
 * The state changes of a payment, each one IMMEDIATE SQLite transaction whose first statement is a
 * conditional update (docs/api.md §14.4): of any number of returns, captures and webhooks for one
 * order, running at once or replayed, exactly one moves a purchase from pending or processing to
 * completed, so exactly one plan key, one charge and one change of plan follow. The unique indexes
 * on the capture id, the plan key's purchase and the plan charge's purchase back this up.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/connection.ts';
import { billingCharges, purchases, users } from '../../../db/schema.ts';
import type { ApiKeyService } from '../api-keys/api-keys.service.ts';
import type { Logger } from '../../logger.ts';
import { addMonth, isPaidTier, periodStart, planFromPurchases, syncAccountPlan } from './account-plan.ts';
import type { ReceiptBook } from './receipts.ts';

const day = (date: Date) => date.toISOString().slice(0, 10);

export type PurchaseRow = typeof purchases.$inferSelect;
/** A purchase whose account still exists (a purchase outlives a deleted account, its owner then null). */
type OwnedPurchase = PurchaseRow & { userId: string };
const owned = (p: PurchaseRow): p is OwnedPurchase => p.userId !== null;
export type Outcome = 'captured' | 'processing' | 'failed' | 'cancelled';

export const OPEN_STATUSES = ['pending', 'processing'] as const;
/**
 * A cleared capture is delivered from these. 'cancelled' is among them because a checkout can be
 * replaced while its capture is already on its way to PayPal: the payer's money moved, so the plan
 * is theirs. A purchase that failed (declined, or not the amount offered) is never delivered.
 */
const COMPLETABLE = [...OPEN_STATUSES, 'cancelled'];

export class PaymentLedger {
  constructor(
    private readonly db: Db,
    private readonly apiKeys: ApiKeyService,
    readonly receipts: ReceiptBook,
    private readonly logger: Logger,
    private readonly now: () => Date,
  ) {}

  private immediate<T>(work: (tx: Tx) => T): T {
    return this.db.transaction(work, { behavior: 'immediate' });
  }

  byOrder(orderId: string): PurchaseRow | undefined {
    return this.db.select().from(purchases).where(eq(purchases.paypalOrderId, orderId)).get();
  }

  byCapture(captureId: string): PurchaseRow | undefined {
    return this.db.select().from(purchases).where(eq(purchases.paypalCaptureId, captureId)).get();
  }

  /** What a purchase's state means to the payer coming back from PayPal. */
  static outcomeOf(status: string): Outcome {
    if (status === 'completed') return 'captured';
    if (status === 'processing' || status === 'pending') return 'processing';
    if (status === 'cancelled') return 'cancelled';
    return 'failed';
  }

  /** The capture cleared: complete the purchase and deliver what was bought, once. */
  complete(purchaseId: number, captureId: string): Outcome {
    return this.immediate((tx) => {
      const now = this.now();
      const open = tx.select().from(purchases).where(and(eq(purchases.id, purchaseId), inArray(purchases.status, COMPLETABLE))).get();
      if (!open) return PaymentLedger.outcomeOf(tx.select().from(purchases).where(eq(purchases.id, purchaseId)).get()?.status ?? 'failed');
      const plan = isPaidTier(open.planType) ? open.planType : null;
      const start = plan ? (owned(open) ? periodStart(planFromPurchases(tx, open.userId, now), plan, now) : now) : null;
      const expiresAt = start ? addMonth(start) : null;
      const won = tx
        .update(purchases)
        .set({ status: 'completed', paypalCaptureId: captureId, completedAt: now, expiresAt, isActive: true })
        .where(and(eq(purchases.id, purchaseId), inArray(purchases.status, COMPLETABLE)))
        .run();
      if (won.changes !== 1) return 'captured';
      if (!owned(open)) {
        // The money moved for an account deleted meanwhile: recorded and receipted, nothing to deliver.
        this.receipts.issue(tx, purchaseId, `${open.planName}${plan ? ' plan' : ''}, paid after its account was deleted`, now);
        this.logger.warn({ purchaseId }, 'payment: completed for a deleted account, nothing delivered');
        return 'captured';
      }
      if (plan) {
        this.deliverPlan(tx, open, plan, now);
        this.receipts.issue(tx, purchaseId, `${open.planName} plan${open.renewal ? ' renewal' : ''}, ${day(start!)} to ${day(expiresAt!)}`, now);
      } else {
        const months = this.settleOverage(tx, open, now);
        this.receipts.issue(tx, purchaseId, `Overage ${months[0] ?? ''}${months.length > 1 ? ` to ${months.at(-1)}` : ''}: ${open.amount.toLocaleString('en-US')} calls beyond the allowance at $0.01`, now);
      }
      this.logger.info({ purchaseId, planType: open.planType, amount: open.amount }, 'payment: purchase completed');
      return 'captured';
    });
  }

  private deliverPlan(tx: Tx, purchase: OwnedPurchase, plan: string, now: Date): void {
    const key = this.apiKeys.createPlanKey({ userId: purchase.userId, purchaseId: purchase.id, keyName: `${purchase.planName} plan key` }, tx);
    tx.insert(billingCharges)
      .values({
        userId: purchase.userId, purchaseId: purchase.id, chargeType: 'plan', amount: purchase.amount,
        description: `${purchase.planName} plan${purchase.renewal ? ' renewal' : ''}, one month`, paypalOrderId: purchase.paypalOrderId, status: 'paid', createdAt: now, paidAt: now,
      })
      .run();
    const account = syncAccountPlan(tx, purchase.userId, now);
    this.logger.info({ purchaseId: purchase.id, planKeyId: key.row.id, tier: account.tier }, 'payment: plan key issued and plan set');
  }

  /** An overage payment settles exactly the rows its order was created for; returns their months, oldest first. */
  private settleOverage(tx: Tx, purchase: OwnedPurchase, now: Date): string[] {
    const settled = tx
      .update(billingCharges)
      .set({ status: 'paid', paidAt: now })
      .where(and(eq(billingCharges.paypalOrderId, purchase.paypalOrderId), eq(billingCharges.chargeType, 'overage'), eq(billingCharges.status, 'pending')))
      .returning({ amount: billingCharges.amount, month: billingCharges.month })
      .all();
    const paid = settled.reduce((sum, row) => sum + row.amount, 0);
    tx.update(users).set({ overageCharges: sql`max(${users.overageCharges} - ${paid}, 0)` }).where(eq(users.id, purchase.userId)).run();
    if (paid !== purchase.amount) this.logger.error({ purchaseId: purchase.id, paid, amount: purchase.amount }, 'payment: overage settled differs from the amount paid');
    this.logger.info({ purchaseId: purchase.id, rows: settled.length, paid }, 'payment: overage settled');
    return settled.map((row) => row.month!).sort();
  }

  /** PayPal holds the capture for now (an eCheck): the payer sees "processing" until it clears. */
  processing(purchaseId: number, captureId: string): Outcome {
    return this.immediate((tx) => {
      const changed = tx
        .update(purchases)
        .set({ status: 'processing', paypalCaptureId: captureId })
        .where(and(eq(purchases.id, purchaseId), eq(purchases.status, 'pending')))
        .run();
      if (changed.changes === 1) this.logger.info({ purchaseId }, 'payment: capture pending at PayPal');
      return PaymentLedger.outcomeOf(tx.select().from(purchases).where(eq(purchases.id, purchaseId)).get()!.status);
    });
  }

  /** Ends an open purchase without delivering anything: declined, cancelled, or not what was offered. */
  close(purchaseId: number, status: 'failed' | 'cancelled', reason: string): void {
    const changed = this.immediate((tx) =>
      tx.update(purchases).set({ status, isActive: false }).where(and(eq(purchases.id, purchaseId), inArray(purchases.status, [...OPEN_STATUSES]))).run(),
    );
    if (changed.changes === 1) this.logger.info({ purchaseId, status, reason }, 'payment: purchase closed');
  }

  /**
   * A refund or reversal: the plan stops, its charge is marked, the account's plan is recomputed.
   * The plan key stays: it is one of the account's keys, drawing on whatever plan the account is on
   * (docs/decisions/036).
   */
  reverse(purchaseId: number, status: 'refunded' | 'reversed'): boolean {
    return this.immediate((tx) => {
      const purchase = tx.select().from(purchases).where(and(eq(purchases.id, purchaseId), eq(purchases.status, 'completed'))).get();
      if (!purchase) return false;
      const now = this.now();
      tx.update(purchases).set({ status, isActive: false }).where(eq(purchases.id, purchaseId)).run();
      this.receipts.credit(tx, purchaseId, status, now);
      if (isPaidTier(purchase.planType)) {
        tx.update(billingCharges).set({ status }).where(and(eq(billingCharges.purchaseId, purchaseId), eq(billingCharges.chargeType, 'plan'))).run();
        if (owned(purchase)) syncAccountPlan(tx, purchase.userId, now);
      } else if (owned(purchase)) {
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
      this.logger.info({ purchaseId, status }, 'payment: purchase reversed, plan ended');
      return true;
    });
  }
}
