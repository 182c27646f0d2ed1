/**
 * POST /api/v1/keys/:keyId/sign and /verify by message type, through HTTP: NIST's ACVP sigVer
 * cases (pure, HashML-DSA SHA-512 and SHAKE256 over the caller's PH(M), external µ) on the verify
 * route, and @noble/post-quantum both ways for every mode of every ML-DSA level; QES2 by digest
 * against the raw path; bad input; another account's key; a flipped bit; what the history keeps.
 */
import { sha256, sha512 } from '@noble/hashes/sha2.js';
import { shake256, shake256_64 } from '@noble/hashes/sha3.js';
import { ml_dsa44, ml_dsa65, ml_dsa87 } from '@noble/post-quantum/ml-dsa.js';
import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromHex } from '../../../engine/test-support/bytes.ts';
import { acvpCases } from '../../../engine/test-support/vectors.ts';
import { QES2_ALGORITHMS } from '../../../engine/src/qes2_modes.ts';
import { createTestApp, signUpWithKey, TEST_ORIGIN, type TestApp } from '../../test-support.ts';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ config: { engineWorkers: 1 } });
});
afterAll(() => app.close());

type Account = Awaited<ReturnType<typeof signUpWithKey>>;
const b64 = (b: Uint8Array) => Buffer.from(b).toString('base64');
const bytes = (s: string) => new Uint8Array(Buffer.from(s, 'base64'));
const rand = (n: number) => new Uint8Array(randomBytes(n));
const NOBLE = { 'ML-DSA-44': ml_dsa44, 'ML-DSA-65': ml_dsa65, 'ML-DSA-87': ml_dsa87 } as const;
type MlDsaName = keyof typeof NOBLE;

async function account(tier: 'free' | 'unlimited' = 'unlimited'): Promise<Account> {
  const who = await signUpWithKey(app);
  if (tier === 'unlimited') app.database.sqlite.prepare("UPDATE users SET subscription_tier = 'unlimited' WHERE id = ?").run(who.user.id);
  return who;
}
async function newKey(who: Account, algorithm: string): Promise<{ keyId: string; publicKey: Uint8Array }> {
  const res = await who.agent.post('/api/signing-keys').set('Origin', TEST_ORIGIN).send({ name: algorithm, algorithm });
  expect(res.status).toBe(201);
  return { keyId: res.body.keyId, publicKey: bytes(res.body.publicKey) };
}
/** Gives the key (its primary version 1) another public key: a test's own, whose secret the test holds. */
function setPublicKey(keyId: string, publicKey: string): void {
  app.database.sqlite.prepare('UPDATE signing_keys SET public_key = ? WHERE id = ?').run(publicKey, keyId);
  app.database.sqlite.prepare('UPDATE key_versions SET public_key = ? WHERE key_id = ? AND version = 1').run(publicKey, keyId);
}

const call = (who: Account, keyId: string, action: 'sign' | 'verify', body: object) =>
  request(app.app).post(`/api/v1/keys/${keyId}/${action}`).set({ 'x-api-key': who.apiKey, 'x-api-secret': who.apiSecret }).send(body);
const trOf = (publicKey: Uint8Array) => shake256(publicKey, { dkLen: 64 });
/** µ = SHAKE256(tr ‖ M′, 64) with M′ = 0 ‖ len(ctx) ‖ ctx ‖ M, as a KMS client computes it (FIPS 204 Algorithm 2). */
const muOf = (publicKey: Uint8Array, message: Uint8Array, ctx = new Uint8Array(0)) =>
  shake256(new Uint8Array([...trOf(publicKey), 0, ctx.length, ...ctx, ...message]), { dkLen: 64 });

