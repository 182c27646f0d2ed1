import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buy, count, customer, followBack, onApprovalPage, startCheckout, startPaymentsApp, type Customer, type PaymentsApp } from './payments.test-support.ts';

let p: PaymentsApp;
beforeAll(async () => {
  p = await startPaymentsApp();
});
afterAll(() => p.close());

const sandbox = () => p.app.context.paypalSandbox!;

/** What must exist exactly once after one purchase, however often it was completed. */
function deliveries(who: Customer) {
  return {
    completed: count(p, "SELECT count(*) AS n FROM purchases WHERE user_id = ? AND status = 'completed'", who.user.id),
    keys: count(p, 'SELECT count(*) AS n FROM api_keys WHERE user_id = ? AND purchase_id IS NOT NULL', who.user.id),
    charges: count(p, "SELECT count(*) AS n FROM billing_charges WHERE user_id = ? AND charge_type = 'plan'", who.user.id),
  };
}
const ONCE = { completed: 1, keys: 1, charges: 1 };

/** Posts a webhook event signed by the sandbox as PayPal signs (optionally with a tampered body). */
function postWebhook(event: Record<string, unknown>, { tamper }: { tamper?: (body: Record<string, unknown>) => void } = {}) {
  const body = JSON.stringify(event);
  const headers = sandbox().signer.sign(body, sandbox().credentials.webhookId, sandbox().certUrl(), new Date());
  const sent = JSON.parse(body) as Record<string, unknown>;
  tamper?.(sent);
  return request(p.origin).post('/api/payments/webhook').set(headers).send(sent);
}

const eventOf = (orderId: string, type: string) =>
  sandbox().delivered.find((d) => d.event.event_type === type && JSON.stringify(d.event.resource).includes(orderId))!.event;

describe('replays and races give one upgrade, one key, one charge', () => {
  it('a repeated return, a repeated capture and a resent webhook change nothing more', async () => {
    const who = await customer(p);
    const { checkout, back } = await buy(p, who);
    const returnUrl = `${p.origin}/api/payments/return?token=${checkout.orderId}&PayerID=PAYER`;
    for (let i = 0; i < 3; i++) expect((await followBack(returnUrl)).location).toBe(back.location);
    // PayPal itself answers a capture retried with the same request id with the first capture.
    const first = await p.app.context.payments['paypal'].captureOrder(checkout.orderId, `capture-${checkout.orderId}`);
    const again = await p.app.context.payments['paypal'].captureOrder(checkout.orderId, `capture-${checkout.orderId}`);
    expect(again).toEqual(first);
    for (const type of ['CHECKOUT.ORDER.APPROVED', 'PAYMENT.CAPTURE.COMPLETED']) sandbox().deliver(eventOf(checkout.orderId, type));
    await sandbox().idle();
    expect(sandbox().delivered.slice(-2).map((d) => d.status)).toEqual([200, 200]);
    expect(deliveries(who)).toEqual(ONCE);
    expect((await who.agent.get('/api/usage')).body.currentPlan).toBe('starter');
  });

  it('eight returns and the webhooks arriving at the same time complete the purchase once', async () => {
    const who = await customer(p);
    const checkout = await startCheckout(p, who, 'pro');
    const returnUrl = await onApprovalPage(p, checkout.orderId);
    const results = await Promise.all(Array.from({ length: 8 }, () => followBack(returnUrl)));
    await sandbox().idle();
    expect(new Set(results.map((r) => r.location))).toEqual(new Set([`/payment/return?payment=success&captured=true&kind=plan&purchase=${checkout.purchaseId}`]));
    expect(deliveries(who)).toEqual(ONCE);
    expect(sandbox().orders.get(checkout.orderId)!.capture).not.toBeNull();
    expect([...sandbox().captures.values()].filter((c) => c.orderId === checkout.orderId)).toHaveLength(1);
  });

  it('two concurrent captures, through the ledger directly, complete once', async () => {
    const who = await customer(p);
    const checkout = await startCheckout(p, who);
    await onApprovalPage(p, checkout.orderId);
    const results = await Promise.all([p.app.context.payments.captureApproved(checkout.orderId), p.app.context.payments.captureApproved(checkout.orderId)]);
    await sandbox().idle();
    expect(results.map((r) => r.outcome)).toEqual(['captured', 'captured']);
    expect(deliveries(who)).toEqual(ONCE);
  });
});

