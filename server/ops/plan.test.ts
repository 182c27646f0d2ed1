import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentsConfig } from '../config.ts';
import { TEST_ORIGIN, signUpWithKey, type TestApp } from '../test-support.ts';
import { runCommand } from './cli.ts';
import { parseUntil } from './plan.ts';
import { openApp, output, removeTempDirs } from './test-support.ts';

const OFF: PaymentsConfig = { mode: 'off', paypal: null, unsafeLocal: false };

let app: TestApp;
beforeAll(async () => {
  app = await openApp({ payments: OFF });
});
afterAll(async () => {
  await app.close();
  removeTempDirs();
});

/** The command as the operator runs it beside the server, on the same data folder. */
async function plan(...argv: string[]) {
  const out = output();
  const err = output();
  const code = await runCommand(['plan', ...argv], { env: { DATA_DIR: app.dir, PAYMENTS: 'off', NODE_ENV: 'production' }, out: out.out, err: err.out });
  return { code, out: out.text(), err: err.text() };
}

const call = (key: { apiKey: string; apiSecret: string }) =>
  request(app.app)
    .post('/api/crypto/dilion/verify')
    .set({ 'x-api-key': key.apiKey, 'x-api-secret': key.apiSecret })
    .send({ message: 'm', signature: Buffer.alloc(3309).toString('base64'), publicKey: Buffer.alloc(1952).toString('base64') });

const usage = (agent: Awaited<ReturnType<typeof signUpWithKey>>['agent']) => agent.get('/api/usage').then((r) => r.body);

