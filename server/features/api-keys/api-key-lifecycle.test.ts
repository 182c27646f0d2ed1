/**
 * The life of every kind of API key (docs/decisions/036): rotation with a grace period or at once,
 * disable, enable, delete and restrictions, for the owner's keys and plan keys alike; where and when
 * a key was last used; bad input changes nothing.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purchases } from '../../../db/schema.ts';
import { createTestApp, signUpWithKey, TEST_ORIGIN, type TestApp } from '../../test-support.ts';
import { ROTATION_GRACE_MS } from './api-keys.service.ts';

let clock = Date.now();
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ config: { engineWorkers: 1, trustProxy: 1 }, now: () => new Date(clock) });
});
afterAll(() => app.close());

const verify = (apiKey: string, apiSecret: string, from?: string) => {
  const req = request(app.app).post('/api/crypto/dilion/verify').set({ 'x-api-key': apiKey, 'x-api-secret': apiSecret });
  return (from ? req.set('X-Forwarded-For', from) : req).send({ message: 'm', signature: Buffer.alloc(3309).toString('base64'), publicKey: Buffer.alloc(1952).toString('base64') });
};
const prove = (apiKey: string, apiSecret: string) =>
  request(app.app).post('/api/crypto/zk-fidna/prove').set({ 'x-api-key': apiKey, 'x-api-secret': apiSecret }).send({ secretValue: 650000, balanceValue: 21930000 });

/** An account with a plan key issued with a (completed) purchase, its secret revealed. */
async function withPlanKey() {
  const who = await signUpWithKey(app);
  const purchase = app.database.db
    .insert(purchases)
    .values({ userId: who.user.id, paypalOrderId: `O-${who.user.id}`, planType: 'starter', planName: 'Starter', amount: 19_900, status: 'completed', usageLimit: 10_000 })
    .returning()
    .get();
  const { row, secret } = await app.context.apiKeys.createPendingKey({ userId: who.user.id, purchaseId: purchase.id, keyName: 'Starter plan key' });
  return { ...who, plan: { id: row.id, apiKey: row.keyValue, apiSecret: secret } };
}

describe('rotation', () => {
  it('keeps the old secret working 24 hours, then only the new one', async () => {
    clock = Date.now();
    const who = await signUpWithKey(app);
    const rotated = await who.agent.post(`/api/keys/${who.keyId}/rotate`).set('Origin', TEST_ORIGIN);
    expect(rotated.status).toBe(200);
    expect(rotated.body.keySecret).toMatch(/^sk_[0-9A-Za-z]{43}$/);
    expect(rotated.body.previousSecretExpiresAt).toBe(new Date(clock + ROTATION_GRACE_MS).toISOString());
    expect((await verify(who.apiKey, who.apiSecret)).status).toBe(200);
    expect((await verify(who.apiKey, rotated.body.keySecret)).status).toBe(200);
    clock += ROTATION_GRACE_MS - 1;
    expect((await verify(who.apiKey, who.apiSecret)).status).toBe(200);
    clock += 1;
    const late = await verify(who.apiKey, who.apiSecret);
    expect([late.status, late.body.code]).toEqual([401, 'invalid_api_key']);
    expect((await verify(who.apiKey, rotated.body.keySecret)).status).toBe(200);
    expect((await who.agent.get('/api/keys')).body[0].previousSecretExpiresAt).toBeNull();
    clock = Date.now();
  });

  it('revokes the old secret at once on request (a leaked key), and the secret shown is the only copy', async () => {
    const who = await signUpWithKey(app);
    const rotated = await who.agent.post(`/api/keys/${who.keyId}/rotate`).set('Origin', TEST_ORIGIN).send({ revokeOldSecret: true });
    expect(rotated.body.previousSecretExpiresAt).toBeNull();
    expect((await verify(who.apiKey, who.apiSecret)).status).toBe(401);
    expect((await verify(who.apiKey, rotated.body.keySecret)).status).toBe(200);
    expect(JSON.stringify((await who.agent.get('/api/keys')).body)).not.toContain(rotated.body.keySecret);
  });

  it('rotates a plan key whose secret was missed: a new secret that works', async () => {
    const who = await withPlanKey();
    // The plan key's secret was never revealed (the customer missed it): rotation gives one.
    const rotated = await who.agent.post(`/api/keys/${who.plan.id}/rotate`).set('Origin', TEST_ORIGIN).send({ revokeOldSecret: true });
    expect(rotated.body).toMatchObject({ kind: 'plan', secretRevealable: false, keyValue: who.plan.apiKey });
    expect((await verify(who.plan.apiKey, rotated.body.keySecret)).status).toBe(200);
    expect((await who.agent.post(`/api/keys/${who.plan.id}/reveal-secret`).set('Origin', TEST_ORIGIN)).status).toBe(410);
  });
});

