// Every engine task a call causes runs in the turn of the call's tenant (tenant.ts,
// docs/decisions/042): checked on the pool's own entry point, and by its effect, an account's
// queue of proofs not holding another account's signature behind it.
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, signUpWithKey, TEST_ORIGIN, type TestApp } from '../test-support.ts';
import { DEMO_TENANT, INTERNAL_TENANT, tenantOf } from './tenant.ts';

describe('tenantOf', () => {
  it('names an account by its id, and all demo traffic, signed in or not, as one tenant', () => {
    expect(tenantOf({ userId: 'u-1' })).toBe('u-1');
    expect(tenantOf({ demoSessionId: 's-1' })).toBe(DEMO_TENANT);
    expect(tenantOf({ channel: 'api', userId: 'u-1' })).toBe('u-1');
    expect(tenantOf({ channel: 'demo', userId: 'u-1' })).toBe(DEMO_TENANT);
    expect(tenantOf({ channel: 'api', userId: null })).toBe(INTERNAL_TENANT);
  });
});

describe('tenants in the engine pool', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ config: { engineWorkers: 1 } });
  });
  afterAll(() => app.close());

  it('runs every engine task of a metered call in its account’s turn, of a demo call in the demo’s, of a dashboard keygen in its owner’s', async () => {
    const who = await signUpWithKey(app);
    const run = vi.spyOn(app.context.pool, 'run');
    try {
      const call = (path: string, body: object) => request(app.app).post(path).set({ 'x-api-key': who.apiKey, 'x-api-secret': who.apiSecret }).send(body);
      // A uid makes the service key (ML-KEM keygen) and the verify opens it: two tasks more.
      const signed = await call('/api/crypto/dilion/sign', { message: 'm', sid: 'svc', uid: 'ada@example.com' });
      expect(signed.status).toBe(200);
      const verified = await call('/api/crypto/dilion/verify', { message: 'm', sid: 'svc', uid: 'ada@example.com', publicKey: signed.body.publicKey, signature: signed.body.signature.encoded, pidCipher: signed.body.pidCipher });
      expect(verified.body.details.identity).toBe('match');
      expect((await call('/api/crypto/qes2/ecdsa/sign', { message: 'm' })).status).toBe(200);
      expect((await call('/api/crypto/zk-fidna/prove', { secretValue: 5, balanceValue: '10', circuitType: 'balance_proof' })).status).toBe(200);
      expect((await who.agent.post('/api/signing-keys').set('Origin', TEST_ORIGIN).send({ name: 'k', algorithm: 'QES2_Schnorr' })).status).toBe(201);
      const accountTasks = run.mock.calls.map(([task, , tenant]) => [task, tenant]);
      expect(new Set(accountTasks.map(([task]) => task))).toEqual(
        new Set(['mlKemPublicKey', 'mlDsaPublicKey', 'dilionSign', 'dilionVerify', 'dilionOpenPid', 'qes2PublicKey', 'qes2Sign', 'zkProve']),
      );
      expect(accountTasks.filter(([, tenant]) => tenant !== who.user.id)).toEqual([]);

      run.mockClear();
      const visitor = request.agent(app.app);
      const demo = await visitor.post('/api/demo/dilion/sign').set('Origin', TEST_ORIGIN).send({ message: 'm', sid: 'svc', uid: 'ada@example.com' });
      expect(demo.status).toBe(200);
      expect((await who.agent.post('/api/demo/zk-fidna/prove').set('Origin', TEST_ORIGIN).send({ secretValue: 5, balanceValue: '10', circuitType: 'balance_proof' })).status).toBe(200);
      const demoTasks = run.mock.calls.map(([task, , tenant]) => [task, tenant]);
      expect(demoTasks.length).toBeGreaterThanOrEqual(4);
      expect(demoTasks.filter(([, tenant]) => tenant !== DEMO_TENANT)).toEqual([]);
    } finally {
      run.mockRestore();
    }
  });

  it('answers an account’s signature after the proof running when it came, not after another account’s queue of proofs', async () => {
    const heavy = await signUpWithKey(app);
    const light = await signUpWithKey(app);
    const call = (who: typeof heavy, path: string, body: object) => request(app.app).post(path).set({ 'x-api-key': who.apiKey, 'x-api-secret': who.apiSecret }).send(body);
    const prove = () => call(heavy, '/api/crypto/zk-fidna/prove', { secretValue: 5, balanceValue: '10', circuitType: 'balance_proof' });
    const sign = () => call(light, '/api/crypto/dilion/sign', { message: 'light' });
    // Each account's signing key made, and the pool has timed both kinds of task.
    expect((await prove()).status).toBe(200);
    expect((await sign()).status).toBe(200);
    let proofsAnswered = 0;
    const proofs = Array.from({ length: 12 }, () => prove().then((r) => (expect(r.status).toBe(200), proofsAnswered++)));
    await vi.waitFor(() => expect(app.context.pool.queued).toBeGreaterThanOrEqual(8), { timeout: 20_000, interval: 2 });
    const signed = await sign();
    const answeredBefore = proofsAnswered;
    expect(signed.status).toBe(200);
    await Promise.all(proofs);
    // One proof was running when the signature came; one more may have ended while its request was read. A queue in arrival order would answer ~12 first.
    expect(answeredBefore).toBeLessThanOrEqual(3);
  }, 60_000);
});
