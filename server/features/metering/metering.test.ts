import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secretDigest } from '../../security/tokens.ts';
import { monthOf } from './metering.service.ts';
import { createTestApp, signUpWithKey, type TestApp } from '../../test-support.ts';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

type Account = Awaited<ReturnType<typeof signUpWithKey>>;
const verifyCall = (who: Account, headers: Record<string, string> = {}) =>
  request(app.app)
    .post('/api/crypto/dilion/verify')
    .set({ 'x-api-key': who.apiKey, 'x-api-secret': who.apiSecret, ...headers })
    // A well-formed signature that does not verify: cheap, and metered like any other call.
    .send({ message: 'm', signature: Buffer.alloc(3309).toString('base64'), publicKey: Buffer.alloc(1952).toString('base64') });
const usage = async (who: Account) => (await who.agent.get('/api/usage')).body;
const sql = (text: string, ...args: unknown[]) => app.database.sqlite.prepare(text).run(...args);
const sqlCount = (text: string, ...args: unknown[]) => (app.database.sqlite.prepare(text).get(...args) as { n: number }).n;

describe('free plan', () => {
  it('starts at 0 of 100 on the free plan', async () => {
    const who = await signUpWithKey(app);
    expect(await usage(who)).toEqual({ apiCallsThisMonth: 0, planLimit: 100, currentPlan: 'free', overageCharges: 0 });
  });

  it('refuses the 101st call with 429 usage_limit_reached and the text of docs/product.md §8', async () => {
    const who = await signUpWithKey(app);
    sql('UPDATE users SET api_usage_count = 99 WHERE id = ?', who.user.id);
    expect((await verifyCall(who)).status).toBe(200);
    const refused = await verifyCall(who);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 'usage_limit_reached', message: 'Usage limit reached - upgrade to continue' });
    expect(refused.headers['retry-after']).toBeUndefined();
    expect((await usage(who)).apiCallsThisMonth).toBe(100);
  });

  it('counts exactly 100 when 150 calls race on one key', async () => {
    const who = await signUpWithKey(app);
    const results = await Promise.all(Array.from({ length: 150 }, () => verifyCall(who)));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(100);
    expect(statuses.filter((s) => s === 429)).toHaveLength(50);
    expect((await usage(who)).apiCallsThisMonth).toBe(100);
    const recorded = app.database.sqlite.prepare('SELECT count(*) AS n FROM crypto_operations WHERE user_id = ?').get(who.user.id) as { n: number };
    expect(recorded.n).toBe(100);
  });

  it('does not count calls that fail validation', async () => {
    const who = await signUpWithKey(app);
    const bad = await request(app.app).post('/api/crypto/dilion/sign').set({ 'x-api-key': who.apiKey, 'x-api-secret': who.apiSecret }).send({ message: '' });
    expect(bad.status).toBe(400);
    expect((await usage(who)).apiCallsThisMonth).toBe(0);
  });
});

describe('paid plans', () => {
  it('go past the monthly allowance, charging 1 cent per extra call on one overage row for the month', async () => {
    const who = await signUpWithKey(app);
    sql("UPDATE users SET subscription_tier = 'starter' WHERE id = ?", who.user.id);
    sql('INSERT INTO monthly_usage (meter, month, calls) VALUES (?, ?, 9999)', `user:${who.user.id}`, monthOf(new Date()));
    for (let i = 0; i < 3; i++) expect((await verifyCall(who)).status).toBe(200);
    expect(await usage(who)).toEqual({ apiCallsThisMonth: 10_002, planLimit: 10_000, currentPlan: 'starter', overageCharges: 2 });
    const charges = app.database.sqlite
      .prepare("SELECT amount, charge_type AS type, month, status FROM billing_charges WHERE user_id = ?")
      .all(who.user.id);
    expect(charges).toEqual([{ amount: 2, type: 'overage', month: monthOf(new Date()), status: 'pending' }]);
  });

  it('count every racing overage call exactly once on the month’s one row', async () => {
    const who = await signUpWithKey(app);
    sql("UPDATE users SET subscription_tier = 'pro' WHERE id = ?", who.user.id);
    sql('INSERT INTO monthly_usage (meter, month, calls) VALUES (?, ?, 100000)', `user:${who.user.id}`, monthOf(new Date()));
    const results = await Promise.all(Array.from({ length: 40 }, () => verifyCall(who)));
    const ok = results.filter((r) => r.status === 200).length;
    expect(ok).toBeGreaterThan(0);
    const rows = app.database.sqlite.prepare("SELECT amount FROM billing_charges WHERE user_id = ? AND charge_type = 'overage'").all(who.user.id);
    expect(rows).toEqual([{ amount: ok }]);
    expect((await usage(who)).overageCharges).toBe(ok);
  });
});

