/**
 * The purchase flow (docs/api.md §14.4): a checkout writes a pending purchase and creates a PayPal
 * order for the server's price; PayPal's return (or its webhook) captures it with a request id
 * derived from the order, so a retried capture is idempotent at PayPal too; the ledger then applies
 * the result once. Every state change is logged with the purchase id, never a token or secret.
 *
 * Order creation is idempotent under a random PayPal-Request-Id kept on the purchase, and the
 * approval URL PayPal answers with must be PayPal's own (or, in local mode, this app's), so an
 * order that someone else created under a guessed id can never send a payer elsewhere
 * (docs/decisions/035).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { planOf } from '../../../shared/plans.ts';
import { PAYPAL_HOSTS, type PaymentsConfig } from '../../config.ts';
import type { Checkout } from '../../contract/payments.ts';
import { AppError, conflict, notFound } from '../../errors.ts';
import type { Logger } from '../../logger.ts';
import { monthOf } from '../metering/metering.service.ts';
import type { AccountPlansRepository } from './account-plans.repository.ts';
import { isDowngrade, type PaidTier } from './paid-plans.ts';
import { PaymentLedger, type Outcome } from './payment-ledger.ts';
import type { PaymentsRepository, PurchaseRow } from './payments.repository.ts';
import { PaypalError, type PaypalClient } from './paypal/paypal.client.ts';
import { valueToCents, type PaypalCapture, type PaypalOrder } from './paypal/paypal.schemas.ts';

export const RETURN_PATH = '/api/payments/return';
/** Checkouts an account may start in an hour: each one creates an order at PayPal. */
export const CHECKOUTS_PER_HOUR = 20;
export const CANCEL_PATH = '/api/payments/cancel';
/** Where PayPal's approval pages are (the payer-action links of created orders). */
export const PAYPAL_APPROVAL_ORIGINS = { live: ['https://www.paypal.com'], sandbox: ['https://www.sandbox.paypal.com'] } as const;

/**
 * The origins a checkout's approval page may be on (docs/decisions/035): PayPal's, in live and
 * sandbox mode; in sandbox mode pointed at `paypal-emulator` by PAYPAL_API_BASE (on this machine
 * only, config.ts), the emulator's too, which serves its pages beside its REST API. null in local
 * mode: this app's own /paypal-sandbox/ pages on the checkout's origin.
 */
export function approvalOriginsOf(payments: Pick<PaymentsConfig, 'mode' | 'paypal'>): readonly string[] | null {
  if (payments.mode === 'live') return PAYPAL_APPROVAL_ORIGINS.live;
  if (payments.mode !== 'sandbox') return null;
  const apiBase = payments.paypal?.apiBase ?? PAYPAL_HOSTS.sandbox;
  return apiBase === PAYPAL_HOSTS.sandbox ? PAYPAL_APPROVAL_ORIGINS.sandbox : [...PAYPAL_APPROVAL_ORIGINS.sandbox, new URL(apiBase).origin];
}

const paypalUnavailable = (error: unknown) =>
  new AppError(502, 'paypal_unavailable', `PayPal could not start the payment (${error instanceof Error ? error.message : 'no answer'}): nothing was charged; try again shortly.`);

/** The capture PayPal reports for an order (one purchase unit, intent CAPTURE: at most one capture). */
export function captureOf(order: Pick<PaypalOrder, 'purchase_units'>): PaypalCapture | undefined {
  return order.purchase_units?.[0]?.payments?.captures?.[0];
}

export class PaymentsService {
  readonly ledger: PaymentLedger;

  constructor(
    private readonly repository: PaymentsRepository,
    private readonly plans: AccountPlansRepository,
    private readonly paypal: PaypalClient,
    ledger: PaymentLedger,
    private readonly logger: Logger,
    private readonly now: () => Date,
    /** The origins an approval URL may be on; null: the checkout's own origin (the local sandbox is this app). */
    private readonly approvalOrigins: readonly string[] | null,
  ) {
    this.ledger = ledger;
  }

