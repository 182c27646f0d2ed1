/**
 * Payments and billing (docs/api.md §14.3 to §14.6): starting a PayPal checkout for a plan or for
 * the overage owed, PayPal's return and webhook, a purchase's state, and the Billing tab's summary.
 * Money is integer US cents; the amount is always the server's, never the browser's.
 */
import { z } from 'zod';
import { TIERS } from '../../shared/plans.ts';
import { Timestamp } from './common.ts';

export const PlanOrderRequest = z.strictObject({
  plan: z.enum(['starter', 'pro']).meta({ description: 'The plan to buy; its price comes from the server (Starter 19,900 cents, Pro 79,900)' }),
});

export const OverageOrderRequest = z.strictObject({});

export const Checkout = z
  .object({
    purchaseId: z.number().int(),
    orderId: z.string().meta({ description: 'The PayPal order id' }),
    approveUrl: z.string().meta({ description: 'Open this in a popup (800x600): PayPal’s approval page, or the local sandbox’s' }),
    amount: z.number().int().meta({ description: 'US cents' }),
    currency: z.literal('USD'),
    description: z.string(),
  })
  .meta({ id: 'Checkout' });

/** PayPal's order ids are letters and digits; anything else cannot be one of ours. */
const OrderToken = z.string().regex(/^[A-Za-z0-9-]{1,64}$/, { message: 'must be a PayPal order id' });

/** PayPal adds its own query parameters to the return address; only `token` (the order id) matters. */
export const ReturnQuery = z.object({ token: OrderToken, PayerID: z.string().max(64).optional() });
export const CancelQuery = z.object({ token: OrderToken });

export const PaymentOutcome = z.enum(['captured', 'processing', 'failed', 'cancelled']);

export const PurchaseState = z
  .object({
    id: z.number().int(),
    status: z.string().meta({ description: 'pending, processing, completed, cancelled, failed, refunded or reversed' }),
    outcome: PaymentOutcome,
    planType: z.string(),
    amount: z.number().int(),
    completedAt: Timestamp.nullable(),
    expiresAt: Timestamp.nullable(),
  })
  .meta({ id: 'PurchaseState' });

/** The headers PayPal signs a webhook delivery with (lower-cased, as Node gives them). */
export const WebhookHeaders = z.looseObject({
  'paypal-auth-algo': z.string().regex(/^[a-zA-Z0-9]+$/).max(100),
  'paypal-cert-url': z.url().max(500),
  'paypal-transmission-id': z.string().min(1).max(50),
  'paypal-transmission-sig': z.string().min(1).max(500),
  'paypal-transmission-time': z.string().min(1).max(100),
});

/** A PayPal webhook event: checked for these fields; the rest passes through to signature verification untouched. */
export const WebhookEvent = z
  .looseObject({
    id: z.string().min(1).max(100),
    event_type: z.string().min(1).max(100),
    resource_type: z.string().max(100).optional(),
    resource: z.looseObject({}),
  })
  .meta({ id: 'PaypalWebhookEvent' });

export const WebhookAck = z.object({ received: z.literal(true), action: z.string() }).meta({ id: 'WebhookAck' });

export const BillingCharge = z
  .object({
    id: z.number().int(),
    chargeType: z.string().meta({ description: 'plan (a plan bought) or overage (one row per calendar month)' }),
    amount: z.number().int().meta({ description: 'US cents' }),
    description: z.string(),
    month: z.string().nullable().meta({ description: 'YYYY-MM (UTC) of an overage row' }),
    status: z.string().meta({ description: 'pending (owed), paid, refunded or reversed' }),
    purchaseId: z.number().int().nullable(),
    createdAt: Timestamp,
    paidAt: Timestamp.nullable(),
  })
  .meta({ id: 'BillingCharge' });

/** How this server sells plans (docs/decisions/035). */
export const PaymentsMode = z.enum(['local', 'sandbox', 'live', 'off']).meta({
  id: 'PaymentsMode',
  description: 'local: the built-in PayPal emulator (no money moves); sandbox: PayPal’s sandbox (no real money); live: PayPal; off: nothing is sold, the operator sets plans',
});

export const SpendingLimitView = z
  .object({
    cents: z.number().int().nullable().meta({ description: 'Cents of overage a calendar month may reach; null: no ceiling' }),
    source: z.enum(['default', 'set', 'none']).meta({
      description: 'default: the plan’s price, while the account has never paid overage; set: chosen by you; none: no ceiling (chosen, or after a first overage payment)',
    }),
  })
  .meta({ id: 'SpendingLimit' });

export const SpendingLimitRequest = z
  .strictObject({
    monthlyLimitCents: z
      .number()
      .int({ message: 'must be a whole number of cents' })
      .min(0, { message: 'must be 0 or more (0: no overage at all)' })
      .max(100_000_000, { message: 'must be at most 100,000,000 cents ($1,000,000)' })
      .nullable()
      .meta({ description: 'The month’s ceiling on overage in cents; null: no ceiling' }),
  })
  .meta({ id: 'SpendingLimitRequest' });

export const Receipt = z
  .object({
    id: z.number().int(),
    number: z.string().meta({ description: 'R-000001 for a receipt, C-000001 for a credit note' }),
    kind: z.enum(['receipt', 'credit_note']),
    issuedAt: Timestamp,
    description: z.string().meta({ description: 'The plan and its period, or the months of overage' }),
    amount: z.number().int().meta({ description: 'Cents (a credit note’s is the amount returned)' }),
    currency: z.string(),
    purchaseId: z.number().int(),
    creditedNumber: z.string().nullable().meta({ description: 'The receipt a credit note reverses' }),
  })
  .meta({ id: 'Receipt' });

export const ReceiptList = z.array(Receipt).meta({ id: 'ReceiptList', description: 'Newest first, at most 100' });

export const BillingSummary = z
  .object({
    currentPlan: z.enum(TIERS),
    planExpiresAt: Timestamp.nullable().meta({ description: 'When the plan ends (renewing extends it by a month); null on Free, or for an operator’s plan with no end' }),
    lastPlan: z
      .object({ planType: z.enum(['starter', 'pro']), planName: z.string(), expiredAt: Timestamp })
      .nullable()
      .meta({ description: 'The plan that ended most recently, when the account is back on Free: what Renew buys' }),
    overage: z.object({
      owed: z.number().int().meta({ description: 'Cents owed in total; equals overageCharges in GET /api/usage' }),
      payable: z.number().int().meta({ description: 'Cents owed for months that have ended: what Pay overage charges' }),
      accruing: z.number().int().meta({ description: 'Cents of this month so far, payable once the month ends' }),
      overdueMonth: z.string().nullable().meta({ description: 'The oldest month unpaid 30 days after it ended: calls are held to the allowance until it is paid' }),
    }),
    charges: z.array(BillingCharge).meta({ description: 'Newest first, at most 100' }),
    spendingLimit: SpendingLimitView,
  })
  .meta({ id: 'BillingSummary' });
