/**
 * Payments and billing routes (docs/api.md §14.4 to §14.6): start a checkout for a plan or for the
 * overage owed, PayPal's return and cancel addresses (browser redirects back to the app's popup
 * page), PayPal's webhook, one purchase's state, and the Billing tab's summary. With payments off
 * (PAYMENTS=off) only the last two are served; app.ts answers the others 404 payments_off.
 */
import type { Request } from 'express';
import { IdParams } from '../../contract/common.ts';
import {
  BillingSummary,
  CancelQuery,
  Checkout,
  OverageOrderRequest,
  PlanOrderRequest,
  PurchaseState,
  ReceiptList,
  ReturnQuery,
  SpendingLimitRequest,
  SpendingLimitView,
  WebhookAck,
  WebhookEvent,
  WebhookHeaders,
} from '../../contract/payments.ts';
import type { AppContext } from '../../context.ts';
import { errorResponses } from '../../http/route.ts';
import { AppError } from '../../errors.ts';
import { validate } from '../../http/validation.ts';
import { PaymentLedger, type Outcome, type PurchaseRow } from './payment-ledger.ts';
import { receiptPdf } from './receipt-pdf.ts';
import type { ReceiptRow } from './receipts.ts';

const TAG = 'Payments';

/** Where PayPal sends the payer back: the origin the checkout was started from (checked by the Origin rule, docs/api.md §3.3). */
const originOf = (req: Request) => req.get('origin') ?? `${req.protocol}://${req.get('host')}`;

/** The app's popup page reads these, tells its opener and closes (docs/product.md §2.10). */
export function popupAddress(outcome: Outcome, purchase: Pick<PurchaseRow, 'id' | 'planType' | 'renewal'>): string {
  const query = { captured: 'payment=success&captured=true', processing: 'payment=success', cancelled: 'payment=cancelled', failed: 'payment=failed' }[outcome];
  // What was bought, so the page can say it: a plan, a renewal of the plan running, or overage.
  const kind = purchase.planType === 'overage' ? 'overage' : purchase.renewal ? 'renewal' : 'plan';
  return `/payment/return?${query}&kind=${kind}&purchase=${purchase.id}`;
}

export function paymentRoutes(ctx: AppContext): void {
  if (ctx.config.payments.mode !== 'off') sellingRoutes(ctx);
  accountRoutes(ctx);
}

/** Buying: checkouts, PayPal's return, cancel and webhook. */
function sellingRoutes(ctx: AppContext): void {
  const { api, payments, webhooks } = ctx;

  api.route(
    {
      method: 'post', path: '/api/payments/orders', tag: TAG, auth: 'user', body: PlanOrderRequest, summary: 'Start buying or renewing a plan',
      description: 'Writes a pending purchase and creates a PayPal order (intent CAPTURE, USD) for the plan’s price. Open approveUrl in an 800x600 popup; PayPal returns the payer to /api/payments/return. With two-factor sign-in on, needs step-up.',
      before: [ctx.requireStepUp],
      responses: { 201: { description: 'The checkout', schema: Checkout }, ...errorResponses({ 403: 'email_unverified: verify your email first; step_up_required', 409: 'plan_downgrade: a higher plan is running', 429: 'too_many_checkouts: 20 in an hour', 502: 'PayPal did not create the order' }) },
    },
    ({ req, body }) => {
      // Only the email's owner may buy (docs/api.md §12): an address registered by someone else stays Free.
      if (req.user!.emailVerifiedAt === null) {
        throw new AppError(403, 'email_unverified', 'Verify your email before buying a plan: open the link we sent, or send a new one from your dashboard.');
      }
      return payments.startPlanCheckout(req.user!.id, body.plan, originOf(req));
    },
  );

  api.route(
    {
      method: 'post', path: '/api/payments/overage-orders', tag: TAG, auth: 'user', body: OverageOrderRequest, summary: 'Start paying the overage owed',
      description: 'A PayPal order for the overage of every ended month still owed (this month’s is payable once it ends).',
      responses: { 201: { description: 'The checkout', schema: Checkout }, ...errorResponses({ 409: 'nothing_to_pay', 429: 'too_many_checkouts: 20 in an hour', 502: 'PayPal did not create the order' }) },
    },
    ({ req }) => payments.startOverageCheckout(req.user!.id, originOf(req)),
  );

  api.route(
    {
      method: 'get', path: '/api/payments/return', tag: TAG, auth: 'none', summary: 'PayPal’s return address: capture, then back to the app',
      description: 'PayPal redirects the payer here with ?token=<order id>. The order is captured (idempotently) and the browser goes to /payment/return?payment=success&captured=true (or payment=success while PayPal still processes, payment=failed).',
      responses: { 302: { description: 'To the app’s popup page' }, ...errorResponses({ 404: 'order_not_found' }) },
    },
    async ({ req, res }) => {
      const { token } = validate(ReturnQuery, req.query, 'query');
      const { purchase, outcome } = await payments.captureApproved(token);
      res.redirect(302, popupAddress(outcome, purchase));
    },
  );

  api.route(
    {
      method: 'get', path: '/api/payments/cancel', tag: TAG, auth: 'none', summary: 'PayPal’s cancel address',
      responses: { 302: { description: 'To the app’s popup page with payment=cancelled' }, ...errorResponses({ 404: 'order_not_found' }) },
    },
    async ({ req, res }) => {
      const { token } = validate(CancelQuery, req.query, 'query');
      const purchase = await payments.cancel(token);
      res.redirect(302, popupAddress(PaymentLedger.outcomeOf(purchase.status), purchase));
    },
  );

  api.route(
    {
      method: 'post', path: '/api/payments/webhook', tag: TAG, auth: 'none', body: WebhookEvent, headers: WebhookHeaders,
      summary: 'PayPal’s webhook', description: 'Verified with PayPal’s verify-webhook-signature before it is read; applying an event twice changes nothing.',
      responses: {
        200: { description: 'Accepted', schema: WebhookAck },
        ...errorResponses({ 400: 'invalid_json, json_too_deep, or a signature that does not verify', 404: 'order_not_found: not one of our orders', 429: 'rate_limited: 300 a minute per address', 503: 'PayPal could not verify it now' }),
      },
      before: [ctx.limits.webhooks],
    },
    ({ req }) => webhooks.handle(req.headers, req.body),
  );
}