describe('refunds', () => {
  it('refunds a call the engine fails on and answers 503', async () => {
    const broken = await createTestApp({ config: { engineWorkers: 1 } });
    try {
      const who = await signUpWithKey(broken);
      await broken.context.pool.close();
      const res = await request(broken.app)
        .post('/api/crypto/dilion/verify')
        .set({ 'x-api-key': who.apiKey, 'x-api-secret': who.apiSecret })
        .send({ message: 'm', signature: Buffer.alloc(3309).toString('base64'), publicKey: Buffer.alloc(1952).toString('base64') });
      expect(res.status).toBe(503);
      expect(res.body.code).toBe('engine_unavailable');
      expect(res.body.message).toMatch(/not charged/);
      expect((await who.agent.get('/api/usage')).body.apiCallsThisMonth).toBe(0);
    } finally {
      await broken.close();
    }
  });
});

describe('Idempotency-Key', () => {
  it('replays the first response to a retry without charging again', async () => {
    const who = await signUpWithKey(app);
    const sign = () =>
      request(app.app)
        .post('/api/crypto/dilion/sign')
        .set({ 'x-api-key': who.apiKey, 'x-api-secret': who.apiSecret, 'Idempotency-Key': 'order-42' })
        .send({ message: 'once' });
    const first = await sign();
    const retry = await sign();
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual(first.body);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect((await usage(who)).apiCallsThisMonth).toBe(1);
  });

  it('refuses the same key with a different request', async () => {
    const who = await signUpWithKey(app);
    const send = (message: string) =>
      request(app.app)
        .post('/api/crypto/dilion/sign')
        .set({ 'x-api-key': who.apiKey, 'x-api-secret': who.apiSecret, 'Idempotency-Key': 'k1' })
        .send({ message });
    expect((await send('a')).status).toBe(200);
    const res = await send('b');
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 'idempotency_key_reused', param: 'Idempotency-Key' });
  });

  it('keys are per account: another account’s same key runs normally', async () => {
    const a = await signUpWithKey(app);
    const b = await signUpWithKey(app);
    const sign = (who: Account) =>
      request(app.app)
        .post('/api/crypto/dilion/sign')
        .set({ 'x-api-key': who.apiKey, 'x-api-secret': who.apiSecret, 'Idempotency-Key': 'shared' })
        .send({ message: 'same' });
    const ra = await sign(a);
    const rb = await sign(b);
    expect(rb.headers['idempotent-replayed']).toBeUndefined();
    expect(rb.body.keyId).not.toBe(ra.body.keyId);
  });
});

