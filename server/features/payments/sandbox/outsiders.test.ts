/**
 * The PayPal emulator holds nothing an outsider can use (docs/decisions/035). Each test is an attack
 * that worked before: the published credentials opened its REST API, from anywhere; its maps grew
 * without bound; a guessable PayPal-Request-Id let an outsider create the next buyer's order.
 */
import type { Request } from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buy, count, customer, onApprovalPage, startCheckout, startPaymentsApp, type PaymentsApp } from '../payments.test-support.ts';
import { SANDBOX_LIMITS } from './sandbox.ts';
import { fromThisMachine } from '../../../http/local-only.ts';

let p: PaymentsApp;
beforeAll(async () => {
  p = await startPaymentsApp();
  p.app.context.paypalSandbox!.options.retryDelayMs = 5;
});
afterAll(() => p.close());

const sandbox = () => p.app.context.paypalSandbox!;
const api = () => request(`${p.origin}/paypal-sandbox`);
const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
const PUBLISHED = basic('local-sandbox-client', 'local-sandbox-secret');

async function appToken(): Promise<string> {
  const { clientId, clientSecret } = sandbox().credentials;
  return (await api().post('/v1/oauth2/token').set('Authorization', basic(clientId, clientSecret)).type('form').send({ grant_type: 'client_credentials' })).body.access_token;
}

const order = (returnUrl: string) => ({
  intent: 'CAPTURE',
  purchase_units: [{ custom_id: '1', amount: { currency_code: 'USD', value: '199.00' } }],
  payment_source: { paypal: { experience_context: { return_url: returnUrl, cancel_url: returnUrl } } },
});

