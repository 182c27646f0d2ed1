import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purchases } from '../../../db/schema.ts';
import { monthOf } from '../metering/metering.service.ts';
import { createTestApp, signUp, TEST_ORIGIN, type TestApp } from '../../test-support.ts';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ config: { engineWorkers: 1 } });
});
afterAll(() => app.close());

let orders = 0;
/** What the payment flow writes: a purchase and, once captured, a plan key with a sealed secret. */
async function buy(userId: string, { planType = 'starter', status = 'completed', withKey = true } = {}) {
  const { db } = app.database;
  const [purchase] = db
    .insert(purchases)
    .values({
      userId,
      paypalOrderId: `ORDER-${++orders}`,
      planType,
      planName: planType === 'pro' ? 'Pro' : 'Starter',
      amount: planType === 'pro' ? 79_900 : 19_900,
      status,
      usageLimit: planType === 'pro' ? 100_000 : 10_000,
      createdAt: new Date(Date.UTC(2026, 10, orders)),
      completedAt: status === 'completed' ? new Date(Date.UTC(2026, 10, orders, 1)) : null,
    })
    .returning()
    .all();
  const key = withKey ? await app.context.apiKeys.createPendingKey({ userId, purchaseId: purchase!.id, keyName: `${planType} key` }) : null;
  return { purchase: purchase!, key };
}

describe('GET /api/user/purchases', () => {
  it('is empty for a new account', async () => {
    const { agent } = await signUp(app);
    const res = await agent.get('/api/user/purchases');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ purchases: [], planApiKeys: [] });
  });

  it('lists the account’s purchases newest first, with amounts in cents, the key issued and this month’s calls', async () => {
    const who = await signUp(app);
    const first = await buy(who.user.id, { planType: 'starter' });
    const pending = await buy(who.user.id, { planType: 'pro', status: 'pending', withKey: false });
    app.database.sqlite
      .prepare('INSERT INTO monthly_usage (meter, month, calls) VALUES (?, ?, 42)')
      .run(`key:${first.key!.row.keyValue}`, monthOf(new Date()));

    const { body } = await who.agent.get('/api/user/purchases');
    expect(body.purchases.map((p: { id: number }) => p.id)).toEqual([pending.purchase.id, first.purchase.id]);
    expect(body.purchases[0]).toMatchObject({ planName: 'Pro', amount: 79_900, status: 'pending', apiKey: null, callsThisMonth: 0, completedAt: null });
    expect(body.purchases[1]).toMatchObject({ planName: 'Starter', amount: 19_900, status: 'completed', apiKey: first.key!.row.keyValue, callsThisMonth: 42 });
    expect(body.planApiKeys).toEqual([
      expect.objectContaining({
        purchaseId: first.purchase.id, planType: 'starter', keyValue: first.key!.row.keyValue, secretRevealable: true,
        usageLimit: 10_000, callsThisMonth: 42, isActive: true,
      }),
    ]);
    expect(JSON.stringify(body)).not.toContain(first.key!.secret);
  });

  it('shows another account none of them', async () => {
    const alice = await signUp(app);
    const bob = await signUp(app);
    await buy(alice.user.id);
    expect((await bob.agent.get('/api/user/purchases')).body).toEqual({ purchases: [], planApiKeys: [] });
  });

  it('needs a signed-in session', async () => {
    const res = await request(app.app).get('/api/user/purchases');
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('not_authenticated');
  });
});

describe('a plan key’s secret, through POST /api/keys/:id/reveal-secret', () => {
  it('shows a plan key’s secret once, which then works on the public API', async () => {
    const who = await signUp(app);
    const { key } = await buy(who.user.id);
    const reveal = () => who.agent.post(`/api/keys/${key!.row.id}/reveal-secret`).set('Origin', TEST_ORIGIN);
    const first = await reveal();
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ id: key!.row.id, keyValue: key!.row.keyValue, keySecret: key!.secret });
    const second = await reveal();
    expect(second.status).toBe(410);
    expect(second.body.code).toBe('secret_not_available');
    expect((await who.agent.get('/api/user/purchases')).body.planApiKeys[0].secretRevealable).toBe(false);
    const signed = await request(app.app)
      .post('/api/crypto/dilion/sign')
      .set({ 'x-api-key': key!.row.keyValue, 'x-api-secret': first.body.keySecret })
      .send({ message: 'plan key' });
    expect(signed.status).toBe(200);
  });

  it('answers 404 for another account’s plan key and leaves its secret waiting', async () => {
    const alice = await signUp(app);
    const bob = await signUp(app);
    const { key } = await buy(alice.user.id);
    const res = await bob.agent.post(`/api/keys/${key!.row.id}/reveal-secret`).set('Origin', TEST_ORIGIN);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 'api_key_not_found', param: 'id' });
    expect((await alice.agent.get('/api/user/purchases')).body.planApiKeys[0].secretRevealable).toBe(true);
  });

  it('refuses an id that is not a positive number', async () => {
    const { agent } = await signUp(app);
    const res = await agent.post('/api/keys/abc/reveal-secret').set('Origin', TEST_ORIGIN);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'validation_error', param: 'params.id' });
    expect(res.body.message).toBeTruthy();
  });
});

describe('paging purchases', () => {
  it('pages purchases with limit and before, and refuses a page size over 100', async () => {
    const who = await signUp(app);
    for (let i = 0; i < 3; i++) await buy(who.user.id, { status: 'pending', withKey: false });
    const first = await who.agent.get('/api/user/purchases?limit=2');
    expect(first.body.purchases).toHaveLength(2);
    const cursor = first.headers['x-next-cursor'];
    const rest = await who.agent.get(`/api/user/purchases?limit=2&before=${cursor}`);
    expect(rest.body.purchases).toHaveLength(1);
    expect(rest.body.purchases[0].id).toBeLessThan(Number(cursor));
    expect((await who.agent.get('/api/user/purchases?limit=101')).status).toBe(400);
  });
});