  /** PayPal's approval page, or the local sandbox's page on the origin the checkout came from. */
  private expectedApproval(url: string, origin: string): boolean {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return false;
    }
    if (this.approvalOrigins) return this.approvalOrigins.includes(parsed.origin);
    return parsed.origin === new URL(origin).origin && parsed.pathname.startsWith('/paypal-sandbox/');
  }

  /** Starts buying (or renewing) a plan; the price is the plan's, from shared/plans.ts. */
  async startPlanCheckout(userId: string, plan: PaidTier, origin: string): Promise<z.infer<typeof Checkout>> {
    const current = await this.plans.purchasedPlan(userId, this.now());
    if (isDowngrade(current, plan)) {
      throw conflict('plan_downgrade', `Your ${planOf(current.tier).name} plan runs until ${current.expiresAt!.toISOString().slice(0, 10)}: buy ${planOf(plan).name} after it ends.`, 'plan');
    }
    const { name, priceCents, usageLimit } = planOf(plan);
    // Bought while the same plan runs, it extends that plan by a month: a renewal, and called one.
    const renewal = current.tier === plan && current.expiresAt !== null && current.expiresAt > this.now();
    return this.start(userId, origin, {
      planType: plan, planName: name, amount: priceCents, usageLimit, renewal,
      description: `${name} plan${renewal ? ' renewal' : ''}, one month (${usageLimit.toLocaleString('en-US')} calls a month)`,
    });
  }

  /** Starts paying the overage of months that have ended; this month's is still accruing. */
  async startOverageCheckout(userId: string, origin: string): Promise<z.infer<typeof Checkout>> {
    const thisMonth = monthOf(this.now());
    const payable = await this.repository.payableOverage(userId, thisMonth);
    const amount = payable.reduce((sum, row) => sum + row.amount, 0);
    if (amount === 0) throw conflict('nothing_to_pay', 'No overage from an ended month is owed: this month’s becomes payable once the month ends.');
    const months = payable.map((r) => r.month).sort();
    const checkout = await this.start(userId, origin, {
      planType: 'overage', planName: 'Overage', amount, usageLimit: null, renewal: false,
      description: `Overage ${months[0]}${months.length > 1 ? ` to ${months.at(-1)}` : ''}, $0.01 per call`,
    });
    // The order pays exactly these rows; a newer checkout re-points them and closes this one.
    await this.repository.assignOverageOrder(payable.map((r) => r.id), checkout.orderId);
    return checkout;
  }

  private async start(
    userId: string,
    origin: string,
    item: { planType: string; planName: string; amount: number; usageLimit: number | null; renewal: boolean; description: string },
  ): Promise<z.infer<typeof Checkout>> {
    const now = this.now();
    const started = await this.repository.startCheckoutWithinLimit({
      userId,
      kind: item.planType === 'overage' ? 'overage' : 'plan',
      purchase: {
        paypalOrderId: `unsent:${randomUUID()}`, paypalRequestId: `create-${randomBytes(24).toString('base64url')}`,
        renewal: item.renewal, planType: item.planType, planName: item.planName, amount: item.amount, usageLimit: item.usageLimit,
      },
      now,
      limit: { count: CHECKOUTS_PER_HOUR, since: new Date(now.getTime() - 3_600_000) },
    });
    if (started.kind === 'over_limit') {
      throw new AppError(429, 'too_many_checkouts', `${CHECKOUTS_PER_HOUR} checkouts were started from this account in the last hour: finish one in its PayPal window, or try again later.`);
    }
    // An older unfinished checkout of the same kind was closed: only the newest can be captured.
    for (const id of started.superseded) this.logger.info({ purchaseId: id, reason: 'superseded by a newer checkout' }, 'payment: purchase closed');
    const { purchase } = started;
    let order;
    try {
      order = await this.paypal.createOrder({
        customId: String(purchase.id), amountCents: item.amount, currency: 'USD', description: item.description,
        returnUrl: `${origin}${RETURN_PATH}`, cancelUrl: `${origin}${CANCEL_PATH}`, requestId: purchase.paypalRequestId!,
      });
    } catch (error) {
      await this.ledger.close(purchase.id, 'failed', 'PayPal did not create the order');
      this.logger.warn({ purchaseId: purchase.id, paypal: error instanceof PaypalError ? error.paypalName : 'error' }, 'payment: order not created');
      throw paypalUnavailable(error);
    }
    if (!this.expectedApproval(order.approveUrl, origin)) {
      await this.ledger.close(purchase.id, 'failed', 'the approval URL is not PayPal’s');
      this.logger.error({ purchaseId: purchase.id, approvalOrigin: URL.canParse(order.approveUrl) ? new URL(order.approveUrl).origin : 'unparsable' }, 'payment: order refused, its approval URL is not PayPal’s');
      throw new AppError(502, 'paypal_unexpected_approval', 'PayPal answered with an approval page that is not PayPal’s, so the payment was not started and nothing was charged; tell the site’s operator.');
    }
    await this.repository.setOrderId(purchase.id, order.id);
    this.logger.info({ purchaseId: purchase.id, orderId: order.id, planType: item.planType, amount: item.amount }, 'payment: order created');
    return { purchaseId: purchase.id, orderId: order.id, approveUrl: order.approveUrl, amount: item.amount, currency: 'USD', description: item.description };
  }

  /** The payer is back from PayPal (or PayPal said the order was approved): capture and apply, idempotently. */
  async captureApproved(orderId: string): Promise<{ purchase: PurchaseRow; outcome: Outcome }> {
    const purchase = await this.ledger.byOrder(orderId);
    if (!purchase) throw notFound('order_not_found', 'No purchase belongs to this PayPal order.', 'token');
    if (purchase.status !== 'pending') return { purchase, outcome: PaymentLedger.outcomeOf(purchase.status) };
    let order: PaypalOrder;
    try {
      order = await this.paypal.captureOrder(orderId, `capture-${orderId}`);
    } catch (error) {
      if (error instanceof PaypalError && error.issue === 'ORDER_ALREADY_CAPTURED') order = await this.paypal.getOrder(orderId);
      else if (error instanceof PaypalError && ['ORDER_NOT_APPROVED', 'PAYER_ACTION_REQUIRED'].includes(error.issue ?? '')) {
        this.logger.info({ purchaseId: purchase.id }, 'payment: return before approval, nothing captured');
        return { purchase, outcome: 'processing' };
      } else if (error instanceof PaypalError && error.status === 422) {
        await this.ledger.close(purchase.id, 'failed', error.issue ?? 'capture refused');
        return { purchase, outcome: 'failed' };
      } else {
        // PayPal unreachable: the order stays approved, and its webhook (or the next return) captures it.
        this.logger.warn({ purchaseId: purchase.id, paypal: error instanceof PaypalError ? error.paypalName : 'error' }, 'payment: capture deferred');
        return { purchase, outcome: 'processing' };
      }
    }
    return { purchase, outcome: await this.applyCapture(purchase, captureOf(order)) };
  }

  /**
   * Applies what PayPal says about the order's capture, after checking that it is the payment this
   * server asked for: our purchase id as custom_id, and exactly the amount and currency offered.
   */
  async applyCapture(purchase: PurchaseRow, capture: PaypalCapture | undefined): Promise<Outcome> {
    if (!capture) return PaymentLedger.outcomeOf(purchase.status);
    const offered = capture.amount.currency_code === purchase.currency && valueToCents(capture.amount.value) === purchase.amount;
    const ours = capture.custom_id === undefined || capture.custom_id === String(purchase.id);
    if (!offered || !ours) {
      this.logger.error({ purchaseId: purchase.id, captureAmount: capture.amount, customId: capture.custom_id }, 'payment: capture does not match what was offered');
      await this.ledger.close(purchase.id, 'failed', 'capture does not match the order offered');
      return 'failed';
    }
    if (capture.status === 'COMPLETED') return this.ledger.complete(purchase.id, capture.id);
    if (capture.status === 'PENDING') return this.ledger.processing(purchase.id, capture.id);
    if (capture.status === 'DECLINED' || capture.status === 'FAILED') {
      await this.ledger.close(purchase.id, 'failed', `capture ${capture.status.toLowerCase()}`);
      return 'failed';
    }
    return PaymentLedger.outcomeOf(purchase.status);
  }

  /** The payer cancelled on PayPal's page: the purchase closes unless it already went further. */
  async cancel(orderId: string): Promise<PurchaseRow> {
    const purchase = await this.ledger.byOrder(orderId);
    if (!purchase) throw notFound('order_not_found', 'No purchase belongs to this PayPal order.', 'token');
    if (purchase.status === 'pending') await this.ledger.close(purchase.id, 'cancelled', 'payer cancelled at PayPal');
    return (await this.ledger.byOrder(orderId))!;
  }

  /** One purchase of the signed-in user's, for the popup and the dashboard to follow. */
  async purchaseOf(userId: string, id: number): Promise<PurchaseRow> {
    const row = await this.repository.purchaseOf(userId, id);
    if (!row) throw notFound('purchase_not_found', 'No purchase with this id belongs to your account.', 'id');
    return row;
  }
}