describe('an outsider gets nothing from the local PayPal sandbox', () => {
  it('refuses a token for the credentials it used to publish, and draws new ones at every start', async () => {
    const refused = await api().post('/v1/oauth2/token').set('Authorization', PUBLISHED).type('form').send({ grant_type: 'client_credentials' });
    expect([refused.status, refused.body.error]).toEqual([401, 'invalid_client']);
    const other = await startPaymentsApp();
    try {
      expect(other.app.context.paypalSandbox!.credentials.clientSecret).not.toBe(sandbox().credentials.clientSecret);
      expect(sandbox().credentials.clientSecret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    } finally {
      await other.close();
    }
  });

  it('cannot refund another buyer’s capture: the buyer’s plan key keeps working', async () => {
    const buyer = await customer(p);
    const { checkout } = await buy(p, buyer);
    const captureId = [...sandbox().captures.values()].find((c) => c.orderId === checkout.orderId)!.id;
    for (const authorization of [PUBLISHED, 'Bearer A21AAguessedtoken']) {
      const refund = await api().post(`/v2/payments/captures/${captureId}/refund`).set('Authorization', authorization).send({});
      expect(refund.status).toBe(401);
    }
    await sandbox().idle();
    const key = (await buyer.agent.get('/api/user/purchases')).body.planApiKeys[0];
    const secret = (await buyer.agent.post(`/api/keys/${key.id}/reveal-secret`).set('Origin', p.origin)).body.keySecret;
    const signed = await request(p.origin).post('/api/crypto/dilion/sign').set({ 'x-api-key': key.keyValue, 'x-api-secret': secret }).send({ message: 'still mine' });
    expect(signed.status).toBe(200);
  });

  it('cannot create an order of its own to approve, and finds no order to approve that the app did not create', async () => {
    const created = await api().post('/v2/checkout/orders').set('Authorization', PUBLISHED).send(order('https://evil.example/return'));
    expect(created.status).toBe(401);
    expect((await api().get('/checkoutnow?token=NOTANORDER1234567')).status).toBe(404);
    expect((await api().post('/checkoutnow/approve').type('form').send({ token: 'NOTANORDER1234567' })).status).toBe(404);
  });

  it('answers nothing that came through a proxy, page or REST API, even with the app’s own token', async () => {
    const buyer = await customer(p);
    const checkout = await startCheckout(p, buyer);
    const token = await appToken();
    for (const header of [{ 'X-Forwarded-For': '203.0.113.9' }, { Forwarded: 'for=203.0.113.9' }, { 'X-Real-IP': '203.0.113.9' }]) {
      const page = await api().get(`/checkoutnow?token=${checkout.orderId}`).set(header);
      expect(page.status).toBe(403);
      expect(page.text).toContain('never through a proxy');
      expect((await api().post('/checkoutnow/approve').set(header).type('form').send({ token: checkout.orderId })).status).toBe(403);
      expect((await api().get(`/v2/checkout/orders/${checkout.orderId}`).set(header).set('Authorization', `Bearer ${token}`)).status).toBe(403);
    }
    expect(sandbox().orders.get(checkout.orderId)!.status).toBe('PAYER_ACTION_REQUIRED');
  });

  it('answers its REST API to connections from this machine only', () => {
    const from = (remoteAddress: string, localAddress: string) => fromThisMachine({ socket: { remoteAddress, localAddress } } as unknown as Request);
    expect(from('127.0.0.1', '127.0.0.1')).toBe(true);
    expect(from('::1', '::1')).toBe(true);
    expect(from('::ffff:127.0.0.1', '::ffff:127.0.0.1')).toBe(true);
    // The server listening on its network address and calling itself there.
    expect(from('10.0.0.5', '10.0.0.5')).toBe(true);
    expect(from('203.0.113.9', '10.0.0.5')).toBe(false);
    expect(from('::ffff:203.0.113.9', '::ffff:10.0.0.5')).toBe(false);
  });

  it('limits its pages per address', async () => {
    const limited = await startPaymentsApp(undefined, undefined, { paymentPages: 3 });
    try {
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await request(`${limited.origin}/paypal-sandbox`).get('/checkoutnow?token=UNKNOWN')).status);
      expect(statuses).toEqual([404, 404, 404, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('the order of the next buyer cannot be created in advance', () => {
  it('creates each order under a random PayPal-Request-Id kept on its purchase', async () => {
    const buyer = await customer(p);
    const first = await startCheckout(p, buyer);
    const second = await startCheckout(p, buyer, 'pro');
    const ids = p.app.database.sqlite
      .prepare('SELECT paypal_request_id AS id FROM purchases WHERE id IN (?, ?) ORDER BY id')
      .all(first.purchaseId, second.purchaseId) as { id: string }[];
    for (const { id } of ids) expect(id).toMatch(/^create-[A-Za-z0-9_-]{32}$/);
    expect(ids[0]!.id).not.toBe(ids[1]!.id);
    expect(ids.map((r) => r.id)).not.toContain(`create-${second.purchaseId}`);
  });

  it('an order pre-seeded under the old guessable id does not reach the next buyer', async () => {
    const token = await appToken();
    const next = count(p, 'SELECT coalesce(max(id), 0) + 1 AS n FROM purchases');
    const seeded = await api().post('/v2/checkout/orders').set({ Authorization: `Bearer ${token}`, 'PayPal-Request-Id': `create-${next}` }).send(order('https://evil.example/return'));
    expect(seeded.status).toBe(200);
    const buyer = await customer(p);
    const checkout = await startCheckout(p, buyer);
    expect(checkout.purchaseId).toBe(next);
    expect(checkout.orderId).not.toBe(seeded.body.id);
    expect(new URL(checkout.approveUrl).origin).toBe(p.origin);
  });

  it('fails a checkout whose approval URL is not the expected page, closing its purchase', async () => {
    const buyer = await customer(p);
    const paypal = p.app.context.payments['paypal'];
    const real = paypal.createOrder.bind(paypal);
    paypal.createOrder = async (input) => ({ ...(await real(input)), approveUrl: 'https://evil.example/paypal-sandbox/checkoutnow?token=X' });
    try {
      const res = await buyer.agent.post('/api/payments/orders').set('Origin', p.origin).send({ plan: 'starter' });
      expect([res.status, res.body.code]).toEqual([502, 'paypal_unexpected_approval']);
      expect(count(p, "SELECT count(*) AS n FROM purchases WHERE user_id = ? AND status = 'failed'", buyer.user.id)).toBe(1);
    } finally {
      paypal.createOrder = real;
    }
  });
});

describe('the sandbox keeps bounded state', () => {
  it('refuses URLs past PayPal’s 2,048 characters and request ids past 108', async () => {
    const token = await appToken();
    const long = `http://127.0.0.1/${'a'.repeat(2_048)}`;
    const res = await api().post('/v2/checkout/orders').set('Authorization', `Bearer ${token}`).send(order(long));
    expect(res.status).toBe(400);
    expect(res.body.details[0].field).toBe('/payment_source/paypal/experience_context/return_url');
    const id = await api().post('/v2/checkout/orders').set({ Authorization: `Bearer ${token}`, 'PayPal-Request-Id': 'x'.repeat(109) }).send(order('http://127.0.0.1/r'));
    expect([id.status, id.body.details[0].issue]).toEqual([400, 'INVALID_STRING_MAX_LENGTH']);
  });

  it('holds at most its caps after 10,000 orders with the longest URLs and request ids, expiring them after 3 hours', async () => {
    const token = await appToken();
    const url = `http://127.0.0.1/${'u'.repeat(2_000)}`;
    const post = (i: number) =>
      fetch(`${p.origin}/paypal-sandbox/v2/checkout/orders`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', 'PayPal-Request-Id': `${i}-${'r'.repeat(100)}` },
        body: JSON.stringify(order(url)),
      }).then((r) => r.status);
    for (let i = 0; i < 10_000; i += 100) {
      const statuses = await Promise.all(Array.from({ length: 100 }, (_, j) => post(i + j)));
      expect(new Set(statuses)).toEqual(new Set([200]));
    }
    expect(sandbox().orders.size).toBe(SANDBOX_LIMITS.orders.capacity);
    expect(sandbox().replies.size).toBeLessThanOrEqual(SANDBOX_LIMITS.replies.capacity);
    expect(sandbox().delivered.length).toBeLessThanOrEqual(SANDBOX_LIMITS.delivered);
    const newest = [...sandbox().orders.keys()].at(-1)!;
    // Three hours on, the unpaid orders have expired: an approval page finds none of them.
    const clock = sandbox().now;
    (sandbox() as { now: () => Date }).now = () => new Date(clock().getTime() + SANDBOX_LIMITS.orders.ttlMs + 1);
    try {
      expect(sandbox().orders.get(newest)).toBeUndefined();
      expect((await api().get(`/checkoutnow?token=${newest}`)).status).toBe(404);
    } finally {
      (sandbox() as { now: () => Date }).now = clock;
    }
  }, 60_000);

  it('the app’s own purchase still works once the sandbox is full', async () => {
    const buyer = await customer(p);
    const checkout = await startCheckout(p, buyer);
    expect(await onApprovalPage(p, checkout.orderId)).toContain('/api/payments/return');
  });
});
