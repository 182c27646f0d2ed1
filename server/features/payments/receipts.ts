/**
 * Receipts and credit notes (docs/decisions/036): one receipt for each completed payment, a plan or
 * an overage balance, issued in the transaction that completes it; one credit note when that payment
 * is refunded or reversed (payments.repository.ts). Numbers run without gaps in the order issued
 * (R-000001, C-000001). Each keeps its own copy of the payer and the seller, so it reads the same
 * later whatever becomes of the account or the configuration.
 */
import { notFound } from '../../errors.ts';
import type { ReceiptRow, ReceiptSeller, ReceiptsRepository } from './receipts.repository.ts';

export type { ReceiptRow } from './receipts.repository.ts';
export const RECEIPTS_LIMIT = 100;

export class ReceiptBook {
  constructor(
    private readonly repository: ReceiptsRepository,
    private readonly seller: ReceiptSeller,
  ) {}

  /**
   * Receipts for payments completed before receipts existed (migration 0011), oldest first; run at
   * start. Their date is the payment's completion; a refunded one gets its credit note too.
   */
  backfill(): Promise<number> {
    return this.repository.backfillReceipts(this.seller);
  }

  /** The account's receipts and credit notes, newest first. */
  list(userId: string, limit = RECEIPTS_LIMIT): Promise<ReceiptRow[]> {
    return this.repository.receiptsOf(userId, limit);
  }

  /** One of the account's own; another's is a 404. */
  async get(userId: string, id: number): Promise<ReceiptRow> {
    const row = await this.repository.receiptOf(userId, id);
    if (!row) throw notFound('receipt_not_found', 'No receipt with this id belongs to your account.', 'id');
    return row;
  }
}
