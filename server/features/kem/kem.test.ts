/**
 * The ML-KEM-768 routes' refusals and records (docs/decisions/054): wrong lengths, tampered HPKE,
 * keys of the other purpose, other accounts' keys, restricted API keys; what an operation record
 * and a stored idempotent answer keep (sizes only; the answer sealed).
 */
import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpWithKey, TEST_ORIGIN, type TestApp } from '../../test-support.ts';

let app: TestApp;
let who: Awaited<ReturnType<typeof signUpWithKey>>;
let kemKey: string;
let signingKey: string;

type Who = Awaited<ReturnType<typeof signUpWithKey>>;
const b64 = (b: Uint8Array) => Buffer.from(b).toString('base64');
const rand = (n: number) => b64(randomBytes(n));
const call = (keyId: string, action: string, body: object, caller: { apiKey: string; apiSecret: string } = who) =>
  request(app.app).post(`/api/v1/keys/${keyId}/${action}`).set('x-api-key', caller.apiKey).set('x-api-secret', caller.apiSecret).send(body);
const createKey = async (owner: Who, algorithm: string) =>
  (await owner.agent.post('/api/v1/keys').set('Origin', TEST_ORIGIN).send({ name: algorithm, algorithm })).body.keyId as string;
/** What open takes of a seal's answer. */
const encAndCiphertext = ({ enc, ciphertext }: { enc: string; ciphertext: string }) => ({ enc, ciphertext });
const sealedOf = async (plaintext: string) => encAndCiphertext((await call(kemKey, 'seal', { plaintext })).body);

beforeAll(async () => {
  app = await createTestApp({ config: { engineWorkers: 1 } });
  who = await signUpWithKey(app);
  kemKey = await createKey(who, 'ML-KEM-768');
  signingKey = await createKey(who, 'ML-DSA-65');
});
afterAll(() => app.close());

describe('bad input', () => {
  it('names a ciphertext or enc of the wrong length, and input over 4 KiB', async () => {
    const cases = [
      ['decapsulate', { ciphertext: rand(1087) }, 400, 'ciphertext'],
      ['decapsulate', { ciphertext: '' }, 400, 'ciphertext'],
      ['open', { enc: rand(1089), ciphertext: rand(32) }, 400, 'enc'],
      ['open', { enc: rand(1088), ciphertext: rand(15) }, 400, 'ciphertext'],
      ['open', { enc: rand(1088), ciphertext: rand(4096 + 17) }, 413, 'ciphertext'],
      ['seal', { plaintext: rand(4097) }, 413, 'plaintext'],
      ['seal', { plaintext: rand(4), aad: rand(4097) }, 413, 'aad'],
      ['seal', { plaintext: rand(4), info: rand(4097) }, 413, 'info'],
    ] as const;
    for (const [action, body, status, param] of cases) {
      const res = await call(kemKey, action, body);
      expect([res.status, res.body.param], `${action} ${param}`).toEqual([status, param]);
      expect(res.body.message).toContain(param);
    }
  });

  it('refuses bad base64, unknown fields and a malformed key id with validation_error', async () => {
    for (const [path, body] of [
      [`/api/v1/keys/${kemKey}/seal`, { plaintext: 'not base64!' }],
      [`/api/v1/keys/${kemKey}/generate-data-key`, { extra: 1 }],
      [`/api/v1/keys/${kemKey}/open`, { enc: rand(1088) }],
      ['/api/v1/keys/kid_short/encapsulate', {}],
    ] as const) {
      const res = await request(app.app).post(path).set('x-api-key', who.apiKey).set('x-api-secret', who.apiSecret).send(body);
      expect([res.status, res.body.code], path).toEqual([400, 'validation_error']);
    }
  });

  it('answers a tampered HPKE ciphertext, enc, aad or info with 400 decryption_failed, uncharged', async () => {
    const aad = rand(10);
    const sealed = encAndCiphertext((await call(kemKey, 'seal', { plaintext: rand(64), aad })).body);
    const flip = (s: string, at: number) => {
      const b = Buffer.from(s, 'base64');
      b[at]! ^= 0x80;
      return b.toString('base64');
    };
    const before = (await who.agent.get('/api/v1/usage')).body.apiCallsThisMonth as number;
    for (const body of [
      { ...sealed, aad, ciphertext: flip(sealed.ciphertext, 3) },
      { ...sealed, aad, ciphertext: flip(sealed.ciphertext, 64 + 15) },
      { ...sealed, aad, enc: flip(sealed.enc, 7) },
      { ...sealed, aad: rand(10) },
      { ...sealed },
      { ...sealed, aad, info: rand(3) },
    ]) {
      const res = await call(kemKey, 'open', body);
      expect([res.status, res.body.code]).toEqual([400, 'decryption_failed']);
      expect(res.body.message).toMatch(/aad and info/);
    }
    expect((await who.agent.get('/api/v1/usage')).body.apiCallsThisMonth).toBe(before);
    expect((await call(kemKey, 'open', { ...sealed, aad })).status).toBe(200);
  });
});

