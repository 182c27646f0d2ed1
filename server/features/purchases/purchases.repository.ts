/**
 * What the dashboard's purchase history and plan keys (docs/api.md §14) read of storage
 * (docs/decisions/050-one-storage-seam.md): plain reads, each scoped to the owner. A key's calls
 * of a month are its `key:<pk_…>` row of monthly_usage (MeteringService).
 */
import type { PurchaseRow } from '../payments/payments.repository.ts';

export interface PurchaseListing {
  purchase: PurchaseRow;
  /** The purchase's plan key, if it has one. */
  apiKey: string | null;
  /** Its plan key's calls in the month asked for; null with none. */
  callsThisMonth: number | null;
}

export interface PlanKeyListing {
  id: number;
  purchaseId: number;
  planType: string;
  keyName: string;
  keyValue: string;
  /** Whether its secret waits sealed for its one reveal. */
  secretRevealable: boolean;
  usageCount: number;
  usageLimit: number | null;
  callsThisMonth: number | null;
  isActive: boolean;
  lastUsed: Date | null;
  createdAt: Date;
}

export interface PurchasesRepository {
  /** The account's purchases, newest first: `limit` of them, with ids below `before` when given. */
  purchasesOf(userId: string, month: string, limit: number, before?: number): Promise<PurchaseListing[]>;
  /** The account's plan keys, newest first. */
  planKeysOf(userId: string, month: string, limit: number): Promise<PlanKeyListing[]>;
}
