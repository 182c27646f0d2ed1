/**
 * Receipts on PostgreSQL (docs/decisions/050-one-storage-seam.md), receipts.sqlite.ts's contract.
 * Several instances can issue receipts at once, and a number counted by two transactions would be
 * the same: the transaction that numbers one first takes a transaction-scoped advisory lock
 * (RECEIPT_NUMBERS_LOCK), so issues run one after another and each counts the ones committed
 * before it. PostgreSQL makes a commit visible before it releases its locks, so the next count
 * includes it.
 */
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import { RECEIPT_NUMBERS_LOCK } from '../../../db/postgres/advisory-locks.ts';
import type { PgDb } from '../../../db/postgres/connect.ts';
import { purchases, receipts, users } from '../../../db/postgres/schema.ts';
import type { PgTx } from './account-plan.postgres.ts';
import { backfilledReceiptText, creditNoteText } from './payment-wording.ts';
import type { ReceiptRow, ReceiptSeller, ReceiptsRepository } from './receipts.repository.ts';

const PREFIX: Record<ReceiptRow['kind'], string> = { receipt: 'R', credit_note: 'C' };

/** Until the transaction ends, no other transaction numbers a receipt. */
async function holdNumbering(tx: PgTx): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${RECEIPT_NUMBERS_LOCK.toString()}::bigint)`);
}

async function nextNumber(tx: PgTx, kind: ReceiptRow['kind']): Promise<string> {
  const [row] = await tx.select({ n: sql`count(*)`.mapWith(Number) }).from(receipts).where(eq(receipts.kind, kind));
  return `${PREFIX[kind]}-${String(row!.n + 1).padStart(6, '0')}`;
}

const receiptOfPurchase = async (tx: PgTx, purchaseId: number, kind: ReceiptRow['kind']) =>
  (await tx.select().from(receipts).where(and(eq(receipts.purchaseId, purchaseId), eq(receipts.kind, kind))))[0] as ReceiptRow | undefined;

/** Issues the receipt of a completed payment, once (a second call returns the first). */
export async function issueReceipt(tx: PgTx, purchaseId: number, description: string, issuedAt: Date, seller: ReceiptSeller): Promise<ReceiptRow> {
  await holdNumbering(tx);
  const existing = await receiptOfPurchase(tx, purchaseId, 'receipt');
  if (existing) return existing;
  const [purchase] = await tx.select().from(purchases).where(eq(purchases.id, purchaseId));
  const [payer] = purchase!.userId === null ? [] : await tx.select({ email: users.email, firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, purchase!.userId));
  const name = [payer?.firstName, payer?.lastName].filter(Boolean).join(' ');
  const [row] = await tx
    .insert(receipts)
    .values({
      number: await nextNumber(tx, 'receipt'), kind: 'receipt', userId: purchase!.userId, purchaseId, issuedAt, description,
      amount: purchase!.amount, currency: purchase!.currency, payerEmail: payer?.email ?? null, payerName: name || null,
      paypalCaptureId: purchase!.paypalCaptureId, seller,
    })
    .returning();
  return row as ReceiptRow;
}

/** The credit note reversing a payment's receipt, once; none when the payment has no receipt. */
export async function creditNote(tx: PgTx, purchaseId: number, reason: 'refunded' | 'reversed', issuedAt: Date, seller: ReceiptSeller): Promise<ReceiptRow | undefined> {
  await holdNumbering(tx);
  const receipt = await receiptOfPurchase(tx, purchaseId, 'receipt');
  if (!receipt) return undefined;
  const existing = await receiptOfPurchase(tx, purchaseId, 'credit_note');
  if (existing) return existing;
  const [row] = await tx
    .insert(receipts)
    .values({ ...receipt, id: undefined, number: await nextNumber(tx, 'credit_note'), kind: 'credit_note', creditedNumber: receipt.number, issuedAt, description: creditNoteText(reason, receipt), seller })
    .returning();
  return row as ReceiptRow;
}

export class PostgresReceiptsRepository implements ReceiptsRepository {
  constructor(private readonly db: PgDb) {}

  async receiptsOf(userId: string, limit: number): Promise<ReceiptRow[]> {
    return (await this.db.select().from(receipts).where(eq(receipts.userId, userId)).orderBy(desc(receipts.id)).limit(limit)) as ReceiptRow[];
  }

  async receiptOf(userId: string, id: number): Promise<ReceiptRow | undefined> {
    const [row] = await this.db.select().from(receipts).where(and(eq(receipts.id, id), eq(receipts.userId, userId)));
    return row as ReceiptRow | undefined;
  }

  async backfillReceipts(seller: ReceiptSeller): Promise<number> {
    return this.db.transaction(async (tx) => {
      // Before the read: another instance backfilling at the same start waits, then finds nothing missing.
      await holdNumbering(tx);
      const missing = await tx
        .select({ purchase: purchases })
        .from(purchases)
        .leftJoin(receipts, and(eq(receipts.purchaseId, purchases.id), eq(receipts.kind, 'receipt')))
        .where(and(isNull(receipts.id), sql`${purchases.completedAt} IS NOT NULL`, sql`${purchases.status} IN ('completed', 'refunded', 'reversed')`))
        .orderBy(asc(purchases.completedAt), asc(purchases.id));
      for (const { purchase: p } of missing) {
        await issueReceipt(tx, p.id, backfilledReceiptText(p), p.completedAt!, seller);
        if (p.status === 'refunded' || p.status === 'reversed') await creditNote(tx, p.id, p.status, p.completedAt!, seller);
      }
      return missing.length;
    });
  }
}