describe('one allowance per account (docs/decisions/036)', () => {
  it('every key of the account draws on it: a plan key’s calls count in the account’s month, and overage starts past the account’s allowance', async () => {
    const who = await signUpWithKey(app);
    const db = app.database.sqlite;
    const purchase = db
      .prepare("INSERT INTO purchases (user_id, paypal_order_id, plan_type, plan_name, amount, status, usage_limit, expires_at) VALUES (?, ?, 'starter', 'Starter', 19900, 'completed', 10000, ?) RETURNING id")
      .get(who.user.id, `order-${who.user.id}`, Date.now() + 86_400_000) as { id: number };
    sql("UPDATE users SET subscription_tier = 'starter', api_usage_limit = 10000, plan_expires_at = ? WHERE id = ?", Date.now() + 86_400_000, who.user.id);
    const secret = 'sk_' + 'P'.repeat(43);
    db.prepare("INSERT INTO api_keys (purchase_id, user_id, key_name, key_value, secret_digest) VALUES (?, ?, 'Starter key', ?, ?)")
      .run(purchase.id, who.user.id, `pk_plan${purchase.id}`, secretDigest(secret));
    const planKey = { ...who, apiKey: `pk_plan${purchase.id}`, apiSecret: secret };
    const month = new Date().toISOString().slice(0, 7);
    db.prepare('INSERT INTO monthly_usage (meter, month, calls) VALUES (?, ?, 9998)').run(`user:${who.user.id}`, month);

    for (const key of [planKey, who, planKey]) expect((await verifyCall(key)).status).toBe(200);
    expect(await usage(who)).toMatchObject({ apiCallsThisMonth: 10_001, planLimit: 10_000, overageCharges: 1 });
    const keyCalls = (value: string) => (db.prepare('SELECT calls AS n FROM monthly_usage WHERE meter = ? AND month = ?').get(`key:${value}`, month) as { n: number }).n;
    expect([keyCalls(planKey.apiKey), keyCalls(who.apiKey)]).toEqual([2, 1]);
    expect(sqlCount('SELECT usage_count AS n FROM api_keys WHERE purchase_id = ?', purchase.id)).toBe(2);
    expect(sqlCount('SELECT usage_count AS n FROM api_keys WHERE key_value = ?', who.apiKey)).toBe(1);
    expect(sqlCount('SELECT usage_count AS n FROM purchases WHERE id = ?', purchase.id)).toBe(2);
    expect(sqlCount("SELECT count(*) AS n FROM monthly_usage WHERE meter LIKE 'purchase:%'")).toBe(0);
    const inspected = await request(app.app).post('/api/debug/user-usage').send({ apiKey: planKey.apiKey, apiSecret: secret });
    expect(inspected.body).toMatchObject({ used: 10_001, limit: 10_000, keyKind: 'plan', currentPlan: 'starter' });
  });

  it('adds a month’s allowance credit to the allowance', async () => {
    const who = await signUpWithKey(app);
    const month = new Date().toISOString().slice(0, 7);
    sql("UPDATE users SET subscription_tier = 'starter', api_usage_limit = 10000 WHERE id = ?", who.user.id);
    sql('INSERT INTO monthly_usage (meter, month, calls) VALUES (?, ?, 10000)', `user:${who.user.id}`, month);
    sql('INSERT INTO allowance_credits (user_id, month, calls) VALUES (?, ?, 1)', who.user.id, month);
    expect((await usage(who)).planLimit).toBe(10_001);
    expect((await verifyCall(who)).status).toBe(200);
    expect(await usage(who)).toMatchObject({ apiCallsThisMonth: 10_001, overageCharges: 0 });
    expect((await verifyCall(who)).status).toBe(200);
    expect((await usage(who)).overageCharges).toBe(1);
  });

  it('keeps a plan key working after its plan is refunded: it draws on the account’s plan, now Free', async () => {
    const who = await signUpWithKey(app);
    const db = app.database.sqlite;
    const purchase = db
      .prepare("INSERT INTO purchases (user_id, paypal_order_id, plan_type, plan_name, amount, status, usage_limit, is_active) VALUES (?, ?, 'pro', 'Pro', 79900, 'refunded', 100000, 0) RETURNING id")
      .get(who.user.id, `order-x-${who.user.id}`) as { id: number };
    const secret = 'sk_' + 'Q'.repeat(43);
    db.prepare("INSERT INTO api_keys (purchase_id, user_id, key_name, key_value, secret_digest) VALUES (?, ?, 'Pro key', ?, ?)")
      .run(purchase.id, who.user.id, `pk_refunded${purchase.id}`, secretDigest(secret));
    expect((await verifyCall({ ...who, apiKey: `pk_refunded${purchase.id}`, apiSecret: secret })).status).toBe(200);
    expect((await usage(who)).apiCallsThisMonth).toBe(1);
  });
});

