/**
 * The allowance on metered answers (RateLimit-Policy and RateLimit, IETF draft 8): exact values
 * after a known number of calls on each plan, on a 429 at the allowance, and none for Unlimited;
 * and the admission's count on both storage engines, in-flight calls included.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAccount, storageEngines, storageOn } from '../../../db/storage.test-support.ts';
import { createTestApp, signUpWithKey, type TestApp } from '../../test-support.ts';
import type { ApiCaller } from '../../types.ts';
import { MeteringService } from './metering.service.ts';
import { monthlyQuota, quotaFields } from './quota-headers.ts';

/** 2026-11-27 12:00 UTC: November has 2,592,000 s, and 3.5 days (302,400 s) are left of it. */
const NOW = new Date('2026-11-27T12:00:00Z');
const NOVEMBER = '"monthly"; q=10000; w=2592000';

describe('the fields’ values', () => {
  it('measure the calendar month in UTC, leap February included, rounding the reset up', () => {
    expect(quotaFields(monthlyQuota(10_000, 1, NOW))).toEqual({ 'RateLimit-Policy': NOVEMBER, RateLimit: '"monthly"; r=9999; t=302400' });
    const february = monthlyQuota(5, 9, new Date('2028-02-29T23:59:59.500Z'));
    expect(quotaFields(february)).toEqual({ 'RateLimit-Policy': '"monthly"; q=5; w=2505600', RateLimit: '"monthly"; r=0; t=1' });
  });
});

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ config: { engineWorkers: 1 }, now: () => NOW });
});
afterAll(() => app.close());

type Account = Awaited<ReturnType<typeof signUpWithKey>>;
const verifyCall = (who: Account, path = '/api/v1/crypto/dilion/verify') =>
  request(app.app)
    .post(path)
    .set({ 'x-api-key': who.apiKey, 'x-api-secret': who.apiSecret })
    .send({ message: 'm', signature: Buffer.alloc(3309).toString('base64'), publicKey: Buffer.alloc(1952).toString('base64') });
const sql = (text: string, ...args: unknown[]) => app.database.sqlite.prepare(text).run(...args);
const fields = (res: request.Response) => ({ policy: res.headers['ratelimit-policy'], left: res.headers['ratelimit'] });

