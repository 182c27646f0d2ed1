import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, signUpWithKey, type TestApp } from '../../test-support.ts';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ config: { engineWorkers: 1 } });
});
afterAll(() => app.close());

type Account = Awaited<ReturnType<typeof signUpWithKey>>;
/** An account whose history keeps API messages' text, which these tests read back. */
async function textKeeper(): Promise<Account> {
  const who = await signUpWithKey(app);
  await who.agent.patch('/api/account/data').set('Origin', 'http://app.test').send({ historyKeeps: 'text' });
  return who;
}
const sign = (who: Account, message: string) =>
  request(app.app).post('/api/crypto/dilion/sign').set({ 'x-api-key': who.apiKey, 'x-api-secret': who.apiSecret }).send({ message });

describe('key inspector on one of your own keys (no secret)', () => {
  it('answers the usage and the operations of the picked key', async () => {
    const who = await textKeeper();
    await sign(who, 'one');
    await sign(who, 'two');
    const usage = await who.agent.get(`/api/debug/keys/${who.apiKey}/usage`);
    expect(usage.status).toBe(200);
    expect(usage.body).toEqual({ used: 2, limit: 100, currentPlan: 'free', keyKind: 'personal', overageCharges: 0 });
    const ops = await who.agent.get(`/api/debug/keys/${who.apiKey}/operations`);
    expect(ops.body.operations.map((o: { message: string }) => o.message)).toEqual(['two', 'one']);
  });

  it('lists only the picked key’s operations, not the account’s other keys’', async () => {
    const who = await textKeeper();
    await sign(who, 'first key');
    const other = (await who.agent.post('/api/keys').set('Origin', 'http://app.test').send({ keyName: 'second' })).body;
    await request(app.app).post('/api/crypto/dilion/sign').set({ 'x-api-key': other.keyValue, 'x-api-secret': other.keySecret }).send({ message: 'second key' });
    const ops = await who.agent.get(`/api/debug/keys/${other.keyValue}/operations`);
    expect(ops.body.operations.map((o: { message: string }) => o.message)).toEqual(['second key']);
  });

  it('answers 404 for another account’s key, and 400 for a value that is not a key', async () => {
    const alice = await signUpWithKey(app);
    const bob = await signUp(app);
    for (const part of ['usage', 'operations']) {
      const theirs = await bob.agent.get(`/api/debug/keys/${alice.apiKey}/${part}`);
      expect(theirs.status, part).toBe(404);
      expect(theirs.body).toMatchObject({ code: 'api_key_not_found', param: 'keyValue' });
      const bad = await bob.agent.get(`/api/debug/keys/sk_secret/${part}`);
      expect(bad.status, part).toBe(400);
      expect(bad.body).toMatchObject({ code: 'validation_error', param: 'params.keyValue' });
    }
  });

  it('needs a signed-in session', async () => {
    const who = await signUpWithKey(app);
    expect((await request(app.app).get(`/api/debug/keys/${who.apiKey}/usage`)).status).toBe(401);
  });
});

describe('key inspector on a pasted pair', () => {
  it('refuses a missing secret with 400 and a disabled key with 403', async () => {
    const who = await signUpWithKey(app);
    const missing = await request(app.app).post('/api/debug/user-usage').send({ apiKey: who.apiKey });
    expect(missing.status).toBe(400);
    expect(missing.body.param).toBe('apiSecret');
    await who.agent.post(`/api/keys/${who.keyId}/disable`).set('Origin', 'http://app.test');
    const disabled = await request(app.app).post('/api/debug/user-operations').send({ apiKey: who.apiKey, apiSecret: who.apiSecret });
    expect(disabled.status).toBe(403);
    expect(disabled.body.code).toBe('api_key_disabled');
  });
});