describe('the webhook is verified before it is read', () => {
  it('refuses a tampered event with 400 and changes nothing', async () => {
    const who = await customer(p);
    const checkout = await startCheckout(p, who);
    await onApprovalPage(p, checkout.orderId);
    await sandbox().idle();
    const before = deliveries(who);
    // A completed event replayed with another amount: the signature covers the body.
    const forged = { ...eventOf(checkout.orderId, 'CHECKOUT.ORDER.APPROVED') };
    const res = await postWebhook(forged, { tamper: (body) => ((body.resource as Record<string, unknown>).id = 'SOMEONEELSE') });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'webhook_signature_invalid' });
    expect(deliveries(who)).toEqual(before);
  });

  it('refuses a webhook signed for another webhook id, or without PayPal’s headers', async () => {
    const event = { id: 'WH-1', event_type: 'PAYMENT.CAPTURE.COMPLETED', resource_type: 'capture', resource: { id: 'X' } };
    const body = JSON.stringify(event);
    const wrongId = sandbox().signer.sign(body, 'SOMEOTHERWEBHOOK', sandbox().certUrl(), new Date());
    expect((await request(p.origin).post('/api/payments/webhook').set(wrongId).send(event)).body.code).toBe('webhook_signature_invalid');
    const bare = await request(p.origin).post('/api/payments/webhook').send(event);
    expect(bare.status).toBe(400);
    expect(bare.body).toMatchObject({ code: 'webhook_headers_invalid', param: 'headers.paypal-auth-algo' });
  });

  it('answers 404 for a correctly signed event about an order that is not ours, and changes nothing', async () => {
    const purchasesBefore = count(p, 'SELECT count(*) AS n FROM purchases');
    const keysBefore = count(p, 'SELECT count(*) AS n FROM api_keys WHERE purchase_id IS NOT NULL');
    for (const event of [
      { id: 'WH-2', event_type: 'CHECKOUT.ORDER.APPROVED', resource_type: 'checkout-order', resource: { id: 'NOTOURORDER1234' } },
      { id: 'WH-3', event_type: 'PAYMENT.CAPTURE.COMPLETED', resource_type: 'capture', resource: { id: 'CAP1', status: 'COMPLETED', amount: { currency_code: 'USD', value: '199.00' }, supplementary_data: { related_ids: { order_id: 'NOTOURORDER1234' } } } },
      { id: 'WH-4', event_type: 'PAYMENT.CAPTURE.REFUNDED', resource_type: 'refund', resource: { id: 'R1', links: [{ rel: 'up', href: 'https://api-m.paypal.com/v2/payments/captures/NOTOURCAPTURE' }] } },
    ]) {
      const res = await postWebhook(event);
      expect(res.status, event.event_type).toBe(404);
      expect(res.body.code).toBe('order_not_found');
    }
    expect(count(p, 'SELECT count(*) AS n FROM purchases')).toBe(purchasesBefore);
    expect(count(p, 'SELECT count(*) AS n FROM api_keys WHERE purchase_id IS NOT NULL')).toBe(keysBefore);
  });

  it('acknowledges events it does not act on', async () => {
    const res = await postWebhook({ id: 'WH-5', event_type: 'BILLING.SUBSCRIPTION.CREATED', resource_type: 'subscription', resource: { id: 'I-1' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ received: true, action: 'ignored' });
  });
});

describe('a refund ends the plan', () => {
  it('marks the purchase and the charge refunded and puts the account back on Free; the plan key draws on Free now', async () => {
    const who = await customer(p);
    const { checkout } = await buy(p, who);
    const { body } = await who.agent.get('/api/user/purchases');
    const key = body.planApiKeys[0];
    const secret = (await who.agent.post(`/api/keys/${key.id}/reveal-secret`).set('Origin', p.origin)).body.keySecret;
    const call = () => request(p.origin).post('/api/crypto/dilion/sign').set({ 'x-api-key': key.keyValue, 'x-api-secret': secret }).send({ message: 'm' });
    expect((await call()).status).toBe(200);

    const capture = sandbox().orders.get(checkout.orderId)!.capture!;
    sandbox().refund(capture);
    await sandbox().idle();
    expect(sandbox().delivered.at(-1)).toMatchObject({ status: 200, event: { event_type: 'PAYMENT.CAPTURE.REFUNDED' } });

    // The key is the account's (docs/decisions/036): it goes on, within Free's 100 calls.
    expect((await call()).status).toBe(200);
    const after = (await who.agent.get('/api/user/purchases')).body;
    expect(after.purchases[0]).toMatchObject({ status: 'refunded', isActive: false });
    expect(after.planApiKeys[0].isActive).toBe(true);
    expect((await who.agent.get('/api/usage')).body).toMatchObject({ currentPlan: 'free', planLimit: 100 });
    expect((await who.agent.get('/api/billing')).body.charges[0]).toMatchObject({ chargeType: 'plan', status: 'refunded' });
    // The same refund event again changes nothing.
    sandbox().deliver(sandbox().delivered.at(-1)!.event);
    await sandbox().idle();
    expect(sandbox().delivered.at(-1)!.status).toBe(200);
    expect(count(p, "SELECT count(*) AS n FROM purchases WHERE user_id = ? AND status = 'refunded'", who.user.id)).toBe(1);
  });
});

