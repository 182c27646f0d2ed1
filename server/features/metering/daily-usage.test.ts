import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monthOf } from './metering.service.ts';
import { monthRange } from './usage.routes.ts';
import { createTestApp, signUp, signUpWithKey, type TestApp } from '../../test-support.ts';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ config: { engineWorkers: 1 } });
});
afterAll(() => app.close());

/** A stored operation at a chosen instant, as the crypto routes record them. */
function stored(userId: string, algorithm: string, at: string, channel: 'api' | 'demo' = 'api') {
  app.database.sqlite
    .prepare(
      `INSERT INTO crypto_operations (user_id, channel, operation_type, algorithm, message, signature, verified, created_at)
       VALUES (?, ?, 'sign', ?, 'm', '{}', 0, ?)`,
    )
    .run(userId, channel, algorithm, Date.parse(at));
}

describe('monthRange', () => {
  it('spans a UTC calendar month, December into the next year', () => {
    expect(monthRange('2026-02')).toEqual({ from: new Date('2026-02-01T00:00:00Z'), to: new Date('2026-03-01T00:00:00Z') });
    expect(monthRange('2026-12').to).toEqual(new Date('2027-01-01T00:00:00Z'));
  });
});

describe('GET /api/usage/daily', () => {
  it('counts this month’s calls made through the API, per day and algorithm', async () => {
    const who = await signUpWithKey(app);
    const headers = { 'x-api-key': who.apiKey, 'x-api-secret': who.apiSecret };
    await request(app.app).post('/api/crypto/dilion/sign').set(headers).send({ message: 'a' });
    await request(app.app).post('/api/crypto/dilion/sign').set(headers).send({ message: 'b' });
    const qes2 = await request(app.app).post('/api/crypto/qes2/ecdsa/sign').set(headers).send({ message: 'c' });
    const res = await who.agent.get('/api/usage/daily');
    expect(res.status).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    expect(res.body).toEqual({
      month: monthOf(new Date()),
      days: [
        { date: today, algorithm: 'dilion', calls: 2 },
        { date: today, algorithm: qes2.body.algorithm, calls: 1 },
      ],
      total: 3,
    });
  });

  it('groups a past month by UTC day, leaving out demo operations and other months', async () => {
    const { agent, user } = await signUp(app);
    stored(user.id, 'dilion', '2026-03-01T00:00:00.000Z');
    stored(user.id, 'dilion', '2026-03-01T23:59:59.999Z');
    stored(user.id, 'qes2_schnorr', '2026-03-01T12:00:00Z');
    stored(user.id, 'dilion', '2026-03-31T23:59:59Z');
    stored(user.id, 'dilion', '2026-03-15T10:00:00Z', 'demo');
    stored(user.id, 'dilion', '2026-02-28T23:59:59.999Z');
    stored(user.id, 'dilion', '2026-04-01T00:00:00Z');
    const res = await agent.get('/api/usage/daily/2026-03');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      month: '2026-03',
      days: [
        { date: '2026-03-01', algorithm: 'dilion', calls: 2 },
        { date: '2026-03-01', algorithm: 'qes2_schnorr', calls: 1 },
        { date: '2026-03-31', algorithm: 'dilion', calls: 1 },
      ],
      total: 4,
    });
  });

  it('never counts another account’s calls', async () => {
    const alice = await signUp(app);
    const bob = await signUp(app);
    stored(alice.user.id, 'dilion', '2026-05-10T10:00:00Z');
    expect((await bob.agent.get('/api/usage/daily/2026-05')).body).toEqual({ month: '2026-05', days: [], total: 0 });
  });

  it('refuses a month that is not YYYY-MM, or that has not started', async () => {
    const { agent } = await signUp(app);
    for (const bad of ['2026-13', '26-01', '2026-1', 'now']) {
      const res = await agent.get(`/api/usage/daily/${bad}`);
      expect(res.status, bad).toBe(400);
      expect(res.body).toMatchObject({ code: 'validation_error', param: 'params.month' });
    }
    const next = new Date();
    next.setUTCMonth(next.getUTCMonth() + 1, 1);
    const future = await agent.get(`/api/usage/daily/${monthOf(next)}`);
    expect(future.status).toBe(400);
    expect(future.body.code).toBe('month_in_future');
    expect(future.body.message).toContain('has not started yet');
  });

  it('needs a signed-in session', async () => {
    expect((await request(app.app).get('/api/usage/daily')).status).toBe(401);
  });
});
