import { schnorr, secp256k1 } from '@noble/curves/secp256k1.js';
import { sha256, sha512 } from '@noble/hashes/sha2.js';
import { ml_dsa65 } from '@noble/post-quantum/ml-dsa.js';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engine } from '../../../engine/test-support/loaded-engine.ts';
import { fromBase64, toBase64, toHex } from '../../../engine/test-support/bytes.ts';
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

const utf8 = (s: string) => new Uint8Array(Buffer.from(s, 'utf8'));
const concat = (...parts: Uint8Array[]) => new Uint8Array(Buffer.concat(parts));

interface Signed {
  label: string;
  context: string;
  publicKey: string;
  signature: { encoded: string; mode: string; dilithium: { cTilde: string; c: number[]; z: number[] }; secondary: string; challenge: string; steps: string[] };
}

/** Both halves checked with independent libraries, from the documented fields and construction only. */
function verifiesElsewhere(mode: 'ecdsa' | 'schnorr', message: string, r: Signed) {
  const ctx = utf8(r.context);
  const mPrime = concat(utf8('CompositeAlgorithmSignatures2025'), utf8(r.label), new Uint8Array([ctx.length]), ctx, sha512(utf8(message)));
  const sig = fromBase64(r.signature.encoded);
  const pk = fromBase64(r.publicKey);
  const mlDsa = ml_dsa65.verify(sig.subarray(0, 3309), mPrime, pk.subarray(0, 1952), { context: utf8(r.label) });
  const digest = sha256(mPrime);
  const secp =
    mode === 'ecdsa'
      ? secp256k1.verify(sig.subarray(3309), digest, pk.subarray(1952), { prehash: false })
      : schnorr.verify(sig.subarray(3309), digest, pk.subarray(1952));
  return { mlDsa, secp };
}

