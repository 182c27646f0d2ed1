import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createTestApp, signUpWithKey } from '../test-support.ts';
import { CallSlots } from './call-slots.ts';

describe('CallSlots', () => {
  it('lets `perKey` calls of one key run at once, refuses the next with 429 and Retry-After, and frees a slot once', () => {
    const slots = CallSlots.perKey(2);
    const first = slots.take('pk_a');
    slots.take('pk_a');
    expect(() => slots.take('pk_a')).toThrow(expect.objectContaining({ status: 429, code: 'too_many_concurrent_calls', headers: { 'Retry-After': '1' } }));
    expect(() => slots.take('pk_b')).not.toThrow();
    first();
    first();
    expect(slots.count('pk_a')).toBe(1);
    expect(() => slots.take('pk_a')).not.toThrow();
  });

  it('answers the calls of a key beyond its limit with 429, uncharged, while the others run', async () => {
    const app = await createTestApp({ config: { engineWorkers: 1, concurrentCallsPerKey: 3 } });
    try {
      const who = await signUpWithKey(app);
      const sign = () => request(app.app).post('/api/crypto/dilion/sign').set({ 'x-api-key': who.apiKey, 'x-api-secret': who.apiSecret }).send({ message: 'x' });
      const statuses = (await Promise.all(Array.from({ length: 12 }, sign))).map((r) => r.status);
      expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(3);
      expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
      const used = (await who.agent.get('/api/usage')).body.apiCallsThisMonth;
      expect(used).toBe(statuses.filter((s) => s === 200).length);
      expect(app.context.callSlots.count(who.apiKey)).toBe(0);
    } finally {
      await app.close();
    }
  });
});