describe('ACVP sigVer through POST /api/v1/keys/:keyId/verify', () => {
  const hashes: Record<string, ['sha512' | 'shake256', (m: Uint8Array) => Uint8Array]> = {
    'SHA2-512': ['sha512', (m) => sha512(m)],
    'SHAKE-256': ['shake256', (m) => shake256(m, { dkLen: 64 })],
  };
  const cases = acvpCases('ML-DSA-sigVer-FIPS204').filter(
    (c) => (c.group.signatureInterface === 'external' && (c.group.preHash === 'pure' || hashes[c.test.hashAlg] !== undefined)) || c.group.externalMu === true,
  );

  it('gives NIST’s verdict on every pure, SHA-512, SHAKE256 and external-µ case, with the key holding the case’s public key', async () => {
    expect(cases.length).toBeGreaterThan(90);
    const who = await account();
    const keys = Object.fromEntries(await Promise.all((['ML-DSA-44', 'ML-DSA-65', 'ML-DSA-87'] as const).map(async (a) => [a, (await newKey(who, a)).keyId])));
    for (const c of cases) {
      const keyId = keys[c.group.parameterSet]!;
      setPublicKey(keyId, b64(fromHex(c.test.pk)));
      const signature = b64(fromHex(c.test.signature));
      const body = c.group.externalMu
        ? { messageType: 'external-mu', message: b64(fromHex(c.test.mu)), signature }
        : c.group.preHash === 'preHash'
          ? { messageType: 'digest', digestAlgorithm: hashes[c.test.hashAlg]![0], message: b64(hashes[c.test.hashAlg]![1](fromHex(c.test.message))), context: b64(fromHex(c.test.context)), signature }
          : { messageType: 'raw', message: b64(fromHex(c.test.message)), context: b64(fromHex(c.test.context)), signature };
      const res = await call(who, keyId, 'verify', body);
      expect(res.status, `tcId ${c.test.tcId}: ${JSON.stringify(res.body)}`).toBe(200);
      expect(res.body.valid, `tcId ${c.test.tcId}`).toBe(c.expected.testPassed);
    }
  });
});

describe('POST /api/v1/keys/:keyId/sign and verify against @noble/post-quantum', () => {
  for (const algorithm of ['ML-DSA-44', 'ML-DSA-65', 'ML-DSA-87'] as const satisfies readonly MlDsaName[]) {
    it(`${algorithm}: raw, digest (sha512, shake256) and external-mu signatures verify with noble, and ours verifies noble’s`, async () => {
      const who = await account();
      const { keyId, publicKey } = await newKey(who, algorithm);
      const noble = NOBLE[algorithm];
      const message = rand(200);
      const context = rand(9);

      const raw = await call(who, keyId, 'sign', { messageType: 'raw', message: b64(message), context: b64(context) });
      expect(raw.status).toBe(200);
      expect(raw.body).toMatchObject({ keyId, algorithm, messageType: 'raw', tr: b64(trOf(publicKey)) });
      expect(noble.verify(bytes(raw.body.signature), message, publicKey, { context })).toBe(true);

      for (const [digestAlgorithm, hash, nobleHash] of [['sha512', sha512, sha512], ['shake256', (m: Uint8Array) => shake256(m, { dkLen: 64 }), shake256_64]] as const) {
        const signed = await call(who, keyId, 'sign', { messageType: 'digest', digestAlgorithm, message: b64(hash(message)), context: b64(context) });
        expect(signed.status, digestAlgorithm).toBe(200);
        expect(noble.prehash(nobleHash).verify(bytes(signed.body.signature), message, publicKey, { context }), digestAlgorithm).toBe(true);
      }

      const mu = muOf(publicKey, message, context);
      const external = await call(who, keyId, 'sign', { messageType: 'external-mu', message: b64(mu) });
      expect(external.status).toBe(200);
      expect(noble.verify(bytes(external.body.signature), message, publicKey, { context })).toBe(true);
      expect(noble.internal.verify(bytes(external.body.signature), mu, publicKey, { externalMu: true })).toBe(true);
    });
  }

  it('verifies noble’s signatures in every mode, and refuses them (valid false) with one bit flipped', async () => {
    const who = await account();
    const { keyId } = await newKey(who, 'ML-DSA-65');
    // Noble signs with a key pair of its own seed, which the account's key is then set to.
    const pair = ml_dsa65.keygen(rand(32));
    setPublicKey(keyId, b64(pair.publicKey));
    const message = rand(77);
    const context = rand(3);
    const cases = [
      { messageType: 'raw', message: b64(message), context: b64(context), signature: ml_dsa65.sign(message, pair.secretKey, { context }) },
      { messageType: 'digest', digestAlgorithm: 'sha512', message: b64(sha512(message)), context: b64(context), signature: ml_dsa65.prehash(sha512).sign(message, pair.secretKey, { context }) },
      { messageType: 'digest', digestAlgorithm: 'shake256', message: b64(shake256(message, { dkLen: 64 })), signature: ml_dsa65.prehash(shake256_64).sign(message, pair.secretKey) },
      { messageType: 'external-mu', message: b64(muOf(pair.publicKey, message)), signature: ml_dsa65.sign(message, pair.secretKey) },
    ];
    for (const { signature, ...body } of cases) {
      const good = await call(who, keyId, 'verify', { ...body, signature: b64(signature) });
      expect(good.body, body.messageType).toMatchObject({ valid: true, keyId, algorithm: 'ML-DSA-65', messageType: body.messageType });
      const flipped = signature.slice();
      flipped[10]! ^= 0x01;
      expect((await call(who, keyId, 'verify', { ...body, signature: b64(flipped) })).body.valid, body.messageType).toBe(false);
    }
  });
});

