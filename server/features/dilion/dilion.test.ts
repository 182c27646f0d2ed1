import { ml_dsa65 } from '@noble/post-quantum/ml-dsa.js';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromBase64, toBase64 } from '../../../engine/test-support/bytes.ts';
import { demoVisitor, createTestApp, signUpWithKey, TEST_ORIGIN, type TestApp } from '../../test-support.ts';

let app: TestApp;
let account: Awaited<ReturnType<typeof signUpWithKey>>;
beforeAll(async () => {
  app = await createTestApp();
  account = await signUpWithKey(app);
});
afterAll(() => app.close());

const call = (path: string, body: object, who = account) =>
  request(app.app).post(path).set('x-api-key', who.apiKey).set('x-api-secret', who.apiSecret).send(body);


/** Verifies with an independent FIPS 204 implementation, from the documented response fields only. */
function verifiesElsewhere(message: string, response: { publicKey: string; signature: { encoded: string }; context: string }) {
  const M = new Uint8Array([0x00, ...Buffer.from(message, 'utf8')]);
  const context = new Uint8Array(Buffer.from(response.context, 'utf8'));
  return ml_dsa65.verify(fromBase64(response.signature.encoded), M, fromBase64(response.publicKey), { context });
}

describe('POST /api/crypto/dilion/sign', () => {
  it('returns a signature that @noble/post-quantum verifies from the documented fields alone', async () => {
    const res = await call('/api/crypto/dilion/sign', { message: 'authentication request', sid: 'service-A' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ algorithm: 'dilion', parameterSet: 'ML-DSA-65', context: 'dilion/v1|service-A', pidCipher: 'N/A' });
    expect(fromBase64(res.body.signature.encoded)).toHaveLength(3309);
    expect(fromBase64(res.body.publicKey)).toHaveLength(1952);
    expect(res.body.signature.c).toHaveLength(256);
    expect(res.body.signature.z).toHaveLength(1280);
    expect(res.body.keyId).toMatch(/^kid_/);
    expect(Date.parse(res.body.timestamp)).not.toBeNaN();
    expect(verifiesElsewhere('authentication request', res.body)).toBe(true);
    expect(verifiesElsewhere('authentication request!', res.body)).toBe(false);
  });

  it('uses the context dilion/v1|default when no sid is given, and non-ASCII messages as UTF-8', async () => {
    const res = await call('/api/crypto/dilion/sign', { message: '서명 ✓' });
    expect(res.body.context).toBe('dilion/v1|default');
    expect(verifiesElsewhere('서명 ✓', res.body)).toBe(true);
  });

  it('signs with the same default key each time, and with a chosen key when keyId is given', async () => {
    const first = await call('/api/crypto/dilion/sign', { message: 'a' });
    const second = await call('/api/crypto/dilion/sign', { message: 'b' });
    expect(second.body.keyId).toBe(first.body.keyId);
    const created = await account.agent.post('/api/signing-keys').set('Origin', TEST_ORIGIN).send({ name: 'release signing' });
    expect(created.status).toBe(201);
    const chosen = await call('/api/crypto/dilion/sign', { message: 'c', keyId: created.body.keyId });
    expect(chosen.body.keyId).toBe(created.body.keyId);
    expect(chosen.body.publicKey).toBe(created.body.publicKey);
    expect(verifiesElsewhere('c', chosen.body)).toBe(true);
    const list = await account.agent.get('/api/signing-keys');
    expect(list.body.map((k: { keyId: string }) => k.keyId)).toEqual([first.body.keyId, created.body.keyId]);
  });

  it('stores the private key only as a sealed seed', async () => {
    const rows = app.database.sqlite.prepare('SELECT sealed_seed AS s FROM signing_keys').all() as { s: string }[];
    expect(rows.length).toBeGreaterThan(0);
    for (const { s } of rows) {
      expect(s).toMatch(/^v1\./);
      expect(fromBase64(s.slice(3))).toHaveLength(12 + 32 + 16);
    }
  });

  it('refuses another account’s keyId with 404, uncharged', async () => {
    const other = await signUpWithKey(app);
    const theirs = await call('/api/crypto/dilion/sign', { message: 'x' }, other);
    const before = (await account.agent.get('/api/usage')).body.apiCallsThisMonth;
    const res = await call('/api/crypto/dilion/sign', { message: 'x', keyId: theirs.body.keyId });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 'signing_key_not_found', param: 'keyId' });
    expect((await account.agent.get('/api/usage')).body.apiCallsThisMonth).toBe(before);
  });

  it('rejects a misspelt option instead of signing without it', async () => {
    const res = await call('/api/crypto/dilion/sign', { message: 'x', sdi: 'service-A' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'validation_error', param: 'sdi' });
    expect(res.body.message).toMatch(/Unknown field 'sdi'/);
  });

  it('requires a message with the wording of docs/product.md §5', async () => {
    const res = await call('/api/crypto/dilion/sign', { message: '' });
    expect(res.body).toMatchObject({ code: 'validation_error', param: 'message', message: "'message': Message is required" });
  });

  it('refuses a sid that makes the context longer than 255 bytes', async () => {
    const res = await call('/api/crypto/dilion/sign', { message: 'x', sid: 'é'.repeat(123) });
    expect(res.status).toBe(400);
    expect(res.body.param).toBe('sid');
  });

  it('needs the API key headers and ignores a session cookie', async () => {
    const res = await account.agent.post('/api/crypto/dilion/sign').set('Origin', TEST_ORIGIN).send({ message: 'x' });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('api_key_required');
    const wrong = await call('/api/crypto/dilion/sign', { message: 'x' }, { ...account, apiSecret: 'sk_wrong' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.code).toBe('invalid_api_key');
  });
});

