import { createHash } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Housekeeping } from '../../housekeeping.ts';
import { toCryptoOperation } from './operation-views.ts';
import { demoVisitor, createTestApp, signUp, signUpWithKey, TEST_ORIGIN, type TestApp } from '../../test-support.ts';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ config: { engineWorkers: 1 } });
});
afterAll(() => app.close());

describe('GET /api/operations/recent', () => {
  it('gives the latest 10, newest first, and the total', async () => {
    const who = await signUpWithKey(app);
    const headers = { 'x-api-key': who.apiKey, 'x-api-secret': who.apiSecret };
    for (let i = 1; i <= 12; i++) await request(app.app).post('/api/crypto/dilion/sign').set(headers).send({ message: `m${i}` });
    const res = await who.agent.get('/api/operations/recent');
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(12);
    // API messages are kept as their digests by default (docs/decisions/038).
    expect(res.body.operations.map((o: { messageSha256: string }) => o.messageSha256)).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3].map((i) => sha256(`m${i}`)));
    expect(res.body.operations[0]).toMatchObject({ algorithm: 'dilion', operation: 'sign', success: true });
  });

  it('counts the account’s demo operations too, and nobody else’s', async () => {
    const alice = await signUp(app);
    const bob = await signUp(app);
    await alice.agent.post('/api/demo/dilion/sign').set('Origin', TEST_ORIGIN).send({ message: 'alice demo' });
    expect((await alice.agent.get('/api/operations/recent')).body).toMatchObject({ total: 1, operations: [{ message: 'alice demo' }] });
    expect((await bob.agent.get('/api/operations/recent')).body).toEqual({ operations: [], total: 0 });
  });

  it('needs a signed-in session', async () => {
    expect((await request(app.app).get('/api/operations/recent')).status).toBe(401);
  });
});

describe('paging the operation lists', () => {
  it('gives pages of `limit`, newest first, with X-Next-Cursor on a full page and the rest through `before`', async () => {
    const visitor = await demoVisitor(app);
    for (let i = 1; i <= 5; i++) await visitor.post('/api/demo/dilion/sign').set('Origin', TEST_ORIGIN).send({ message: `p${i}` });
    const first = await visitor.get('/api/crypto/operations?limit=2');
    expect(first.body.map((o: { message: string }) => o.message)).toEqual(['p5', 'p4']);
    const cursor = first.headers['x-next-cursor'];
    expect(cursor).toBe(String(first.body[1].id));
    const second = await visitor.get(`/api/crypto/operations?limit=2&before=${cursor}`);
    expect(second.body.map((o: { message: string }) => o.message)).toEqual(['p3', 'p2']);
    const last = await visitor.get(`/api/crypto/operations?limit=2&before=${second.headers['x-next-cursor']}`);
    expect(last.body.map((o: { message: string }) => o.message)).toEqual(['p1']);
    expect(last.headers['x-next-cursor']).toBeUndefined();
    expect((await visitor.get('/api/crypto/operations')).body).toHaveLength(5);
  });

  it('refuses a page size outside 1..100, a bad cursor and unknown parameters with 400 naming them', async () => {
    const who = await signUp(app);
    for (const [query, param] of [['limit=0', 'query.limit'], ['limit=101', 'query.limit'], ['limit=ten', 'query.limit'], ['before=-3', 'query.before'], ['page=2', 'query']] as const) {
      const res = await who.agent.get(`/api/operations?${query}`);
      expect([res.status, res.body.param], query).toEqual([400, expect.stringContaining(param)]);
    }
  });

  it('limits the public reads per address with 429 rate_limited', async () => {
    const limited = await createTestApp({ config: { engineWorkers: 1, rateLimits: { auth: 100, demo: 100, reads: 3, webhooks: 100, paymentPages: 100 } } });
    try {
      for (let i = 0; i < 3; i++) expect((await request(limited.app).get('/api/crypto/performance')).status).toBe(200);
      const res = await request(limited.app).get('/api/crypto/operations');
      expect([res.status, res.body.code]).toEqual([429, 'rate_limited']);
    } finally {
      await limited.close();
    }
  });
});

