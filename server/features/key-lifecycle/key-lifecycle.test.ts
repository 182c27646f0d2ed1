/**
 * The lifecycle routes end to end (docs/decisions/056-key-versions-and-lifecycle.md): rotation
 * makes a new primary that signs while older versions still verify; disabled, pending and
 * destroyed keys refuse the existing sign paths (Dilion, QES2) with typed errors and enable
 * restores; a destroyed key's signatures still verify by public key; housekeeping rotates and
 * destroys when their time comes; every route refuses bad input, another account's key and a visitor.
 */
import { ml_dsa65 } from '@noble/post-quantum/ml-dsa.js';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpWithKey, TEST_ORIGIN, type TestApp } from '../../test-support.ts';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ config: { engineWorkers: 1 } });
});
afterAll(() => app.close());

type Who = Awaited<ReturnType<typeof signUpWithKey>>;
const KEY_ROUTES = ['versions', 'rotate', 'disable', 'enable', 'schedule-deletion', 'cancel-deletion'] as const;

const createKey = async (who: Who, algorithm = 'ML-DSA-65') =>
  (await who.agent.post('/api/signing-keys').set('Origin', TEST_ORIGIN).send({ name: 'k', algorithm })).body as { keyId: string; publicKey: string };
const act = (who: Who, keyId: string, action: string, body?: object) => who.agent.post(`/api/v1/keys/${keyId}/${action}`).set('Origin', TEST_ORIGIN).send(body ?? {});
const api = (who: Who, path: string, body: object) => request(app.app).post(path).set({ 'x-api-key': who.apiKey, 'x-api-secret': who.apiSecret }).send(body);
const dilionSign = (who: Who, keyId: string | undefined, message: string) => api(who, '/api/crypto/dilion/sign', keyId ? { message, keyId } : { message });
const qes2Sign = (who: Who, keyId: string, message: string) => api(who, '/api/crypto/qes2/ecdsa/sign', { message, keyId });
const sqlite = () => app.database.sqlite;

/** Dilion signs M = 0x00 ‖ message under its FIPS 204 context (signing-keys.test.ts checks the same). */
function verifiesWithNoble(signed: { signature: { encoded: string }; context: string }, message: string, publicKey: string): boolean {
  const M = new Uint8Array([0x00, ...new TextEncoder().encode(message)]);
  return ml_dsa65.verify(new Uint8Array(Buffer.from(signed.signature.encoded, 'base64')), M, new Uint8Array(Buffer.from(publicKey, 'base64')), { context: new TextEncoder().encode(signed.context) });
}