describe('disable, enable and delete, for every kind of key', () => {
  it('disables a leaked plan key, enables it again, and deletes it for good', async () => {
    const who = await withPlanKey();
    const listed = (await who.agent.get('/api/keys')).body as { id: number; kind: string }[];
    expect(listed.map((k) => k.kind)).toEqual(['plan', 'personal']);
    await who.agent.post(`/api/keys/${who.plan.id}/disable`).set('Origin', TEST_ORIGIN);
    expect((await verify(who.plan.apiKey, who.plan.apiSecret)).body.code).toBe('api_key_disabled');
    expect((await verify(who.apiKey, who.apiSecret)).status).toBe(200);
    await who.agent.post(`/api/keys/${who.plan.id}/enable`).set('Origin', TEST_ORIGIN);
    expect((await verify(who.plan.apiKey, who.plan.apiSecret)).status).toBe(200);
    expect((await who.agent.delete(`/api/keys/${who.plan.id}`).set('Origin', TEST_ORIGIN)).status).toBe(204);
    expect((await verify(who.plan.apiKey, who.plan.apiSecret)).body.code).toBe('invalid_api_key');
    expect((await who.agent.get('/api/keys')).body).toHaveLength(1);
    expect((await who.agent.get('/api/user/purchases')).body.purchases[0].apiKey).toBeNull();
    expect((await who.agent.delete(`/api/keys/${who.plan.id}`).set('Origin', TEST_ORIGIN)).status).toBe(404);
  });

  it('does not count plan keys against the 25 keys an owner may make', async () => {
    const who = await withPlanKey();
    for (let i = 0; i < 24; i++) expect((await who.agent.post('/api/keys').set('Origin', TEST_ORIGIN).send({ keyName: `k${i}` })).status).toBe(201);
    const refused = await who.agent.post('/api/keys').set('Origin', TEST_ORIGIN).send({ keyName: 'one too many' });
    expect([refused.status, refused.body.code]).toEqual([409, 'key_limit_reached']);
    await who.agent.delete(`/api/keys/${who.keyId}`).set('Origin', TEST_ORIGIN);
    expect((await who.agent.post('/api/keys').set('Origin', TEST_ORIGIN).send({ keyName: 'room again' })).status).toBe(201);
  });
});

describe('restrictions', () => {
  it('allows a key only the operations it names, and lifts the restriction with null', async () => {
    const who = await signUpWithKey(app);
    const created = await who.agent.post('/api/keys').set('Origin', TEST_ORIGIN).send({ keyName: 'verifier', allowedOperations: ['verify'] });
    expect(created.body.allowedOperations).toEqual(['verify']);
    expect((await verify(created.body.keyValue, created.body.keySecret)).status).toBe(200);
    const refused = await prove(created.body.keyValue, created.body.keySecret);
    expect([refused.status, refused.body.code]).toEqual([403, 'operation_not_allowed']);
    expect(refused.body.message).toMatch(/may only verify/);
    expect((await who.agent.get('/api/usage')).body.apiCallsThisMonth).toBe(1);
    const lifted = await who.agent.patch(`/api/keys/${created.body.id}`).set('Origin', TEST_ORIGIN).send({ allowedOperations: null });
    expect(lifted.body.allowedOperations).toBeNull();
    expect((await prove(created.body.keyValue, created.body.keySecret)).status).toBe(200);
  });

  it('ends a key at its expiry', async () => {
    clock = Date.now();
    const who = await signUpWithKey(app);
    const until = new Date(clock + 3_600_000).toISOString();
    const set = await who.agent.patch(`/api/keys/${who.keyId}`).set('Origin', TEST_ORIGIN).send({ expiresAt: until, keyName: 'CI until noon' });
    expect(set.body).toMatchObject({ expiresAt: until, keyName: 'CI until noon' });
    expect((await verify(who.apiKey, who.apiSecret)).status).toBe(200);
    clock += 3_600_000;
    const expired = await verify(who.apiKey, who.apiSecret);
    expect([expired.status, expired.body.code]).toEqual([403, 'api_key_expired']);
    clock = Date.now();
  });

  it('refuses bad restrictions with 400 naming the field, and changes nothing', async () => {
    const who = await signUpWithKey(app);
    const before = (await who.agent.get('/api/keys')).body;
    const bad: [object, string][] = [
      [{ allowedOperations: [] }, 'allowedOperations'],
      [{ allowedOperations: ['sign', 'sign'] }, 'allowedOperations'],
      [{ allowedOperations: ['delete'] }, 'allowedOperations.0'],
      [{ expiresAt: 'tomorrow' }, 'expiresAt'],
      [{ expiresAt: '2027-01-01T00:00:00' }, 'expiresAt'],
      [{ expiresAt: '2020-01-01T00:00:00Z' }, 'expiresAt'],
      [{ keyName: '' }, 'keyName'],
      [{ secretDigest: 'x' }, ''],
    ];
    for (const [body, param] of bad) {
      const res = await who.agent.patch(`/api/keys/${who.keyId}`).set('Origin', TEST_ORIGIN).send(body);
      expect([JSON.stringify(body), res.status, res.body.code]).toEqual([JSON.stringify(body), 400, 'validation_error']);
      if (param) expect(res.body.param).toContain(param);
    }
    expect((await who.agent.patch(`/api/keys/${who.keyId}`).set('Origin', TEST_ORIGIN).send({})).status).toBe(400);
    expect((await who.agent.post(`/api/keys/${who.keyId}/rotate`).set('Origin', TEST_ORIGIN).send({ revokeOldSecret: 'yes' })).status).toBe(400);
    expect((await who.agent.post('/api/keys').set('Origin', TEST_ORIGIN).send({ allowedOperations: 'sign' })).status).toBe(400);
    expect((await who.agent.get('/api/keys')).body).toEqual(before);
    expect((await verify(who.apiKey, who.apiSecret)).status).toBe(200);
  });
});

describe('last use', () => {
  it('records when and from which address a key was last used', async () => {
    clock = Date.now();
    const who = await signUpWithKey(app);
    await verify(who.apiKey, who.apiSecret, '203.0.113.7');
    let [key] = (await who.agent.get('/api/keys')).body;
    expect(key).toMatchObject({ lastUsedAt: new Date(clock).toISOString(), lastUsedIp: '203.0.113.7', usageCount: 1, callsThisMonth: 1 });
    // A new address is recorded at once, whatever the minute.
    await verify(who.apiKey, who.apiSecret, '198.51.100.4');
    [key] = (await who.agent.get('/api/keys')).body;
    expect(key).toMatchObject({ lastUsedIp: '198.51.100.4', usageCount: 2, callsThisMonth: 2 });
  });
});
