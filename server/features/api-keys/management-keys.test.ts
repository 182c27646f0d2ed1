/**
 * Management API keys (docs/decisions/057-management-api-keys.md): a key naming `manage` reads the
 * account's usage, API keys, managed keys and operations, exports a public key and rotates API keys,
 * each recorded in the audit log with the key as actor; any other key, a wrong secret or no
 * credentials are refused; `manage` alone makes no metered call; the session path is unchanged.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KeyOperation } from '../../../shared/key-operations.ts';
import { totpCode } from '../../security/totp.ts';
import { createTestApp, signUpWithKey, TEST_ORIGIN, type TestApp } from '../../test-support.ts';
import { ROTATION_GRACE_MS } from './api-keys.service.ts';

let clock = Date.now();
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ config: { engineWorkers: 1 }, now: () => new Date(clock) });
});
afterAll(() => app.close());

type Account = Awaited<ReturnType<typeof signUpWithKey>>;
interface Key { id: number; apiKey: string; apiSecret: string }

/** A new API key of the account with these operations (null: every metered one), made through the session. */
async function keyOf(who: Account, allowedOperations: KeyOperation[] | null): Promise<Key> {
  const res = await who.agent.post('/api/v1/api-keys').set('Origin', TEST_ORIGIN).send({ keyName: `ops ${String(allowedOperations)}`, allowedOperations });
  expect(res.status).toBe(201);
  return { id: res.body.id, apiKey: res.body.keyValue, apiSecret: res.body.keySecret };
}

const as = (key: Pick<Key, 'apiKey' | 'apiSecret'>) => ({ 'x-api-key': key.apiKey, 'x-api-secret': key.apiSecret });
const get = (path: string, key: Pick<Key, 'apiKey' | 'apiSecret'>) => request(app.app).get(path).set(as(key));
const rotate = (id: number, key: Pick<Key, 'apiKey' | 'apiSecret'>, revokeOldSecret = false) => request(app.app).post(`/api/v1/api-keys/${id}/rotate`).set(as(key)).send({ revokeOldSecret });
const verify = (key: Pick<Key, 'apiKey' | 'apiSecret'>) =>
  request(app.app).post('/api/v1/crypto/dilion/verify').set(as(key)).send({ message: 'm', signature: Buffer.alloc(3309).toString('base64'), publicKey: Buffer.alloc(1952).toString('base64') });

/** An account with a managed ML-DSA key and a management key. */
async function managedAccount() {
  const who = await signUpWithKey(app);
  const created = await who.agent.post('/api/v1/keys').set('Origin', TEST_ORIGIN).send({ name: 'signer', algorithm: 'ML-DSA-65' });
  expect(created.status).toBe(201);
  return { who, keyId: created.body.keyId as string, manager: await keyOf(who, ['manage']) };
}

const MANAGEMENT_READS = ['/api/v1/usage', '/api/v1/usage/daily', '/api/v1/usage/daily/2026-01', '/api/v1/api-keys', '/api/v1/keys', '/api/v1/operations', '/api/v1/audit-events'];