describe('rotation', () => {
  it('signs with the new primary version and keeps the old one verifying, on Dilion and QES2', async () => {
    const who = await signUpWithKey(app);
    const key = await createKey(who);
    const before = await dilionSign(who, key.keyId, 'before');
    expect(before.body).toMatchObject({ keyId: key.keyId, keyVersion: 1, publicKey: key.publicKey });

    const rotated = await act(who, key.keyId, 'rotate');
    expect(rotated.status).toBe(200);
    expect(rotated.body).toMatchObject({ keyId: key.keyId, state: 'enabled', primaryVersion: 2 });
    expect(rotated.body.publicKey).not.toBe(key.publicKey);

    const after = await dilionSign(who, key.keyId, 'after');
    expect(after.body).toMatchObject({ keyVersion: 2, publicKey: rotated.body.publicKey });
    expect(verifiesWithNoble(after.body, 'after', rotated.body.publicKey)).toBe(true);
    expect(verifiesWithNoble(before.body, 'before', key.publicKey)).toBe(true);
    const oldVerify = await api(who, '/api/crypto/dilion/verify', { message: 'before', signature: before.body.signature.encoded, publicKey: key.publicKey });
    expect(oldVerify.body.valid).toBe(true);

    const versions = await who.agent.get(`/api/v1/keys/${key.keyId}/versions`);
    expect(versions.body).toMatchObject({ keyId: key.keyId, primaryVersion: 2, state: 'enabled' });
    expect(versions.body.versions.map((v: { version: number; primary: boolean; publicKey: string }) => [v.version, v.primary, v.publicKey])).toEqual([
      [1, false, key.publicKey], [2, true, rotated.body.publicKey],
    ]);
    const listed = (await who.agent.get('/api/signing-keys')).body.find((k: { keyId: string }) => k.keyId === key.keyId);
    expect(listed).toMatchObject({ publicKey: rotated.body.publicKey, primaryVersion: 2, state: 'enabled' });
    expect((await who.agent.get(`/api/signing-keys/${key.keyId}/export`)).body.raw).toBe(rotated.body.publicKey);
  });

  it('verifies a QES2 signature by keyId at the version that made it', async () => {
    const who = await signUpWithKey(app);
    const key = await createKey(who, 'QES2_ECDSA');
    const old = await qes2Sign(who, key.keyId, 'old');
    expect(old.body).toMatchObject({ keyId: key.keyId, keyVersion: 1 });
    await act(who, key.keyId, 'rotate');
    const signed = await qes2Sign(who, key.keyId, 'new');
    expect(signed.body.keyVersion).toBe(2);
    const verify = (body: object) => api(who, '/api/crypto/qes2/ecdsa/verify', body);
    expect((await verify({ message: 'old', signature: old.body.signature.encoded, keyId: key.keyId, keyVersion: 1 })).body.valid).toBe(true);
    expect((await verify({ message: 'old', signature: old.body.signature.encoded, keyId: key.keyId })).body.valid).toBe(false);
    expect((await verify({ message: 'new', signature: signed.body.signature.encoded, keyId: key.keyId })).body.valid).toBe(true);
    const missing = await verify({ message: 'old', signature: old.body.signature.encoded, keyId: key.keyId, keyVersion: 3 });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 'key_version_not_found', param: 'keyVersion' });
    const both = await verify({ message: 'old', signature: old.body.signature.encoded, keyId: key.keyId, publicKey: key.publicKey });
    expect(both.body).toMatchObject({ code: 'public_key_or_key_id' });
    expect((await verify({ message: 'old', signature: old.body.signature.encoded, keyVersion: 1 })).body).toMatchObject({ code: 'key_id_required', param: 'keyVersion' });
  });

  it('stops at 100 versions of a key', async () => {
    const who = await signUpWithKey(app);
    const key = await createKey(who);
    sqlite().prepare('UPDATE signing_keys SET primary_version = 100 WHERE id = ?').run(key.keyId);
    sqlite().prepare("INSERT INTO key_versions (key_id, version, sealed_seed, public_key) SELECT key_id, 100, sealed_seed, public_key FROM key_versions WHERE key_id = ? AND version = 1").run(key.keyId);
    const res = await act(who, key.keyId, 'rotate');
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'key_version_limit' });
  });
});

