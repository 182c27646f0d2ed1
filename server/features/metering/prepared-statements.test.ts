/**
 * A metered call on SQLite runs statements prepared once: none is built and prepared per call
 * (bench/README.md "The HTTP passes, measured"). A query that drizzle builds on each call costs the
 * main thread tens of microseconds for its building and SQLite's planning; one such read, of the
 * signing key and its version, once tripled the main thread's time per signed call. The count is
 * of Database#prepare, which every statement not prepared ahead goes through.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, signUpWithKey, TEST_ORIGIN, type TestApp } from '../../test-support.ts';

let app: TestApp;
let account: Awaited<ReturnType<typeof signUpWithKey>>;
beforeAll(async () => {
  app = await createTestApp();
  account = await signUpWithKey(app);
});
afterAll(() => app.close());

const call = (path: string, body: object) => request(app.app).post(path).set('x-api-key', account.apiKey).set('x-api-secret', account.apiSecret).send(body);

/** The statements prepared while `run` makes its calls (each path called once before, so its first-use work is done). */
async function preparedDuring(run: () => Promise<void>): Promise<string[]> {
  await run();
  const prepare = vi.spyOn(app.database.sqlite, 'prepare');
  try {
    await run();
    return prepare.mock.calls.map(([source]) => String(source));
  } finally {
    prepare.mockRestore();
  }
}

describe('metered calls on SQLite', () => {
  it('prepare no statement per Dilion sign with the default key', async () => {
    const statements = await preparedDuring(async () => {
      for (let i = 0; i < 3; i++) expect((await call('/api/v1/crypto/dilion/sign', { message: `m${i}` })).status).toBe(200);
    });
    expect(statements).toEqual([]);
  });

  it('prepare no statement per sign and verify with a managed key named by id', async () => {
    const created = await account.agent.post('/api/v1/keys').set('Origin', TEST_ORIGIN).send({ name: 'signer', algorithm: 'ML-DSA-65' });
    expect(created.status).toBe(201);
    const keyId = created.body.keyId as string;
    const statements = await preparedDuring(async () => {
      const signed = await call(`/api/v1/keys/${keyId}/sign`, { message: 'aGk=', messageType: 'raw' });
      expect(signed.status).toBe(200);
      const verified = await call(`/api/v1/keys/${keyId}/verify`, { message: 'aGk=', messageType: 'raw', signature: signed.body.signature });
      expect([verified.status, verified.body.valid]).toEqual([200, true]);
    });
    expect(statements).toEqual([]);
  });

  it('prepare no statement per seal and open with an ML-KEM-768 key', async () => {
    const created = await account.agent.post('/api/v1/keys').set('Origin', TEST_ORIGIN).send({ name: 'box', algorithm: 'ML-KEM-768' });
    expect(created.status).toBe(201);
    const keyId = created.body.keyId as string;
    const statements = await preparedDuring(async () => {
      const sealed = await call(`/api/v1/keys/${keyId}/seal`, { plaintext: 'aGk=' });
      expect(sealed.status).toBe(200);
      const opened = await call(`/api/v1/keys/${keyId}/open`, { enc: sealed.body.enc, ciphertext: sealed.body.ciphertext });
      expect([opened.status, opened.body.plaintext]).toEqual([200, 'aGk=']);
    });
    expect(statements).toEqual([]);
  });
});