describe('a management key', () => {
  it('reads the account’s usage, API keys, managed keys and operations, as the session does', async () => {
    const { who, manager } = await managedAccount();
    for (const path of MANAGEMENT_READS) {
      const byKey = await get(path, manager);
      expect(byKey.status, path).toBe(200);
      const bySession = await who.agent.get(path);
      expect(bySession.status, path).toBe(200);
      // Lists carry per-key statistics the key's own read just moved; their shape and members match.
      if (path === '/api/v1/api-keys') expect(byKey.body.map((k: { keyValue: string }) => k.keyValue)).toEqual(bySession.body.map((k: { keyValue: string }) => k.keyValue));
      else expect(byKey.body, path).toEqual(bySession.body);
    }
    // The unversioned aliases follow their /api/v1 routes.
    expect((await get('/api/usage', manager)).status).toBe(200);
    expect((await get('/api/keys', manager)).status).toBe(200);
  });

  it('exports a managed key’s public key as SPKI and JWK, and the audit log names the key as actor', async () => {
    const { who, keyId, manager } = await managedAccount();
    const exported = await get(`/api/v1/keys/${keyId}/export`, manager);
    expect(exported.status).toBe(200);
    expect(exported.body.spki.pem).toMatch(/^-----BEGIN PUBLIC KEY-----/);
    expect(exported.body.jwk).toMatchObject({ kty: 'AKP', alg: 'ML-DSA-65' });
    const events = await who.agent.get('/api/v1/audit-events?type=signing_key.public_key_exported');
    expect(events.body[0]).toMatchObject({ subject: keyId, actor: { kind: 'api_key', apiKey: manager.apiKey } });
  });

  it('rotates another API key: the old secret keeps working 24 hours, or stops at once with revokeOldSecret', async () => {
    clock = Date.now();
    const { who, manager } = await managedAccount();
    const rotated = await rotate(who.keyId, manager);
    expect(rotated.status).toBe(200);
    expect(rotated.body.previousSecretExpiresAt).toBe(new Date(clock + ROTATION_GRACE_MS).toISOString());
    expect((await verify(who)).status).toBe(200);
    expect((await verify({ apiKey: who.apiKey, apiSecret: rotated.body.keySecret })).status).toBe(200);
    clock += ROTATION_GRACE_MS;
    expect((await verify(who)).status).toBe(401);
    clock = Date.now();

    const again = await rotate(who.keyId, manager, true);
    expect([again.status, again.body.previousSecretExpiresAt]).toEqual([200, null]);
    expect((await verify({ apiKey: who.apiKey, apiSecret: rotated.body.keySecret })).body.code).toBe('invalid_api_key');
    expect((await verify({ apiKey: who.apiKey, apiSecret: again.body.keySecret })).status).toBe(200);

    const events = await who.agent.get('/api/v1/audit-events?type=api_key.rotated');
    expect(events.body).toHaveLength(2);
    for (const event of events.body) expect(event).toMatchObject({ subject: who.apiKey, actor: { kind: 'api_key', apiKey: manager.apiKey } });
  });

  it('rotates itself: the answer carries its new secret, and the one it used works 24 hours unless revoked', async () => {
    const { manager } = await managedAccount();
    const rotated = await rotate(manager.id, manager);
    expect(rotated.status).toBe(200);
    expect((await get('/api/v1/usage', manager)).status).toBe(200);
    const fresh = { apiKey: manager.apiKey, apiSecret: rotated.body.keySecret as string };
    const revoked = await rotate(manager.id, fresh, true);
    expect(revoked.status).toBe(200);
    expect((await get('/api/v1/usage', fresh)).body.code).toBe('invalid_api_key');
    expect((await get('/api/v1/usage', { apiKey: manager.apiKey, apiSecret: revoked.body.keySecret })).status).toBe(200);
  });

  it('cannot rotate another account’s key, nor create, change or delete keys', async () => {
    const { manager } = await managedAccount();
    const other = await signUpWithKey(app);
    expect((await rotate(other.keyId, manager)).status).toBe(404);
    expect((await request(app.app).post('/api/v1/api-keys').set(as(manager)).send({ keyName: 'x' })).body.code).toBe('not_authenticated');
    expect((await request(app.app).delete(`/api/v1/api-keys/${other.keyId}`).set(as(manager))).status).toBe(401);
  });

  it('makes no metered call when manage is all it names; beside metered operations, it makes those', async () => {
    const { who, keyId, manager } = await managedAccount();
    const kem = await who.agent.post('/api/v1/keys').set('Origin', TEST_ORIGIN).send({ name: 'box', algorithm: 'ML-KEM-768' });
    const refused = [
      await request(app.app).post(`/api/v1/keys/${keyId}/sign`).set(as(manager)).send({ message: 'aGk=', messageType: 'raw' }),
      await request(app.app).post(`/api/v1/keys/${kem.body.keyId}/seal`).set(as(manager)).send({ plaintext: 'aGk=' }),
      await request(app.app).post(`/api/v1/keys/${keyId}/sign-batch`).set(as(manager)).send({ items: [{ message: 'aGk=', messageType: 'raw' }] }),
      await verify(manager),
    ];
    for (const res of refused) expect([res.status, res.body.code]).toEqual([403, 'operation_not_allowed']);
    const both = await keyOf(who, ['sign', 'manage']);
    expect((await request(app.app).post(`/api/v1/keys/${keyId}/sign`).set(as(both)).send({ message: 'aGk=', messageType: 'raw' })).status).toBe(200);
    expect((await get('/api/v1/usage', both)).status).toBe(200);
  });
});