describe('disable, enable and deletion', () => {
  it('a disabled key refuses Dilion and QES2 signing with 409 key_disabled, and enable restores it', async () => {
    const who = await signUpWithKey(app);
    const dilionKey = await createKey(who);
    const qes2Key = await createKey(who, 'QES2_ECDSA');
    for (const key of [dilionKey, qes2Key]) expect((await act(who, key.keyId, 'disable')).body).toMatchObject({ state: 'disabled' });
    expect((await act(who, dilionKey.keyId, 'disable')).status).toBe(200);
    for (const res of [await dilionSign(who, dilionKey.keyId, 'm'), await qes2Sign(who, qes2Key.keyId, 'm')]) {
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ code: 'key_disabled', param: 'keyId' });
      expect(res.body.message).toContain('/enable');
    }
    const refused = await act(who, dilionKey.keyId, 'rotate');
    expect(refused.body).toMatchObject({ code: 'key_disabled' });
    for (const key of [dilionKey, qes2Key]) expect((await act(who, key.keyId, 'enable')).body).toMatchObject({ state: 'enabled' });
    expect((await dilionSign(who, dilionKey.keyId, 'm')).status).toBe(200);
    expect((await qes2Sign(who, qes2Key.keyId, 'm')).status).toBe(200);
  });

  it('a disabled default key refuses signing without a keyId too', async () => {
    const who = await signUpWithKey(app);
    const first = await dilionSign(who, undefined, 'm');
    await act(who, first.body.keyId, 'disable');
    expect((await dilionSign(who, undefined, 'm')).body).toMatchObject({ code: 'key_disabled' });
  });

  it('schedules deletion (refusing use), cancels it back to disabled, and destroys at its date, keeping public keys verifying', async () => {
    const who = await signUpWithKey(app);
    const key = await createKey(who);
    const signed = await dilionSign(who, key.keyId, 'kept');
    await act(who, key.keyId, 'rotate');

    const scheduled = await act(who, key.keyId, 'schedule-deletion', { days: 7 });
    expect(scheduled.body).toMatchObject({ state: 'pending_deletion' });
    const days = (Date.parse(scheduled.body.deletionAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThan(7.01);
    expect((await dilionSign(who, key.keyId, 'm')).body).toMatchObject({ code: 'key_pending_deletion' });
    expect((await act(who, key.keyId, 'enable')).body).toMatchObject({ code: 'key_pending_deletion' });
    expect((await act(who, key.keyId, 'cancel-deletion')).body).toMatchObject({ state: 'disabled', deletionAt: null });
    expect((await act(who, key.keyId, 'cancel-deletion')).body).toMatchObject({ code: 'key_not_pending_deletion' });
    expect((await act(who, key.keyId, 'schedule-deletion')).body.deletionAt).toBeTruthy();

    sqlite().prepare('UPDATE signing_keys SET deletion_at = ? WHERE id = ?').run(Date.now() - 1000, key.keyId);
    expect(await app.context.keyLifecycle.housekeep()).toMatchObject({ keysDestroyed: 1 });
    expect(await app.context.keyLifecycle.housekeep()).toMatchObject({ keysDestroyed: 0 });

    const refused = await dilionSign(who, key.keyId, 'm');
    expect(refused.status).toBe(410);
    expect(refused.body).toMatchObject({ code: 'key_destroyed' });
    for (const action of ['enable', 'disable', 'rotate', 'schedule-deletion']) expect((await act(who, key.keyId, action)).status, action).toBe(410);
    const versions = (await who.agent.get(`/api/v1/keys/${key.keyId}/versions`)).body;
    expect(versions).toMatchObject({ state: 'destroyed' });
    expect(versions.versions.map((v: { state: string }) => v.state)).toEqual(['destroyed', 'destroyed']);
    expect(sqlite().prepare('SELECT count(*) AS n FROM key_versions WHERE key_id = ? AND sealed_seed IS NOT NULL').get(key.keyId)).toEqual({ n: 0 });
    expect(sqlite().prepare('SELECT sealed_seed AS s FROM signing_keys WHERE id = ?').get(key.keyId)).toEqual({ s: null });
    const verified = await api(who, '/api/crypto/dilion/verify', { message: 'kept', signature: signed.body.signature.encoded, publicKey: key.publicKey });
    expect(verified.body.valid).toBe(true);
    const history = await who.agent.get('/api/operations?limit=10');
    expect(history.status).toBe(200);
  });
});