describe.each(['ecdsa', 'schnorr'] as const)('QES2 %s over the public API', (mode) => {
  let signed: Signed & { keyId: string; algorithm: string };
  beforeAll(async () => {
    const res = await call(`/api/crypto/qes2/${mode}/sign`, { message: 'Hybrid cryptographic message', context: 'invoice 7' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    signed = res.body;
  });

  it('signs with the sizes of docs/crypto/qes2.md §3, and both halves verify with noble from the documented fields', () => {
    expect(signed).toMatchObject({ algorithm: `qes2-${mode}`, context: 'invoice 7' });
    expect(fromBase64(signed.signature.encoded)).toHaveLength(3373);
    expect(fromBase64(signed.publicKey)).toHaveLength(mode === 'ecdsa' ? 1985 : 1984);
    expect(signed.keyId).toMatch(/^kid_/);
    expect(verifiesElsewhere(mode, 'Hybrid cryptographic message', signed)).toEqual({ mlDsa: true, secp: true });
    expect(verifiesElsewhere(mode, 'Hybrid cryptographic message!', signed)).toEqual({ mlDsa: false, secp: false });
  });

  it('returns the demo views, which agree with the engine’s own parts()', async () => {
    const { signature } = signed;
    expect(signature.mode).toBe(mode);
    expect(signature.secondary).toBe(toHex(fromBase64(signature.encoded).subarray(3309)));
    expect(signature.challenge).toBe(toHex(sha512(utf8('Hybrid cryptographic message'))));
    expect(signature.dilithium.c).toHaveLength(256);
    expect(signature.dilithium.c.filter((x) => x !== 0)).toHaveLength(49);
    const scheme = mode === 'ecdsa' ? engine.qes2Ecdsa : engine.qes2Schnorr;
    const parts = scheme.parts(fromBase64(signature.encoded));
    expect(signature.dilithium.cTilde).toBe(toHex(parts.cTilde));
    expect(signature.dilithium.z).toEqual(parts.z);
    expect(signature.steps).toEqual([...parts.steps]);
    expect(signed.label).toBe(scheme.label);
  });

  it('verifies with the encoded signature or the whole signature object, checking both halves', async () => {
    for (const signature of [signed.signature.encoded, signed.signature]) {
      const res = await call(`/api/crypto/qes2/${mode}/verify`, { message: 'Hybrid cryptographic message', context: 'invoice 7', signature, publicKey: signed.publicKey });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toMatchObject({ valid: true, algorithm: `qes2-${mode}`, details: { mlDsaValid: true, secp256k1Valid: true } });
    }
  });

  it('says which half fails when one is tampered with, and fails both for another message or context', async () => {
    const base = { message: 'Hybrid cryptographic message', context: 'invoice 7', publicKey: signed.publicKey };
    const flip = (at: number) => {
      const sig = fromBase64(signed.signature.encoded);
      sig[at]! ^= 1;
      return toBase64(sig);
    };
    const cases: [object, boolean, boolean][] = [
      [{ ...base, signature: flip(100) }, false, true],
      [{ ...base, signature: flip(3309 + 40) }, true, false],
      [{ ...base, signature: signed.signature.encoded, message: 'other' }, false, false],
      [{ ...base, signature: signed.signature.encoded, context: 'invoice 8' }, false, false],
    ];
    for (const [body, mlDsaValid, secp256k1Valid] of cases) {
      const res = await call(`/api/crypto/qes2/${mode}/verify`, body);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ valid: false, details: { mlDsaValid, secp256k1Valid } });
    }
  });

  it('signs with the same default key, with its own key per mode, and uses it when verify has no publicKey', async () => {
    const again = await call(`/api/crypto/qes2/${mode}/sign`, { message: 'x' });
    expect(again.body.keyId).toBe(signed.keyId);
    const dilion = await call('/api/crypto/dilion/sign', { message: 'x' });
    expect(dilion.body.keyId).not.toBe(signed.keyId);
    const res = await call(`/api/crypto/qes2/${mode}/verify`, { message: 'x', signature: again.body.signature.encoded });
    expect(res.body.valid).toBe(true);
  });

  it('signs with a created QES2 key given by keyId, and refuses a key of another algorithm', async () => {
    const algorithm = mode === 'ecdsa' ? 'QES2_ECDSA' : 'QES2_Schnorr';
    const created = await account.agent.post('/api/signing-keys').set('Origin', TEST_ORIGIN).send({ name: 'hybrid', algorithm });
    expect(created.status).toBe(201);
    expect(fromBase64(created.body.publicKey)).toHaveLength(mode === 'ecdsa' ? 1985 : 1984);
    const chosen = await call(`/api/crypto/qes2/${mode}/sign`, { message: 'c', keyId: created.body.keyId });
    expect(chosen.body.publicKey).toBe(created.body.publicKey);
    expect(verifiesElsewhere(mode, 'c', chosen.body)).toEqual({ mlDsa: true, secp: true });
    const dilionKey = (await call('/api/crypto/dilion/sign', { message: 'x' })).body.keyId;
    const wrong = await call(`/api/crypto/qes2/${mode}/sign`, { message: 'c', keyId: dilionKey });
    expect(wrong.status).toBe(404);
    expect(wrong.body.param).toBe('keyId');
  });

  it('names what is wrong with bad input, uncharged', async () => {
    const before = (await account.agent.get('/api/usage')).body.apiCallsThisMonth;
    const base = { message: 'Hybrid cryptographic message', signature: signed.signature.encoded, publicKey: signed.publicKey };
    const other = mode === 'ecdsa' ? 'schnorr' : 'ecdsa';
    const cases: [string, object, string, string][] = [
      ['verify', { ...base, signature: 'AAAA' }, 'invalid_signature_length', 'signature'],
      ['verify', { ...base, publicKey: 'AAAA' }, 'invalid_public_key', 'publicKey'],
      ['verify', { ...base, signature: { ...signed.signature, mode: other } }, 'signature_mode_mismatch', 'signature.mode'],
      ['verify', { ...base, signature: { ...signed.signature, secondary: '00'.repeat(64) } }, 'signature_view_mismatch', 'signature.secondary'],
      ['verify', { ...base, signature: { ...signed.signature, dilithium: { ...signed.signature.dilithium, z: [1] } } }, 'signature_view_mismatch', 'signature.dilithium.z'],
      ['verify', { ...base, contxt: 'x' }, 'validation_error', 'contxt'],
      ['sign', { message: 'x', context: 'é'.repeat(128) }, 'validation_error', 'context'],
      ['sign', { message: '' }, 'validation_error', 'message'],
    ];
    for (const [op, body, code, param] of cases) {
      const res = await call(`/api/crypto/qes2/${mode}/${op}`, body);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body).toMatchObject({ code, param });
    }
    expect((await account.agent.get('/api/usage')).body.apiCallsThisMonth).toBe(before);
  });
});