describe('what a management route refuses', () => {
  it('a key without manage, and a key of every metered operation (null), with 403 operation_not_allowed', async () => {
    const { who, keyId } = await managedAccount();
    const metered = await keyOf(who, ['sign', 'verify', 'prove', 'encrypt', 'decrypt']);
    for (const key of [metered, who]) {
      for (const path of [...MANAGEMENT_READS, `/api/v1/keys/${keyId}/export`]) {
        const res = await get(path, key);
        expect([res.status, res.body.code], path).toEqual([403, 'operation_not_allowed']);
        expect(res.body.message).toContain('manage');
      }
      expect((await rotate(who.keyId, key)).body.code).toBe('operation_not_allowed');
    }
  });

  it('a wrong secret with 401, and no credentials with 401 as before; a session cookie does not rescue a wrong key', async () => {
    const { who, manager } = await managedAccount();
    // The last character changed to one it is not (a secret ending in "x" made "x" no change at all).
    const last = manager.apiSecret.at(-1) === 'x' ? 'y' : 'x';
    const wrong = await get('/api/v1/api-keys', { apiKey: manager.apiKey, apiSecret: `${manager.apiSecret.slice(0, -1)}${last}` });
    expect([wrong.status, wrong.body.code]).toEqual([401, 'invalid_api_key']);
    const none = await request(app.app).get('/api/v1/api-keys');
    expect([none.status, none.body.code]).toEqual([401, 'not_authenticated']);
    const mixed = await who.agent.get('/api/v1/api-keys').set({ 'x-api-key': manager.apiKey, 'x-api-secret': 'sk_wrong' });
    expect([mixed.status, mixed.body.code]).toEqual([401, 'invalid_api_key']);
  });

  it('a disabled management key with 403 api_key_disabled', async () => {
    const { who, manager } = await managedAccount();
    await who.agent.post(`/api/v1/api-keys/${manager.id}/disable`).set('Origin', TEST_ORIGIN);
    expect((await get('/api/v1/usage', manager)).body.code).toBe('api_key_disabled');
  });
});

describe('the session on these routes', () => {
  it('is unchanged: reads need no Origin, rotating needs the Origin, and the audit actor is the account', async () => {
    const who = await signUpWithKey(app);
    expect((await who.agent.get('/api/v1/api-keys')).status).toBe(200);
    expect((await who.agent.post(`/api/v1/api-keys/${who.keyId}/rotate`).send({})).status).toBe(403);
    expect((await who.agent.post(`/api/v1/api-keys/${who.keyId}/rotate`).set('Origin', TEST_ORIGIN).send({})).status).toBe(200);
    const events = await who.agent.get('/api/v1/audit-events?type=api_key.rotated');
    expect(events.body[0].actor).toEqual({ kind: 'account', apiKey: null });
  });
});