describe('the public key in a sign record', () => {
  const stored = (message: string) =>
    app.database.sqlite
      .prepare('SELECT signing_key_id AS keyId, length(public_key_bytes) AS bytes FROM crypto_operations WHERE message = ? OR message_sha256 = ?')
      .get(message, sha256(message)) as { keyId: string | null; bytes: number | null };

  it('points to the account’s signing key instead of storing it again, and the history shows it as the call answered', async () => {
    const who = await signUpWithKey(app);
    const signed = await request(app.app).post('/api/crypto/dilion/sign').set({ 'x-api-key': who.apiKey, 'x-api-secret': who.apiSecret }).send({ message: 'by reference' });
    expect(signed.status).toBe(200);
    expect(stored('by reference')).toEqual({ keyId: signed.body.keyId, bytes: null });
    const [sign] = (await who.agent.get('/api/crypto/operations')).body;
    expect(sign.publicKey).toEqual({ encoded: signed.body.publicKey, keyId: signed.body.keyId });
  });

  it('points to the key for a QES2 signature too, whose record shows the composite public key', async () => {
    const who = await signUpWithKey(app);
    const signed = await request(app.app).post('/api/crypto/qes2/ecdsa/sign').set({ 'x-api-key': who.apiKey, 'x-api-secret': who.apiSecret }).send({ message: 'qes2 by reference' });
    expect(signed.status).toBe(200);
    expect(stored('qes2 by reference')).toEqual({ keyId: signed.body.keyId, bytes: null });
    const [sign] = (await who.agent.get('/api/crypto/operations')).body;
    expect(sign.publicKey).toEqual({ encoded: signed.body.publicKey, keyId: signed.body.keyId });
  });

  it('keeps the bytes of a demo key, so a signed-in visitor’s record outlives the key purged with the session', async () => {
    const who = await signUp(app);
    const signed = await who.agent.post('/api/demo/dilion/sign').set('Origin', TEST_ORIGIN).send({ message: 'demo key bytes' });
    expect(stored('demo key bytes')).toEqual({ keyId: null, bytes: 1952 });
    const { sqlite } = app.database;
    sqlite.prepare('DELETE FROM sessions').run();
    const housekeeping = new Housekeeping(app.context.storage.housekeeping);
    await housekeeping.run();
    housekeeping.close();
    expect(sqlite.prepare('SELECT count(*) AS n FROM signing_keys WHERE id = ?').get(signed.body.keyId)).toEqual({ n: 0 });
    const [sign] = await app.context.operations.history({ userId: who.user.id }, 1);
    expect(toCryptoOperation(sign!).publicKey).toEqual({ encoded: signed.body.publicKey, keyId: signed.body.keyId });
  });

  it('holds a user’s signing key while its account exists (a trigger), and both go when the account does', async () => {
    const who = await signUpWithKey(app);
    const signed = await request(app.app).post('/api/crypto/dilion/sign').set({ 'x-api-key': who.apiKey, 'x-api-secret': who.apiSecret }).send({ message: 'held key' });
    const { sqlite } = app.database;
    expect(() => sqlite.prepare('DELETE FROM signing_keys WHERE id = ?').run(signed.body.keyId)).toThrow(/deleted only with its account/);
    sqlite.prepare('DELETE FROM users WHERE id = ?').run(who.user.id);
    expect(sqlite.prepare('SELECT count(*) AS n FROM signing_keys WHERE user_id = ?').get(who.user.id)).toEqual({ n: 0 });
    expect(sqlite.prepare("SELECT count(*) AS n FROM crypto_operations WHERE message = 'held key'").get()).toEqual({ n: 0 });
  });
});

describe('the group commit in the running app', () => {
  it('holds a record back while engine tasks queue behind the workers, and commits it once the window ends', async () => {
    const { pool, operations } = app.context;
    const { database } = app;
    const seed = new Uint8Array(32).fill(9);
    const tasks = Array.from({ length: 12 }, (_, i) => pool.run('mlDsaSign', { level: 87, seed, message: new Uint8Array([i]), context: new Uint8Array() }));
    const rows = () => (database.sqlite.prepare("SELECT count(*) AS n FROM crypto_operations WHERE demo_session_id = 'backlogged'").get() as { n: number }).n;
    try {
      expect(pool.queued).toBeGreaterThan(0);
      const committed = operations.record({
        userId: null, demoSessionId: 'backlogged', channel: 'demo', apiKey: null, operationType: 'sign', algorithm: 'dilion',
        message: 'waits', signature: { encoded: 'AAAA' }, signatureSize: 3309, generationTime: 0.3,
      });
      await new Promise((resolve) => setImmediate(resolve));
      expect(rows()).toBe(0);
      await committed;
      expect(rows()).toBe(1);
    } finally {
      await Promise.allSettled(tasks);
    }
  });
});