describe('keys of the other purpose, and other accounts’ keys', () => {
  it('refuses an encryption call to a signing key with 400 naming its purpose', async () => {
    for (const action of ['encapsulate', 'decapsulate', 'seal', 'open', 'generate-data-key']) {
      const body = action === 'decapsulate' ? { ciphertext: rand(1088) } : action === 'seal' ? { plaintext: rand(4) } : action === 'open' ? { enc: rand(1088), ciphertext: rand(20) } : {};
      const res = await call(signingKey, action, body);
      expect([res.status, res.body.code, res.body.param], action).toEqual([400, 'wrong_key_purpose', 'keyId']);
      expect(res.body.message).toContain('ML-DSA-65');
      expect(res.body.message).toContain('purpose is sign');
    }
  });

  it('refuses signing with an encryption key with 400 naming its purpose', async () => {
    const sign = await request(app.app).post('/api/v1/crypto/dilion/sign').set('x-api-key', who.apiKey).set('x-api-secret', who.apiSecret).send({ message: 'm', keyId: kemKey });
    expect([sign.status, sign.body.code, sign.body.param]).toEqual([400, 'wrong_key_purpose', 'keyId']);
    expect(sign.body.message).toContain('purpose is encrypt');
  });

  it('answers another account’s key and an unknown one with the same 404', async () => {
    const other = await signUpWithKey(app);
    for (const keyId of [kemKey, `kid_${'A'.repeat(22)}`]) {
      const res = await call(keyId, 'encapsulate', {}, other);
      expect([res.status, res.body.code, res.body.param]).toEqual([404, 'key_not_found', 'keyId']);
    }
    expect((await other.agent.get(`/api/v1/keys/${kemKey}/export`)).status).toBe(404);
  });
});

describe('API-key restrictions', () => {
  it('lets encrypt call encapsulate, seal and generate-data-key only, and decrypt decapsulate and open only', async () => {
    const restricted = async (ops: string[]) => {
      const res = await who.agent.post('/api/v1/api-keys').set('Origin', TEST_ORIGIN).send({ keyName: ops.join('+'), allowedOperations: ops });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return { apiKey: res.body.keyValue as string, apiSecret: res.body.keySecret as string };
    };
    const encrypter = await restricted(['encrypt']);
    const decrypter = await restricted(['decrypt']);
    const signer = await restricted(['sign', 'verify']);
    const sealed = await sealedOf(rand(8));
    const calls = {
      encapsulate: {}, seal: { plaintext: rand(8) }, 'generate-data-key': {}, decapsulate: { ciphertext: rand(1088) }, open: sealed,
    } as Record<string, object>;
    const decrypting = new Set(['decapsulate', 'open']);
    for (const [action, body] of Object.entries(calls)) {
      const allowed = decrypting.has(action) ? decrypter : encrypter;
      const refused = decrypting.has(action) ? encrypter : decrypter;
      expect((await call(kemKey, action, body, allowed)).status, action).toBe(200);
      for (const caller of [refused, signer]) {
        const res = await call(kemKey, action, body, caller);
        expect([res.status, res.body.code], action).toEqual([403, 'operation_not_allowed']);
      }
    }
  });
});

describe('what is kept', () => {
  it('records each call by its operation type with sizes only, never the plaintext, secret or data key', async () => {
    const fresh = await signUpWithKey(app);
    const key = await createKey(fresh, 'ML-KEM-768');
    const plaintext = rand(300);
    const aad = rand(5);
    const answers = [
      await call(key, 'encapsulate', {}, fresh),
      await call(key, 'seal', { plaintext, aad }, fresh),
      await call(key, 'generate-data-key', {}, fresh),
    ];
    const sealed = encAndCiphertext(answers[1]!.body);
    expect((await call(key, 'open', { ...sealed, aad }, fresh)).body.plaintext).toBe(plaintext);
    const history = await fresh.agent.get('/api/v1/crypto/operations');
    expect(history.status, JSON.stringify(history.body)).toBe(200);
    const types = (history.body as { operationType: string }[]).map((op) => op.operationType).sort();
    expect(types).toEqual(['encapsulate', 'generate-data-key', 'open', 'seal']);
    const secrets = [plaintext, answers[0]!.body.sharedSecret, answers[2]!.body.plaintext];
    const stored = JSON.stringify(history.body) + JSON.stringify(app.database.sqlite.prepare('SELECT * FROM crypto_operations WHERE user_id = ?').all(fresh.user.id));
    for (const secret of secrets) expect(stored).not.toContain(secret);
    const seal = (history.body as { operationType: string; algorithm: string; metadata: object; signatureSize: number }[]).find((op) => op.operationType === 'seal')!;
    expect(seal).toMatchObject({ algorithm: 'ML-KEM-768', signatureSize: 316, metadata: { plaintextBytes: 300, aadBytes: 5, infoBytes: 0, encBytes: 1088, ciphertextBytes: 316 } });
  });

  it('replays an idempotent generate-data-key with the same key, stored sealed and never in the clear', async () => {
    const key = 'dk-replay-1';
    const first = await call(kemKey, 'generate-data-key', {}).set('Idempotency-Key', key);
    const again = await call(kemKey, 'generate-data-key', {}).set('Idempotency-Key', key);
    expect(first.status).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    const rows = JSON.stringify(app.database.sqlite.prepare('SELECT * FROM idempotency_records WHERE user_id = ?').all(who.user.id));
    expect(rows).toContain(key);
    expect(rows).not.toContain(first.body.plaintext);
    expect(rows).not.toContain(Buffer.from(first.body.plaintext, 'base64').toString('hex'));
  });
});