describe('on a metered answer', () => {
  it('Free: the lifetime allowance, without window or reset, counting down call by call (alias too)', async () => {
    const who = await signUpWithKey(app);
    const answers = [await verifyCall(who), await verifyCall(who), await verifyCall(who, '/api/crypto/dilion/verify')];
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(answers.map(fields)).toEqual([99, 98, 97].map((r) => ({ policy: '"lifetime"; q=100', left: `"lifetime"; r=${r}` })));
  });

  it('Free: the last call says 0 left, and the refusal after it (429 usage_limit_reached) says so too', async () => {
    const who = await signUpWithKey(app);
    sql('UPDATE users SET api_usage_count = 99 WHERE id = ?', who.user.id);
    expect(fields(await verifyCall(who))).toEqual({ policy: '"lifetime"; q=100', left: '"lifetime"; r=0' });
    const refused = await verifyCall(who);
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('usage_limit_reached');
    expect(fields(refused)).toEqual({ policy: '"lifetime"; q=100', left: '"lifetime"; r=0' });
  });

  it('Starter: the month’s allowance, credit included, with the month’s window and what is left of it', async () => {
    const who = await signUpWithKey(app);
    sql("UPDATE users SET subscription_tier = 'starter' WHERE id = ?", who.user.id);
    sql('INSERT INTO monthly_usage (meter, month, calls) VALUES (?, ?, 9990)', `user:${who.user.id}`, '2026-11');
    expect(fields(await verifyCall(who))).toEqual({ policy: NOVEMBER, left: '"monthly"; r=9; t=302400' });
    expect(fields(await verifyCall(who))).toEqual({ policy: NOVEMBER, left: '"monthly"; r=8; t=302400' });
    sql('INSERT INTO allowance_credits (user_id, month, calls) VALUES (?, ?, 500)', who.user.id, '2026-11');
    expect(fields(await verifyCall(who))).toEqual({ policy: '"monthly"; q=10500; w=2592000', left: '"monthly"; r=507; t=302400' });
  });

  it('Starter past the allowance: still answered and billed as overage, with 0 left', async () => {
    const who = await signUpWithKey(app);
    sql("UPDATE users SET subscription_tier = 'starter' WHERE id = ?", who.user.id);
    sql('INSERT INTO monthly_usage (meter, month, calls) VALUES (?, ?, 10000)', `user:${who.user.id}`, '2026-11');
    const billed = await verifyCall(who);
    expect(billed.status).toBe(200);
    expect(fields(billed)).toEqual({ policy: NOVEMBER, left: '"monthly"; r=0; t=302400' });
    expect((await who.agent.get('/api/v1/usage')).body.overageCharges).toBe(1);
  });

  it('Starter held to the allowance by unpaid overage: the 429 overage_unpaid carries the fields', async () => {
    const who = await signUpWithKey(app);
    sql("UPDATE users SET subscription_tier = 'starter' WHERE id = ?", who.user.id);
    sql('INSERT INTO monthly_usage (meter, month, calls) VALUES (?, ?, 10000)', `user:${who.user.id}`, '2026-11');
    sql("INSERT INTO billing_charges (user_id, charge_type, amount, description, status, month, created_at) VALUES (?, 'overage', 5, 'old', 'pending', '2026-09', 0)", who.user.id);
    const refused = await verifyCall(who);
    expect(refused.body.code).toBe('overage_unpaid');
    expect(fields(refused)).toEqual({ policy: NOVEMBER, left: '"monthly"; r=0; t=302400' });
  });

  it('Starter at its spending limit: the 429 spending_limit_reached carries the fields', async () => {
    const who = await signUpWithKey(app);
    sql("UPDATE users SET subscription_tier = 'starter' WHERE id = ?", who.user.id);
    sql('INSERT INTO monthly_usage (meter, month, calls) VALUES (?, ?, 10000)', `user:${who.user.id}`, '2026-11');
    await app.context.spending.set(who.user.id, 0);
    const refused = await verifyCall(who);
    expect(refused.body.code).toBe('spending_limit_reached');
    expect(fields(refused)).toEqual({ policy: NOVEMBER, left: '"monthly"; r=0; t=302400' });
  });

  it('Unlimited: no allowance, no fields; a call refused before metering carries none either', async () => {
    const who = await signUpWithKey(app);
    sql("UPDATE users SET subscription_tier = 'unlimited' WHERE id = ?", who.user.id);
    expect(fields(await verifyCall(who))).toEqual({ policy: undefined, left: undefined });
    const unauthenticated = await request(app.app).post('/api/v1/crypto/dilion/verify').send({});
    expect(unauthenticated.status).toBe(401);
    expect(fields(unauthenticated)).toEqual({ policy: undefined, left: undefined });
  });
});

describe.each(storageEngines())('the admitted allowance on $name', (engine) => {
  it('counts the calls in flight, as the limit does', async () => {
    const opened = await engine.open();
    await addAccount(opened, 'u1', { tier: 'starter' });
    await opened.run('INSERT INTO monthly_usage (meter, month, calls) VALUES (?, ?, ?)', 'user:u1', '2026-11', 9997);
    const metering = new MeteringService(storageOn(opened).metering, { now: () => NOW });
    const caller = { userId: 'u1', keyValue: 'pk_u1', purchaseId: null } as ApiCaller;
    const first = await metering.meter(caller, 'sign');
    const second = await metering.meter(caller, 'sign');
    expect([first.quota?.remaining, second.quota?.remaining]).toEqual([2, 1]);
    expect(second.quota).toEqual({ policy: 'monthly', limit: 10_000, remaining: 1, window: { seconds: 2_592_000, resetSeconds: 302_400 } });
    await metering.refund(first);
    await metering.refund(second);
  });
});
