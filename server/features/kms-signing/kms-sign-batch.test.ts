/**
 * POST /api/v1/keys/:keyId/sign-batch: each item metered, run and charged on its own, refused
 * items named and free, one commit and one Idempotency-Key for the batch, and the route's own
 * 1 MiB body limit beside the app's 256 KiB.
 */
import { sha512 } from '@noble/hashes/sha2.js';
import { ml_dsa65 } from '@noble/post-quantum/ml-dsa.js';
import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { EngineTaskError } from '../../engine/pool.ts';
import { createTestApp, signUpWithKey, TEST_ORIGIN, type TestApp } from '../../test-support.ts';
import { SIGN_BATCH_BODY_LIMIT_BYTES } from './kms-signing.routes.ts';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ config: { engineWorkers: 1 } });
});
afterAll(() => app.close());
afterEach(() => vi.restoreAllMocks());

type Account = Awaited<ReturnType<typeof signUpWithKey>>;
const b64 = (b: Uint8Array) => Buffer.from(b).toString('base64');
const bytes = (s: string) => new Uint8Array(Buffer.from(s, 'base64'));
const rand = (n: number) => new Uint8Array(randomBytes(n));
const sql = (text: string, ...args: unknown[]) => app.database.sqlite.prepare(text).run(...args);
const count = (text: string, ...args: unknown[]) => (app.database.sqlite.prepare(text).get(...args) as { n: number }).n;

async function withKey(algorithm = 'ML-DSA-65'): Promise<Account & { signingKey: string; publicKey: Uint8Array }> {
  const who = await signUpWithKey(app);
  const res = await who.agent.post('/api/signing-keys').set('Origin', TEST_ORIGIN).send({ name: 'batch', algorithm });
  return { ...who, signingKey: res.body.keyId, publicKey: bytes(res.body.publicKey) };
}
const batch = (who: Account & { signingKey: string }, body: object | string, headers: Record<string, string> = {}) =>
  request(app.app)
    .post(`/api/v1/keys/${who.signingKey}/sign-batch`)
    .set({ 'x-api-key': who.apiKey, 'x-api-secret': who.apiSecret, 'content-type': 'application/json', ...headers })
    .send(typeof body === 'string' ? body : JSON.stringify(body));
const rawItems = (messages: Uint8Array[]) => ({ items: messages.map((m) => ({ messageType: 'raw', message: b64(m) })) });
const charged = (who: Account) => count('SELECT api_usage_count AS n FROM users WHERE id = ?', who.user.id);
const recorded = (who: Account) => count('SELECT count(*) AS n FROM crypto_operations WHERE user_id = ?', who.user.id);

