import { sha3_256 } from '@noble/hashes/sha3.js';
import { ml_dsa65 } from '@noble/post-quantum/ml-dsa.js';
import { ml_kem768 } from '@noble/post-quantum/ml-kem.js';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engine } from '../../../engine/test-support/loaded-engine.ts';
import { fromBase64, fromHex, toBase64, toHex } from '../../../engine/test-support/bytes.ts';
import { demoVisitor, createTestApp, signUpWithKey, TEST_ORIGIN, type TestApp } from '../../test-support.ts';

let app: TestApp;
let service: Awaited<ReturnType<typeof signUpWithKey>>;
let stranger: Awaited<ReturnType<typeof signUpWithKey>>;
beforeAll(async () => {
  app = await createTestApp();
  service = await signUpWithKey(app);
  stranger = await signUpWithKey(app);
});
afterAll(() => app.close());

const call = (path: string, body: object, who = service) =>
  request(app.app).post(path).set('x-api-key', who.apiKey).set('x-api-secret', who.apiSecret).send(body);
const get = (path: string, who = service) => request(app.app).get(path).set('x-api-key', who.apiKey).set('x-api-secret', who.apiSecret);

const utf8 = (s: string) => new Uint8Array(Buffer.from(s, 'utf8'));

interface PidCipher {
  C1: string;
  C2: string;
  serviceKeyId: string;
  suite: string;
}

/** M = 0x01 ‖ skid ‖ C1 ‖ u16be(|C2|) ‖ C2 ‖ message, from the documented fields only. */
function messageOf(pid: PidCipher, message: string): Uint8Array {
  const c2 = fromBase64(pid.C2);
  return new Uint8Array(Buffer.concat([Buffer.from([1]), fromHex(pid.serviceKeyId), fromBase64(pid.C1), Buffer.from([c2.length >> 8, c2.length & 0xff]), c2, utf8(message)]));
}

