/**
 * What the Billing tab (docs/api.md §14.6) reads of storage (docs/decisions/050-one-storage-seam.md):
 * plain reads, each scoped to the owner.
 */

export interface BillingChargeRow {
  id: number;
  userId: string;
  purchaseId: number | null;
  /** 'plan' or 'overage'. */
  chargeType: string;
  /** Cents. */
  amount: number;
  description: string;
  paypalOrderId: string | null;
  status: string;
  /** YYYY-MM of an overage row. */
  month: string | null;
  createdAt: Date;
  paidAt: Date | null;
}

export interface BillingRepository {
  /** When the account's plan ends (null: it does not, or Free); undefined for no account. */
  planEndsAt(userId: string): Promise<Date | null | undefined>;
  /** The account's overage rows not paid yet, of every month. */
  pendingOverage(userId: string): Promise<{ amount: number; month: string }[]>;
  /** The completed plan purchase that ended last, at or before `now`. */
  lastEndedPlan(userId: string, now: Date): Promise<{ planType: string; planName: string; expiresAt: Date } | undefined>;
  /** The account's charges, newest first. */
  chargesOf(userId: string, limit: number): Promise<BillingChargeRow[]>;
}