describe('with payments off', () => {
  it('serves no purchase route: 404 payments_off, and no PayPal emulator', async () => {
    const { agent } = await signUpWithKey(app);
    for (const [method, path] of [
      ['post', '/api/payments/orders'],
      ['post', '/api/payments/overage-orders'],
      ['get', '/api/payments/return?token=ABC'],
      ['get', '/api/payments/cancel?token=ABC'],
      ['post', '/api/payments/webhook'],
    ] as const) {
      const res = await agent[method](path).set('Origin', TEST_ORIGIN).send({ plan: 'starter' });
      expect([path, res.status, res.body.code]).toEqual([path, 404, 'payments_off']);
      expect(res.body.message).toMatch(/sells no plans \(PAYMENTS=off\)/);
    }
    expect((await request(app.app).get('/paypal-sandbox/checkoutnow?token=X')).text).not.toContain('Local PayPal sandbox');
    expect((await request(app.app).get('/api/health')).body.payments).toBe('off');
    expect((await agent.get('/api/billing')).status).toBe(200);
  });

  it('the plan command gives an account Starter: its allowance is the limit, and a call past it is refused, not charged', async () => {
    const who = await signUpWithKey(app);
    const set = await plan(who.email, 'starter');
    expect(set).toEqual({ code: 0, out: `${who.email}: Starter with no end (set by the operator)`, err: '' });
    expect(await usage(who.agent)).toMatchObject({ currentPlan: 'starter', planLimit: 10_000, apiCallsThisMonth: 0, overageCharges: 0 });
    expect((await who.agent.get('/api/auth/user')).body).toMatchObject({ subscriptionTier: 'starter', apiUsageLimit: 10_000 });
    // The month's count at the allowance: the next call is refused with the operator's message, and nothing accrues.
    app.database.sqlite.prepare("INSERT INTO monthly_usage (meter, month, calls) VALUES (?, strftime('%Y-%m', 'now'), 10000)").run(`user:${who.user.id}`);
    const refused = await call(who);
    expect([refused.status, refused.body.code]).toEqual([429, 'usage_limit_reached']);
    expect(refused.body.message).toMatch(/ask its operator/);
    expect(app.database.sqlite.prepare("SELECT count(*) AS n FROM billing_charges WHERE user_id = ?").get(who.user.id)).toEqual({ n: 0 });
  });

  it('refuses a Free account its 101st call with the operator’s message', async () => {
    const who = await signUpWithKey(app);
    app.database.sqlite.prepare('UPDATE users SET api_usage_count = 100 WHERE id = ?').run(who.user.id);
    const refused = await call(who);
    expect([refused.status, refused.body.code]).toEqual([429, 'usage_limit_reached']);
    expect(refused.body.message).toMatch(/ask its operator/);
  });

  it('Unlimited answers every call and charges none; --until ends it on that day, and the account falls back to Free', async () => {
    const who = await signUpWithKey(app);
    app.database.sqlite.prepare('UPDATE users SET api_usage_count = 100 WHERE id = ?').run(who.user.id);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const set = await plan(who.email.toUpperCase(), 'unlimited', '--until', tomorrow);
    expect(set.code).toBe(0);
    expect(set.out).toBe(`${who.email}: Unlimited until ${new Date(Date.parse(tomorrow) + 86_400_000).toISOString()} (set by the operator)`);
    expect(await usage(who.agent)).toMatchObject({ currentPlan: 'unlimited', planLimit: null });
    app.database.sqlite.prepare("INSERT INTO monthly_usage (meter, month, calls) VALUES (?, strftime('%Y-%m', 'now'), 5000000)").run(`user:${who.user.id}`);
    expect((await call(who)).status).toBe(200);
    expect(app.database.sqlite.prepare('SELECT overage_charges AS c FROM users WHERE id = ?').get(who.user.id)).toEqual({ c: 0 });
    // The grant's end arrives: the next call finds the account on Free again, its 100 calls spent.
    app.database.sqlite.prepare('UPDATE plan_grants SET expires_at = ? WHERE user_id = ?').run(Date.now() - 1, who.user.id);
    app.database.sqlite.prepare('UPDATE users SET plan_expires_at = ? WHERE id = ?').run(Date.now() - 1, who.user.id);
    expect((await call(who)).body.code).toBe('usage_limit_reached');
    expect(await usage(who.agent)).toMatchObject({ currentPlan: 'free', planLimit: 100 });
    expect((await plan(who.email)).out).toBe(`${who.email}: Free`);
  });

  it('the newest grant decides: Pro, then Free', async () => {
    const who = await signUpWithKey(app);
    await plan(who.email, 'pro');
    expect((await usage(who.agent)).currentPlan).toBe('pro');
    expect((await plan(who.email, 'free')).out).toBe(`${who.email}: Free (set by the operator)`);
    expect(await usage(who.agent)).toMatchObject({ currentPlan: 'free', planLimit: 100 });
  });

  it('refuses what it cannot do with exit code 1 or 2 and a message, changing nothing', async () => {
    const who = await signUpWithKey(app);
    expect(await plan('nobody@example.com', 'pro')).toMatchObject({ code: 1, err: 'No account has the email nobody@example.com.' });
    expect(await plan(who.email, 'gold')).toMatchObject({ code: 1, err: '"gold" is not a plan: give one of free, starter, pro, unlimited.' });
    expect(await plan(who.email, 'pro', '--until', '2026-02-30')).toMatchObject({ code: 1, err: expect.stringMatching(/is not a date: give YYYY-MM-DD/) });
    expect(await plan(who.email, 'pro', '--until', 'soon')).toMatchObject({ code: 1, err: expect.stringMatching(/is not a date/) });
    expect(await plan(who.email, 'pro', '--until', '2020-01-01')).toMatchObject({ code: 1, err: expect.stringMatching(/has passed/) });
    expect(await plan(who.email, '--until', '2099-01-01')).toMatchObject({ code: 1, err: expect.stringMatching(/--until needs a plan/) });
    expect(await plan()).toMatchObject({ code: 2, err: expect.stringMatching(/^plan takes an email/) });
    expect(await plan(who.email, 'pro', 'extra')).toMatchObject({ code: 2 });
    expect((await runCommand(['backup', 'x.db', '--until', '2099-01-01'], { env: {}, out: () => {}, err: () => {} }))).toBe(2);
    expect((await usage(who.agent)).currentPlan).toBe('free');
    expect(app.database.sqlite.prepare('SELECT count(*) AS n FROM plan_grants WHERE user_id = ?').get(who.user.id)).toEqual({ n: 0 });
  });
});

describe('parseUntil', () => {
  const now = new Date('2026-11-26T12:00:00Z');
  it('runs a plan through the whole UTC day given, or to an instant with its zone', () => {
    expect(parseUntil('2026-12-31', now).toISOString()).toBe('2027-01-01T00:00:00.000Z');
    expect(parseUntil('2026-11-26', now).toISOString()).toBe('2026-11-27T00:00:00.000Z');
    expect(parseUntil('2026-12-01T09:30:00+09:00', now).toISOString()).toBe('2026-12-01T00:30:00.000Z');
  });
  it('refuses days that do not exist, times without a zone, and the past', () => {
    for (const bad of ['2026-13-01', '2026-02-29', '2026-12-01T09:30:00', '31/12/2026', '']) expect(() => parseUntil(bad, now)).toThrow(/is not a date/);
    expect(() => parseUntil('2026-11-25', now)).toThrow(/has passed/);
  });
});