/** What an account reads of its payments, whatever the mode: purchases, the billing summary, receipts, the spending limit. */
function accountRoutes(ctx: AppContext): void {
  const { api, payments, billing, receipts, spending } = ctx;

  api.route(
    {
      method: 'get', path: '/api/payments/purchases/:id', tag: TAG, auth: 'user', params: IdParams, summary: 'One of your purchases and where its payment stands',
      responses: { 200: { description: 'The purchase', schema: PurchaseState }, ...errorResponses({ 404: 'purchase_not_found' }) },
    },
    async ({ req, params }) => {
      const p = await payments.purchaseOf(req.user!.id, params.id);
      return {
        id: p.id, status: p.status, outcome: PaymentLedger.outcomeOf(p.status), planType: p.planType, amount: p.amount,
        completedAt: p.completedAt?.toISOString() ?? null, expiresAt: p.expiresAt?.toISOString() ?? null,
      };
    },
  );

  api.route(
    {
      method: 'get', path: '/api/billing', tag: TAG, auth: 'user', summary: 'Your plan, overage and charges',
      responses: { 200: { description: 'The Billing tab’s figures', schema: BillingSummary } },
    },
    ({ req }) => billing.summary(req.user!.id),
  );

  api.route(
    {
      method: 'patch', path: '/api/billing/spending-limit', tag: TAG, auth: 'user', body: SpendingLimitRequest, summary: 'Set your monthly ceiling on overage',
      description: 'Calls that would take the month’s overage past it answer 429 spending_limit_reached, before any work. null lifts the ceiling; 0 allows no overage.',
      responses: { 200: { description: 'The limit now', schema: SpendingLimitView } },
    },
    async ({ req, body }) => {
      await spending.set(req.user!.id, body.monthlyLimitCents);
      return spending.limitOf(req.user!.id, req.user!.subscriptionTier);
    },
  );

  api.route(
    {
      method: 'get', path: '/api/billing/receipts', tag: TAG, auth: 'user', summary: 'Your receipts and credit notes',
      description: 'A receipt for each completed payment (a plan or an overage balance), a credit note for each refund or reversal.',
      responses: { 200: { description: 'Newest first', schema: ReceiptList } },
    },
    async ({ req }) => (await receipts.list(req.user!.id)).map(toReceipt),
  );

  api.route(
    {
      method: 'get', path: '/api/billing/receipts/:id/pdf', tag: TAG, auth: 'user', params: IdParams, summary: 'One receipt or credit note as a PDF',
      responses: { 200: { description: 'The PDF (A4)', contentType: 'application/pdf' }, ...errorResponses({ 404: 'receipt_not_found' }) },
    },
    async ({ req, res, params }) => {
      const receipt = await receipts.get(req.user!.id, params.id);
      const pdf = await receiptPdf(receipt);
      res.status(200).type('application/pdf').setHeader('Content-Disposition', `attachment; filename="${receipt.number}.pdf"`);
      res.end(Buffer.from(pdf));
    },
  );
}

export function toReceipt(r: ReceiptRow) {
  return {
    id: r.id, number: r.number, kind: r.kind, issuedAt: r.issuedAt.toISOString(), description: r.description, amount: r.amount,
    currency: r.currency, purchaseId: r.purchaseId, creditedNumber: r.creditedNumber,
  };
}