describe('QES2 keys by digest', () => {
  for (const { name: algorithm, label: labelText } of Object.values(QES2_ALGORITHMS)) {
    it(`${algorithm}: a signature of SHA-512(M) verifies as one of M, and one of M verifies by its digest`, async () => {
      const who = await account();
      const { keyId, publicKey } = await newKey(who, algorithm);
      const message = rand(150);
      const context = rand(4);
      const digest = b64(sha512(message));
      const byDigest = await call(who, keyId, 'sign', { messageType: 'digest', digestAlgorithm: 'sha512', message: digest, context: b64(context) });
      expect(byDigest.status).toBe(200);
      expect(byDigest.body).toMatchObject({ keyId, algorithm, messageType: 'digest', tr: null });
      expect((await call(who, keyId, 'verify', { messageType: 'raw', message: b64(message), context: b64(context), signature: byDigest.body.signature })).body.valid).toBe(true);
      const byMessage = await call(who, keyId, 'sign', { messageType: 'raw', message: b64(message), context: b64(context) });
      expect((await call(who, keyId, 'verify', { messageType: 'digest', digestAlgorithm: 'sha512', message: digest, context: b64(context), signature: byMessage.body.signature })).body.valid).toBe(true);
      // The ML-DSA-65 half is FIPS 204 over M′ with the Label as its context (docs/crypto/qes2.md).
      const label = new TextEncoder().encode(labelText);
      const mPrime = new Uint8Array([...new TextEncoder().encode('CompositeAlgorithmSignatures2025'), ...label, context.length, ...context, ...sha512(message)]);
      expect(ml_dsa65.verify(bytes(byDigest.body.signature).subarray(0, 3309), mPrime, publicKey.subarray(0, 1952), { context: label })).toBe(true);
      const flipped = bytes(byDigest.body.signature);
      flipped[3320]! ^= 0x80;
      expect((await call(who, keyId, 'verify', { messageType: 'raw', message: b64(message), context: b64(context), signature: b64(flipped) })).body.valid).toBe(false);
    });
  }
});

