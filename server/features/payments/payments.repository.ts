/**
 * What the purchase flow (docs/api.md §14.4) needs of storage, named for what each operation
 * guarantees (docs/decisions/050-one-storage-seam.md). Of any number of returns, captures and
 * webhooks for one order, running at once or replayed, in one process or several, exactly one
 * capturePurchase completes a purchase, so exactly one plan key, one plan charge, one receipt and
 * one change of plan follow; the unique indexes on the capture id, the plan key's purchase, the plan
 * charge's purchase and the receipt's purchase back this up. Purchases of one account complete one
 * after another, so a renewal extends from the end the previous one set.
 */
import type { AccountPlan } from './paid-plans.ts';
import type { ReceiptSeller } from './receipts.repository.ts';

export interface PurchaseRow {
  id: number;
  /** Null once the account is deleted: a purchase is a record of money and outlives it. */
  userId: string | null;
  paypalOrderId: string;
  paypalRequestId: string | null;
  planType: string;
  planName: string;
  /** Cents. */
  amount: number;
  currency: string;
  status: string;
  paypalCaptureId: string | null;
  usageLimit: number | null;
  usageCount: number;
  expiresAt: Date | null;
  isActive: boolean;
  renewal: boolean;
  expiryNoticeAt: Date | null;
  createdAt: Date;
  completedAt: Date | null;
}

/** Statuses a purchase can still be captured or closed from. */
export const OPEN_STATUSES = ['pending', 'processing'] as const;
/**
 * A cleared capture is delivered from these. 'cancelled' is among them because a checkout can be
 * replaced while its capture is already on its way to PayPal: the payer's money moved, so the plan
 * is theirs. A purchase that failed (declined, or not the amount offered) is never delivered.
 */
export const COMPLETABLE_STATUSES = [...OPEN_STATUSES, 'cancelled'] as const;

export interface CheckoutRequest {
  userId: string;
  /** A plan checkout closes the account's pending plan checkouts, an overage one its pending overage checkouts. */
  kind: 'plan' | 'overage';
  purchase: {
    planType: string;
    planName: string;
    amount: number;
    usageLimit: number | null;
    renewal: boolean;
    /** A placeholder until PayPal names the order (setOrderId). */
    paypalOrderId: string;
    paypalRequestId: string;
  };
  now: Date;
  /** At most `count` checkouts of the account created after `since`, this one included. */
  limit: { count: number; since: Date };
}

export type CheckoutStart =
  /** The pending purchase, and the ids of the older pending ones it closed (cancelled). */
  | { kind: 'started'; purchase: PurchaseRow; superseded: number[] }
  /** The account has started its limit of checkouts: nothing was written. */
  | { kind: 'over_limit' };

/** A plan key's stored values, its secret sealed for the one reveal (api-keys.service.ts makes them). */
export interface NewPlanKey {
  keyValue: string;
  secretDigest: string;
  pendingSecret: string;
}

export interface CaptureRequest {
  purchaseId: number;
  captureId: string;
  now: Date;
  /** Called once, only when the capture delivers a plan to a live account. */
  newPlanKey(): NewPlanKey;
  /** The seller the receipt records. */
  seller: ReceiptSeller;
}

/** What a completed purchase delivered. */
export type Delivery =
  /** A plan period: its key, its charge, and the account's plan after it. */
  | { kind: 'plan'; planKeyId: number; plan: AccountPlan }
  /** Overage: the rows its order was created for, paid; their months, oldest first. */
  | { kind: 'overage'; rows: number; paid: number; months: string[] }
  /** The money moved for an account deleted meanwhile: recorded and receipted, nothing delivered. */
  | { kind: 'nothing' };

export type CaptureResult =
  /** This call completed the purchase (as it was before) and delivered it. */
  | { kind: 'completed'; purchase: PurchaseRow; delivery: Delivery }
  /** Not completable (already completed, failed, refunded …): nothing changed; its status, undefined for no purchase. */
  | { kind: 'unchanged'; status: string | undefined };

export interface ReversalRequest {
  purchaseId: number;
  status: 'refunded' | 'reversed';
  now: Date;
  seller: ReceiptSeller;
}

export interface PaymentsRepository {
  purchaseByOrder(orderId: string): Promise<PurchaseRow | undefined>;
  purchaseByCapture(captureId: string): Promise<PurchaseRow | undefined>;
  /** One purchase of the account's; undefined for another's or none. */
  purchaseOf(userId: string, id: number): Promise<PurchaseRow | undefined>;

  /**
   * Writes a pending purchase unless the account has started its limit of checkouts, closing its
   * older pending checkouts of the same kind (only the newest can be captured): one step per
   * account, so concurrent checkouts cannot pass the limit together.
   */
  startCheckoutWithinLimit(checkout: CheckoutRequest): Promise<CheckoutStart>;
  /** The PayPal order a pending purchase was created as. */
  setOrderId(purchaseId: number, orderId: string): Promise<void>;
  /** The account's pending overage rows of months before `beforeMonth` (YYYY-MM). */
  payableOverage(userId: string, beforeMonth: string): Promise<{ id: number; amount: number; month: string }[]>;
  /**
   * Points overage rows at the order that pays them, while that order's purchase is still pending:
   * a newer checkout has closed it otherwise, and points them at its own.
   */
  assignOverageOrder(chargeIds: number[], orderId: string): Promise<void>;

  /**
   * The capture cleared: completes a completable purchase and delivers it, once. A plan starts at
   * the end of the same tier's running plan (a renewal) or now, runs one month, and issues a plan
   * key, a paid plan charge and the account's new plan; overage pays exactly the rows its order was
   * created for and lowers what the account owes. Either way a receipt is issued.
   */
  capturePurchase(capture: CaptureRequest): Promise<CaptureResult>;
  /** PayPal holds the capture (an eCheck): a pending purchase becomes processing, once. Returns whether it changed, and its status. */
  markProcessing(purchaseId: number, captureId: string): Promise<{ changed: boolean; status: string }>;
  /** Ends an open (pending or processing) purchase without delivering anything; whether it changed. */
  closePurchase(purchaseId: number, status: 'failed' | 'cancelled'): Promise<boolean>;
  /**
   * A refund or reversal of a completed purchase, once: the credit note; a plan's charge marked and
   * the account's plan recomputed (its key stays, docs/decisions/036); an overage payment's rows
   * owed again. False when the purchase was not completed.
   */
  reversePurchase(reversal: ReversalRequest): Promise<boolean>;
}
