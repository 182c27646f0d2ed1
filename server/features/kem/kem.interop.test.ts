/**
 * The ML-KEM-768 routes agree with independent implementations both ways (docs/decisions/054):
 * HPKE with @hpke/core + @hpke/ml-kem (a client seals to the exported public key and the route
 * opens; what seal and generate-data-key answer opens there), and raw encapsulation with
 * @noble/post-quantum. The key pair on the other side comes from the key's own seed, read from
 * the server's store the way the engine reads it.
 */
import { Chacha20Poly1305 } from '@hpke/chacha20poly1305';
import { CipherSuite, HkdfSha256 } from '@hpke/core';
import { MlKem768 } from '@hpke/ml-kem';
import { ml_kem768 } from '@noble/post-quantum/ml-kem.js';
import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpWithKey, TEST_ORIGIN, type TestApp } from '../../test-support.ts';

let app: TestApp;
let who: Awaited<ReturnType<typeof signUpWithKey>>;
let keyId: string;
/** The key's exported raw public key, and its 64-byte seed d ‖ z. */
let publicKey: Uint8Array;
let seed: Uint8Array;

const b64 = (b: Uint8Array) => Buffer.from(b).toString('base64');
const bytes = (s: string) => new Uint8Array(Buffer.from(s, 'base64'));
const buffer = (b: Uint8Array) => b.slice().buffer as ArrayBuffer;
const theirs = new CipherSuite({ kem: new MlKem768(), kdf: new HkdfSha256(), aead: new Chacha20Poly1305() });

const call = (action: string, body: object) =>
  request(app.app).post(`/api/v1/keys/${keyId}/${action}`).set('x-api-key', who.apiKey).set('x-api-secret', who.apiSecret).send(body);

async function theirSeal(pt: Uint8Array, info: Uint8Array, aad: Uint8Array) {
  const recipientPublicKey = await theirs.kem.importKey('raw', buffer(publicKey), true);
  const { ct, enc } = await theirs.seal({ recipientPublicKey, info: buffer(info) }, buffer(pt), buffer(aad));
  return { enc: new Uint8Array(enc), ciphertext: new Uint8Array(ct) };
}

async function theirOpen(enc: Uint8Array, ct: Uint8Array, info = new Uint8Array(0), aad = new Uint8Array(0)) {
  const recipientKey = await theirs.kem.importKey('raw', buffer(seed), false);
  return new Uint8Array(await theirs.open({ recipientKey, enc: buffer(enc), info: buffer(info) }, buffer(ct), buffer(aad)));
}

beforeAll(async () => {
  app = await createTestApp({ config: { engineWorkers: 1 } });
  who = await signUpWithKey(app);
  const created = await who.agent.post('/api/v1/keys').set('Origin', TEST_ORIGIN).send({ name: 'interop', algorithm: 'ML-KEM-768' });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  keyId = created.body.keyId;
  const exported = await who.agent.get(`/api/v1/keys/${keyId}/export`);
  publicKey = bytes(exported.body.raw);
  seed = (await app.context.keyMaterials.forKey({ userId: who.user.id }, keyId)).seed();
});
afterAll(() => app.close());

describe('the stored key', () => {
  it('is the FIPS 203 key pair of its 64-byte seed, as noble derives it', () => {
    expect(seed).toHaveLength(64);
    expect(b64(ml_kem768.keygen(seed.slice()).publicKey)).toBe(b64(publicKey));
  });
});

describe('HPKE against @hpke/core + @hpke/ml-kem', () => {
  it('opens what a client sealed to the exported public key, with aad and info', async () => {
    for (const size of [0, 1, 100, 4096]) {
      const pt = new Uint8Array(randomBytes(size));
      const info = new Uint8Array(randomBytes(size % 50));
      const aad = new Uint8Array(randomBytes(size % 33));
      const sealed = await theirSeal(pt, info, aad);
      const res = await call('open', { enc: b64(sealed.enc), ciphertext: b64(sealed.ciphertext), aad: b64(aad), info: b64(info) });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toEqual({ keyId, keyVersion: 1, algorithm: 'ML-KEM-768', plaintext: b64(pt) });
    }
  });

  it('seals what the client opens with the key pair', async () => {
    const pt = new Uint8Array(randomBytes(777));
    const aad = new TextEncoder().encode('record 42');
    const info = new TextEncoder().encode('app v1');
    const res = await call('seal', { plaintext: b64(pt), aad: b64(aad), info: b64(info) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.suite).toEqual({ kemId: theirs.kem.id, kdfId: theirs.kdf.id, aeadId: theirs.aead.id });
    expect(bytes(res.body.enc)).toHaveLength(1088);
    expect(bytes(res.body.ciphertext)).toHaveLength(777 + 16);
    expect(await theirOpen(bytes(res.body.enc), bytes(res.body.ciphertext), info, aad)).toEqual(pt);
    await expect(theirOpen(bytes(res.body.enc), bytes(res.body.ciphertext), info)).rejects.toThrow();
  });

  it('generates a 256-bit data key whose sealed form opens to it, there and through open', async () => {
    const res = await call('generate-data-key', {});
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const dataKey = bytes(res.body.plaintext);
    expect(dataKey).toHaveLength(32);
    expect(await theirOpen(bytes(res.body.sealed.enc), bytes(res.body.sealed.ciphertext))).toEqual(dataKey);
    const opened = await call('open', res.body.sealed);
    expect(opened.body.plaintext).toBe(res.body.plaintext);
    const again = await call('generate-data-key', {});
    expect(again.body.plaintext).not.toBe(res.body.plaintext);
  });
});

describe('encapsulate and decapsulate against @noble/post-quantum', () => {
  it('noble decapsulates the route’s ciphertext to the same secret with the same seed’s key', async () => {
    const { secretKey } = ml_kem768.keygen(seed.slice());
    for (let i = 0; i < 3; i++) {
      const res = await call('encapsulate', {});
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(bytes(res.body.ciphertext)).toHaveLength(1088);
      expect(bytes(res.body.sharedSecret)).toHaveLength(32);
      expect(b64(ml_kem768.decapsulate(bytes(res.body.ciphertext), secretKey.slice()))).toBe(res.body.sharedSecret);
    }
  });

  it('decapsulates noble’s ciphertext to noble’s secret', async () => {
    const { cipherText, sharedSecret } = ml_kem768.encapsulate(publicKey);
    const res = await call('decapsulate', { ciphertext: b64(cipherText) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ keyId, keyVersion: 1, algorithm: 'ML-KEM-768', sharedSecret: b64(sharedSecret) });
  });

  it('answers an altered ciphertext with a different secret, as noble’s implicit rejection does', async () => {
    const { cipherText, sharedSecret } = ml_kem768.encapsulate(publicKey);
    const altered = cipherText.slice();
    altered[500]! ^= 0x01;
    const res = await call('decapsulate', { ciphertext: b64(altered) });
    expect(res.status).toBe(200);
    expect(res.body.sharedSecret).not.toBe(b64(sharedSecret));
    const { secretKey } = ml_kem768.keygen(seed.slice());
    expect(res.body.sharedSecret).toBe(b64(ml_kem768.decapsulate(altered, secretKey)));
  });
});
