import http from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { describe, expect, it, vi } from 'vitest';
import { createTestApp, signUpWithKey, TEST_ORIGIN } from '../test-support.ts';

describe('the account cap on public calls', () => {
  it('counts an account’s calls over all its keys: past the cap they answer 429, uncharged, and every slot is free after', async () => {
    const app = await createTestApp({ config: { engineWorkers: 1, concurrentCallsPerKey: 1000, concurrentCallsPerAccount: 3 } });
    try {
      const who = await signUpWithKey(app);
      const keys = [{ apiKey: who.apiKey, apiSecret: who.apiSecret }];
      for (const keyName of ['second', 'third']) {
        const created = await who.agent.post('/api/keys').set('Origin', TEST_ORIGIN).send({ keyName });
        expect(created.status).toBe(201);
        keys.push({ apiKey: created.body.keyValue, apiSecret: created.body.keySecret });
      }
      const prove = (i: number) =>
        request(app.app)
          .post('/api/crypto/zk-fidna/prove')
          .set({ 'x-api-key': keys[i % 3]!.apiKey, 'x-api-secret': keys[i % 3]!.apiSecret })
          .send({ secretValue: 5, balanceValue: '10', circuitType: 'balance_proof' });
      const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => prove(i)));
      const ok = answers.filter((r) => r.status === 200).length;
      const refused = answers.filter((r) => r.status === 429);
      expect(ok).toBeGreaterThanOrEqual(3);
      expect(refused.length).toBeGreaterThan(0);
      expect(ok + refused.length).toBe(12);
      expect(refused[0]!.body).toMatchObject({ code: 'too_many_concurrent_calls', message: expect.stringContaining('This account already has 3 calls') });
      expect(refused[0]!.headers['retry-after']).toBe('1');
      expect((await who.agent.get('/api/usage')).body.apiCallsThisMonth).toBe(ok);
      expect(await app.context.accountSlots.count(who.user.id)).toBe(0);
      for (const key of keys) expect(app.context.callSlots.count(key.apiKey)).toBe(0);
      // Another account is not counted against this one.
      const other = await signUpWithKey(app);
      expect(await app.context.accountSlots.count(other.user.id)).toBe(0);
    } finally {
      await app.close();
    }
  }, 60_000);

  it('gives the slot back when the call fails and when its client goes away before the answer', async () => {
    const app = await createTestApp({ config: { engineWorkers: 1, concurrentCallsPerAccount: 1 } });
    try {
      const who = await signUpWithKey(app);
      const headers = { 'x-api-key': who.apiKey, 'x-api-secret': who.apiSecret };
      const missingKey = await request(app.app).post('/api/crypto/dilion/sign').set(headers).send({ message: 'x', keyId: 'kid_none' });
      expect(missingKey.status).toBe(404);
      expect(await app.context.accountSlots.count(who.user.id)).toBe(0);

      const server = app.app.listen(0, '127.0.0.1');
      await new Promise((resolve) => server.once('listening', resolve));
      try {
        const body = JSON.stringify({ secretValue: 5, balanceValue: '10', circuitType: 'balance_proof' });
        const gone = http.request({ port: (server.address() as AddressInfo).port, host: '127.0.0.1', method: 'POST', path: '/api/crypto/zk-fidna/prove', headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } });
        gone.on('error', () => {});
        gone.end(body);
        await vi.waitFor(async () => expect(await app.context.accountSlots.count(who.user.id)).toBe(1), { timeout: 10_000, interval: 1 });
        gone.destroy();
        await vi.waitFor(async () => expect(await app.context.accountSlots.count(who.user.id)).toBe(0), { timeout: 20_000, interval: 10 });
      } finally {
        await new Promise((resolve) => server.close(resolve));
      }
      expect((await request(app.app).post('/api/crypto/dilion/sign').set(headers).send({ message: 'after' })).status).toBe(200);
    } finally {
      await app.close();
    }
  }, 60_000);
});
