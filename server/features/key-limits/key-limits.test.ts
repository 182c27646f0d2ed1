import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, signUpWithKey, TEST_ORIGIN, type TestApp } from '../../test-support.ts';
import { KEY_LIMITS } from './key-limits.ts';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ config: { engineWorkers: 1 } });
});
afterAll(() => app.close());

describe('key limits per owner', () => {
  it('refuses the API key past 25 (the first one included) with 409 key_limit_reached', async () => {
    const { agent } = await signUp(app);
    for (let i = 1; i < KEY_LIMITS.apiKeys; i++) {
      expect((await agent.post('/api/keys').set('Origin', TEST_ORIGIN).send({ keyName: `k${i}` })).status).toBe(201);
    }
    const refused = await agent.post('/api/keys').set('Origin', TEST_ORIGIN).send({ keyName: 'one too many' });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'key_limit_reached', message: expect.stringContaining('25 API keys') });
    expect((await agent.get('/api/keys')).body).toHaveLength(KEY_LIMITS.apiKeys);
  });

  it('refuses the signing key past 25, whatever its algorithm', async () => {
    const { agent } = await signUp(app);
    const create = (i: number) => agent.post('/api/signing-keys').set('Origin', TEST_ORIGIN).send({ name: `s${i}`, algorithm: i % 2 ? 'ML-DSA-44' : 'QES2_Schnorr' });
    for (let i = 0; i < KEY_LIMITS.signingKeys.account; i++) expect((await create(i)).status).toBe(201);
    const refused = await create(99);
    expect([refused.status, refused.body.code]).toEqual([409, 'key_limit_reached']);
  });

  it('gives a demo visitor at most 5 service keys, and an account its own larger allowance', async () => {
    const visitor = request.agent(app.app);
    const sid = (n: number) => visitor.get(`/api/demo/service-keys/sid/svc-${n}`);
    for (let i = 0; i < KEY_LIMITS.serviceKeys.demo; i++) expect((await sid(i)).status).toBe(200);
    const refused = await sid(99);
    expect([refused.status, refused.body.code]).toEqual([409, 'key_limit_reached']);
    expect((await sid(0)).status).toBe(200);
    const account = await signUpWithKey(app);
    const theirs = await request(app.app).get('/api/service-keys/sid/svc-99').set({ 'x-api-key': account.apiKey, 'x-api-secret': account.apiSecret });
    expect(theirs.status).toBe(200);
  });
});