describe('Dilion with a uid', () => {
  let signed: { publicKey: string; context: string; signature: { encoded: string; pidCipher: PidCipher }; pidCipher: PidCipher; pidOpening: string; keyId: string };
  const message = 'authentication request';
  beforeAll(async () => {
    const res = await call('/api/crypto/dilion/sign', { message, sid: 'service-A', uid: 'ada@example.com', includePidOpening: true });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    signed = res.body;
  });
  const verify = (body: object, who = service) => call('/api/crypto/dilion/verify', { message, sid: 'service-A', publicKey: signed.publicKey, signature: signed.signature.encoded, pidCipher: signed.pidCipher, ...body }, who);

  it('binds a pidCipher of the documented sizes, and the ML-DSA part verifies with @noble/post-quantum', () => {
    expect(fromBase64(signed.pidCipher.C1)).toHaveLength(1088);
    expect(fromBase64(signed.pidCipher.C2)).toHaveLength(80);
    expect(signed.pidCipher.serviceKeyId).toMatch(/^[0-9a-f]{64}$/);
    expect(signed.signature.pidCipher).toEqual(signed.pidCipher);
    expect(fromBase64(signed.pidOpening)).toHaveLength(32);
    const ok = ml_dsa65.verify(fromBase64(signed.signature.encoded), messageOf(signed.pidCipher, message), fromBase64(signed.publicKey), { context: utf8(signed.context) });
    expect(ok).toBe(true);
    expect(ml_dsa65.verify(fromBase64(signed.signature.encoded), new Uint8Array([0, ...utf8(message)]), fromBase64(signed.publicKey), { context: utf8(signed.context) })).toBe(false);
  });

  it('returns pidOpening only when asked', async () => {
    const res = await call('/api/crypto/dilion/sign', { message, sid: 'service-A', uid: 'ada@example.com' });
    expect(res.body.pidOpening).toBeUndefined();
    expect(res.body.pidCipher.serviceKeyId).toBe(signed.pidCipher.serviceKeyId);
  });

  it('gives the service key’s owner match for the right uid and mismatch (invalid) for another', async () => {
    const right = await verify({ uid: 'ada@example.com' });
    expect(right.body).toMatchObject({ valid: true, details: { signatureValid: true, identity: 'match', serviceKeyId: signed.pidCipher.serviceKeyId, context: 'dilion/v1|service-A' } });
    const wrong = await verify({ uid: 'eve@example.com' });
    expect(wrong.body).toMatchObject({ valid: false, details: { signatureValid: true, identity: 'mismatch' } });
    const none = await verify({});
    expect(none.body).toMatchObject({ valid: true, details: { identity: 'not_checked' } });
  });

  it('gives everyone else not_checked, and match or mismatch with the pidOpening', async () => {
    const blind = await verify({ uid: 'eve@example.com' }, stranger);
    expect(blind.body).toMatchObject({ valid: true, details: { signatureValid: true, identity: 'not_checked' } });
    const opened = await verify({ uid: 'ada@example.com', pidOpening: signed.pidOpening }, stranger);
    expect(opened.body).toMatchObject({ valid: true, details: { identity: 'match' } });
    const wrong = await verify({ uid: 'eve@example.com', pidOpening: signed.pidOpening }, stranger);
    expect(wrong.body).toMatchObject({ valid: false, details: { identity: 'mismatch' } });
    const otherOpening = await verify({ uid: 'ada@example.com', pidOpening: toBase64(new Uint8Array(32)) }, stranger);
    expect(otherOpening.body).toMatchObject({ valid: false, details: { identity: 'mismatch' } });
  });

  it('is invalid when C1, C2 or the service key id is tampered with', async () => {
    const flip = (s: string) => {
      const b = fromBase64(s);
      b[5]! ^= 1;
      return toBase64(b);
    };
    const otherKeyId = (signed.pidCipher.serviceKeyId[0] === 'a' ? 'b' : 'a') + signed.pidCipher.serviceKeyId.slice(1);
    for (const pidCipher of [
      { ...signed.pidCipher, C1: flip(signed.pidCipher.C1) },
      { ...signed.pidCipher, C2: flip(signed.pidCipher.C2) },
      { ...signed.pidCipher, serviceKeyId: otherKeyId },
    ]) {
      const res = await verify({ uid: 'ada@example.com', pidCipher });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toMatchObject({ valid: false, details: { signatureValid: false, identity: 'not_checked' } });
    }
  });

  it('does not open when the pidCipher is moved onto another message or signer', async () => {
    const thief = ml_dsa65.keygen(new Uint8Array(32).fill(9));
    const cases = [
      { message: 'another message', keys: thief },
      { message, keys: thief },
    ];
    for (const c of cases) {
      const sig = ml_dsa65.sign(messageOf(signed.pidCipher, c.message), c.keys.secretKey, { context: utf8('dilion/v1|service-A') });
      const body = { message: c.message, publicKey: toBase64(c.keys.publicKey), signature: toBase64(sig), uid: 'ada@example.com' };
      const owner = await verify(body);
      expect(owner.body).toMatchObject({ valid: false, details: { signatureValid: true, identity: 'mismatch' } });
      const withOpening = await verify({ ...body, pidOpening: signed.pidOpening }, stranger);
      expect(withOpening.body).toMatchObject({ valid: false, details: { signatureValid: true, identity: 'mismatch' } });
    }
  });

  it('pads a uid longer than 63 bytes to 256 (C2 of 272 bytes), and refuses uid or sid over their limits by name', async () => {
    const long = await call('/api/crypto/dilion/sign', { message, uid: 'u'.repeat(255) });
    expect(long.status).toBe(200);
    expect(fromBase64(long.body.pidCipher.C2)).toHaveLength(272);
    const checked = await call('/api/crypto/dilion/verify', { message, publicKey: long.body.publicKey, signature: long.body.signature, uid: 'u'.repeat(255) });
    expect(checked.body).toMatchObject({ valid: true, details: { identity: 'match' } });
    const cases: [string, object, string][] = [
      ['sign', { message, uid: 'é'.repeat(128) }, 'uid'],
      ['sign', { message, uid: '' }, 'uid'],
      ['sign', { message, uid: 'x', sid: 's'.repeat(246) }, 'sid'],
      ['verify', { message, publicKey: signed.publicKey, signature: signed.signature.encoded, pidCipher: { ...signed.pidCipher, C2: toBase64(new Uint8Array(81)) } }, 'pidCipher.C2'],
      ['verify', { message, publicKey: signed.publicKey, signature: signed.signature.encoded, pidCipher: { ...signed.pidCipher, C1: 'AAAA' } }, 'pidCipher.C1'],
      ['verify', { message, publicKey: signed.publicKey, signature: signed.signature.encoded, pidCipher: signed.pidCipher, uid: 'a', pidOpening: 'AAAA' }, 'pidOpening'],
      ['verify', { message, publicKey: signed.publicKey, signature: signed.signature.encoded, pidOpening: signed.pidOpening }, 'pidOpening'],
    ];
    for (const [op, body, param] of cases) {
      const res = await call(`/api/crypto/dilion/${op}`, body, stranger);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.param).toBe(param);
      expect(res.body.message).toContain(param.split('.').pop()!);
    }
  });

  it('publishes the service key by sid (owner) and by id (anyone); the id is SHA3-256 of the key', async () => {
    const bySid = await get('/api/service-keys/sid/service-A');
    expect(bySid.status).toBe(200);
    expect(bySid.body).toMatchObject({ serviceKeyId: signed.pidCipher.serviceKeyId, sid: 'service-A', managed: true });
    expect(toHex(sha3_256(fromBase64(bySid.body.publicKey)))).toBe(signed.pidCipher.serviceKeyId);
    const byId = await request(app.app).get(`/api/service-keys/${signed.pidCipher.serviceKeyId}`);
    expect(byId.status).toBe(200);
    expect(byId.body.publicKey).toBe(bySid.body.publicKey);
    expect((await request(app.app).get(`/api/service-keys/${'0'.repeat(64)}`)).status).toBe(404);
    const theirs = await get('/api/service-keys/sid/service-A', stranger);
    expect(theirs.body.serviceKeyId).not.toBe(signed.pidCipher.serviceKeyId);
  });

  it('seals to a key the service registered, which only the service opens', async () => {
    const seed = new Uint8Array(64).fill(3);
    const { publicKey } = ml_kem768.keygen(seed);
    const registered = await call('/api/service-keys', { sid: 'own-kms', publicKey: toBase64(publicKey) });
    expect(registered.status, JSON.stringify(registered.body)).toBe(200);
    expect(registered.body.managed).toBe(false);
    const res = await call('/api/crypto/dilion/sign', { message, sid: 'own-kms', uid: 'bob' });
    expect(res.body.pidCipher.serviceKeyId).toBe(registered.body.serviceKeyId);
    const verified = await call('/api/crypto/dilion/verify', { message, sid: 'own-kms', publicKey: res.body.publicKey, signature: res.body.signature, uid: 'bob' });
    expect(verified.body).toMatchObject({ valid: true, details: { identity: 'not_checked' } });
    // The service opens it itself with RFC 9180 and the documented info and aad.
    const info = new Uint8Array([...utf8('dilion/v1 pid'), 0, ...utf8('own-kms')]);
    const aad = new Uint8Array([...sha3_256(fromBase64(res.body.publicKey)), ...sha3_256(utf8(message))]);
    const pt = engine.hpke.open(seed, fromBase64(res.body.pidCipher.C1), fromBase64(res.body.pidCipher.C2), { info, aad });
    expect(pt && Buffer.from(pt.subarray(0, 4)).toString('latin1')).toBe('bob\x80');
    const bad = await call('/api/service-keys', { sid: 'own-kms', publicKey: toBase64(new Uint8Array(1184).fill(255)) });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'invalid_public_key', param: 'publicKey' });
  });

  it('keeps service-key seeds sealed and never records the uid or the opening', () => {
    const keys = app.database.sqlite.prepare('SELECT sealed_seed AS s FROM service_keys WHERE sealed_seed IS NOT NULL').all() as { s: string }[];
    expect(keys.length).toBeGreaterThan(0);
    for (const { s } of keys) expect(fromBase64(s.slice(3))).toHaveLength(12 + 64 + 16);
    const rows = app.database.sqlite.prepare('SELECT metadata FROM crypto_operations').all() as { metadata: string }[];
    const all = rows.map((r) => r.metadata).join('\n');
    expect(all).not.toContain('ada@example.com');
    expect(all).not.toContain(signed.pidOpening);
  });
});

describe('Dilion demo with a uid', () => {
  it('signs with the session’s service key and verifies the signature object alone as its owner', async () => {
    const visitor = await demoVisitor(app);
    const signed = await visitor.post('/api/demo/dilion/sign').set('Origin', TEST_ORIGIN).send({ message: 'authentication request', uid: 'someone@example.com', sid: 'service-A' });
    expect(signed.status).toBe(200);
    expect(signed.body.pidCipher.C1).toBeDefined();
    const body = { message: 'authentication request', uid: 'someone@example.com', sid: 'service-A', signature: signed.body.signature, publicKey: signed.body.publicKey };
    const verified = await visitor.post('/api/demo/dilion/verify').set('Origin', TEST_ORIGIN).send(body);
    expect(verified.body).toMatchObject({ valid: true, details: { identity: 'match' } });
    const key = await visitor.get('/api/demo/service-keys/sid/service-A');
    expect(key.body.serviceKeyId).toBe(signed.body.pidCipher.serviceKeyId);
    const other = await request(app.app).post('/api/demo/dilion/verify').send(body);
    expect(other.body).toMatchObject({ valid: true, details: { identity: 'not_checked' } });
  });
});
