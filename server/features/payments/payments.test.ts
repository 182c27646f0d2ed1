import request from 'supertest';
import { createTestApp, verifyEmail } from '../../test-support.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buy, count, customer, followBack, onApprovalPage, startCheckout, startPaymentsApp, type PaymentsApp } from './payments.test-support.ts';

let p: PaymentsApp;
beforeAll(async () => {
  p = await startPaymentsApp();
});
afterAll(() => p.close());

const usage = async (who: Awaited<ReturnType<typeof customer>>) => (await who.agent.get('/api/usage')).body;
const purchaseRow = (id: number) =>
  p.app.database.sqlite.prepare('SELECT status, paypal_capture_id AS captureId, completed_at AS completedAt, expires_at AS expiresAt FROM purchases WHERE id = ?').get(id) as Record<string, unknown>;
const deliveredFor = (orderId: string) =>
  p.app.context.paypalSandbox!.delivered.filter((d) => JSON.stringify(d.event.resource).includes(orderId));

describe('buying a plan through the local PayPal sandbox', () => {
  it('upgrades the account, issues one plan key that signs, and records one charge', async () => {
    const who = await customer(p);
    const checkout = await startCheckout(p, who, 'starter');
    expect(checkout).toMatchObject({ amount: 19_900, currency: 'USD' });
    expect(checkout.approveUrl).toBe(`${p.origin}/paypal-sandbox/checkoutnow?token=${checkout.orderId}`);
    const page = await request(p.origin).get(`/paypal-sandbox/checkoutnow?token=${checkout.orderId}`);
    expect(page.text).toContain('Local PayPal sandbox: no money moves');
    expect(page.text).toContain('$199.00');

    const back = await followBack(await onApprovalPage(p, checkout.orderId));
    expect(back.status).toBe(302);
    expect(back.location).toBe(`/payment/return?payment=success&captured=true&kind=plan&purchase=${checkout.purchaseId}`);
    await p.app.context.paypalSandbox!.idle();

    expect(await usage(who)).toEqual({ apiCallsThisMonth: 0, planLimit: 10_000, currentPlan: 'starter', overageCharges: 0 });
    const { body } = await who.agent.get('/api/user/purchases');
    expect(body.purchases).toHaveLength(1);
    expect(body.purchases[0]).toMatchObject({ id: checkout.purchaseId, status: 'completed', amount: 19_900, apiKey: expect.stringMatching(/^pk_/) });
    const completed = new Date(body.purchases[0].completedAt);
    const expires = new Date(body.purchases[0].expiresAt);
    expect(expires.getUTCMonth()).toBe((completed.getUTCMonth() + 1) % 12);
    expect(body.planApiKeys).toHaveLength(1);

    // The plan key's secret is shown once and signs on the public API; its usage rises.
    const key = body.planApiKeys[0];
    const revealed = await who.agent.post(`/api/keys/${key.id}/reveal-secret`).set('Origin', p.origin);
    const signed = await request(p.origin).post('/api/crypto/dilion/sign').set({ 'x-api-key': key.keyValue, 'x-api-secret': revealed.body.keySecret }).send({ message: 'paid' });
    expect(signed.status).toBe(200);
    expect((await who.agent.get('/api/user/purchases')).body.planApiKeys[0]).toMatchObject({ usageCount: 1, callsThisMonth: 1 });

    const billing = (await who.agent.get('/api/billing')).body;
    expect(billing.charges).toEqual([expect.objectContaining({ chargeType: 'plan', amount: 19_900, status: 'paid', purchaseId: checkout.purchaseId })]);
    expect(billing).toMatchObject({ currentPlan: 'starter', planExpiresAt: body.purchases[0].expiresAt, overage: { owed: 0, payable: 0, accruing: 0, overdueMonth: null } });
    // PayPal's webhooks for this order arrived, verified, and changed nothing more.
    expect(deliveredFor(checkout.orderId).map((d) => [d.event.event_type, d.status])).toEqual([
      ['CHECKOUT.ORDER.APPROVED', 200],
      ['PAYMENT.CAPTURE.COMPLETED', 200],
    ]);
  });

  it('takes the price from the server: an amount, a plan it does not sell or an unknown field is refused and writes nothing', async () => {
    const who = await customer(p);
    for (const body of [{ plan: 'starter', amount: 1 }, { plan: 'enterprise' }, { plan: 'free' }, { plan: 'STARTER' }, {}, { plan: 'pro', currency: 'KRW' }]) {
      const res = await who.agent.post('/api/payments/orders').set('Origin', p.origin).send(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe('validation_error');
      expect(res.body.message.length).toBeGreaterThan(0);
    }
    expect(count(p, 'SELECT count(*) AS n FROM purchases WHERE user_id = ?', who.user.id)).toBe(0);
  });

  it('refuses a capture for an amount it did not offer: no upgrade, no key', async () => {
    const who = await customer(p);
    const checkout = await startCheckout(p, who, 'pro');
    p.app.context.paypalSandbox!.orders.get(checkout.orderId)!.unit.amount.value = '1.00';
    const back = await followBack(await onApprovalPage(p, checkout.orderId));
    expect(back.location).toBe(`/payment/return?payment=failed&kind=plan&purchase=${checkout.purchaseId}`);
    await p.app.context.paypalSandbox!.idle();
    expect(purchaseRow(checkout.purchaseId).status).toBe('failed');
    expect((await usage(who)).currentPlan).toBe('free');
    expect(count(p, 'SELECT count(*) AS n FROM api_keys WHERE user_id = ? AND purchase_id IS NOT NULL', who.user.id)).toBe(0);
    expect(count(p, 'SELECT count(*) AS n FROM billing_charges WHERE user_id = ?', who.user.id)).toBe(0);
  });

  it('cancels: back to the app with payment=cancelled, the plan unchanged, and the order never captured', async () => {
    const who = await customer(p);
    const checkout = await startCheckout(p, who);
    const back = await followBack(await onApprovalPage(p, checkout.orderId, 'cancel'));
    expect(back.location).toBe(`/payment/return?payment=cancelled&kind=plan&purchase=${checkout.purchaseId}`);
    expect(purchaseRow(checkout.purchaseId).status).toBe('cancelled');
    expect((await usage(who)).currentPlan).toBe('free');
    expect(p.app.context.paypalSandbox!.orders.get(checkout.orderId)!.capture).toBeNull();
  });

  it('shows "processing" while PayPal holds the capture, and upgrades when the capture clears', async () => {
    const who = await customer(p);
    const checkout = await startCheckout(p, who);
    const back = await followBack(await onApprovalPage(p, checkout.orderId, 'pending'));
    expect(back.location).toBe(`/payment/return?payment=success&kind=plan&purchase=${checkout.purchaseId}`);
    await p.app.context.paypalSandbox!.idle();
    expect((await who.agent.get(`/api/payments/purchases/${checkout.purchaseId}`)).body).toMatchObject({ status: 'processing', outcome: 'processing' });
    expect((await usage(who)).currentPlan).toBe('free');

    const sandbox = p.app.context.paypalSandbox!;
    sandbox.clear(sandbox.orders.get(checkout.orderId)!.capture!);
    await sandbox.idle();
    expect((await who.agent.get(`/api/payments/purchases/${checkout.purchaseId}`)).body).toMatchObject({ status: 'completed', outcome: 'captured' });
    expect((await usage(who)).currentPlan).toBe('starter');
    expect(count(p, 'SELECT count(*) AS n FROM api_keys WHERE purchase_id = ?', checkout.purchaseId)).toBe(1);
  });

  it('completes from the webhook alone when the payer never comes back', async () => {
    const who = await customer(p);
    const checkout = await startCheckout(p, who);
    await onApprovalPage(p, checkout.orderId);
    await p.app.context.paypalSandbox!.idle();
    expect(purchaseRow(checkout.purchaseId).status).toBe('completed');
    expect((await usage(who)).currentPlan).toBe('starter');
    // A late return is answered from the completed purchase.
    const late = await followBack(`${p.origin}/api/payments/return?token=${checkout.orderId}&PayerID=X`);
    expect(late.location).toBe(`/payment/return?payment=success&captured=true&kind=plan&purchase=${checkout.purchaseId}`);
  });

  it('renews by extending the running plan a month, and refuses buying a lower plan while a higher one runs', async () => {
    const who = await customer(p);
    const first = await buy(p, who, 'starter');
    const firstEnd = new Date(purchaseRow(first.checkout.purchaseId).expiresAt as number);
    const second = await buy(p, who, 'starter');
    const secondEnd = new Date(purchaseRow(second.checkout.purchaseId).expiresAt as number);
    expect(secondEnd.getUTCMonth()).toBe((firstEnd.getUTCMonth() + 1) % 12);
    await buy(p, who, 'pro');
    expect((await usage(who)).currentPlan).toBe('pro');
    const down = await who.agent.post('/api/payments/orders').set('Origin', p.origin).send({ plan: 'starter' });
    expect(down.status).toBe(409);
    expect(down.body).toMatchObject({ code: 'plan_downgrade', param: 'plan' });
    expect(count(p, 'SELECT count(*) AS n FROM api_keys WHERE user_id = ? AND purchase_id IS NOT NULL', who.user.id)).toBe(3);
  });

  it('closes an older unfinished checkout when a newer one starts: only the newest can be captured', async () => {
    const who = await customer(p);
    const older = await startCheckout(p, who, 'starter');
    const newer = await startCheckout(p, who, 'pro');
    const back = await followBack(await onApprovalPage(p, older.orderId));
    expect(back.location).toBe(`/payment/return?payment=cancelled&kind=plan&purchase=${older.purchaseId}`);
    expect(p.app.context.paypalSandbox!.orders.get(older.orderId)!.capture).toBeNull();
    await followBack(await onApprovalPage(p, newer.orderId));
    await p.app.context.paypalSandbox!.idle();
    expect((await usage(who)).currentPlan).toBe('pro');
  });
});

describe('payment routes and bad input', () => {
  it('needs a signed-in session and a same-origin request to start a checkout', async () => {
    expect((await request(p.origin).post('/api/payments/orders').send({ plan: 'pro' })).status).toBe(401);
    const who = await customer(p);
    const res = await who.agent.post('/api/payments/orders').set('Origin', 'https://evil.example').send({ plan: 'pro' });
    expect(res.status).toBe(403);
    expect(count(p, 'SELECT count(*) AS n FROM purchases WHERE user_id = ?', who.user.id)).toBe(0);
  });

  it('answers a return or cancel without a valid token with 400, and an unknown order with 404', async () => {
    for (const path of ['/api/payments/return', '/api/payments/return?token=', '/api/payments/return?token=a%2Fb', '/api/payments/cancel?token=%00']) {
      const res = await request(p.origin).get(path);
      expect(res.status, path).toBe(400);
      expect(res.body).toMatchObject({ code: 'validation_error', param: 'query.token' });
    }
    const unknown = await request(p.origin).get('/api/payments/return?token=NOTOURS12345');
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('order_not_found');
  });

  it('refuses a 21st checkout within an hour with 429, creating no order', async () => {
    const who = await customer(p);
    for (let i = 0; i < 20; i++) await startCheckout(p, who, i % 2 ? 'pro' : 'starter');
    const orders = p.app.context.paypalSandbox!.orders.size;
    const res = await who.agent.post('/api/payments/orders').set('Origin', p.origin).send({ plan: 'pro' });
    expect(res.status).toBe(429);
    expect(res.body.code).toBe('too_many_checkouts');
    expect(p.app.context.paypalSandbox!.orders.size).toBe(orders);
    expect(count(p, 'SELECT count(*) AS n FROM purchases WHERE user_id = ?', who.user.id)).toBe(20);
  });

  it('mounts no sandbox when PayPal itself is configured', async () => {
    const live = await createTestApp({
      config: { engineWorkers: 1, payments: { mode: 'sandbox', paypal: { clientId: 'id', clientSecret: 's', webhookId: 'WH1', apiBase: 'https://api-m.sandbox.paypal.com' }, unsafeLocal: false } },
    });
    try {
      expect(live.context.paypalSandbox).toBeNull();
      const res = await request(live.app).get('/paypal-sandbox/checkoutnow?token=X');
      expect(res.text).not.toContain('Local PayPal sandbox');
    } finally {
      await live.close();
    }
  });

  it('has nothing to pay for an account without overage', async () => {
    const who = await customer(p);
    const res = await who.agent.post('/api/payments/overage-orders').set('Origin', p.origin).send({});
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('nothing_to_pay');
  });

  it('shows no account another’s purchases, plan keys or charges', async () => {
    const alice = await customer(p);
    const bob = await customer(p);
    const { checkout } = await buy(p, alice);
    expect((await bob.agent.get(`/api/payments/purchases/${checkout.purchaseId}`)).status).toBe(404);
    expect((await bob.agent.get('/api/user/purchases')).body).toEqual({ purchases: [], planApiKeys: [] });
    expect((await bob.agent.get('/api/billing')).body.charges).toEqual([]);
    expect((await alice.agent.get('/api/billing')).body.charges).toHaveLength(1);
  });
});

describe('who may buy', () => {
  it('refuses a plan to an account whose email is not verified, with 403 email_unverified, and writes nothing', async () => {
    const p = await startPaymentsApp();
    try {
      const agent = request.agent(p.origin);
      const email = `unverified-${Date.now()}@example.com`;
      await agent.post('/api/auth/register').send({ email, password: 'correct horse battery', firstName: 'U', lastName: 'V' });
      const res = await agent.post('/api/auth/login').send({ email, password: 'correct horse battery' });
      const refused = await agent.post('/api/payments/orders').set('Origin', p.origin).send({ plan: 'starter' });
      expect([refused.status, refused.body.code]).toEqual([403, 'email_unverified']);
      expect((await agent.get('/api/user/purchases')).body.purchases).toEqual([]);
      await verifyEmail(p.app, res.body.id);
      expect((await agent.post('/api/payments/orders').set('Origin', p.origin).send({ plan: 'starter' })).status).toBe(201);
    } finally {
      await p.close();
    }
  });
});
