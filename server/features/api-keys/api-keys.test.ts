import { createHash } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, signUpWithKey, TEST_ORIGIN, type TestApp } from '../../test-support.ts';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ config: { engineWorkers: 1 } });
});
afterAll(() => app.close());

const signWith = (apiKey: string, apiSecret: string) =>
  request(app.app).post('/api/crypto/dilion/sign').set({ 'x-api-key': apiKey, 'x-api-secret': apiSecret }).send({ message: 'k' });

describe('API key life cycle', () => {
  it('reveals the sign-up key’s secret once, then only rotation gives a new one', async () => {
    const { agent } = await signUp(app);
    const [key] = (await agent.get('/api/keys')).body;
    const revealed = await agent.post(`/api/keys/${key.id}/reveal-secret`).set('Origin', TEST_ORIGIN);
    expect(revealed.status).toBe(200);
    expect(revealed.body.keySecret).toMatch(/^sk_[0-9A-Za-z]{43}$/);
    expect((await signWith(key.keyValue, revealed.body.keySecret)).status).toBe(200);

    const again = await agent.post(`/api/keys/${key.id}/reveal-secret`).set('Origin', TEST_ORIGIN);
    expect(again.status).toBe(410);
    expect(again.body.code).toBe('secret_not_available');
    const listed = (await agent.get('/api/keys')).body[0];
    expect(listed).toMatchObject({ secretRevealable: false, keySecret: null });
    expect(listed.lastUsedAt).not.toBeNull();
    const row = app.database.sqlite.prepare('SELECT pending_secret AS p, secret_digest AS d FROM api_keys WHERE id = ?').get(key.id) as { p: string | null; d: string };
    expect(row.p).toBeNull();
    expect(row.d).not.toContain(revealed.body.keySecret);
  });

  it('creates a key whose secret is in the creation response only', async () => {
    const { agent } = await signUp(app);
    const created = await agent.post('/api/keys').set('Origin', TEST_ORIGIN).send({ keyName: 'CI' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ keyName: 'CI', name: 'CI', isActive: true, secretRevealable: false });
    expect(created.body.keySecret).toMatch(/^sk_/);
    expect((await signWith(created.body.keyValue, created.body.keySecret)).status).toBe(200);
    const listed = (await agent.get('/api/keys')).body;
    expect(listed).toHaveLength(2);
    expect(listed.every((k: { keySecret: null }) => k.keySecret === null)).toBe(true);
    expect(JSON.stringify(listed)).not.toContain(created.body.keySecret);
  });

  it('uses the default name of docs/product.md §7 when none is given', async () => {
    const { agent } = await signUp(app);
    const created = await agent.post('/api/keys').set('Origin', TEST_ORIGIN).send({});
    expect(created.body.keyName).toBe('My API Key');
  });

  it('disables and re-enables a key', async () => {
    const { agent, keyId, apiKey, apiSecret } = await signUpWithKey(app);
    const disabled = await agent.post(`/api/keys/${keyId}/disable`).set('Origin', TEST_ORIGIN);
    expect(disabled.body.isActive).toBe(false);
    const refused = await signWith(apiKey, apiSecret);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('api_key_disabled');
    await agent.post(`/api/keys/${keyId}/enable`).set('Origin', TEST_ORIGIN);
    expect((await signWith(apiKey, apiSecret)).status).toBe(200);
  });

  it('needs a signed-in session', async () => {
    expect((await request(app.app).get('/api/keys')).status).toBe(401);
    expect((await request(app.app).post('/api/keys').send({ keyName: 'x' })).status).toBe(401);
  });
});

describe('owner scoping', () => {
  it('never lists, reveals, disables or rotates another user’s keys', async () => {
    const alice = await signUp(app);
    const bob = await signUp(app);
    const [aliceKey] = (await alice.agent.get('/api/keys')).body;
    const bobKeys = (await bob.agent.get('/api/keys')).body;
    expect(bobKeys.map((k: { id: number }) => k.id)).not.toContain(aliceKey.id);
    for (const action of ['reveal-secret', 'disable', 'enable', 'rotate']) {
      const res = await bob.agent.post(`/api/keys/${aliceKey.id}/${action}`).set('Origin', TEST_ORIGIN);
      expect(res.status, action).toBe(404);
      expect(res.body.code).toBe('api_key_not_found');
    }
    expect((await bob.agent.patch(`/api/keys/${aliceKey.id}`).set('Origin', TEST_ORIGIN).send({ keyName: 'mine' })).status).toBe(404);
    expect((await bob.agent.delete(`/api/keys/${aliceKey.id}`).set('Origin', TEST_ORIGIN)).status).toBe(404);
    const still = (await alice.agent.get('/api/keys')).body[0];
    expect(still).toMatchObject({ isActive: true, secretRevealable: true, keyName: aliceKey.keyName });
  });

  it('never shows another user’s operations or signing keys', async () => {
    const alice = await signUpWithKey(app);
    const bob = await signUpWithKey(app);
    await signWith(alice.apiKey, alice.apiSecret);
    await bob.agent.post('/api/demo/dilion/sign').set('Origin', TEST_ORIGIN).send({ message: 'bob demo' });
    const aliceOps = (await alice.agent.get('/api/operations')).body;
    const aliceHistory = (await alice.agent.get('/api/crypto/operations')).body;
    const bobOps = (await bob.agent.get('/api/operations')).body;
    const bobHistory = (await bob.agent.get('/api/crypto/operations')).body;
    expect(aliceOps).toHaveLength(1);
    expect(aliceHistory).toHaveLength(1);
    expect(bobOps.map((o: { message: string }) => o.message)).toEqual(['bob demo']);
    expect(bobHistory.map((o: { message: string }) => o.message)).toEqual(['bob demo']);
    const aliceSigning = (await alice.agent.get('/api/signing-keys')).body;
    const bobSigning = (await bob.agent.get('/api/signing-keys')).body;
    expect(aliceSigning).toHaveLength(1);
    expect(bobSigning).toHaveLength(0);
  });

  it('lists the dashboard’s operations newest first with success and response time', async () => {
    const who = await signUpWithKey(app);
    await signWith(who.apiKey, who.apiSecret);
    const [op] = (await who.agent.get('/api/operations')).body;
    expect(op).toMatchObject({ type: 'dilion_sign', algorithm: 'dilion', operation: 'sign', message: null, messageSha256: sha256('k'), messageLength: 1, success: true });
    expect(op.responseTime).toBeGreaterThan(0);
  });
});

describe('key inspector (debug)', () => {
  it('answers usage and operations for the pasted key only', async () => {
    const who = await signUpWithKey(app);
    await signWith(who.apiKey, who.apiSecret);
    const creds = { apiKey: who.apiKey, apiSecret: who.apiSecret };
    const used = await request(app.app).post('/api/debug/user-usage').send(creds);
    expect(used.body).toEqual({ used: 1, limit: 100, currentPlan: 'free', keyKind: 'personal', overageCharges: 0 });
    const ops = await request(app.app).post('/api/debug/user-operations').send(creds);
    expect(ops.body.operations).toHaveLength(1);
    expect(ops.body.operations[0]).toMatchObject({ message: null, messageSha256: sha256('k'), channel: 'api' });
    const wrong = await request(app.app).post('/api/debug/user-usage').send({ ...creds, apiSecret: 'sk_nope' });
    expect(wrong.status).toBe(401);
  });
});
