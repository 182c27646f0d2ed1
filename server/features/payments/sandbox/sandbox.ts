/**
 * The local PayPal sandbox's state and rules (PAYMENTS=local; docs/api.md §14.4, decisions 026 and
 * 035): tokens, orders, captures and refunds held in memory, with Orders v2's transitions (created
 * -> approved by the payer -> captured once), PayPal-Request-Id replay, and the webhooks PayPal
 * would send, signed and delivered to the app. No money moves and nothing survives a restart.
 *
 * It holds nothing an outsider can use: its client credentials and webhook id are drawn at random
 * when it is made and handed to the app's own client only, and every map is bounded in size and
 * age, as PayPal's own orders (3 hours) and request ids are.
 */
import { randomBytes } from 'node:crypto';
import type { Logger } from '../../../logger.ts';
import { traceHeaders } from '../../../observability/request-context.ts';
import { BoundedMap } from './bounded-map.ts';
import { WebhookSigner } from './webhook-signer.ts';

export interface Amount {
  currency_code: string;
  value: string;
}

export interface SandboxCapture {
  id: string;
  orderId: string;
  status: 'COMPLETED' | 'PENDING' | 'REFUNDED';
  amount: Amount;
  customId: string | undefined;
  createTime: string;
  updateTime: string;
}

export interface SandboxOrder {
  id: string;
  status: 'PAYER_ACTION_REQUIRED' | 'APPROVED' | 'COMPLETED';
  unit: { reference_id: string; custom_id?: string | undefined; description?: string | undefined; amount: Amount };
  brandName: string | undefined;
  returnUrl: string | undefined;
  cancelUrl: string | undefined;
  payerId: string | null;
  /** 'pending': the payer chose a funding source whose capture clears later (an eCheck). */
  funding: 'instant' | 'pending';
  capture: SandboxCapture | null;
  createTime: string;
  updateTime: string;
}

export interface SandboxCredentials {
  clientId: string;
  clientSecret: string;
  webhookId: string;
}

export interface SandboxOptions {
  /** This sandbox's own base URL (for links and the certificate URL). */
  baseUrl: () => string;
  /** Where its webhooks go: the app's webhook route. */
  webhookUrl: () => string;
  /**
   * Its approval pages are served beside its REST API, on baseUrl's origin (`paypal-emulator`, a
   * process of its own, as PayPal's pages are PayPal's); otherwise by the app the payer returns to.
   */
  pagesOnBase?: boolean;
  logger: Logger;
  now?: () => Date;
  /** Delivery attempts per webhook (PayPal retries for days; a few quick tries suit a local sandbox). */
  attempts?: number;
  retryDelayMs?: number;
}

const TOKEN_LIFETIME_S = 32_400;
const HOUR_MS = 3_600_000;
/**
 * How much the sandbox keeps, and for how long. PayPal lets an unpaid order live 3 hours and answers
 * a repeated PayPal-Request-Id for 6; the caps keep a flood of orders to a few megabytes
 * (each order holds at most three 2,048-character URLs).
 */