describe('automatic rotation', () => {
  it('sets and clears a period, and housekeeping rotates a key whose period elapsed, once', async () => {
    const who = await signUpWithKey(app);
    const key = await createKey(who);
    const patch = (body: object) => who.agent.patch(`/api/v1/keys/${key.keyId}`).set('Origin', TEST_ORIGIN).send(body);
    const set = await patch({ rotationPeriodDays: 30 });
    expect(set.body).toMatchObject({ rotationPeriodDays: 30 });
    expect((Date.parse(set.body.nextRotationAt) - Date.now()) / 86_400_000).toBeCloseTo(30, 1);
    expect((await patch({ rotationPeriodDays: null })).body).toMatchObject({ rotationPeriodDays: null, nextRotationAt: null });
    await patch({ rotationPeriodDays: 90 });
    sqlite().prepare('UPDATE signing_keys SET next_rotation_at = ? WHERE id = ?').run(Date.now() - 1000, key.keyId);
    expect((await app.context.keyLifecycle.housekeep()).keysRotated).toBeGreaterThanOrEqual(1);
    const versions = (await who.agent.get(`/api/v1/keys/${key.keyId}/versions`)).body;
    expect(versions.primaryVersion).toBe(2);
    const after = (await act(who, key.keyId, 'disable')).body;
    expect((Date.parse(after.nextRotationAt) - Date.now()) / 86_400_000).toBeCloseTo(90, 1);
    expect((await app.context.keyLifecycle.housekeep()).keysRotated).toBe(0);
  });
});

describe('bad input, another account and visitors', () => {
  it('refuses days and periods out of range with 400 naming the field', async () => {
    const who = await signUpWithKey(app);
    const key = await createKey(who);
    for (const days of [6, 31, 7.5, '7']) {
      const res = await act(who, key.keyId, 'schedule-deletion', { days });
      expect(res.status, String(days)).toBe(400);
      expect(res.body.param).toContain('days');
    }
    expect((await act(who, key.keyId, 'schedule-deletion', { days: 7, extra: 1 })).status).toBe(400);
    for (const rotationPeriodDays of [29, 366, 'monthly', 45.5]) {
      const res = await who.agent.patch(`/api/v1/keys/${key.keyId}`).set('Origin', TEST_ORIGIN).send({ rotationPeriodDays });
      expect(res.status, String(rotationPeriodDays)).toBe(400);
      expect(res.body.param).toContain('rotationPeriodDays');
    }
    expect((await who.agent.patch(`/api/v1/keys/${key.keyId}`).set('Origin', TEST_ORIGIN).send({})).status).toBe(400);
  });

  it('answers 404 for another account’s key and an unknown one, 400 for a malformed id, 401 for a visitor', async () => {
    const alice = await signUpWithKey(app);
    const bob = await signUpWithKey(app);
    const key = await createKey(alice);
    const unknown = `kid_${'A'.repeat(22)}`;
    for (const action of KEY_ROUTES) {
      for (const id of [key.keyId, unknown]) {
        const res = action === 'versions' ? await bob.agent.get(`/api/v1/keys/${id}/versions`) : await act(bob, id, action);
        expect(res.status, `${action} ${id}`).toBe(404);
        expect(res.body).toMatchObject({ code: 'signing_key_not_found', param: 'keyId' });
      }
      const malformed = action === 'versions' ? await bob.agent.get('/api/v1/keys/nope/versions') : await act(bob, 'nope', action);
      expect(malformed.status, action).toBe(400);
      expect(malformed.body.param).toBe('params.keyId');
      const visitor = action === 'versions' ? await request(app.app).get(`/api/v1/keys/${key.keyId}/versions`) : await request(app.app).post(`/api/v1/keys/${key.keyId}/${action}`).send({});
      expect(visitor.status, action).toBe(401);
    }
    expect((await bob.agent.patch(`/api/v1/keys/${key.keyId}`).set('Origin', TEST_ORIGIN).send({ rotationPeriodDays: 30 })).status).toBe(404);
    expect((await dilionSign(bob, key.keyId, 'm')).status).toBe(404);
    expect((await alice.agent.get(`/api/v1/keys/${key.keyId}/versions`)).body.versions).toHaveLength(1);
  });
});
