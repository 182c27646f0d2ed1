/**
 * /api/v1/keys lists and creates every managed key, signing and encryption, within one limit;
 * /api/v1/signing-keys keeps to signing keys (docs/decisions/054).
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, TEST_ORIGIN, type TestApp } from '../../test-support.ts';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ config: { engineWorkers: 1 } });
});
afterAll(() => app.close());

type Agent = Awaited<ReturnType<typeof signUp>>['agent'];
const create = (agent: Agent, algorithm: string, name = `${algorithm} key`) => agent.post('/api/v1/keys').set('Origin', TEST_ORIGIN).send({ name, algorithm });

describe('GET and POST /api/v1/keys', () => {
  it('creates keys of either purpose and lists them all with their purpose, oldest first', async () => {
    const { agent } = await signUp(app);
    const kem = await create(agent, 'ML-KEM-768');
    const dsa = await create(agent, 'ML-DSA-44');
    expect(kem.status, JSON.stringify(kem.body)).toBe(201);
    expect(kem.body).toMatchObject({ algorithm: 'ML-KEM-768', purpose: 'encrypt', isDefault: false, name: 'ML-KEM-768 key' });
    expect(kem.body.keyId).toMatch(/^kid_[0-9A-Za-z]{22}$/);
    expect(Buffer.from(kem.body.publicKey, 'base64')).toHaveLength(1184);
    expect(dsa.body).toMatchObject({ algorithm: 'ML-DSA-44', purpose: 'sign' });
    const listed = await agent.get('/api/v1/keys');
    expect(listed.status).toBe(200);
    expect(listed.body.keys.map((k: { keyId: string; purpose: string }) => [k.keyId, k.purpose])).toEqual([[kem.body.keyId, 'encrypt'], [dsa.body.keyId, 'sign']]);
  });

  it('keeps /api/v1/signing-keys to signing keys, and its create refuses ML-KEM-768 pointing to /api/v1/keys', async () => {
    const { agent } = await signUp(app);
    await create(agent, 'ML-KEM-768');
    const dsa = (await create(agent, 'ML-DSA-65')).body;
    expect((await agent.get('/api/v1/signing-keys')).body.map((k: { keyId: string }) => k.keyId)).toEqual([dsa.keyId]);
    const refused = await agent.post('/api/v1/signing-keys').set('Origin', TEST_ORIGIN).send({ name: 'kem', algorithm: 'ML-KEM-768' });
    expect([refused.status, refused.body.code, refused.body.param]).toEqual([400, 'validation_error', 'algorithm']);
    expect(refused.body.message).toContain('POST /api/v1/keys');
  });

  it('counts signing and encryption keys against one limit of 25', async () => {
    const { agent } = await signUp(app);
    for (let i = 0; i < 25; i++) expect((await create(agent, i % 2 ? 'ML-KEM-768' : 'ML-DSA-44', `k${i}`)).status).toBe(201);
    for (const algorithm of ['ML-KEM-768', 'ML-DSA-65']) {
      const refused = await create(agent, algorithm);
      expect([refused.status, refused.body.code]).toEqual([409, 'key_limit_reached']);
      expect(refused.body.message).toContain('25 signing and encryption keys');
    }
    expect((await agent.post('/api/v1/signing-keys').set('Origin', TEST_ORIGIN).send({ name: 'x' })).status).toBe(409);
  });

  it('refuses an unknown algorithm, a missing name, and a visitor', async () => {
    const { agent } = await signUp(app);
    for (const body of [{ name: 'x', algorithm: 'ML-KEM-512' }, { algorithm: 'ML-KEM-768' }, { name: 'x' }]) {
      expect((await agent.post('/api/v1/keys').set('Origin', TEST_ORIGIN).send(body)).body.code).toBe('validation_error');
    }
    expect((await request(app.app).get('/api/v1/keys')).status).toBe(401);
  });
});

describe('exporting an ML-KEM-768 key', () => {
  it('gives raw and SPKI under id-alg-ml-kem-768, on both export routes, and no JWK', async () => {
    const { agent } = await signUp(app);
    const key = (await create(agent, 'ML-KEM-768')).body;
    for (const path of [`/api/v1/keys/${key.keyId}/export`, `/api/v1/signing-keys/${key.keyId}/export`]) {
      const res = await agent.get(path);
      expect(res.status, path).toBe(200);
      expect(res.body).toMatchObject({ keyId: key.keyId, algorithm: 'ML-KEM-768', raw: key.publicKey, jwk: null });
      const der = Buffer.from(res.body.spki.der, 'base64');
      expect(der.subarray(0, 22).toString('hex')).toBe('308204b2300b0609608648016503040402038204a100');
      expect(der.subarray(22).toString('base64')).toBe(key.publicKey);
      expect(res.body.note).toContain('JWK');
    }
  });
});