describe('QES2 metering and idempotency', () => {
  it('charges one call per sign, and a retry with the same Idempotency-Key replays the first answer uncharged', async () => {
    const usage = async () => (await account.agent.get('/api/usage')).body.apiCallsThisMonth as number;
    const before = await usage();
    const send = () =>
      request(app.app).post('/api/crypto/qes2/ecdsa/sign').set('x-api-key', account.apiKey).set('x-api-secret', account.apiSecret)
        .set('Idempotency-Key', 'qes2-retry-1').send({ message: 'once' });
    const first = await send();
    const retry = await send();
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.body.signature.encoded).toBe(first.body.signature.encoded);
    expect(await usage()).toBe(before + 1);
  });
});

describe('QES2 demo routes', () => {
  it('sign and verify without login, one key per session and mode, recorded and not metered', async () => {
    const visitor = await demoVisitor(app);
    const signed = await visitor.post('/api/demo/qes2/schnorr/sign').set('Origin', TEST_ORIGIN).send({ message: 'Hybrid cryptographic message' });
    expect(signed.status).toBe(200);
    expect(verifiesElsewhere('schnorr', 'Hybrid cryptographic message', signed.body)).toEqual({ mlDsa: true, secp: true });
    const again = await visitor.post('/api/demo/qes2/schnorr/sign').set('Origin', TEST_ORIGIN).send({ message: 'y' });
    expect(again.body.keyId).toBe(signed.body.keyId);
    // The product's original demo sent only message and signature: the session's own key is used.
    const verified = await visitor.post('/api/demo/qes2/schnorr/verify').set('Origin', TEST_ORIGIN).send({ message: 'Hybrid cryptographic message', signature: signed.body.signature });
    expect(verified.body).toMatchObject({ valid: true, details: { mlDsaValid: true, secp256k1Valid: true } });
    const history = await visitor.get('/api/crypto/operations');
    expect(history.body.map((o: { algorithm: string; operationType: string }) => `${o.algorithm} ${o.operationType}`)).toEqual(['qes2-schnorr verify', 'qes2-schnorr sign', 'qes2-schnorr sign']);
    expect(history.body[2]).toMatchObject({ channel: 'demo', signatureSize: 3373 });
  });

  it('asks for a publicKey when the session has no key of that mode', async () => {
    const signed = await (await demoVisitor(app)).post('/api/demo/qes2/ecdsa/sign').set('Origin', TEST_ORIGIN).send({ message: 'm' });
    const res = await (await demoVisitor(app)).post('/api/demo/qes2/ecdsa/verify').set('Origin', TEST_ORIGIN).send({ message: 'm', signature: signed.body.signature.encoded });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'public_key_required', param: 'publicKey' });
  });

  it('does not take a keyId', async () => {
    const res = await request(app.app).post('/api/demo/qes2/ecdsa/sign').send({ message: 'x', keyId: 'kid_x' });
    expect(res.status).toBe(400);
    expect(res.body.param).toBe('keyId');
  });
});

describe('QES2 keys at rest', () => {
  it('are stored only as sealed 64-byte seeds', () => {
    const rows = app.database.sqlite.prepare("SELECT sealed_seed AS s FROM signing_keys WHERE algorithm LIKE 'QES2%'").all() as { s: string }[];
    expect(rows.length).toBeGreaterThan(0);
    for (const { s } of rows) expect(fromBase64(s.slice(3))).toHaveLength(12 + 64 + 16);
  });
});