describe('giving a key manage', () => {
  /** An account with two-factor sign-in on, its step-up window passed. */
  async function withTwoFactor() {
    clock = Date.now();
    const who = await signUpWithKey(app);
    const setup = await who.agent.post('/api/auth/two-factor/setup').set('Origin', TEST_ORIGIN);
    expect((await who.agent.post('/api/auth/two-factor/enable').set('Origin', TEST_ORIGIN).send({ code: totpCode(setup.body.secret, clock) })).status).toBe(200);
    clock += 10 * 60_000 + 1;
    return { ...who, secret: setup.body.secret as string };
  }
  const create = (who: Account, allowedOperations: KeyOperation[] | null) =>
    who.agent.post('/api/v1/api-keys').set('Origin', TEST_ORIGIN).send({ keyName: 'k', allowedOperations });
  const restrict = (who: Account, id: number, allowedOperations: KeyOperation[] | null) =>
    who.agent.patch(`/api/v1/api-keys/${id}`).set('Origin', TEST_ORIGIN).send({ allowedOperations });

  it('needs step-up with two-factor sign-in on, at creation and when a change adds it; other keys and changes do not', async () => {
    const who = await withTwoFactor();
    expect((await create(who, ['sign'])).status).toBe(201);
    expect((await create(who, null)).status).toBe(201);
    const refused = await create(who, ['manage']);
    expect([refused.status, refused.body.code]).toEqual([403, 'step_up_required']);
    expect((await restrict(who, who.keyId, ['verify'])).status).toBe(200);
    expect((await restrict(who, who.keyId, ['verify', 'manage'])).body.code).toBe('step_up_required');
    expect((await who.agent.get('/api/v1/api-keys')).body.some((k: { allowedOperations: string[] | null }) => k.allowedOperations?.includes('manage'))).toBe(false);

    expect((await who.agent.post('/api/auth/step-up').set('Origin', TEST_ORIGIN).send({ code: totpCode(who.secret, clock) })).status).toBe(200);
    const manager = await create(who, ['manage']);
    expect(manager.status).toBe(201);
    expect((await restrict(who, who.keyId, ['verify', 'manage'])).status).toBe(200);
    clock += 10 * 60_000 + 1;
    // Keeping or dropping manage gains nothing.
    expect((await restrict(who, who.keyId, ['sign', 'manage'])).status).toBe(200);
    expect((await restrict(who, manager.body.id, null)).status).toBe(200);
    clock = Date.now();
  });

  it('needs no step-up without two-factor sign-in', async () => {
    const who = await signUpWithKey(app);
    expect((await create(who, ['manage'])).status).toBe(201);
    expect((await restrict(who, who.keyId, ['manage', 'sign'])).status).toBe(200);
  });
});

describe('the bound on management-key requests', () => {
  it('counts them per address with the reads limit, wrong secrets included; the session path is not counted', async () => {
    const limited = await createTestApp({ config: { engineWorkers: 1, rateLimits: { auth: 10_000, demo: 10_000, reads: 3, webhooks: 10_000, paymentPages: 10_000 } } });
    try {
      const who = await signUpWithKey(limited);
      const wrong = { 'x-api-key': who.apiKey, 'x-api-secret': 'sk_wrong' };
      for (let i = 0; i < 3; i++) expect((await request(limited.app).get('/api/v1/usage').set(wrong)).status).toBe(401);
      const over = await request(limited.app).get('/api/v1/usage').set(wrong);
      expect([over.status, over.body.code]).toEqual([429, 'rate_limited']);
      expect(over.headers['retry-after']).toBeDefined();
      for (let i = 0; i < 4; i++) expect((await who.agent.get('/api/v1/usage')).status).toBe(200);
      // Metered calls keep their own bounds (per-key and per-account slots), not this one.
      const key = { apiKey: who.apiKey, apiSecret: who.apiSecret };
      expect((await request(limited.app).post('/api/v1/crypto/dilion/verify').set(as(key)).send({ message: 'm', signature: Buffer.alloc(3309).toString('base64'), publicKey: Buffer.alloc(1952).toString('base64') })).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
