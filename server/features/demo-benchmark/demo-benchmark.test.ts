/**
 * POST /api/demo/benchmark against a real app (real engine pool, real SQLite): validation and
 * bounds, real operations with real times on every algorithm, its own rate limit apart from the
 * demo's, one call at a time per address, one engine task at a time, and a Stop honoured.
 */
import { ml_dsa65 } from '@noble/post-quantum/ml-dsa.js';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromBase64 } from '../../../engine/test-support/bytes.ts';
import { SCHEME_IDS } from '../../../shared/schemes.ts';
import { EngineTaskError } from '../../engine/pool.ts';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../test-support.ts';
import { benchmarkStatement } from './benchmark-operations.ts';
import type { z } from 'zod';
import type { DemoBenchmarkOperation } from '../../contract/demo-benchmark.ts';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

/** A browser: its demo session started first, as the web app does (docs/api.md §6). */
const visitor = (target: TestApp = app) => {
  const agent = request.agent(target.app);
  const started = agent.post('/api/demo/session').set('Origin', TEST_ORIGIN).then((res) => expect(res.status).toBe(204));
  return { agent, bench: async (body: unknown) => (await started, agent.post('/api/demo/benchmark').set('Origin', TEST_ORIGIN).send(body as object)) };
};

type Operation = z.infer<typeof DemoBenchmarkOperation>;

describe('POST /api/demo/benchmark: validation and bounds', () => {
  const cases: [string, unknown, string, RegExp][] = [
    ['no algorithm', { count: 5 }, 'algorithm', /'algorithm'/],
    ['an unknown algorithm', { algorithm: 'rsa', count: 5 }, 'algorithm', /must be one of dilion, qes2-ecdsa, qes2-schnorr, zk-fidna/],
    ['no count', { algorithm: 'dilion' }, 'count', /'count' is required/],
    ['count 0', { algorithm: 'dilion', count: 0 }, 'count', /must be at least 1/],
    ['count 501', { algorithm: 'dilion', count: 501 }, 'count', /must be at most 500/],
    ['a fractional count', { algorithm: 'dilion', count: 2.5 }, 'count', /must be a whole number/],
    ['a count as text', { algorithm: 'dilion', count: '5' }, 'count', /must be a number/],
    ['first 0', { algorithm: 'dilion', count: 1, first: 0 }, 'first', /must be at least 1/],
    ['a run past 500 operations', { algorithm: 'dilion', count: 3, first: 499 }, 'count', /first \+ count − 1 must be at most 500/],
    ['an unknown field', { algorithm: 'dilion', count: 1, message: 'mine' }, 'message', /Unknown field 'message'/],
  ];
  it.each(cases)('refuses %s with 400 validation_error naming the field', async (_name, body, param, message) => {
    const res = await visitor().bench(body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'validation_error', param });
    expect(res.body.message).toMatch(message);
  });

  it('runs the last operations of a 500-operation run, numbered as asked', async () => {
    const res = await visitor().bench({ algorithm: 'dilion', count: 2, first: 499 });
    expect(res.status).toBe(200);
    expect(res.body.operations.map((o: Operation) => o.index)).toEqual([499, 500]);
  });

  it('is in the OpenAPI document with its request and response schemas', async () => {
    const doc = (await request(app.app).get('/api/openapi.json')).body;
    const post = doc.paths['/api/demo/benchmark'].post;
    expect(post.tags).toEqual(['Demo']);
    expect(post.requestBody.content['application/json'].schema.$ref).toContain('DemoBenchmarkRequest');
    expect(Object.keys(post.responses)).toEqual(expect.arrayContaining(['200', '400', '429']));
  });
});

