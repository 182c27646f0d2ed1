/**
 * One benchmark operation against a stubbed fetch: engine times from each answer's Server-Timing,
 * rate limits waited out, failures recorded with the server's words.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { runOperation } from './operations.ts';

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

function stubFetch(...responses: Response[]) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      calls.push(url);
      const next = responses.shift();
      if (!next) throw new TypeError('Failed to fetch');
      return next;
    }),
  );
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

const ctx = () => ({ signal: new AbortController().signal, onWait: vi.fn() });

describe('a benchmark operation', () => {
  it('signs then verifies and measures the signature it got', async () => {
    const calls = stubFetch(json(200, { signature: { encoded: 'AAAA' } }), json(200, { valid: true }));
    const sample = await runOperation('qes2-ecdsa', 'server', 7, ctx());
    expect(calls).toEqual(['/api/demo/qes2/ecdsa/sign', '/api/demo/qes2/ecdsa/verify']);
    expect(sample).toMatchObject({ index: 7, side: 'server', ok: true, size: 3 });
    expect(sample.time).toBeCloseTo(sample.signMs + sample.verifyMs);
  });

  it('puts the engine times of the sign and verify answers’ Server-Timing headers on the sample', async () => {
    stubFetch(
      json(200, { signature: { encoded: 'AAAA' } }, { 'server-timing': 'engine;dur=0.412;desc="engine time"' }),
      json(200, { valid: true }, { 'Server-Timing': 'total;dur=9, engine;dur=0.200;desc="engine time"' }),
    );
    const sample = await runOperation('dilion', 'server', 1, ctx());
    expect(sample).toMatchObject({ ok: true, engineSignMs: 0.412, engineVerifyMs: 0.2 });
  });

  it('puts the prove and verify engine times of a zk-FIDNA run on the sample', async () => {
    stubFetch(
      json(200, { proof: { encoded: 'AAAA' }, publicInput: { result: 1, circuitType: 'balance_proof' } }, { 'server-timing': 'engine;dur=24.500;desc="engine time"' }),
      json(200, { valid: true }, { 'server-timing': 'engine;dur=4.125;desc="engine time"' }),
    );
    expect(await runOperation('zk-fidna', 'server', 1, ctx())).toMatchObject({ ok: true, engineSignMs: 24.5, engineVerifyMs: 4.125 });
  });

  it('leaves an engine time out when its answer has no Server-Timing or a malformed one, and keeps the operation', async () => {
    stubFetch(json(200, { signature: { encoded: 'AAAA' } }), json(200, { valid: true }, { 'server-timing': 'engine;dur=soon' }));
    const sample = await runOperation('qes2-ecdsa', 'server', 1, ctx());
    expect(sample.ok).toBe(true);
    expect(sample.engineSignMs).toBeUndefined();
    expect(sample.engineVerifyMs).toBeUndefined();
  });

  it('takes the engine time from the attempt that ran, not from a rate-limited one', async () => {
    stubFetch(
      json(429, { message: 'Too many requests: wait 1 seconds before trying again.', code: 'rate_limited' }, { 'retry-after': '1', 'server-timing': 'engine;dur=99' }),
      json(200, { signature: { encoded: 'AAAA' } }, { 'server-timing': 'engine;dur=0.5' }),
      json(200, { valid: true }, { 'server-timing': 'engine;dur=0.25' }),
    );
    expect(await runOperation('qes2-schnorr', 'server', 1, ctx())).toMatchObject({ ok: true, engineSignMs: 0.5, engineVerifyMs: 0.25 });
  });

  it('waits out a rate limit, repeats the call, and leaves the wait out of the time', async () => {
    stubFetch(
      json(429, { message: 'Too many requests: wait 1 seconds before trying again.', code: 'rate_limited' }, { 'retry-after': '1' }),
      json(200, { signature: { encoded: 'AAAA' } }),
      json(200, { valid: true }),
    );
    const c = ctx();
    const sample = await runOperation('qes2-schnorr', 'server', 1, c);
    expect(c.onWait).toHaveBeenCalledWith(1);
    expect(sample.ok).toBe(true);
    expect(sample.time).toBeLessThan(500);
  });

  it('fails with the server’s message and time 0 when the server refuses the call', async () => {
    stubFetch(json(404, { message: 'There is no POST /api/demo/zk-fidna/prove.', code: 'not_found' }));
    const sample = await runOperation('zk-fidna', 'server', 1, ctx());
    expect(sample).toMatchObject({ ok: false, time: 0, signMs: 0, verifyMs: 0, error: 'There is no POST /api/demo/zk-fidna/prove.' });
  });

  it('proves a random balance statement in docs/product.md §7’s ranges, verifies the whole proof object, and sizes the proof alone', async () => {
    const bodies: unknown[] = [];
    const proof = { encoded: 'A'.repeat(1102) + '==', signature: { algorithm: 'ML-DSA-65', publicKey: 'pk', value: 'sig' } };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        bodies.push(JSON.parse(String(init.body)));
        return bodies.length === 1 ? json(200, { proof, publicInput: { result: 1, circuitType: 'balance_proof' } }) : json(200, { valid: true });
      }),
    );
    const sample = await runOperation('zk-fidna', 'server', 3, ctx());
    expect(sample).toMatchObject({ ok: true, size: 826 });
    const [prove, verify] = bodies as [{ secretValue: number; balanceValue: number; circuitType: string }, unknown];
    expect(prove.circuitType).toBe('balance_proof');
    expect(prove.secretValue).toBeGreaterThanOrEqual(100);
    expect(prove.secretValue).toBeLessThanOrEqual(599);
    expect(prove.balanceValue).toBeGreaterThanOrEqual(1000);
    expect(prove.balanceValue).toBeLessThanOrEqual(5999);
    expect(verify).toEqual({ proof, publicInput: { result: 1, circuitType: 'balance_proof' } });
  });

  it('fails a zk-FIDNA operation whose proof does not verify, saying so', async () => {
    stubFetch(json(200, { proof: { encoded: 'AAAA' }, publicInput: { result: 1, circuitType: 'balance_proof' } }), json(200, { valid: false }));
    expect(await runOperation('zk-fidna', 'server', 1, ctx())).toMatchObject({ ok: false, error: 'The proof did not verify' });
  });

  it('fails when the verify says invalid, and says Network error when the request never got an answer', async () => {
    stubFetch(json(200, { signature: { encoded: 'AAAA' } }), json(200, { valid: false }));
    expect(await runOperation('qes2-ecdsa', 'server', 1, ctx())).toMatchObject({ ok: false, error: 'The signature did not verify' });
    stubFetch();
    expect(await runOperation('qes2-ecdsa', 'server', 1, ctx())).toMatchObject({ ok: false, error: 'Network error' });
  });

});