describe('answered means recorded, charged means answered', () => {
  it('writes a call’s charge in the commit that records it, and holds nothing once it is answered', async () => {
    const who = await signUpWithKey(app);
    const res = await verifyCall(who);
    expect(res.status).toBe(200);
    expect((await usage(who)).apiCallsThisMonth).toBe(1);
    expect(sqlCount('SELECT count(*) AS n FROM crypto_operations WHERE user_id = ?', who.user.id)).toBe(1);
    expect(await app.context.metering.held()).toBe(0);
  });

  it('admits a call without writing anything, and frees its place when it is refunded', async () => {
    const who = await signUpWithKey(app);
    sql('UPDATE users SET api_usage_count = 99 WHERE id = ?', who.user.id);
    const caller = { userId: who.user.id, keyValue: who.apiKey, kind: 'personal' as const, purchaseId: null, allowedOperations: null, historyKeeps: 'text' as const };
    const ticket = await app.context.metering.meter(caller, 'sign');
    expect(sqlCount('SELECT api_usage_count AS n FROM users WHERE id = ?', who.user.id)).toBe(99);
    // The 100th place is held: another call is refused until the first is settled or refunded.
    await expect(app.context.metering.meter(caller, 'sign')).rejects.toThrow(expect.objectContaining({ code: 'usage_limit_reached' }));
    await app.context.metering.refund(ticket);
    await app.context.metering.refund(ticket);
    expect(await app.context.metering.held()).toBe(0);
    expect((await verifyCall(who)).status).toBe(200);
    expect((await usage(who)).apiCallsThisMonth).toBe(100);
  });

  it('does not answer a call whose record cannot be stored, and refunds it', async () => {
    const who = await signUpWithKey(app);
    const record = app.context.operations.record.bind(app.context.operations);
    app.context.operations.record = (operation, writes) => record({ ...operation, operationType: 'nonsense' as never }, writes);
    try {
      sql("CREATE TRIGGER refuse_nonsense BEFORE INSERT ON crypto_operations WHEN NEW.operation_type = 'nonsense' BEGIN SELECT RAISE(ABORT, 'refused'); END");
      const res = await verifyCall(who);
      expect([res.status, res.body.code]).toEqual([503, 'call_failed']);
      expect(res.body.message).toContain('not charged');
      expect((await usage(who)).apiCallsThisMonth).toBe(0);
      expect(await app.context.metering.held()).toBe(0);
    } finally {
      sql('DROP TRIGGER refuse_nonsense');
      app.context.operations.record = record;
    }
  });

  it('charges nothing for a call a dead process admitted but never answered, and frees its idempotency key at start-up', async () => {
    const dir = app.dir;
    const crashed = await createTestApp({ config: { engineWorkers: 1, dataDir: dir, databaseFile: `${dir}/crash.db`, masterKeyFile: `${dir}/master.key` } });
    const who = await signUpWithKey(crashed);
    const caller = { userId: who.user.id, keyValue: who.apiKey, kind: 'personal' as const, purchaseId: null, allowedOperations: null, historyKeeps: 'text' as const };
    // What a crash leaves: an admitted call and a running idempotent request, never settled.
    await crashed.context.metering.meter(caller, 'sign');
    await crashed.context.idempotency.begin(who.user.id, 'retry-me', 'hash');
    await crashed.context.pool.close();
    crashed.database.close();
    const restarted = await createTestApp({ config: { engineWorkers: 1, dataDir: dir, databaseFile: `${dir}/crash.db`, masterKeyFile: `${dir}/master.key` } });
    try {
      const db = restarted.database.sqlite;
      expect((db.prepare('SELECT api_usage_count AS n FROM users WHERE id = ?').get(who.user.id) as { n: number }).n).toBe(0);
      expect((await restarted.context.idempotency.begin(who.user.id, 'retry-me', 'hash')).kind).toBe('started');
    } finally {
      await restarted.close();
    }
  });
});