export const SANDBOX_LIMITS = {
  orders: { capacity: 1_000, ttlMs: 3 * HOUR_MS },
  captures: { capacity: 1_000, ttlMs: 24 * HOUR_MS },
  replies: { capacity: 2_000, ttlMs: 6 * HOUR_MS },
  tokens: { capacity: 100, ttlMs: TOKEN_LIFETIME_S * 1000 },
  /** Webhook events kept with the app's answer, newest last. */
  delivered: 100,
} as const;
/** PayPal ids are upper-case letters and digits. */
const paypalId = (length = 17) => [...randomBytes(length)].map((b) => 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789'[b % 34]).join('');

export interface DeliveredEvent {
  event: Record<string, unknown>;
  status: number | 'failed';
}

export class LocalPaypalSandbox {
  readonly signer = new WebhookSigner('CERT-local-sandbox');
  /** Drawn for this run only: the app's client is the one caller that knows them. */
  readonly credentials: SandboxCredentials = {
    clientId: `local-${randomBytes(24).toString('base64url')}`,
    clientSecret: randomBytes(32).toString('base64url'),
    webhookId: paypalId(17),
  };
  readonly orders: BoundedMap<string, SandboxOrder>;
  readonly captures: BoundedMap<string, SandboxCapture>;
  /** Responses kept by client and PayPal-Request-Id, so a retried request is answered with the first response. */
  readonly replies: BoundedMap<string, { status: number; body: unknown }>;
  /** The latest webhook events sent, newest last, with the app's answer. */
  readonly delivered: DeliveredEvent[] = [];
  /** Access token -> the client it was issued to. */
  private readonly tokens: BoundedMap<string, string>;
  private readonly inFlight = new Set<Promise<void>>();
  private readonly timers = new Map<NodeJS.Timeout, () => void>();
  private closed = false;
  readonly now: () => Date;

  constructor(readonly options: SandboxOptions) {
    this.now = options.now ?? (() => new Date());
    const clock = () => this.now().getTime();
    this.orders = new BoundedMap(SANDBOX_LIMITS.orders.capacity, SANDBOX_LIMITS.orders.ttlMs, clock);
    this.captures = new BoundedMap(SANDBOX_LIMITS.captures.capacity, SANDBOX_LIMITS.captures.ttlMs, clock);
    this.replies = new BoundedMap(SANDBOX_LIMITS.replies.capacity, SANDBOX_LIMITS.replies.ttlMs, clock);
    this.tokens = new BoundedMap(SANDBOX_LIMITS.tokens.capacity, SANDBOX_LIMITS.tokens.ttlMs, clock);
  }

  stamp(): string {
    return this.now().toISOString().replace(/\.\d{3}Z$/, 'Z');
  }

  issueToken(clientId: string): { access_token: string; expires_in: number } {
    const token = `A21AA${randomBytes(40).toString('base64url')}`;
    this.tokens.set(token, clientId);
    return { access_token: token, expires_in: TOKEN_LIFETIME_S };
  }

  /** The client a live token was issued to, or undefined. */
  clientOf(token: string): string | undefined {
    return this.tokens.get(token);
  }

  createOrder(unit: SandboxOrder['unit'], context: { brandName?: string | undefined; returnUrl?: string | undefined; cancelUrl?: string | undefined }): SandboxOrder {
    const time = this.stamp();
    const order: SandboxOrder = {
      id: paypalId(), status: 'PAYER_ACTION_REQUIRED', unit, brandName: context.brandName, returnUrl: context.returnUrl, cancelUrl: context.cancelUrl,
      payerId: null, funding: 'instant', capture: null, createTime: time, updateTime: time,
    };
    this.orders.set(order.id, order);
    return order;
  }

  /** The payer approved on the approval page: PayPal then sends CHECKOUT.ORDER.APPROVED. */
  approve(order: SandboxOrder, funding: SandboxOrder['funding']): void {
    order.status = 'APPROVED';
    order.payerId = paypalId(13);
    order.funding = funding;
    order.updateTime = this.stamp();
    this.sendWebhook('CHECKOUT.ORDER.APPROVED', 'checkout-order', this.orderResource(order));
  }

  capture(order: SandboxOrder): SandboxCapture {
    const time = this.stamp();
    const capture: SandboxCapture = {
      id: paypalId(), orderId: order.id, status: order.funding === 'pending' ? 'PENDING' : 'COMPLETED', amount: order.unit.amount,
      customId: order.unit.custom_id, createTime: time, updateTime: time,
    };
    order.capture = capture;
    order.status = 'COMPLETED';
    order.updateTime = time;
    // A captured order stays readable (the return and the webhook read it) another 3 hours.
    this.orders.set(order.id, order);
    this.captures.set(capture.id, capture);
    this.sendWebhook(capture.status === 'PENDING' ? 'PAYMENT.CAPTURE.PENDING' : 'PAYMENT.CAPTURE.COMPLETED', 'capture', this.captureResource(capture));
    return capture;
  }

  /** A pending capture clears (the eCheck arrived): PayPal sends PAYMENT.CAPTURE.COMPLETED. */
  clear(capture: SandboxCapture): void {
    capture.status = 'COMPLETED';
    capture.updateTime = this.stamp();
    this.sendWebhook('PAYMENT.CAPTURE.COMPLETED', 'capture', this.captureResource(capture));
  }

  refund(capture: SandboxCapture): Record<string, unknown> {
    capture.status = 'REFUNDED';
    capture.updateTime = this.stamp();
    const id = paypalId();
    const refund = {
      id, status: 'COMPLETED', amount: capture.amount, ...(capture.customId ? { custom_id: capture.customId } : {}),
      create_time: capture.updateTime, update_time: capture.updateTime,
      links: [
        { href: `${this.options.baseUrl()}/v2/payments/refunds/${id}`, rel: 'self', method: 'GET' },
        { href: `${this.options.baseUrl()}/v2/payments/captures/${capture.id}`, rel: 'up', method: 'GET' },
      ],
    };
    this.sendWebhook('PAYMENT.CAPTURE.REFUNDED', 'refund', refund);
    return refund;
  }

  orderResource(order: SandboxOrder): Record<string, unknown> {
    const base = this.options.baseUrl();
    const unit: Record<string, unknown> = {
      ...order.unit,
      payee: { email_address: 'merchant@local.sandbox', merchant_id: 'LOCALMERCHANT' },
      ...(order.capture ? { payments: { captures: [this.captureResource(order.capture)] } } : {}),
    };
    return {
      id: order.id,
      intent: 'CAPTURE',
      status: order.status,
      payment_source: { paypal: order.payerId ? this.payer(order) : {} },
      purchase_units: [unit],
      ...(order.payerId ? { payer: { name: { given_name: 'Sandbox', surname: 'Buyer' }, email_address: 'buyer@local.sandbox', payer_id: order.payerId } } : {}),
      create_time: order.createTime,
      update_time: order.updateTime,
      links: [
        { href: `${base}/v2/checkout/orders/${order.id}`, rel: 'self', method: 'GET' },
        ...(order.status === 'PAYER_ACTION_REQUIRED' ? [{ href: this.approvalUrl(order), rel: 'payer-action', method: 'GET' }] : []),
        ...(order.status === 'APPROVED' ? [{ href: `${base}/v2/checkout/orders/${order.id}/capture`, rel: 'capture', method: 'POST' }] : []),
      ],
    };
  }

  captureResource(capture: SandboxCapture): Record<string, unknown> {
    const base = this.options.baseUrl();
    return {
      id: capture.id,
      status: capture.status,
      amount: capture.amount,
      final_capture: true,
      ...(capture.customId ? { custom_id: capture.customId } : {}),
      ...(capture.status === 'PENDING' ? { status_details: { reason: 'ECHECK' } } : {}),
      seller_protection: { status: 'ELIGIBLE', dispute_categories: ['ITEM_NOT_RECEIVED', 'UNAUTHORIZED_TRANSACTION'] },
      supplementary_data: { related_ids: { order_id: capture.orderId } },
      create_time: capture.createTime,
      update_time: capture.updateTime,
      links: [
        { href: `${base}/v2/payments/captures/${capture.id}`, rel: 'self', method: 'GET' },
        { href: `${base}/v2/payments/captures/${capture.id}/refund`, rel: 'refund', method: 'POST' },
        { href: `${base}/v2/checkout/orders/${capture.orderId}`, rel: 'up', method: 'GET' },
      ],
    };
  }

  private payer(order: SandboxOrder) {
    return { name: { given_name: 'Sandbox', surname: 'Buyer' }, email_address: 'buyer@local.sandbox', account_id: order.payerId, account_status: 'VERIFIED' };
  }

  /**
   * Inside the app (local mode) the approval page is served by the app, so its link uses the origin
   * the payer's browser will return to (the return_url's), which is the origin the browser already
   * reaches the app on. As a process of its own, the sandbox serves the page itself.
   */
  approvalUrl(order: SandboxOrder): string {
    const origin = order.returnUrl && !this.options.pagesOnBase ? new URL(order.returnUrl).origin : new URL(this.options.baseUrl()).origin;
    return `${origin}/paypal-sandbox/checkoutnow?token=${order.id}`;
  }

  certUrl(): string {
    return `${this.options.baseUrl()}/v1/notifications/certs/${this.signer.certId}`;
  }

  /** Builds, signs and delivers an event in the background, retrying a few times while the app answers non-2xx. */
  sendWebhook(eventType: string, resourceType: string, resource: Record<string, unknown>): Record<string, unknown> {
    const id = `WH-${paypalId(17)}-${paypalId(17)}`;
    const event = {
      id, create_time: this.now().toISOString(), resource_type: resourceType, event_type: eventType,
      summary: `${eventType} (local sandbox)`, resource,
      links: [{ href: `${this.options.baseUrl()}/v1/notifications/webhooks-events/${id}`, rel: 'self', method: 'GET' }],
      event_version: '1.0', resource_version: '2.0',
    };
    this.deliver(event);
    return event;
  }

  /** Sends an event again, freshly signed, as PayPal's "resend" does. */
  deliver(event: Record<string, unknown>): void {
    if (this.closed) return;
    const record: DeliveredEvent = { event, status: 'failed' };
    this.delivered.push(record);
    if (this.delivered.length > SANDBOX_LIMITS.delivered) this.delivered.shift();
    const attempts = this.options.attempts ?? 3;
    const run = (async () => {
      for (let attempt = 1; attempt <= attempts && !this.closed; attempt++) {
        record.status = await this.post(event);
        if (typeof record.status === 'number' && record.status < 300) return;
        if (attempt < attempts) await this.pause((this.options.retryDelayMs ?? 1000) * attempt);
      }
      this.options.logger.warn({ webhookEvent: event.id, eventType: event.event_type, answer: record.status }, 'local PayPal sandbox: webhook not accepted');
    })();
    this.inFlight.add(run);
    void run.finally(() => this.inFlight.delete(run));
  }

  private async post(event: Record<string, unknown>): Promise<number | 'failed'> {
    const body = JSON.stringify(event);
    const headers = this.signer.sign(body, this.credentials.webhookId, this.certUrl(), this.now());
    try {
      const res = await fetch(this.options.webhookUrl(), { method: 'POST', headers: { 'content-type': 'application/json', ...headers, ...traceHeaders() }, body, signal: AbortSignal.timeout(10_000) });
      await res.arrayBuffer();
      return res.status;
    } catch {
      return 'failed';
    }
  }

  private pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        resolve();
      }, ms);
      this.timers.set(timer, resolve);
    });
  }

  /** Resolves once every webhook sent so far has been answered (tests wait on this instead of sleeping). */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.all([...this.inFlight]);
  }

  close(): void {
    this.closed = true;
    for (const [timer, resolve] of this.timers) {
      clearTimeout(timer);
      resolve();
    }
    this.timers.clear();
  }
}
