/**
 * Bring your own key end to end (docs/decisions/056-key-versions-and-lifecycle.md): the client
 * seals a seed with an independent RFC 9180 implementation (@hpke/core + @hpke/ml-kem) to the
 * import's wrapping key; the key stored has the public key @noble/post-quantum derives from the
 * same seed, and what it signs after the import verifies with noble. Imports are single use,
 * expire, stay within the key limit, and refuse bad input, another account's import or key.
 */
import { Chacha20Poly1305 } from '@hpke/chacha20poly1305';
import { CipherSuite, HkdfSha256 } from '@hpke/core';
import { MlKem768 } from '@hpke/ml-kem';
import { ml_dsa65 } from '@noble/post-quantum/ml-dsa.js';
import { ml_kem768 } from '@noble/post-quantum/ml-kem.js';
import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpWithKey, TEST_ORIGIN, type TestApp } from '../../test-support.ts';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ config: { engineWorkers: 1 } });
});
afterAll(() => app.close());

type Who = Awaited<ReturnType<typeof signUpWithKey>>;
const suite = new CipherSuite({ kem: new MlKem768(), kdf: new HkdfSha256(), aead: new Chacha20Poly1305() });
const buffer = (b: Uint8Array) => b.slice().buffer as ArrayBuffer;
const b64 = (b: Uint8Array | ArrayBuffer) => Buffer.from(b instanceof ArrayBuffer ? new Uint8Array(b) : b).toString('base64');

/** The client's side: the seed sealed to the import's wrapping key with its info, as its answer says. */
async function wrap(started: { wrappingPublicKey: string; info: string }, seed: Uint8Array) {
  const recipientPublicKey = await suite.kem.importKey('raw', buffer(new Uint8Array(Buffer.from(started.wrappingPublicKey, 'base64'))), true);
  const { enc, ct } = await suite.seal({ recipientPublicKey, info: buffer(new TextEncoder().encode(started.info)) }, buffer(seed));
  return { enc: b64(enc), ciphertext: b64(ct) };
}

const start = (who: Who, body: object) => who.agent.post('/api/v1/key-imports').set('Origin', TEST_ORIGIN).send(body);
const complete = (who: Who, importId: string, wrappedSeed: object) => who.agent.post(`/api/v1/key-imports/${importId}`).set('Origin', TEST_ORIGIN).send({ wrappedSeed });
const dilionSign = (who: Who, keyId: string, message: string) =>
  request(app.app).post('/api/crypto/dilion/sign').set({ 'x-api-key': who.apiKey, 'x-api-secret': who.apiSecret }).send({ message, keyId });

function verifiesWithNoble(signed: { signature: { encoded: string }; context: string }, message: string, publicKey: Uint8Array): boolean {
  const M = new Uint8Array([0x00, ...new TextEncoder().encode(message)]);
  return ml_dsa65.verify(new Uint8Array(Buffer.from(signed.signature.encoded, 'base64')), M, publicKey, { context: new TextEncoder().encode(signed.context) });
}

async function importSeed(who: Who, body: object, seed: Uint8Array) {
  const started = await start(who, body);
  expect(started.status).toBe(201);
  return complete(who, started.body.importId, await wrap(started.body, seed));
}