describe('a reversal (a chargeback) ends the plan too', () => {
  it('marks the purchase reversed and the account Free', async () => {
    const who = await customer(p);
    const { checkout } = await buy(p, who, 'pro');
    const captureId = sandbox().orders.get(checkout.orderId)!.capture!.id;
    const res = await postWebhook({
      id: 'WH-REVERSAL-1', event_type: 'PAYMENT.CAPTURE.REVERSED', resource_type: 'refund',
      resource: { id: 'REV1', status: 'COMPLETED', amount: { currency_code: 'USD', value: '-799.00' }, links: [{ rel: 'up', href: `${p.origin}/paypal-sandbox/v2/payments/captures/${captureId}` }] },
    });
    expect(res.body).toEqual({ received: true, action: 'plan_ended' });
    const after = (await who.agent.get('/api/user/purchases')).body;
    expect(after.purchases[0]).toMatchObject({ status: 'reversed', isActive: false });
    expect((await who.agent.get('/api/usage')).body).toMatchObject({ currentPlan: 'free', planLimit: 100 });
  });
});

describe('a checkout replaced while its capture is on its way', () => {
  it('still delivers what was paid for, once', async () => {
    const who = await customer(p);
    const checkout = await startCheckout(p, who);
    // No webhook may complete it behind the test's back.
    sandbox().options.attempts = 0;
    await onApprovalPage(p, checkout.orderId);
    // PayPal has captured; before the result is applied, a newer checkout closes this one.
    const order = await p.app.context.payments['paypal'].captureOrder(checkout.orderId, `capture-${checkout.orderId}`);
    await startCheckout(p, who, 'pro');
    const purchase = (await p.app.context.payments.ledger.byOrder(checkout.orderId))!;
    expect(purchase.status).toBe('cancelled');
    sandbox().options.attempts = 3;
    expect(await p.app.context.payments.applyCapture(purchase, order.purchase_units![0]!.payments!.captures![0])).toBe('captured');
    await sandbox().idle();
    expect(deliveries(who)).toEqual(ONCE);
  });
});

describe('the webhook route takes no junk and no flood', () => {
  const signed = (body: string) => ({ ...sandbox().signer.sign(body, sandbox().credentials.webhookId, sandbox().certUrl(), new Date()), 'content-type': 'application/json' });

  it('answers a deeply nested body 400 json_too_deep before asking PayPal, and a malformed one 400 invalid_json', async () => {
    for (const depth of [40, 10_000, 100_000]) {
      const body = `{"id":"WH-DEEP","event_type":"PAYMENT.CAPTURE.COMPLETED","resource":{"a":${'['.repeat(depth)}${']'.repeat(depth)}}}`;
      const res = await request(p.origin).post('/api/payments/webhook').set(signed(body)).send(body);
      expect([depth, res.status, res.body.code]).toEqual([depth, 400, 'json_too_deep']);
    }
    const broken = await request(p.origin).post('/api/payments/webhook').set(signed('{"id":')).send('{"id":');
    expect([broken.status, broken.body.code]).toEqual([400, 'invalid_json']);
  });

  it('limits each address to its webhooks a minute', async () => {
    const limited = await startPaymentsApp(undefined, undefined, { webhooks: 3 });
    try {
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await request(limited.origin).post('/api/payments/webhook').send({})).status);
      expect(statuses).toEqual([400, 400, 400, 429]);
    } finally {
      await limited.close();
    }
  });
});
