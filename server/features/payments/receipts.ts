/**
 * Receipts and credit notes (docs/decisions/036): one receipt for each completed payment, a plan or
 * an overage balance, issued in the transaction that completes it; one credit note when that payment
 * is refunded or reversed. Numbers run without gaps in the order issued (R-000001, C-000001), taken
 * inside the writing transaction. Each keeps its own copy of the payer and the seller, so it reads
 * the same later whatever becomes of the account or the configuration.
 */
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/connection.ts';
import { purchases, receipts, users } from '../../../db/schema.ts';
import type { SellerConfig } from '../../config.ts';
import { notFound } from '../../errors.ts';

export type ReceiptRow = typeof receipts.$inferSelect;
type Kind = ReceiptRow['kind'];

const PREFIX: Record<Kind, string> = { receipt: 'R', credit_note: 'C' };
export const RECEIPTS_LIMIT = 100;

export class ReceiptBook {
  constructor(
    private readonly db: Db,
    private readonly seller: SellerConfig,
  ) {}

  /** The next number of a kind; called inside the transaction that inserts it, so two never share one. */
  private nextNumber(tx: DbOrTx, kind: Kind): string {
    const last = tx.select({ n: sql<number>`count(*)` }).from(receipts).where(eq(receipts.kind, kind)).get()!.n;
    return `${PREFIX[kind]}-${String(last + 1).padStart(6, '0')}`;
  }

  /** Issues the receipt of a completed payment, once (a second call returns the first). */
  issue(tx: DbOrTx, purchaseId: number, description: string, issuedAt: Date): ReceiptRow {
    const existing = tx.select().from(receipts).where(and(eq(receipts.purchaseId, purchaseId), eq(receipts.kind, 'receipt'))).get();
    if (existing) return existing;
    const purchase = tx.select().from(purchases).where(eq(purchases.id, purchaseId)).get()!;
    const payer = purchase.userId === null ? undefined : tx.select({ email: users.email, firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, purchase.userId)).get();
    const name = [payer?.firstName, payer?.lastName].filter(Boolean).join(' ');
    return tx
      .insert(receipts)
      .values({
        number: this.nextNumber(tx, 'receipt'), kind: 'receipt', userId: purchase.userId, purchaseId, issuedAt, description,
        amount: purchase.amount, currency: purchase.currency, payerEmail: payer?.email ?? null, payerName: name || null,
        paypalCaptureId: purchase.paypalCaptureId, seller: this.seller,
      })
      .returning()
      .get();
  }

  /** The credit note reversing a payment's receipt, once; none when the payment has no receipt. */
  credit(tx: DbOrTx, purchaseId: number, reason: 'refunded' | 'reversed', issuedAt: Date): ReceiptRow | undefined {
    const receipt = tx.select().from(receipts).where(and(eq(receipts.purchaseId, purchaseId), eq(receipts.kind, 'receipt'))).get();
    if (!receipt) return undefined;
    const existing = tx.select().from(receipts).where(and(eq(receipts.purchaseId, purchaseId), eq(receipts.kind, 'credit_note'))).get();
    if (existing) return existing;
    return tx
      .insert(receipts)
      .values({
        ...receipt, id: undefined, number: this.nextNumber(tx, 'credit_note'), kind: 'credit_note', creditedNumber: receipt.number, issuedAt,
        description: `${reason === 'refunded' ? 'Refund' : 'Reversal (chargeback)'} of ${receipt.number}: ${receipt.description}`, seller: this.seller,
      })
      .returning()
      .get();
  }

  /**
   * Receipts for payments completed before receipts existed (migration 0011), oldest first; run at
   * start. Their date is the payment's completion; a refunded one gets its credit note too.
   */
  backfill(): number {
    return this.db.transaction(
      (tx) => {
        const missing = tx
          .select({ purchase: purchases })
          .from(purchases)
          .leftJoin(receipts, and(eq(receipts.purchaseId, purchases.id), eq(receipts.kind, 'receipt')))
          .where(and(isNull(receipts.id), sql`${purchases.completedAt} IS NOT NULL`, sql`${purchases.status} IN ('completed', 'refunded', 'reversed')`))
          .orderBy(asc(purchases.completedAt), asc(purchases.id))
          .all();
        for (const { purchase: p } of missing) {
          const what = p.planType === 'overage' ? 'Overage balance' : `${p.planName} plan, one month${p.expiresAt ? ` to ${p.expiresAt.toISOString().slice(0, 10)}` : ''}`;
          this.issue(tx, p.id, what, p.completedAt!);
          if (p.status === 'refunded' || p.status === 'reversed') this.credit(tx, p.id, p.status, p.completedAt!);
        }
        return missing.length;
      },
      { behavior: 'immediate' },
    );
  }

  /** The account's receipts and credit notes, newest first. */
  list(userId: string, limit = RECEIPTS_LIMIT): ReceiptRow[] {
    return this.db.select().from(receipts).where(eq(receipts.userId, userId)).orderBy(desc(receipts.id)).limit(limit).all();
  }

  /** One of the account's own; another's is a 404. */
  get(userId: string, id: number): ReceiptRow {
    const row = this.db.select().from(receipts).where(and(eq(receipts.id, id), eq(receipts.userId, userId))).get();
    if (!row) throw notFound('receipt_not_found', 'No receipt with this id belongs to your account.', 'id');
    return row;
  }
}