describe('POST /api/v1/keys/:keyId/sign-batch', () => {
  it('signs every item as its own engine task in the account’s turn, each verifiable with noble, and records and charges each', async () => {
    const who = await withKey();
    const run = vi.spyOn(app.context.pool, 'run');
    const messages = [rand(10), rand(20), rand(30)];
    const digest = sha512(messages[0]!);
    const res = await batch(who, { items: [...rawItems(messages).items, { messageType: 'digest', digestAlgorithm: 'sha512', message: b64(digest) }] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ charged: 4, keyId: who.signingKey, algorithm: 'ML-DSA-65', tr: expect.any(String) });
    expect(res.body.results.map((r: { index: number }) => r.index)).toEqual([0, 1, 2, 3]);
    messages.forEach((m, i) => expect(ml_dsa65.verify(bytes(res.body.results[i].signature), m, who.publicKey), `item ${i}`).toBe(true));
    expect(ml_dsa65.prehash(sha512).verify(bytes(res.body.results[3].signature), messages[0]!, who.publicKey)).toBe(true);
    const tasks = run.mock.calls.filter(([task]) => task === 'kmsSign');
    expect(tasks).toHaveLength(4);
    expect(tasks.every(([, , tenant]) => tenant === who.user.id)).toBe(true);
    expect(charged(who)).toBe(4);
    expect(recorded(who)).toBe(4);
    // The allowance after the last item answered, as a single call's answer gives it (decision 052).
    expect(res.headers['ratelimit']).toBe('"lifetime"; r=96');
  });

  it('answers the items the allowance still covers and names the rest usage_limit_reached, uncharged (3 calls left, 5 items)', async () => {
    const who = await withKey();
    sql('UPDATE users SET api_usage_count = 97 WHERE id = ?', who.user.id);
    const res = await batch(who, rawItems([rand(1), rand(2), rand(3), rand(4), rand(5)]));
    expect(res.status).toBe(200);
    expect(res.body.charged).toBe(3);
    expect(res.body.results.slice(0, 3).every((r: { signature?: string }) => typeof r.signature === 'string')).toBe(true);
    expect(res.body.results.slice(3)).toEqual([3, 4].map((index) => ({ index, error: { code: 'usage_limit_reached', message: expect.any(String) } })));
    expect(charged(who)).toBe(100);
    expect(recorded(who)).toBe(3);
    expect(res.headers['ratelimit']).toBe('"lifetime"; r=0');
    expect(await app.context.metering.held()).toBe(0);
  });

  it('names items past the spending limit spending_limit_reached, uncharged, once the month’s overage reaches it', async () => {
    const who = await withKey();
    sql("UPDATE users SET subscription_tier = 'starter' WHERE id = ?", who.user.id);
    // 19,899 calls past Starter's 10,000: the next call brings the overage to the default limit, $199.
    sql('INSERT INTO monthly_usage (meter, month, calls) VALUES (?, ?, ?)', `user:${who.user.id}`, new Date().toISOString().slice(0, 7), 10_000 + 19_899);
    const res = await batch(who, rawItems([rand(1), rand(2), rand(3)]));
    expect(res.status).toBe(200);
    expect(res.body.charged).toBe(1);
    expect(res.body.results.slice(1).map((r: { error?: { code: string } }) => r.error?.code)).toEqual(['spending_limit_reached', 'spending_limit_reached']);
    expect(recorded(who)).toBe(1);
    expect(await app.context.metering.held()).toBe(0);
  });

  it('names an item the engine failed engine_unavailable and charges only the others', async () => {
    const who = await withKey();
    const real = app.context.pool.run.bind(app.context.pool);
    vi.spyOn(app.context.pool, 'run').mockImplementation(((task: string, args: { message?: { bytes: Uint8Array } }, tenant?: string) =>
      task === 'kmsSign' && args.message?.bytes[0] === 0xee ? Promise.reject(new EngineTaskError('worker died', 'worker_exit')) : real(task as 'kmsSign', args as never, tenant)) as typeof app.context.pool.run);
    const res = await batch(who, rawItems([new Uint8Array([1]), new Uint8Array([0xee]), new Uint8Array([2])]));
    expect(res.status).toBe(200);
    expect(res.body.charged).toBe(2);
    expect(res.body.results[1]).toEqual({ index: 1, error: { code: 'engine_unavailable', message: expect.stringContaining('not charged') } });
    expect(charged(who)).toBe(2);
    expect(recorded(who)).toBe(2);
    expect(await app.context.metering.held()).toBe(0);
  });

  it('replays the same answer for the same Idempotency-Key, charged once, and refuses the key with another batch', async () => {
    const who = await withKey();
    const body = rawItems([rand(8), rand(9)]);
    const first = await batch(who, body, { 'idempotency-key': 'batch-1' });
    const again = await batch(who, body, { 'idempotency-key': 'batch-1' });
    expect(again.status).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(charged(who)).toBe(2);
    expect(recorded(who)).toBe(2);
    expect((await batch(who, rawItems([rand(8)]), { 'idempotency-key': 'batch-1' })).status).toBe(422);
  });

  it('refuses a batch with a bad item as a whole (400 naming the item’s field, 413 for a raw item over 4 KiB), charging nothing', async () => {
    const who = await withKey('QES2_Schnorr');
    const ok = { messageType: 'raw', message: b64(rand(5)) };
    const cases: [object, number, string, string][] = [
      [{ items: [ok, ok, ok, { messageType: 'digest', message: b64(rand(64)) }] }, 400, 'unsupported_message_type', 'items.3.digestAlgorithm'],
      [{ items: [ok, { messageType: 'external-mu', message: b64(rand(64)) }] }, 400, 'unsupported_message_type', 'items.1.messageType'],
      [{ items: [ok, { messageType: 'raw', message: b64(rand(4097)) }] }, 413, 'message_too_long', 'items.1.message'],
      [{ items: Array.from({ length: 101 }, () => ok) }, 400, 'validation_error', 'items'],
      [{ items: [] }, 400, 'validation_error', 'items'],
    ];
    for (const [body, status, code, param] of cases) {
      const res = await batch(who, body);
      expect({ status: res.status, code: res.body.code, param: res.body.param }).toEqual({ status, code, param });
    }
    expect(charged(who)).toBe(0);
    expect(await app.context.metering.held()).toBe(0);
  });

  it('reads a body of exactly 1 MiB and refuses 1 MiB + 1 with 413, while every other route keeps 256 KiB', async () => {
    const who = await withKey();
    sql("UPDATE users SET subscription_tier = 'unlimited' WHERE id = ?", who.user.id);
    const json = JSON.stringify(rawItems(Array.from({ length: 100 }, () => rand(4096))));
    expect(json.length).toBeGreaterThan(512 * 1024);
    // JSON allows white space after the value: the body is padded to the byte.
    const padded = (size: number) => json + ' '.repeat(size - json.length);
    const atLimit = await batch(who, padded(SIGN_BATCH_BODY_LIMIT_BYTES));
    expect(atLimit.status).toBe(200);
    expect(atLimit.body.charged).toBe(100);
    const over = await batch(who, padded(SIGN_BATCH_BODY_LIMIT_BYTES + 1));
    expect(over.status).toBe(413);
    expect(over.body.code).toBe('payload_too_large');
    const single = await request(app.app)
      .post(`/api/v1/keys/${who.signingKey}/sign`)
      .set({ 'x-api-key': who.apiKey, 'x-api-secret': who.apiSecret, 'content-type': 'application/json' })
      .send(JSON.stringify({ messageType: 'raw', message: b64(rand(16)) }) + ' '.repeat(256 * 1024));
    expect(single.status).toBe(413);
    expect(single.body.message).toContain('256 KiB');
  });
});
