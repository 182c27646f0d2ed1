/**
 * What receipts and credit notes (docs/decisions/036) need of storage
 * (docs/decisions/050-one-storage-seam.md). A receipt is issued by the capture that completes its
 * payment and a credit note by the reversal that refunds it (payments.repository.ts), in their
 * transactions; here are the reads and the start-up backfill. Numbers run without gaps in the order
 * issued (R-000001, C-000001): every implementation takes the next number with no other issue of
 * its kind in between.
 */

/** The seller as a receipt records it (SELLER_* settings, docs/configuration.md). */
export interface ReceiptSeller {
  name: string;
  address: string | null;
  email: string | null;
  taxId: string | null;
}

export interface ReceiptRow {
  id: number;
  /** R-000001 for receipts, C-000001 for credit notes. */
  number: string;
  kind: 'receipt' | 'credit_note';
  userId: string | null;
  purchaseId: number;
  /** The receipt a credit note reverses. */
  creditedNumber: string | null;
  issuedAt: Date;
  description: string;
  /** Cents, positive on both kinds. */
  amount: number;
  currency: string;
  payerEmail: string | null;
  payerName: string | null;
  paypalCaptureId: string | null;
  seller: ReceiptSeller;
}

export interface ReceiptsRepository {
  /** The account's receipts and credit notes, newest first. */
  receiptsOf(userId: string, limit: number): Promise<ReceiptRow[]>;
  /** One of the account's own; undefined for another's or none. */
  receiptOf(userId: string, id: number): Promise<ReceiptRow | undefined>;
  /**
   * Receipts for payments completed before receipts existed (migration 0011), oldest first, dated
   * at the payment's completion; a refunded or reversed one gets its credit note too. In one
   * transaction; returns the number of payments receipted (0 once done).
   */
  backfillReceipts(seller: ReceiptSeller): Promise<number>;
}
