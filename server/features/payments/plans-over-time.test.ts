import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMonth } from './paid-plans.ts';
import { buy, customer, meteredCall, personalKey, startPaymentsApp, type PaymentsApp } from './payments.test-support.ts';

let clock = new Date('2026-11-20T10:00:00Z');
let p: PaymentsApp;
beforeAll(async () => {
  p = await startPaymentsApp(() => clock);
});
afterAll(() => p.close());

const sql = (text: string, ...args: unknown[]) => p.app.database.sqlite.prepare(text).run(...args);

describe('a paid plan over time (the clock is moved, not waited for)', () => {
  it('runs one month from completion, resets its allowance each calendar month, then falls back to Free and offers Renew', async () => {
    clock = new Date('2026-11-20T10:00:00Z');
    const who = await customer(p);
    const key = await personalKey(p, who);
    const { checkout } = await buy(p, who, 'starter');
    const purchase = (await who.agent.get('/api/user/purchases')).body.purchases[0];
    expect(purchase).toMatchObject({ completedAt: '2026-11-20T10:00:00.000Z', expiresAt: '2026-12-20T10:00:00.000Z' });
    expect((await who.agent.get('/api/billing')).body).toMatchObject({ currentPlan: 'starter', planExpiresAt: '2026-12-20T10:00:00.000Z', lastPlan: null });

    // November: the allowance used up, one call of overage.
    sql('INSERT INTO monthly_usage (meter, month, calls) VALUES (?, ?, 10000)', `user:${who.user.id}`, '2026-11');
    expect((await meteredCall(p, key)).status).toBe(200);
    expect((await who.agent.get('/api/usage')).body).toEqual({ apiCallsThisMonth: 10_001, planLimit: 10_000, currentPlan: 'starter', overageCharges: 1 });

    // The last instant of November still counts there; December starts from zero.
    clock = new Date('2026-11-30T23:59:59.999Z');
    expect((await who.agent.get('/api/usage')).body.apiCallsThisMonth).toBe(10_001);
    clock = new Date('2026-12-01T00:00:00Z');
    expect((await meteredCall(p, key)).status).toBe(200);
    expect((await who.agent.get('/api/usage')).body).toEqual({ apiCallsThisMonth: 1, planLimit: 10_000, currentPlan: 'starter', overageCharges: 1 });

    // One millisecond before the end the plan still runs; at the end the account is on Free limits.
    clock = new Date('2026-12-20T09:59:59.999Z');
    expect((await who.agent.get('/api/usage')).body.currentPlan).toBe('starter');
    clock = new Date('2026-12-20T10:00:00Z');
    sql('UPDATE users SET api_usage_count = 250 WHERE id = ?', who.user.id);
    const refused = await meteredCall(p, key);
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('usage_limit_reached');
    expect((await who.agent.get('/api/usage')).body).toEqual({ apiCallsThisMonth: 250, planLimit: 100, currentPlan: 'free', overageCharges: 1 });
    expect((await who.agent.get('/api/billing')).body).toMatchObject({
      currentPlan: 'free', planExpiresAt: null, lastPlan: { planType: 'starter', planName: 'Starter', expiredAt: '2026-12-20T10:00:00.000Z' },
    });

    // The plan key is one of the account's keys (docs/decisions/036): it draws on Free's limits now, as the personal key does.
    const planKey = (await who.agent.get('/api/user/purchases')).body.planApiKeys[0];
    const secret = (await who.agent.post(`/api/keys/${planKey.id}/reveal-secret`).set('Origin', p.origin)).body.keySecret;
    const planCall = await request(p.origin).post('/api/crypto/dilion/sign').set({ 'x-api-key': planKey.keyValue, 'x-api-secret': secret }).send({ message: 'm' });
    expect([planCall.status, planCall.body.code]).toEqual([429, 'usage_limit_reached']);

    // Renew: a new month from now, calls beyond Free's 100 allowed again.
    clock = new Date('2026-12-22T08:00:00Z');
    const renewed = await buy(p, who, 'starter');
    expect(renewed.checkout.purchaseId).not.toBe(checkout.purchaseId);
    expect((await who.agent.get('/api/billing')).body).toMatchObject({ currentPlan: 'starter', planExpiresAt: '2027-01-22T08:00:00.000Z', lastPlan: null });
    expect((await meteredCall(p, key)).status).toBe(200);
  });
});

describe('addMonth', () => {
  it('keeps the day, or takes the last day of a shorter month (UTC)', () => {
    const cases: [string, string][] = [
      ['2026-11-20T10:00:00.000Z', '2026-12-20T10:00:00.000Z'],
      ['2026-12-15T00:00:00.000Z', '2027-01-15T00:00:00.000Z'],
      ['2027-01-31T12:00:00.000Z', '2027-02-28T12:00:00.000Z'],
      ['2028-01-31T12:00:00.000Z', '2028-02-29T12:00:00.000Z'],
      ['2026-03-31T23:59:59.000Z', '2026-04-30T23:59:59.000Z'],
    ];
    for (const [from, to] of cases) expect(addMonth(new Date(from)).toISOString(), from).toBe(to);
  });
});