describe('POST /api/demo/benchmark: real operations, real times', () => {
  const sizes = { dilion: 3309, 'qes2-ecdsa': 3373, 'qes2-schnorr': 3373, 'zk-fidna': 826 } as const;

  it.each(SCHEME_IDS)('runs %s operations one after another, each with the server’s and the engine’s time per step', async (algorithm) => {
    const { agent, bench } = visitor();
    const res = await bench({ algorithm, count: 3, first: 7 });
    expect(res.status).toBe(200);
    expect(res.body.algorithm).toBe(algorithm);
    const ops = res.body.operations as Operation[];
    expect(ops.map((o) => o.index)).toEqual([7, 8, 9]);
    for (const o of ops) {
      expect(o).toMatchObject({ ok: true, size: sizes[algorithm] });
      // The engine's time is part of the step the server timed around it.
      expect(o.engineSignMs).toBeGreaterThan(0);
      expect(o.engineVerifyMs).toBeGreaterThan(0);
      expect(o.signMs).toBeGreaterThanOrEqual(o.engineSignMs!);
      expect(o.verifyMs).toBeGreaterThanOrEqual(o.engineVerifyMs!);
    }
    const stepsMs = ops.reduce((sum, o) => sum + o.signMs + o.verifyMs, 0);
    expect(res.body.serverMs).toBeGreaterThanOrEqual(stepsMs);
    // Recorded in the session's history like demo calls, with the engine times answered.
    const history = (await agent.get('/api/crypto/operations')).body as { operationType: string; channel: string; message: string; generationTime: number | null; verificationTime: number | null }[];
    expect(history).toHaveLength(6);
    expect(history.every((h) => h.channel === 'demo')).toBe(true);
    const made = history.filter((h) => h.operationType !== 'verify').reverse();
    expect(made.map((h) => h.generationTime)).toEqual(ops.map((o) => o.engineSignMs));
    if (algorithm !== 'zk-fidna') expect(made.map((h) => h.message)).toEqual(['Benchmark test 7', 'Benchmark test 8', 'Benchmark test 9']);
  });

  it('makes Dilion signatures any FIPS 204 library verifies', async () => {
    const { agent, bench } = visitor();
    expect((await bench({ algorithm: 'dilion', count: 1, first: 42 })).status).toBe(200);
    const [, sign] = (await agent.get('/api/crypto/operations')).body as { message: string; signature: { encoded: string }; publicKey: { encoded: string } }[];
    const M = new Uint8Array([0x00, ...Buffer.from('Benchmark test 42', 'utf8')]);
    expect(ml_dsa65.verify(fromBase64(sign!.signature.encoded), M, fromBase64(sign!.publicKey.encoded), { context: Buffer.from('dilion/v1|default') })).toBe(true);
  });

  it('proves the benchmark’s statements: a secret 100..599 under a balance 1000..5999', () => {
    for (let i = 0; i < 200; i++) {
      const s = benchmarkStatement();
      expect(Number(s.secretValue)).toBeGreaterThanOrEqual(100);
      expect(Number(s.secretValue)).toBeLessThanOrEqual(599);
      expect(Number(s.balanceValue)).toBeGreaterThanOrEqual(1000);
      expect(Number(s.balanceValue)).toBeLessThanOrEqual(5999);
      expect(s.circuitType).toBe('balance_proof');
    }
  });

  it('gives the engine one task at a time, and fails only the operation whose engine task failed', async () => {
    const pool = app.context.pool;
    const original = pool.run;
    let inFlight = 0;
    let most = 0;
    let signs = 0;
    pool.run = ((task, args) => {
      inFlight++;
      most = Math.max(most, inFlight);
      if (task === 'qes2Sign' && ++signs === 2) {
        inFlight--;
        return Promise.reject(new EngineTaskError('worker died', 'worker_exit'));
      }
      return original.call(pool, task, args).finally(() => inFlight--);
    }) as typeof pool.run;
    try {
      const res = await visitor().bench({ algorithm: 'qes2-ecdsa', count: 4 });
      expect(res.status).toBe(200);
      expect(most).toBe(1);
      expect(res.body.operations.map((o: Operation) => o.ok)).toEqual([true, false, true, true]);
      expect(res.body.operations[1]).toMatchObject({ index: 2, signMs: 0, verifyMs: 0, size: null, error: 'The crypto engine failed (worker_exit).' });
    } finally {
      pool.run = original;
    }
  });
});

describe('POST /api/demo/benchmark: limits', () => {
  it('has a rate limit of its own: a used-up benchmark allowance leaves the demo calls alone, and the reverse', async () => {
    const limited = await createTestApp({ config: { engineWorkers: 1, rateLimits: { auth: 100, demo: 2, reads: 100, webhooks: 100, paymentPages: 100 } } });
    try {
      const { agent, bench } = visitor(limited);
      for (let i = 0; i < 2; i++) expect((await bench({ algorithm: 'dilion', count: 1 })).status).toBe(200);
      const refused = await bench({ algorithm: 'dilion', count: 1 });
      expect(refused.status).toBe(429);
      expect(refused.body.code).toBe('rate_limited');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      const sign = () => agent.post('/api/demo/dilion/sign').set('Origin', TEST_ORIGIN).send({ message: 'after the benchmark' });
      expect((await sign()).status).toBe(200);
      expect((await sign()).status).toBe(200);
      expect((await sign()).body.code).toBe('rate_limited');
    } finally {
      await limited.close();
    }
  });

  it('runs one call at a time per address: a second answers 429 benchmark_busy while the first runs', async () => {
    const server: Server = app.app.listen(0);
    try {
      const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const post = (count: number) =>
        fetch(`${origin}/api/demo/benchmark`, { method: 'POST', headers: { 'content-type': 'application/json', origin: TEST_ORIGIN }, body: JSON.stringify({ algorithm: 'zk-fidna', count }) });
      const first = post(8);
      await new Promise((ok) => setTimeout(ok, 150));
      const second = await post(1);
      expect(second.status).toBe(429);
      expect(second.headers.get('retry-after')).toBe('1');
      expect(((await second.json()) as { code: string }).code).toBe('benchmark_busy');
      expect((await first).status).toBe(200);
      // The slot is given back once the first call ends.
      expect((await post(1)).status).toBe(200);
    } finally {
      await new Promise((ok) => server.close(ok));
    }
  });

  it('stops running operations when the caller goes away', async () => {
    const fresh = await createTestApp({ config: { engineWorkers: 1 } });
    const server: Server = fresh.app.listen(0);
    const proofs = () => (fresh.database.sqlite.prepare("SELECT count(*) AS n FROM crypto_operations WHERE operation_type = 'prove'").get() as { n: number }).n;
    try {
      const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const stop = new AbortController();
      const call = fetch(`${origin}/api/demo/benchmark`, {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ algorithm: 'zk-fidna', count: 200 }), signal: stop.signal,
      }).catch(() => 'aborted');
      await expect.poll(proofs, { timeout: 10_000 }).toBeGreaterThan(0);
      stop.abort();
      expect(await call).toBe('aborted');
      // At most the operation under way finishes; then the count stays put.
      await new Promise((ok) => setTimeout(ok, 300));
      const after = proofs();
      await new Promise((ok) => setTimeout(ok, 500));
      expect(proofs()).toBe(after);
      expect(after).toBeLessThan(50);
    } finally {
      await new Promise((ok) => server.close(ok));
      await fresh.close();
    }
  });
});
