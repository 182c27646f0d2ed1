import { ml_dsa65 } from '@noble/post-quantum/ml-dsa.js';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, signUpWithKey, TEST_ORIGIN, type TestApp } from '../../test-support.ts';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ config: { engineWorkers: 1 } });
});
afterAll(() => app.close());

type Agent = Awaited<ReturnType<typeof signUp>>['agent'];
const create = (agent: Agent, algorithm: string) =>
  agent.post('/api/signing-keys').set('Origin', TEST_ORIGIN).send({ name: `${algorithm} key`, algorithm });

/** The key inside an SPKI: everything after its fixed 22-byte header (checked in key-formats.test.ts). */
const spkiKey = (derBase64: string) => Buffer.from(derBase64, 'base64').subarray(22);

describe('GET /api/signing-keys/:keyId/export', () => {
  it('exports each ML-DSA key as raw, SPKI and JWK, all three the listed public key', async () => {
    const { agent } = await signUp(app);
    for (const [algorithm, size] of [['ML-DSA-44', 1312], ['ML-DSA-65', 1952], ['ML-DSA-87', 2592]] as const) {
      const key = (await create(agent, algorithm)).body;
      const res = await agent.get(`/api/signing-keys/${key.keyId}/export`);
      expect(res.status, algorithm).toBe(200);
      expect(res.body).toMatchObject({ keyId: key.keyId, algorithm, raw: key.publicKey, note: null, jwk: { kty: 'AKP', alg: algorithm } });
      expect(Buffer.from(res.body.raw, 'base64')).toHaveLength(size);
      expect(spkiKey(res.body.spki.der).toString('base64')).toBe(key.publicKey);
      expect(res.body.spki.pem).toMatch(/^-----BEGIN PUBLIC KEY-----\n/);
      expect(Buffer.from(res.body.jwk.pub, 'base64url').toString('base64')).toBe(key.publicKey);
    }
  });

  it('exports the key a Dilion signature verifies under elsewhere', async () => {
    const who = await signUpWithKey(app);
    const signed = await request(app.app)
      .post('/api/crypto/dilion/sign')
      .set({ 'x-api-key': who.apiKey, 'x-api-secret': who.apiSecret })
      .send({ message: 'exported' });
    const exported = (await who.agent.get(`/api/signing-keys/${signed.body.keyId}/export`)).body;
    const publicKey = new Uint8Array(spkiKey(exported.spki.der));
    const M = new Uint8Array([0x00, ...new TextEncoder().encode('exported')]);
    const context = new TextEncoder().encode(signed.body.context);
    expect(ml_dsa65.verify(new Uint8Array(Buffer.from(signed.body.signature.encoded, 'base64')), M, publicKey, { context })).toBe(true);
  });

  it('exports a QES2 key raw only, saying why', async () => {
    const { agent } = await signUp(app);
    const key = (await create(agent, 'QES2_ECDSA')).body;
    const res = await agent.get(`/api/signing-keys/${key.keyId}/export`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ raw: key.publicKey, spki: null, jwk: null });
    expect(res.body.note).toContain('raw only');
  });

  it('answers 404 for another account’s key, as for an unknown one', async () => {
    const alice = await signUp(app);
    const bob = await signUp(app);
    const key = (await create(alice.agent, 'ML-DSA-65')).body;
    const theirs = await bob.agent.get(`/api/signing-keys/${key.keyId}/export`);
    const unknown = await bob.agent.get(`/api/signing-keys/kid_${'A'.repeat(22)}/export`);
    for (const res of [theirs, unknown]) {
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: 'signing_key_not_found', param: 'keyId' });
    }
  });

  it('refuses a malformed key id with 400 and a message, and a visitor with 401', async () => {
    const { agent } = await signUp(app);
    const bad = await agent.get('/api/signing-keys/not-a-key/export');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'validation_error', param: 'params.keyId' });
    expect(bad.body.message).toContain('kid_');
    expect((await request(app.app).get(`/api/signing-keys/kid_${'A'.repeat(22)}/export`)).status).toBe(401);
  });
});

describe('the default key', () => {
  it('is found again once created, for an account and for a demo session, and only for its algorithm', async () => {
    const { signingKeys, keyMaterials } = app.context;
    const who = await signUp(app);
    for (const owner of [{ userId: who.user.id }, { demoSessionId: 'session-default-key' }]) {
      const created = await signingKeys.defaultKey(owner, 'ML-DSA-65');
      expect(created.isDefault).toBe(true);
      const found = await keyMaterials.existingDefault(owner, 'ML-DSA-65');
      expect(found).toMatchObject({ keyId: created.id, version: 1, publicKey: created.publicKey });
      expect(await signingKeys.defaultKey(owner, 'ML-DSA-65')).toEqual(created);
      expect(await keyMaterials.existingDefault(owner, 'ML-DSA-44')).toBeUndefined();
    }
  });
});