describe('POST /api/crypto/dilion/verify', () => {
  let signed: { publicKey: string; signature: { encoded: string; c: number[]; z: number[] }; context: string };
  beforeAll(async () => {
    signed = (await call('/api/crypto/dilion/sign', { message: 'pay 10', sid: 'bank' })).body;
  });

  it('accepts the signature with its message and sid, as a string or the whole signature object', async () => {
    for (const signature of [signed.signature.encoded, signed.signature]) {
      const res = await call('/api/crypto/dilion/verify', { message: 'pay 10', sid: 'bank', signature, publicKey: signed.publicKey });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ valid: true, algorithm: 'dilion', context: 'dilion/v1|bank', pidCipher: 'N/A' });
    }
  });

  it('answers valid: false for another message, another sid or a flipped bit', async () => {
    const base = { message: 'pay 10', sid: 'bank', signature: signed.signature.encoded, publicKey: signed.publicKey };
    const flipped = fromBase64(signed.signature.encoded);
    flipped[100]! ^= 1;
    for (const body of [
      { ...base, message: 'pay 1000' },
      { ...base, sid: 'other' },
      { ...base, signature: toBase64(flipped) },
    ]) {
      const res = await call('/api/crypto/dilion/verify', body);
      expect(res.status).toBe(200);
      expect(res.body.valid).toBe(false);
    }
  });

  it('accepts a signature made elsewhere with the documented construction', async () => {
    const keys = ml_dsa65.keygen(new Uint8Array(32).fill(5));
    const sig = ml_dsa65.sign(new Uint8Array([0, ...Buffer.from('hello')]), keys.secretKey, { context: Buffer.from('dilion/v1|default') });
    const res = await call('/api/crypto/dilion/verify', {
      message: 'hello',
      signature: toBase64(sig),
      publicKey: toBase64(keys.publicKey),
    });
    expect(res.body.valid).toBe(true);
  });

  it('names what is wrong with malformed bytes', async () => {
    const base = { message: 'pay 10', signature: signed.signature.encoded, publicKey: signed.publicKey };
    const cases: [object, string, string][] = [
      [{ ...base, signature: 'not base64!' }, 'validation_error', 'signature'],
      [{ ...base, publicKey: 'AAAA' }, 'invalid_public_key', 'publicKey'],
      [{ ...base, signature: 'AAAA' }, 'invalid_signature_length', 'signature'],
      [{ ...base, signature: { ...signed.signature, c: signed.signature.c.map((x) => -x) } }, 'signature_view_mismatch', 'signature.c'],
      [{ ...base, pidCipher: { C1: 'x' } }, 'validation_error', 'pidCipher'],
    ];
    for (const [body, code, param] of cases) {
      const res = await call('/api/crypto/dilion/verify', body);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body).toMatchObject({ code, param });
    }
  });
});

