/** One benchmark operation against a stubbed fetch: rate limits waited out, failures recorded with the server's words. */
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
    expect(sample).toMatchObject({ ok: true, size: 826, signature: proof.encoded });
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
