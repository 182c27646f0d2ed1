/**
 * A small typed client for the PayPal REST calls this app makes (docs/api.md §14.4; decision 026):
 * OAuth2 client credentials with the token cached until shortly before it expires, Orders v2
 * create / get / capture, and webhook verification through verify-webhook-signature. It runs
 * unchanged against PayPal and against the app's local sandbox: only the base URL differs.
 */
import type { z } from 'zod';
import { traceHeaders } from '../../../observability/request-context.ts';
import {
  centsToValue,
  ErrorBody,
  Order,
  TokenResponse,
  VerifyResponse,
  type PaypalOrder,
  type PaypalWebhookHeaders,
} from './paypal.schemas.ts';

/** A token is renewed this long before PayPal says it expires, so a call never carries a stale one. */
const TOKEN_MARGIN_MS = 60_000;
const TIMEOUT_MS = 15_000;

export class PaypalError extends Error {
  constructor(
    /** HTTP status, or 0 when PayPal could not be reached or answered nonsense. */
    readonly status: number,
    /** PayPal's error name (UNPROCESSABLE_ENTITY, RESOURCE_NOT_FOUND, invalid_client, ...). */
    readonly paypalName: string,
    /** The first detail's issue (ORDER_NOT_APPROVED, ORDER_ALREADY_CAPTURED, ...), if any. */
    readonly issue: string | undefined,
    message: string,
    readonly debugId?: string,
  ) {
    super(message);
    this.name = 'PaypalError';
  }
}

export interface PaypalClientOptions {
  /** PayPal's REST host, or the local sandbox; read on each call (the sandbox's is known once the app listens). */
  baseUrl: () => string;
  clientId: string;
  clientSecret: string;
  fetch?: typeof fetch;
  now?: () => number;
}

export interface CreateOrderInput {
  /** Our purchase id: PayPal echoes it on the capture and in webhooks. */
  customId: string;
  amountCents: number;
  currency: 'USD';
  description: string;
  returnUrl: string;
  cancelUrl: string;
  /** Makes a retried create return the same order. */
  requestId: string;
}

export interface CreatedOrder {
  id: string;
  status: PaypalOrder['status'];
  /** Where the payer approves the order: the payer-action (or approve) link. */
  approveUrl: string;
}

export class PaypalClient {
  private token: { value: string; expiresAt: number } | null = null;
  private pendingToken: Promise<string> | null = null;
  private readonly fetch: typeof fetch;
  private readonly now: () => number;

  constructor(private readonly options: PaypalClientOptions) {
    this.fetch = options.fetch ?? globalThis.fetch;
    this.now = options.now ?? Date.now;
  }

  /** POST /v1/oauth2/token (client credentials); concurrent callers share one request. */
  async accessToken(): Promise<string> {
    if (this.token && this.now() < this.token.expiresAt) return this.token.value;
    this.pendingToken ??= this.fetchToken().finally(() => (this.pendingToken = null));
    return this.pendingToken;
  }

