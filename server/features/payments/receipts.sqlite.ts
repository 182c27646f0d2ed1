/**
 * Receipts on SQLite (docs/decisions/050-one-storage-seam.md): the statements moved from
 * receipts.ts. Numbers are counted inside the writing transaction, IMMEDIATE, so with one writer
 * two receipts never share one. issueReceipt and creditNote run inside the capture's and the
 * reversal's transactions (payments.sqlite.ts).
 */
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/connection.ts';
import { purchases, receipts, users } from '../../../db/schema.ts';
import { backfilledReceiptText, creditNoteText } from './payment-wording.ts';
import type { ReceiptRow, ReceiptSeller, ReceiptsRepository } from './receipts.repository.ts';

const PREFIX: Record<ReceiptRow['kind'], string> = { receipt: 'R', credit_note: 'C' };

function nextNumber(tx: DbOrTx, kind: ReceiptRow['kind']): string {
  const last = tx.select({ n: sql<number>`count(*)` }).from(receipts).where(eq(receipts.kind, kind)).get()!.n;
  return `${PREFIX[kind]}-${String(last + 1).padStart(6, '0')}`;
}

/** Issues the receipt of a completed payment, once (a second call returns the first). */
export function issueReceipt(tx: DbOrTx, purchaseId: number, description: string, issuedAt: Date, seller: ReceiptSeller): ReceiptRow {
  const existing = tx.select().from(receipts).where(and(eq(receipts.purchaseId, purchaseId), eq(receipts.kind, 'receipt'))).get();
  if (existing) return existing;
  const purchase = tx.select().from(purchases).where(eq(purchases.id, purchaseId)).get()!;
  const payer = purchase.userId === null ? undefined : tx.select({ email: users.email, firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, purchase.userId)).get();
  const name = [payer?.firstName, payer?.lastName].filter(Boolean).join(' ');
  return tx
    .insert(receipts)
    .values({
      number: nextNumber(tx, 'receipt'), kind: 'receipt', userId: purchase.userId, purchaseId, issuedAt, description,
      amount: purchase.amount, currency: purchase.currency, payerEmail: payer?.email ?? null, payerName: name || null,
      paypalCaptureId: purchase.paypalCaptureId, seller,
    })
    .returning()
    .get();
}

/** The credit note reversing a payment's receipt, once; none when the payment has no receipt. */
export function creditNote(tx: DbOrTx, purchaseId: number, reason: 'refunded' | 'reversed', issuedAt: Date, seller: ReceiptSeller): ReceiptRow | undefined {
  const receipt = tx.select().from(receipts).where(and(eq(receipts.purchaseId, purchaseId), eq(receipts.kind, 'receipt'))).get();
  if (!receipt) return undefined;
  const existing = tx.select().from(receipts).where(and(eq(receipts.purchaseId, purchaseId), eq(receipts.kind, 'credit_note'))).get();
  if (existing) return existing;
  return tx
    .insert(receipts)
    .values({ ...receipt, id: undefined, number: nextNumber(tx, 'credit_note'), kind: 'credit_note', creditedNumber: receipt.number, issuedAt, description: creditNoteText(reason, receipt), seller })
    .returning()
    .get();
}

export class SqliteReceiptsRepository implements ReceiptsRepository {
  constructor(private readonly db: Db) {}

  async receiptsOf(userId: string, limit: number): Promise<ReceiptRow[]> {
    return this.db.select().from(receipts).where(eq(receipts.userId, userId)).orderBy(desc(receipts.id)).limit(limit).all();
  }

  async receiptOf(userId: string, id: number): Promise<ReceiptRow | undefined> {
    return this.db.select().from(receipts).where(and(eq(receipts.id, id), eq(receipts.userId, userId))).get();
  }

  async backfillReceipts(seller: ReceiptSeller): Promise<number> {
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
          issueReceipt(tx, p.id, backfilledReceiptText(p), p.completedAt!, seller);
          if (p.status === 'refunded' || p.status === 'reversed') creditNote(tx, p.id, p.status, p.completedAt!, seller);
        }
        return missing.length;
      },
      { behavior: 'immediate' },
    );
  }
}
