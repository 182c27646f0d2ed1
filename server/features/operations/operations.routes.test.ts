import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, signUpWithKey, TEST_ORIGIN, type TestApp } from '../../test-support.ts';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ config: { engineWorkers: 1 } });
});
afterAll(() => app.close());

describe('GET /api/operations/recent', () => {
  it('gives the latest 10, newest first, and the total', async () => {
    const who = await signUpWithKey(app);
    const headers = { 'x-api-key': who.apiKey, 'x-api-secret': who.apiSecret };
    for (let i = 1; i <= 12; i++) await request(app.app).post('/api/crypto/dilion/sign').set(headers).send({ message: `m${i}` });
    const res = await who.agent.get('/api/operations/recent');
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(12);
    expect(res.body.operations.map((o: { message: string }) => o.message)).toEqual(['m12', 'm11', 'm10', 'm9', 'm8', 'm7', 'm6', 'm5', 'm4', 'm3']);
    expect(res.body.operations[0]).toMatchObject({ algorithm: 'dilion', operation: 'sign', success: true });
  });

  it('counts the account’s demo operations too, and nobody else’s', async () => {
    const alice = await signUp(app);
    const bob = await signUp(app);
    await alice.agent.post('/api/demo/dilion/sign').set('Origin', TEST_ORIGIN).send({ message: 'alice demo' });
    expect((await alice.agent.get('/api/operations/recent')).body).toMatchObject({ total: 1, operations: [{ message: 'alice demo' }] });
    expect((await bob.agent.get('/api/operations/recent')).body).toEqual({ operations: [], total: 0 });
  });

  it('needs a signed-in session', async () => {
    expect((await request(app.app).get('/api/operations/recent')).status).toBe(401);
  });
});
