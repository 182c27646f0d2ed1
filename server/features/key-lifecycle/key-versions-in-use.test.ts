/**
 * The managed-key calls under /api/v1/keys/:keyId (signing by message type, ML-KEM encryption) use
 * a key's versions and state as docs/decisions/056 states: the primary version signs and
 * encrypts, a named older version verifies and decrypts, and a key that is not enabled refuses.
 */
import { ml_dsa65 } from '@noble/post-quantum/ml-dsa.js';
import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpWithKey, TEST_ORIGIN, type TestApp } from '../../test-support.ts';

type Who = Awaited<ReturnType<typeof signUpWithKey>>;
let app: TestApp;
let who: Who;

const b64 = (b: Uint8Array) => Buffer.from(b).toString('base64');
const bytes = (s: string) => new Uint8Array(Buffer.from(s, 'base64'));
const call = (keyId: string, action: string, body: object) =>
  request(app.app).post(`/api/v1/keys/${keyId}/${action}`).set('x-api-key', who.apiKey).set('x-api-secret', who.apiSecret).send(body);
const manage = (keyId: string, action: string, body: object = {}) =>
  who.agent.post(`/api/v1/keys/${keyId}/${action}`).set('Origin', TEST_ORIGIN).send(body);
async function createKey(algorithm: string): Promise<string> {
  const res = await who.agent.post('/api/v1/keys').set('Origin', TEST_ORIGIN).send({ name: algorithm, algorithm });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.keyId;
}
async function versionKeys(keyId: string): Promise<Map<number, Uint8Array>> {
  const res = await who.agent.get(`/api/v1/keys/${keyId}/versions`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return new Map((res.body.versions as { version: number; publicKey: string }[]).map((v) => [v.version, bytes(v.publicKey)]));
}

beforeAll(async () => {
  app = await createTestApp({ config: { engineWorkers: 1 } });
  who = await signUpWithKey(app);
});
afterAll(() => app.close());

describe('signing by message type with a rotated key', () => {
  it('signs with the new primary version, and verifies an old signature when its version is named', async () => {
    const keyId = await createKey('ML-DSA-65');
    const message = b64(randomBytes(40));
    const before = await call(keyId, 'sign', { message, messageType: 'raw' });
    expect([before.status, before.body.keyVersion]).toEqual([200, 1]);
    expect((await manage(keyId, 'rotate')).status).toBe(200);

    const after = await call(keyId, 'sign', { message, messageType: 'raw' });
    expect([after.status, after.body.keyVersion]).toEqual([200, 2]);
    const versions = await versionKeys(keyId);
    // Each signature is its version's, as an independent verifier sees it.
    expect(ml_dsa65.verify(bytes(after.body.signature), bytes(message), versions.get(2)!)).toBe(true);
    expect(ml_dsa65.verify(bytes(before.body.signature), bytes(message), versions.get(1)!)).toBe(true);

    const old = await call(keyId, 'verify', { message, messageType: 'raw', signature: before.body.signature, keyVersion: 1 });
    expect([old.status, old.body.valid, old.body.keyVersion]).toEqual([200, true, 1]);
    const primary = await call(keyId, 'verify', { message, messageType: 'raw', signature: before.body.signature });
    expect([primary.status, primary.body.valid, primary.body.keyVersion]).toEqual([200, false, 2]);
    const missing = await call(keyId, 'verify', { message, messageType: 'raw', signature: before.body.signature, keyVersion: 9 });
    expect([missing.status, missing.body.code]).toEqual([404, 'key_version_not_found']);
  });

  it('refuses a disabled key, in a batch too, and signs again once enabled', async () => {
    const keyId = await createKey('ML-DSA-44');
    const item = { message: b64(randomBytes(64)), messageType: 'digest', digestAlgorithm: 'sha512' };
    expect((await manage(keyId, 'disable')).status).toBe(200);
    const refused = await call(keyId, 'sign', item);
    expect([refused.status, refused.body.code]).toEqual([409, 'key_disabled']);
    const batch = await call(keyId, 'sign-batch', { items: [item, item] });
    expect([batch.status, batch.body.code]).toEqual([409, 'key_disabled']);
    expect((await manage(keyId, 'enable')).status).toBe(200);
    expect((await call(keyId, 'sign', item)).status).toBe(200);
  });
});

describe('ML-KEM-768 with a rotated key', () => {
  it('encrypts to the new primary version and opens an old seal when its version is named', async () => {
    const keyId = await createKey('ML-KEM-768');
    const plaintext = b64(randomBytes(100));
    const sealed = await call(keyId, 'seal', { plaintext });
    expect([sealed.status, sealed.body.keyVersion]).toEqual([200, 1]);
    const dataKey = await call(keyId, 'generate-data-key', {});
    expect((await manage(keyId, 'rotate')).status).toBe(200);

    const { enc, ciphertext } = sealed.body;
    const opened = await call(keyId, 'open', { enc, ciphertext, keyVersion: 1 });
    expect([opened.status, opened.body.plaintext, opened.body.keyVersion]).toEqual([200, plaintext, 1]);
    const withPrimary = await call(keyId, 'open', { enc, ciphertext });
    expect([withPrimary.status, withPrimary.body.code]).toEqual([400, 'decryption_failed']);
    const key = await call(keyId, 'open', { ...dataKey.body.sealed, keyVersion: 1 });
    expect(key.body.plaintext).toBe(dataKey.body.plaintext);

    const fresh = await call(keyId, 'seal', { plaintext });
    expect(fresh.body.keyVersion).toBe(2);
    expect((await call(keyId, 'open', { enc: fresh.body.enc, ciphertext: fresh.body.ciphertext })).body.plaintext).toBe(plaintext);
  });

  it('refuses a key scheduled for deletion, and decrypts again once the deletion is cancelled and the key enabled', async () => {
    const keyId = await createKey('ML-KEM-768');
    const encapsulated = await call(keyId, 'encapsulate', {});
    expect((await manage(keyId, 'schedule-deletion', { days: 7 })).status).toBe(200);
    const refused = await call(keyId, 'decapsulate', { ciphertext: encapsulated.body.ciphertext });
    expect([refused.status, refused.body.code]).toEqual([409, 'key_pending_deletion']);
    expect((await manage(keyId, 'cancel-deletion')).status).toBe(200);
    expect((await manage(keyId, 'enable')).status).toBe(200);
    const again = await call(keyId, 'decapsulate', { ciphertext: encapsulated.body.ciphertext });
    expect([again.status, again.body.sharedSecret]).toEqual([200, encapsulated.body.sharedSecret]);
  });
});

describe('the audit log', () => {
  it('records each lifecycle change of a key, by the account, with its new state', async () => {
    const keyId = await createKey('ML-KEM-768');
    expect((await manage(keyId, 'rotate')).status).toBe(200);
    expect((await manage(keyId, 'disable')).status).toBe(200);
    expect((await manage(keyId, 'schedule-deletion', { days: 10 })).status).toBe(200);
    expect((await manage(keyId, 'cancel-deletion')).status).toBe(200);
    expect((await manage(keyId, 'enable')).status).toBe(200);
    const patched = await who.agent.patch(`/api/v1/keys/${keyId}`).set('Origin', TEST_ORIGIN).send({ rotationPeriodDays: 90 });
    expect(patched.status).toBe(200);

    const res = await who.agent.get('/api/v1/audit-events').query({ limit: 100 });
    expect(res.status).toBe(200);
    const mine = (res.body as { type: string; subject: string | null; actor: { kind: string }; details: Record<string, unknown> }[])
      .filter((e) => e.subject === keyId)
      .reverse();
    expect(mine.map((e) => e.type)).toEqual([
      'kem_key.created', 'key.rotated', 'key.disabled', 'key.deletion_scheduled', 'key.deletion_cancelled', 'key.enabled', 'key.rotation_period_changed',
    ]);
    expect(mine.every((e) => e.actor.kind === 'account')).toBe(true);
    expect(mine[1]!.details).toMatchObject({ primaryVersion: 2, state: 'enabled' });
    expect(mine[6]!.details).toMatchObject({ rotationPeriodDays: 90 });
  });
});