describe('key imports', () => {
  it('hands out a per-import ML-KEM-768 wrapping key for 24 hours, with the suite and info to seal with', async () => {
    const who = await signUpWithKey(app);
    const res = await start(who, { algorithm: 'ML-DSA-65' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ algorithm: 'ML-DSA-65', keyId: null, wrapping: 'HPKE ML-KEM-768/HKDF-SHA256/ChaCha20-Poly1305', info: `kms-key-import:${res.body.importId}` });
    expect(res.body.importId).toMatch(/^imp_[0-9A-Za-z]{22}$/);
    expect(Buffer.from(res.body.wrappingPublicKey, 'base64')).toHaveLength(1184);
    expect((Date.parse(res.body.expiresAt) - Date.now()) / 3_600_000).toBeCloseTo(24, 1);
    const other = await start(who, { algorithm: 'ML-DSA-65' });
    expect(other.body.wrappingPublicKey).not.toBe(res.body.wrappingPublicKey);
    const stored = app.database.sqlite.prepare('SELECT sealed_secret AS s FROM key_imports WHERE id = ?').get(res.body.importId) as { s: string };
    expect(stored.s).not.toContain(res.body.wrappingPublicKey.slice(0, 40));
  });

  it('imports an ML-DSA-65 seed as a new key whose public key is noble’s from the seed, and signs what noble verifies', async () => {
    const who = await signUpWithKey(app);
    const seed = new Uint8Array(randomBytes(32));
    const res = await importSeed(who, { algorithm: 'ML-DSA-65', name: 'from my HSM' }, seed);
    expect(res.status).toBe(201);
    const expected = ml_dsa65.keygen(seed).publicKey;
    expect(res.body).toMatchObject({ name: 'from my HSM', algorithm: 'ML-DSA-65', state: 'enabled', primaryVersion: 1, importedVersion: 1, publicKey: b64(expected) });
    const signed = await dilionSign(who, res.body.keyId, 'imported');
    expect(signed.body).toMatchObject({ keyId: res.body.keyId, keyVersion: 1, publicKey: b64(expected) });
    expect(verifiesWithNoble(signed.body, 'imported', expected)).toBe(true);
  });

  it('imports a seed as a new primary version of an existing key; the old version stays listed', async () => {
    const who = await signUpWithKey(app);
    const key = (await who.agent.post('/api/signing-keys').set('Origin', TEST_ORIGIN).send({ name: 'k', algorithm: 'ML-DSA-65' })).body;
    const seed = new Uint8Array(randomBytes(32));
    const res = await importSeed(who, { algorithm: 'ML-DSA-65', keyId: key.keyId }, seed);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ keyId: key.keyId, primaryVersion: 2, importedVersion: 2, publicKey: b64(ml_dsa65.keygen(seed).publicKey) });
    const signed = await dilionSign(who, key.keyId, 'v2');
    expect(signed.body.keyVersion).toBe(2);
    expect(verifiesWithNoble(signed.body, 'v2', ml_dsa65.keygen(seed).publicKey)).toBe(true);
    const versions = (await who.agent.get(`/api/v1/keys/${key.keyId}/versions`)).body.versions;
    expect(versions.map((v: { publicKey: string }) => v.publicKey)).toEqual([key.publicKey, b64(ml_dsa65.keygen(seed).publicKey)]);
  });

  it('imports an ML-KEM-768 seed (64 bytes) as a key whose encapsulation key is noble’s from the seed', async () => {
    const who = await signUpWithKey(app);
    const seed = new Uint8Array(randomBytes(64));
    const res = await importSeed(who, { algorithm: 'ML-KEM-768' }, seed);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ algorithm: 'ML-KEM-768', name: 'Imported key', publicKey: b64(ml_kem768.keygen(seed).publicKey) });
    const material = await app.context.keyMaterials.forKey({ userId: who.user.id }, res.body.keyId, { algorithm: 'ML-KEM-768' });
    const opened = material.seed();
    expect(b64(opened)).toBe(b64(seed));
    opened.fill(0);
  });

  it('is single use: a second completion, a failed unwrap and an expired import answer 410', async () => {
    const who = await signUpWithKey(app);
    const started = (await start(who, { algorithm: 'ML-DSA-65' })).body;
    const wrapped = await wrap(started, new Uint8Array(randomBytes(32)));
    expect((await complete(who, started.importId, wrapped)).status).toBe(201);
    const again = await complete(who, started.importId, wrapped);
    expect(again.status).toBe(410);
    expect(again.body).toMatchObject({ code: 'key_import_used' });

    const wrong = (await start(who, { algorithm: 'ML-DSA-65' })).body;
    const misinfo = await wrap({ ...wrong, info: 'another info' }, new Uint8Array(randomBytes(32)));
    const failed = await complete(who, wrong.importId, misinfo);
    expect(failed.status).toBe(400);
    expect(failed.body).toMatchObject({ code: 'unwrap_failed', param: 'wrappedSeed' });
    expect((await complete(who, wrong.importId, await wrap(wrong, new Uint8Array(randomBytes(32))))).body).toMatchObject({ code: 'key_import_used' });

    const late = (await start(who, { algorithm: 'ML-DSA-65' })).body;
    app.database.sqlite.prepare('UPDATE key_imports SET expires_at = ? WHERE id = ?').run(Date.now() - 1, late.importId);
    const expired = await complete(who, late.importId, await wrap(late, new Uint8Array(randomBytes(32))));
    expect(expired.status).toBe(410);
    expect(expired.body).toMatchObject({ code: 'key_import_expired' });
  });

  it('refuses a seed of the wrong length for the algorithm', async () => {
    const who = await signUpWithKey(app);
    const res = await importSeed(who, { algorithm: 'ML-DSA-65' }, new Uint8Array(randomBytes(64)));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'invalid_seed_length' });
    expect(res.body.message).toContain('32 bytes');
    const kem = await importSeed(who, { algorithm: 'ML-KEM-768' }, new Uint8Array(randomBytes(32)));
    expect(kem.body).toMatchObject({ code: 'invalid_seed_length' });
  });

  it('stays within the account’s key limit', async () => {
    const who = await signUpWithKey(app);
    const insert = app.database.sqlite.prepare("INSERT INTO signing_keys (id, user_id, algorithm, name, sealed_seed, public_key) VALUES (?, ?, 'ML-DSA-65', 'filler', 's', 'p')");
    for (let i = 0; i < 25; i++) insert.run(`kid_limit${who.user.id.slice(0, 6)}${String(i).padStart(12, '0')}`, who.user.id);
    const res = await importSeed(who, { algorithm: 'ML-DSA-65' }, new Uint8Array(randomBytes(32)));
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'key_limit_reached' });
  });

  it('refuses bad input, another account’s import or key, a key of another algorithm, and a visitor', async () => {
    const alice = await signUpWithKey(app);
    const bob = await signUpWithKey(app);
    for (const body of [{}, { algorithm: 'RSA-2048' }, { algorithm: 'ML-DSA-65', keyId: 'nope' }, { algorithm: 'ML-DSA-65', name: '' }, { algorithm: 'ML-DSA-65', extra: 1 }]) {
      const res = await start(alice, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toBeTruthy();
    }
    const key = (await alice.agent.post('/api/signing-keys').set('Origin', TEST_ORIGIN).send({ name: 'k', algorithm: 'ML-DSA-65' })).body;
    expect((await start(bob, { algorithm: 'ML-DSA-65', keyId: key.keyId })).body).toMatchObject({ code: 'signing_key_not_found' });
    expect((await start(alice, { algorithm: 'ML-DSA-44', keyId: key.keyId })).body).toMatchObject({ code: 'algorithm_mismatch', param: 'algorithm' });
    await alice.agent.post(`/api/v1/keys/${key.keyId}/disable`).set('Origin', TEST_ORIGIN).send({});
    expect((await start(alice, { algorithm: 'ML-DSA-65', keyId: key.keyId })).body).toMatchObject({ code: 'key_disabled' });

    const started = (await start(alice, { algorithm: 'ML-DSA-65' })).body;
    const wrapped = await wrap(started, new Uint8Array(randomBytes(32)));
    expect((await complete(bob, started.importId, wrapped)).body).toMatchObject({ code: 'key_import_not_found' });
    expect((await complete(alice, 'imp_nope', wrapped)).status).toBe(400);
    expect((await complete(alice, started.importId, { ...wrapped, enc: b64(new Uint8Array(10)) })).body).toMatchObject({ code: 'invalid_enc', param: 'wrappedSeed.enc' });
    expect((await complete(alice, started.importId, { ...wrapped, ciphertext: b64(new Uint8Array(8)) })).body).toMatchObject({ code: 'invalid_ciphertext_length' });
    expect((await complete(alice, started.importId, { enc: wrapped.enc })).status).toBe(400);
    expect((await complete(alice, started.importId, { ...wrapped, ciphertext: 'not base64!' })).status).toBe(400);
    expect((await request(app.app).post('/api/v1/key-imports').send({ algorithm: 'ML-DSA-65' })).status).toBe(401);
    expect((await complete(alice, started.importId, wrapped)).status).toBe(201);
  });
});