describe('what sign and verify refuse', () => {
  it('answers 400 naming the field and the allowed combinations (and an encryption key), 413 for a raw message over 64 KiB, 404 for another account’s key', async () => {
    const who = await account();
    const mlDsa = (await newKey(who, 'ML-DSA-44')).keyId;
    const qes2 = (await newKey(who, 'QES2_ECDSA')).keyId;
    const d64 = b64(rand(64));
    const refused: [string, object, number, string, string?][] = [
      [mlDsa, { messageType: 'digest', message: d64 }, 400, 'unsupported_message_type', 'digestAlgorithm'],
      [mlDsa, { messageType: 'digest', digestAlgorithm: 'sha512', message: b64(rand(32)) }, 400, 'invalid_digest_length', 'message'],
      [mlDsa, { messageType: 'digest', digestAlgorithm: 'sha256', message: d64 }, 400, 'validation_error', 'digestAlgorithm'],
      [mlDsa, { messageType: 'raw', digestAlgorithm: 'sha512', message: d64 }, 400, 'unsupported_message_type', 'digestAlgorithm'],
      [mlDsa, { messageType: 'external-mu', message: b64(rand(65)) }, 400, 'invalid_mu_length', 'message'],
      [mlDsa, { messageType: 'external-mu', message: d64, context: b64(rand(1)) }, 400, 'unsupported_message_type', 'context'],
      [mlDsa, { messageType: 'raw', message: d64, context: b64(rand(256)) }, 400, 'context_too_long', 'context'],
      [mlDsa, { messageType: 'raw', message: b64(rand(64 * 1024 + 1)) }, 413, 'message_too_long', 'message'],
      [mlDsa, { messageType: 'hash', message: d64 }, 400, 'validation_error', 'messageType'],
      [mlDsa, { messageType: 'raw', message: 'not base64!' }, 400, 'validation_error', 'message'],
      [qes2, { messageType: 'external-mu', message: d64 }, 400, 'unsupported_message_type', 'messageType'],
      [qes2, { messageType: 'digest', digestAlgorithm: 'shake256', message: d64 }, 400, 'unsupported_message_type', 'digestAlgorithm'],
      ['kid_notAKey', { messageType: 'raw', message: d64 }, 400, 'validation_error', 'params.keyId'],
    ];
    for (const [keyId, body, status, code, param] of refused) {
      const res = await call(who, keyId, 'sign', body);
      expect({ status: res.status, code: res.body.code, param: res.body.param }, JSON.stringify(body)).toEqual({ status, code, param });
    }
    const combo = await call(who, qes2, 'sign', { messageType: 'external-mu', message: d64 });
    expect(combo.body.message).toContain('raw; digest with digestAlgorithm sha512');
    const shortSignature = await call(who, mlDsa, 'verify', { messageType: 'raw', message: d64, signature: b64(rand(2419)) });
    expect(shortSignature.body).toMatchObject({ code: 'invalid_signature_length', param: 'signature' });
    expect(shortSignature.body.message).toContain('2420 bytes');

    const kem = (await who.agent.post('/api/v1/keys').set('Origin', TEST_ORIGIN).send({ name: 'kem', algorithm: 'ML-KEM-768' })).body.keyId as string;
    const wrongPurpose = await call(who, kem, 'sign', { messageType: 'raw', message: d64 });
    expect({ status: wrongPurpose.status, code: wrongPurpose.body.code, param: wrongPurpose.body.param }).toEqual({ status: 400, code: 'wrong_key_purpose', param: 'keyId' });

    const other = await account();
    const theirs = (await newKey(other, 'ML-DSA-65')).keyId;
    for (const action of ['sign', 'verify'] as const) {
      const res = await call(who, theirs, action, { messageType: 'raw', message: d64, ...(action === 'verify' ? { signature: b64(rand(3309)) } : {}) });
      expect(res.status, action).toBe(404);
      expect(res.body.code).toBe('signing_key_not_found');
    }
    expect(await app.context.metering.held()).toBe(0);
  });
});

describe('the history of these calls', () => {
  it('lists each sign and verify under the key’s algorithm with what was sent (base64), and only its SHA-256 and length for an account that keeps digests', async () => {
    const who = await account('free');
    expect((await who.agent.patch('/api/account/data').set('Origin', TEST_ORIGIN).send({ historyKeeps: 'text' })).status).toBe(200);
    const { keyId } = await newKey(who, 'ML-DSA-87');
    const digest = sha512(new TextEncoder().encode('the document'));
    const signed = await call(who, keyId, 'sign', { messageType: 'digest', digestAlgorithm: 'sha512', message: b64(digest) });
    await call(who, keyId, 'verify', { messageType: 'digest', digestAlgorithm: 'sha512', message: b64(digest), signature: signed.body.signature });
    const dashboard = (await who.agent.get('/api/operations')).body;
    expect(dashboard.map((o: { type: string; success: boolean }) => [o.type, o.success])).toEqual([['ML-DSA-87_verify', true], ['ML-DSA-87_sign', true]]);
    const history = (await who.agent.get('/api/crypto/operations')).body;
    expect(history.map((o: { operationType: string }) => o.operationType)).toEqual(['verify', 'sign']);
    expect(history[1]).toMatchObject({ algorithm: 'ML-DSA-87', channel: 'api', message: b64(digest), messageSha256: null, metadata: { messageType: 'digest', digestAlgorithm: 'sha512' } });
    expect(history[0]).toMatchObject({ algorithm: 'ML-DSA-87', verified: true });
    expect((await who.agent.get('/api/usage')).body.apiCallsThisMonth).toBe(2);

    expect((await who.agent.patch('/api/account/data').set('Origin', TEST_ORIGIN).send({ historyKeeps: 'digest' })).status).toBe(200);
    const raw = rand(40);
    expect((await call(who, keyId, 'sign', { messageType: 'raw', message: b64(raw) })).status).toBe(200);
    const [kept] = (await who.agent.get('/api/crypto/operations')).body;
    expect(kept).toMatchObject({ operationType: 'sign', message: null, messageLength: 40, messageSha256: Buffer.from(sha256(raw)).toString('hex') });
  });
});