describe('demo routes', () => {
  it('sign and verify without login, with one key per browser session', async () => {
    const visitor = await demoVisitor(app);
    const first = await visitor.post('/api/demo/dilion/sign').set('Origin', TEST_ORIGIN).send({ message: 'authentication request', sid: 'service-A' });
    expect(first.status).toBe(200);
    expect(verifiesElsewhere('authentication request', first.body)).toBe(true);
    const second = await visitor.post('/api/demo/dilion/sign').set('Origin', TEST_ORIGIN).send({ message: 'again' });
    expect(second.body.keyId).toBe(first.body.keyId);
    const stranger = await request(app.app).post('/api/demo/dilion/sign').send({ message: 'again' });
    expect(stranger.body.keyId).not.toBe(first.body.keyId);
    const verified = await visitor
      .post('/api/demo/dilion/verify')
      .set('Origin', TEST_ORIGIN)
      .send({ message: 'authentication request', sid: 'service-A', signature: first.body.signature, publicKey: first.body.publicKey });
    expect(verified.body.valid).toBe(true);
  });

  it('does not take a keyId: the demo signs only with the session’s key', async () => {
    const res = await request(app.app).post('/api/demo/dilion/sign').send({ message: 'x', keyId: 'kid_x' });
    expect(res.status).toBe(400);
    expect(res.body.param).toBe('keyId');
  });

  it('records the session’s own operations with real timings, visible to it alone', async () => {
    const visitor = await demoVisitor(app);
    const signed = await visitor.post('/api/demo/dilion/sign').set('Origin', TEST_ORIGIN).send({ message: 'history me' });
    await visitor.post('/api/demo/dilion/verify').set('Origin', TEST_ORIGIN).send({ message: 'history me', signature: signed.body.signature.encoded, publicKey: signed.body.publicKey });
    const history = await visitor.get('/api/crypto/operations');
    expect(history.body.map((o: { operationType: string }) => o.operationType)).toEqual(['verify', 'sign']);
    const [verify, sign] = history.body;
    expect(sign).toMatchObject({ algorithm: 'dilion', channel: 'demo', message: 'history me', signatureSize: 3309 });
    expect(sign.generationTime).toBeGreaterThan(0);
    expect(verify).toMatchObject({ verified: true, operationType: 'verify' });
    expect(verify.verificationTime).toBeGreaterThan(0);
    const stranger = await request(app.app).get('/api/crypto/operations');
    expect(stranger.body.some((o: { message: string }) => o.message === 'history me')).toBe(false);
  });

  it('reports real averages from stored operations', async () => {
    const res = await request(app.app).get('/api/crypto/performance');
    expect(res.status).toBe(200);
    expect(res.body.averageSignatureSize).toBe(3309);
    expect(res.body.averageGenerationTime).toBeGreaterThan(0);
    expect(res.body.averageVerificationTime).toBeGreaterThan(0);
    expect(res.body.byAlgorithm[0]).toMatchObject({ algorithm: 'dilion' });
  });
});

describe('message size', () => {
  it('signs up to 64 KiB on the API and 4 KiB in the demo, and refuses more with 413 message_too_long, uncharged', async () => {
    const used = async () => (await account.agent.get('/api/usage')).body.apiCallsThisMonth as number;
    expect((await call('/api/crypto/dilion/sign', { message: 'é'.repeat(32 * 1024) })).status).toBe(200);
    const before = await used();
    const tooLong = await call('/api/crypto/dilion/sign', { message: 'x'.repeat(64 * 1024 + 1) });
    expect(tooLong.status).toBe(413);
    expect(tooLong.body).toMatchObject({ code: 'message_too_long', param: 'message' });
    expect(tooLong.body.message).toContain('65,536 bytes');
    const qes2 = await call('/api/crypto/qes2/ecdsa/verify', { message: 'x'.repeat(64 * 1024 + 1), signature: 'AAAA', publicKey: 'AAAA' });
    expect(qes2.status).toBe(413);
    expect(await used()).toBe(before);

    const visitor = await demoVisitor(app);
    const demo = (message: string) => visitor.post('/api/demo/dilion/sign').set('Origin', TEST_ORIGIN).send({ message });
    expect((await demo('x'.repeat(4096))).status).toBe(200);
    const demoTooLong = await demo('x'.repeat(4097));
    expect([demoTooLong.status, demoTooLong.body.code]).toEqual([413, 'message_too_long']);
  });
});

describe('demo responses', () => {
  it('carry the engine time in Server-Timing, so a browser can tell it from the network time', async () => {
    const res = await request(app.app).post('/api/demo/dilion/sign').set('Origin', TEST_ORIGIN).send({ message: 'timed' });
    expect(res.status).toBe(200);
    const match = /^engine;dur=(\d+\.\d{3});desc="engine time"$/.exec(res.headers['server-timing']!);
    expect(Number(match![1])).toBeGreaterThan(0);
    expect(Number(match![1])).toBeLessThan(10_000);
  });
});
