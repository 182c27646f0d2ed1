/**
 * POST /api/v1/crypto/zk-fidna/verify-batch: every item metered and recorded as a verify, all
 * checked in one engine task, a bad proof named without hiding the good ones, one Idempotency-Key
 * for the batch, at most 64 items, and the route's own 1 MiB body limit.
 */
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, signUpWithKey, type TestApp } from '../../test-support.ts';
import { ZK_VERIFY_BATCH_BODY_LIMIT_BYTES, ZK_VERIFY_BATCH_PATH } from './zkfidna.routes.ts';

let app: TestApp;
type Account = Awaited<ReturnType<typeof signUpWithKey>>;
type Item = { proof: string | { encoded: string; signature?: object }; publicInput: Record<string, unknown> };
let prover: Account;
let items: Item[];
let whole: Item;

beforeAll(async () => {
  app = await createTestApp({ config: { engineWorkers: 1 } });
  prover = await signUpWithKey(app);
  sql("UPDATE users SET subscription_tier = 'unlimited' WHERE id = ?", prover.user.id);
  const bodies = [
    { secretValue: 5, balanceValue: 9, circuitType: 'balance_proof' },
    { secretValue: 9, balanceValue: 5, circuitType: 'balance_proof' },
    { secretValue: 650, min: 100, max: 1000, circuitType: 'range_proof' },
    { secretValue: 7, balanceValue: 70, circuitType: 'custom' },
  ];
  const proved = await Promise.all(bodies.map((b) => call(prover, '/api/v1/crypto/zk-fidna/prove', b)));
  items = proved.map((r) => ({ proof: r.body.proof.encoded, publicInput: r.body.publicInput }));
  whole = { proof: proved[0]!.body.proof, publicInput: proved[0]!.body.publicInput };
});
afterAll(() => app.close());
afterEach(() => vi.restoreAllMocks());

const sql = (text: string, ...args: unknown[]) => app.database.sqlite.prepare(text).run(...args);
const count = (text: string, ...args: unknown[]) => (app.database.sqlite.prepare(text).get(...args) as { n: number }).n;
const charged = (who: Account) => count('SELECT api_usage_count AS n FROM users WHERE id = ?', who.user.id);
const recorded = (who: Account) => count("SELECT count(*) AS n FROM crypto_operations WHERE user_id = ? AND operation_type = 'verify'", who.user.id);
const call = (who: Account, path: string, body: object | string, headers: Record<string, string> = {}) =>
  request(app.app)
    .post(path)
    .set({ 'x-api-key': who.apiKey, 'x-api-secret': who.apiSecret, 'content-type': 'application/json', ...headers })
    .send(typeof body === 'string' ? body : JSON.stringify(body));
const batch = (who: Account, body: object | string, headers: Record<string, string> = {}) => call(who, ZK_VERIFY_BATCH_PATH, body, headers);
/** items[i] with one bit of its proof's byte `at` flipped. */
function tampered(i: number, at: number): Item {
  const proof = Buffer.from(items[i]!.proof as string, 'base64');
  proof[at]! ^= 1;
  return { ...items[i]!, proof: proof.toString('base64') };
}

