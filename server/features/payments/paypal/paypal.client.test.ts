import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PaypalClient, PaypalError } from './paypal.client.ts';
import { centsToValue, valueToCents } from './paypal.schemas.ts';

const fixture = (name: string): unknown => JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8'));

/** The structure of a JSON value: the keys of every object and the type of every leaf, not the values. */
function shape(value: unknown): unknown {
  if (Array.isArray(value)) return value.length ? [shape(value[0])] : [];
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.keys(value).sort().map((k) => [k, shape((value as Record<string, unknown>)[k])]));
  }
  return typeof value;
}

interface Sent {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string;
}

/** A stand-in for PayPal answering each path with a documented example (or a function of the request). */
function fakePaypal(routes: Record<string, unknown | ((sent: Sent) => { status: number; body: unknown })>) {
  const sent: Sent[] = [];
  const fetchImpl = (async (input: string | URL, init?: RequestInit) => {
    const url = String(input);
    const request: Sent = { url, method: init?.method ?? 'GET', headers: { ...(init?.headers as Record<string, string>) }, body: String(init?.body ?? '') };
    sent.push(request);
    const path = new URL(url).pathname;
    const route = routes[path];
    if (route === undefined) return new Response(JSON.stringify(fixture('error-resource-not-found.json')), { status: 404 });
    const { status, body } = typeof route === 'function' ? (route as (s: Sent) => { status: number; body: unknown })(request) : { status: 200, body: route };
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  return { sent, fetchImpl };
}

const TOKEN = fixture('oauth2-token.response.json') as { access_token: string; expires_in: number };

function client(routes: Parameters<typeof fakePaypal>[0], now = () => 1_000_000) {
  const fake = fakePaypal({ '/v1/oauth2/token': TOKEN, ...routes });
  return { ...fake, paypal: new PaypalClient({ baseUrl: () => 'https://api-m.sandbox.paypal.com', clientId: 'id-1', clientSecret: 'secret-1', fetch: fake.fetchImpl, now }) };
}

const ORDER_INPUT = {
  customId: '42', amountCents: 19_900, currency: 'USD' as const, description: 'Starter plan, one month',
  returnUrl: 'https://app.example/api/payments/return', cancelUrl: 'https://app.example/api/payments/cancel', requestId: 'create-42',
};

describe('PayPal client', () => {
  it('gets a token with client credentials as PayPal documents: Basic auth and a form body', async () => {
    const { paypal, sent } = client({});
    expect(await paypal.accessToken()).toBe(TOKEN.access_token);
    expect(sent[0]).toMatchObject({ url: 'https://api-m.sandbox.paypal.com/v1/oauth2/token', method: 'POST', body: 'grant_type=client_credentials' });
    expect(sent[0]!.headers.Authorization).toBe(`Basic ${Buffer.from('id-1:secret-1').toString('base64')}`);
    expect(sent[0]!.headers['Content-Type']).toBe('application/x-www-form-urlencoded');
  });

  it('caches the token until a minute before it expires, then fetches a new one', async () => {
    let now = 1_000_000;
    const { paypal, sent } = client({}, () => now);
    await Promise.all([paypal.accessToken(), paypal.accessToken()]);
    await paypal.accessToken();
    expect(sent).toHaveLength(1);
    now += TOKEN.expires_in * 1000 - 60_000;
    await paypal.accessToken();
    expect(sent).toHaveLength(2);
  });

  it('creates an order whose body has the shape of PayPal’s documented create-order request, with the server’s amount', async () => {
    const { paypal, sent } = client({ '/v2/checkout/orders': fixture('orders-create.response.json') });
    const order = await paypal.createOrder(ORDER_INPUT);
    const create = sent.find((s) => s.url.endsWith('/v2/checkout/orders'))!;
    const body = JSON.parse(create.body);
    expect(shape(body)).toEqual(shape(fixture('orders-create.request.json')));
    expect(body.intent).toBe('CAPTURE');
    expect(body.purchase_units[0]).toMatchObject({ custom_id: '42', amount: { currency_code: 'USD', value: '199.00' } });
    expect(create.headers['PayPal-Request-Id']).toBe('create-42');
    expect(create.headers.Authorization).toBe(`Bearer ${TOKEN.access_token}`);
    expect(order).toEqual({ id: '5O190127TN364715T', status: 'PAYER_ACTION_REQUIRED', approveUrl: 'https://www.paypal.com/checkoutnow?token=5O190127TN364715T' });
  });

  it('captures with a PayPal-Request-Id and reads the documented capture response', async () => {
    const { paypal, sent } = client({ '/v2/checkout/orders/5O190127TN364715T/capture': fixture('orders-capture.response.json') });
    const order = await paypal.captureOrder('5O190127TN364715T', 'capture-5O190127TN364715T');
    const capture = sent.find((s) => s.url.endsWith('/capture'))!;
    expect(capture.method).toBe('POST');
    expect(capture.headers['PayPal-Request-Id']).toBe('capture-5O190127TN364715T');
    expect(order.status).toBe('COMPLETED');
    expect(order.purchase_units![0]!.payments!.captures![0]).toMatchObject({ id: '3C679366HH908993F', status: 'COMPLETED', amount: { value: '100.00' } });
  });

  it('verifies a webhook with a body of the documented verify-webhook-signature shape', async () => {
    const documented = fixture('verify-webhook-signature.request.json') as Record<string, unknown>;
    let status = 'SUCCESS';
    const { paypal, sent } = client({ '/v1/notifications/verify-webhook-signature': () => ({ status: 200, body: { verification_status: status } }) });
    const headers = {
      'paypal-auth-algo': documented.auth_algo as string,
      'paypal-cert-url': documented.cert_url as string,
      'paypal-transmission-id': documented.transmission_id as string,
      'paypal-transmission-sig': documented.transmission_sig as string,
      'paypal-transmission-time': documented.transmission_time as string,
    };
    expect(await paypal.verifyWebhookSignature(headers, documented.webhook_event, documented.webhook_id as string)).toBe(true);
    const body = JSON.parse(sent.find((s) => s.url.endsWith('verify-webhook-signature'))!.body);
    expect(body).toEqual(documented);
    status = 'FAILURE';
    expect(await paypal.verifyWebhookSignature(headers, documented.webhook_event, 'OTHER')).toBe(false);
  });

  it('turns PayPal’s documented error bodies into PaypalError with the issue', async () => {
    const { paypal } = client({
      '/v2/checkout/orders/A/capture': () => ({ status: 422, body: fixture('error-order-already-captured.json') }),
      '/v2/checkout/orders/B/capture': () => ({ status: 422, body: fixture('error-order-not-approved.json') }),
    });
    await expect(paypal.captureOrder('A', 'r')).rejects.toMatchObject({ status: 422, paypalName: 'UNPROCESSABLE_ENTITY', issue: 'ORDER_ALREADY_CAPTURED' });
    await expect(paypal.captureOrder('B', 'r')).rejects.toMatchObject({ issue: 'ORDER_NOT_APPROVED' });
    await expect(paypal.getOrder('MISSING')).rejects.toMatchObject({ status: 404, paypalName: 'RESOURCE_NOT_FOUND', issue: 'INVALID_RESOURCE_ID' });
  });

  it('reports wrong credentials as invalid_client', async () => {
    const { paypal } = client({ '/v1/oauth2/token': () => ({ status: 401, body: fixture('error-invalid-client.json') }) });
    const error = await paypal.accessToken().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaypalError);
    expect(error).toMatchObject({ status: 401, paypalName: 'invalid_client', message: 'Client Authentication failed' });
  });

  it('gets a fresh token once when PayPal refuses the cached one', async () => {
    let refusals = 1;
    const { paypal, sent } = client({
      '/v2/checkout/orders/X': () => (refusals-- > 0 ? { status: 401, body: { name: 'AUTHENTICATION_FAILURE', message: 'Authentication failed' } } : { status: 200, body: { id: 'X', status: 'APPROVED' } }),
    });
    expect((await paypal.getOrder('X')).status).toBe('APPROVED');
    expect(sent.filter((s) => s.url.endsWith('/oauth2/token'))).toHaveLength(2);
  });

  it('refuses a response of the wrong shape instead of trusting it', async () => {
    const { paypal } = client({ '/v2/checkout/orders/Y': { id: 'Y', status: 'PAID' } });
    await expect(paypal.getOrder('Y')).rejects.toMatchObject({ paypalName: 'INVALID_RESPONSE' });
  });
});

describe('money as PayPal writes it', () => {
  it('converts cents to PayPal’s two-decimal strings and back with integers only', () => {
    expect([0, 1, 99, 100, 19_900, 79_900, 123_456].map(centsToValue)).toEqual(['0.00', '0.01', '0.99', '1.00', '199.00', '799.00', '1234.56']);
    expect(['199.00', '199', '0.1', '0.01', '1234.56'].map(valueToCents)).toEqual([19_900, 19_900, 10, 1, 123_456]);
    expect(() => valueToCents('1.001')).toThrow(RangeError);
    expect(() => centsToValue(1.5)).toThrow(RangeError);
  });
});