  private async fetchToken(): Promise<string> {
    const basic = Buffer.from(`${this.options.clientId}:${this.options.clientSecret}`).toString('base64');
    const body = await this.send('/v1/oauth2/token', {
      method: 'POST',
      headers: { Authorization: `Basic ${basic}`, 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
      body: 'grant_type=client_credentials',
    });
    const token = parse(TokenResponse, body, 'token');
    this.token = { value: token.access_token, expiresAt: this.now() + token.expires_in * 1000 - TOKEN_MARGIN_MS };
    return token.access_token;
  }

  /** POST /v2/checkout/orders: intent CAPTURE, one purchase unit, the amount the server decided. */
  async createOrder(input: CreateOrderInput): Promise<CreatedOrder> {
    const value = centsToValue(input.amountCents);
    const body = await this.authorized('/v2/checkout/orders', 'POST', { 'PayPal-Request-Id': input.requestId }, {
      intent: 'CAPTURE',
      purchase_units: [
        {
          reference_id: input.customId,
          custom_id: input.customId,
          description: input.description,
          amount: { currency_code: input.currency, value },
        },
      ],
      payment_source: {
        paypal: {
          experience_context: {
            brand_name: 'PQ Platform',
            shipping_preference: 'NO_SHIPPING',
            user_action: 'PAY_NOW',
            return_url: input.returnUrl,
            cancel_url: input.cancelUrl,
          },
        },
      },
    });
    const order = parse(Order, body, 'order');
    const link = order.links?.find((l) => l.rel === 'payer-action' || l.rel === 'approve');
    if (!link) throw new PaypalError(0, 'INVALID_RESPONSE', undefined, 'PayPal created the order but gave no approval link.');
    return { id: order.id, status: order.status, approveUrl: link.href };
  }

  /** GET /v2/checkout/orders/{id}. */
  async getOrder(orderId: string): Promise<PaypalOrder> {
    return parse(Order, await this.authorized(`/v2/checkout/orders/${encodeURIComponent(orderId)}`, 'GET'), 'order');
  }

  /** POST /v2/checkout/orders/{id}/capture; the same requestId makes PayPal answer a retry with the first result. */
  async captureOrder(orderId: string, requestId: string): Promise<PaypalOrder> {
    const path = `/v2/checkout/orders/${encodeURIComponent(orderId)}/capture`;
    return parse(Order, await this.authorized(path, 'POST', { 'PayPal-Request-Id': requestId, Prefer: 'return=representation' }, {}), 'order');
  }

  /** POST /v1/notifications/verify-webhook-signature: true only when PayPal answers SUCCESS. */
  async verifyWebhookSignature(headers: PaypalWebhookHeaders, event: unknown, webhookId: string): Promise<boolean> {
    const body = await this.authorized('/v1/notifications/verify-webhook-signature', 'POST', {}, {
      auth_algo: headers['paypal-auth-algo'],
      cert_url: headers['paypal-cert-url'],
      transmission_id: headers['paypal-transmission-id'],
      transmission_sig: headers['paypal-transmission-sig'],
      transmission_time: headers['paypal-transmission-time'],
      webhook_id: webhookId,
      webhook_event: event,
    });
    return parse(VerifyResponse, body, 'verification').verification_status === 'SUCCESS';
  }

  /** A call with the bearer token; a 401 (token revoked or expired early) gets one fresh token and one retry. */
  private async authorized(path: string, method: 'GET' | 'POST', headers: Record<string, string> = {}, json?: unknown): Promise<unknown> {
    for (let attempt = 0; ; attempt++) {
      const token = await this.accessToken();
      try {
        return await this.send(path, {
          method,
          headers: { Authorization: `Bearer ${token}`, Accept: 'application/json', ...(json !== undefined ? { 'Content-Type': 'application/json' } : {}), ...headers },
          ...(json !== undefined ? { body: JSON.stringify(json) } : {}),
        });
      } catch (error) {
        if (attempt > 0 || !(error instanceof PaypalError) || error.status !== 401) throw error;
        this.token = null;
      }
    }
  }

  private async send(path: string, init: RequestInit): Promise<unknown> {
    let res: Response;
    try {
      // The call's trace goes with it (W3C Trace Context; docs/decisions/064).
      res = await this.fetch(`${this.options.baseUrl()}${path}`, { ...init, headers: { ...(init.headers as Record<string, string>), ...traceHeaders() }, signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch (error) {
      throw new PaypalError(0, 'UNREACHABLE', undefined, `PayPal could not be reached: ${(error as Error).message}`);
    }
    const text = await res.text();
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      throw new PaypalError(res.status || 0, 'INVALID_RESPONSE', undefined, `PayPal answered ${res.status} with a body that is not JSON.`);
    }
    if (res.ok) return body;
    const error = ErrorBody.safeParse(body);
    const e = error.success ? error.data : {};
    const detail = e.details?.[0];
    throw new PaypalError(
      res.status,
      e.name ?? e.error ?? `HTTP_${res.status}`,
      detail?.issue,
      [e.message ?? e.error_description ?? `PayPal answered ${res.status}`, detail?.description].filter(Boolean).join(' '),
      e.debug_id,
    );
  }
}

function parse<S extends z.ZodType>(schema: S, body: unknown, what: string): z.infer<S> {
  const result = schema.safeParse(body);
  if (!result.success) throw new PaypalError(0, 'INVALID_RESPONSE', undefined, `PayPal's ${what} response has an unexpected shape: ${result.error.issues[0]?.message}`);
  return result.data;
}