describe('POST /api/v1/crypto/zk-fidna/verify-batch', () => {
  it('verifies a mixed batch in one engine task, each item answered, recorded and charged as a verify', async () => {
    const who = await signUpWithKey(app);
    const run = vi.spyOn(app.context.pool, 'run');
    const res = await batch(who, { items: [...items, whole] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ charged: 5, algorithm: 'zk-fidna', timestamp: expect.any(String) });
    expect(res.body.results.map((r: { index: number; valid: boolean }) => [r.index, r.valid])).toEqual([0, 1, 2, 3, 4].map((i) => [i, true]));
    expect(res.body.results[4].details).toMatchObject({ signatureCheck: true, mathematicalCheck: true });
    expect(res.body.results[0].details.signatureCheck).toBeNull();
    expect(run.mock.calls.map(([task]) => task)).toEqual(['zkVerifyBatch']);
    expect(charged(who)).toBe(5);
    expect(recorded(who)).toBe(5);
    expect(res.headers['ratelimit']).toBe('"lifetime"; r=95');
  });

  it('names the one bad proof among the good ones, each still answered and charged', async () => {
    const who = await signUpWithKey(app);
    const mixed = [items[0]!, items[1]!, tampered(2, 300), items[3]!];
    const res = await batch(who, { items: mixed });
    expect(res.status).toBe(200);
    expect(res.body.results.map((r: { valid: boolean }) => r.valid)).toEqual([true, true, false, true]);
    expect(res.body.results[2].details.mathematicalCheck).toBe(false);
    expect(res.body.charged).toBe(4);
    expect(charged(who)).toBe(4);
  });

  it('answers the items the allowance covers and names the rest usage_limit_reached, uncharged', async () => {
    const who = await signUpWithKey(app);
    sql('UPDATE users SET api_usage_count = 98 WHERE id = ?', who.user.id);
    const res = await batch(who, { items });
    expect(res.status).toBe(200);
    expect(res.body.charged).toBe(2);
    expect(res.body.results.slice(0, 2).every((r: { valid?: boolean }) => r.valid === true)).toBe(true);
    expect(res.body.results.slice(2)).toEqual([2, 3].map((index) => ({ index, error: { code: 'usage_limit_reached', message: expect.any(String) } })));
    expect(charged(who)).toBe(100);
    expect(recorded(who)).toBe(2);
    expect(await app.context.metering.held()).toBe(0);
  });

  it('replays the same answer for the same Idempotency-Key, charged once, and refuses the key with another batch', async () => {
    const who = await signUpWithKey(app);
    const body = { items: items.slice(0, 2) };
    const first = await batch(who, body, { 'idempotency-key': 'zk-batch-1' });
    const again = await batch(who, body, { 'idempotency-key': 'zk-batch-1' });
    expect(again.status).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(charged(who)).toBe(2);
    expect((await batch(who, { items: items.slice(0, 1) }, { 'idempotency-key': 'zk-batch-1' })).status).toBe(422);
  });

  it('refuses a batch with a malformed item, an empty one or more than 64 items as a whole (4xx naming the field), charging nothing', async () => {
    const who = await signUpWithKey(app);
    const ok = items[0]!;
    const cases: [object, number, string, string][] = [
      [{ items: [ok, { ...ok, proof: '' }] }, 400, 'invalid_proof', 'items.1.proof'],
      [{ items: [ok, { proof: ok.proof }] }, 400, 'validation_error', 'items.1.publicInput'],
      [{ items: [ok, { ...ok, proof: { encoded: ok.proof, signature: { algorithm: 'ML-DSA-65', publicKey: 'AAAA', value: 'AAAA' } } }] }, 400, 'invalid_public_key', 'items.1.proof.signature.publicKey'],
      [{ items: Array.from({ length: 65 }, () => ok) }, 400, 'validation_error', 'items'],
      [{ items: [] }, 400, 'validation_error', 'items'],
      [{ items: [ok], extra: 1 }, 400, 'validation_error', 'extra'],
    ];
    for (const [body, status, code, param] of cases) {
      const res = await batch(who, body);
      expect({ status: res.status, code: res.body.code, param: res.body.param }, JSON.stringify(body).slice(0, 80)).toEqual({ status, code, param });
    }
    expect(charged(who)).toBe(0);
    expect(await app.context.metering.held()).toBe(0);
  });

  it('takes 64 items of the largest form (the whole proof object) under its 1 MiB limit, and refuses more than 1 MiB with 413', async () => {
    const who = await signUpWithKey(app);
    sql("UPDATE users SET subscription_tier = 'unlimited' WHERE id = ?", who.user.id);
    const json = JSON.stringify({ items: Array.from({ length: 64 }, () => whole) });
    expect(json.length).toBeGreaterThan(256 * 1024);
    const full = await batch(who, json);
    expect(full.status).toBe(200);
    expect(full.body.charged).toBe(64);
    expect(full.body.results.every((r: { valid: boolean }) => r.valid)).toBe(true);
    const over = await batch(who, json + ' '.repeat(ZK_VERIFY_BATCH_BODY_LIMIT_BYTES + 1 - json.length));
    expect(over.status).toBe(413);
    expect(over.body.code).toBe('payload_too_large');
  });
});
