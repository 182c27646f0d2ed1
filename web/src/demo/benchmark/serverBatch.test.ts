/**
 * The run's server side against the real server (real engine pool, real SQLite) at the production
 * rate limits: the page's fetch goes to it through a cookie-keeping adapter, as the browser's would.
 * Then what a page must do with the answers it cannot trust: 429s, failures, malformed bodies.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../../../server/config.ts';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../../../server/test-support.ts';
import { SCHEME_IDS } from '../../../../shared/schemes.ts';
import { runBenchmark } from './run.ts';
import { BENCHMARK_PATH, parseBatch, runServerBatch } from './serverBatch.ts';
import type { Sample } from './stats.ts';

const realFetch = globalThis.fetch;
let app: TestApp;
let server: Server;
let origin: string;
/** The session cookie, kept as a browser keeps it. */
let cookie = '';

/** The page's fetch: relative paths to the test server, with the session cookie and the page's Origin. */
async function pageFetch(path: string | URL | Request, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (cookie) headers.set('cookie', cookie);
  headers.set('origin', TEST_ORIGIN);
  const res = await realFetch(new URL(String(path), origin), { ...init, headers });
  const set = res.headers.get('set-cookie');
  if (set) cookie = set.split(';')[0]!;
  return res;
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

beforeAll(async () => {
  // The limits a production server has (config.ts defaults), not the test suites' generous ones.
  const { rateLimits } = loadConfig({ NODE_ENV: 'test', DATA_DIR: '/nonexistent' });
  expect(rateLimits.demo).toBe(120);
  app = await createTestApp({ config: { rateLimits } });
  server = app.app.listen(0);
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((ok) => server.close(ok));
  await app.close();
});
afterEach(() => vi.unstubAllGlobals());

const ctx = () => ({ signal: new AbortController().signal, onWait: vi.fn() });

describe('the server side of a run, against the real server', () => {
  it('runs a batch of real operations and times the call around the server’s own time', async () => {
    vi.stubGlobal('fetch', pageFetch);
    const { samples, call } = await runServerBatch('qes2-schnorr', 11, 3, ctx());
    expect(samples.map((s) => [s.index, s.side, s.ok, s.size])).toEqual([11, 12, 13].map((i) => [i, 'server', true, 3373]));
    for (const s of samples) {
      expect(s.engineSignMs).toBeGreaterThan(0);
      expect(s.signMs).toBeGreaterThanOrEqual(s.engineSignMs!);
      expect(s.time).toBeCloseTo(s.signMs + s.verifyMs);
    }
    const steps = samples.reduce((sum, s) => sum + s.time, 0);
    expect(call!.operations).toBe(3);
    expect(call!.serverMs).toBeGreaterThanOrEqual(steps);
    expect(call!.roundTripMs).toBeGreaterThanOrEqual(call!.serverMs);
  });

  it.each(SCHEME_IDS)('finishes the default 100 %s operations at the production limits with no wait, and the demo answers after', async (algorithm) => {
    vi.stubGlobal('fetch', pageFetch);
    const samples: Sample[] = [];
    const waits: number[] = [];
    const result = await runBenchmark({ algorithm, count: 100, sides: ['server'], signal: new AbortController().signal, onSample: (s) => samples.push(s), onWait: (s) => waits.push(s) });
    expect(result.stopped).toBe(false);
    expect(samples).toHaveLength(100);
    expect(samples.filter((s) => !s.ok)).toEqual([]);
    expect(samples.map((s) => s.index)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    expect(waits).toEqual([]);
    const sign = await pageFetch('/api/demo/dilion/sign', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ message: 'after the benchmark' }) });
    expect(sign.status).toBe(200);
  });
});

describe('answers a page cannot take as they come', () => {
  it('waits out a 429 with a countdown, repeats the call, and times only the attempt that ran', async () => {
    let refused = false;
    vi.stubGlobal('fetch', async (path: string, init: RequestInit) => {
      if (refused) return pageFetch(path, init);
      refused = true;
      return json(429, { message: 'Too many requests: wait 1 seconds before trying again.', code: 'rate_limited' }, { 'retry-after': '1' });
    });
    const c = ctx();
    const { samples, call } = await runServerBatch('dilion', 1, 2, c);
    expect(c.onWait.mock.calls).toEqual([[1], [0]]);
    expect(samples.every((s) => s.ok)).toBe(true);
    expect(call!.roundTripMs).toBeLessThan(1000);
  });

  it('fails every operation of a call the server refused, with its words, and says Network error without an answer', async () => {
    vi.stubGlobal('fetch', async () => json(404, { message: `There is no POST ${BENCHMARK_PATH} here.`, code: 'not_found' }));
    const refused = await runServerBatch('dilion', 5, 3, ctx());
    expect(refused.call).toBeNull();
    expect(refused.samples).toEqual([5, 6, 7].map((index) => ({ index, side: 'server', ok: false, signMs: 0, verifyMs: 0, time: 0, size: null, error: `There is no POST ${BENCHMARK_PATH} here.` })));
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    expect((await runServerBatch('dilion', 1, 1, ctx())).samples[0]).toMatchObject({ ok: false, error: 'Network error' });
  });

  it('keeps an operation the server failed as failed, with the server’s reason', async () => {
    const operations = [
      { index: 1, ok: true, signMs: 2, verifyMs: 1, engineSignMs: 1.5, engineVerifyMs: 0.5, size: 3309 },
      { index: 2, ok: false, signMs: 0, verifyMs: 0, engineSignMs: null, engineVerifyMs: null, size: null, error: 'The crypto engine failed (worker_exit).' },
    ];
    vi.stubGlobal('fetch', async () => json(200, { algorithm: 'dilion', operations, serverMs: 4 }));
    const { samples } = await runServerBatch('dilion', 1, 2, ctx());
    expect(samples[0]).toEqual({ index: 1, side: 'server', ok: true, signMs: 2, verifyMs: 1, time: 3, size: 3309, engineSignMs: 1.5, engineVerifyMs: 0.5 });
    expect(samples[1]).toMatchObject({ ok: false, time: 0, error: 'The crypto engine failed (worker_exit).' });
  });

  it('refuses an answer that is not what was asked, rather than charting it', async () => {
    const op = (index: number, signMs = 1) => ({ index, ok: true, signMs, verifyMs: 1, engineSignMs: 0.5, engineVerifyMs: 0.5, size: 3309 });
    const answer = (operations: unknown[], extra = {}) => ({ algorithm: 'dilion', operations, serverMs: 3, ...extra });
    expect(parseBatch(answer([op(3), op(4)]), 'dilion', 3, 2).operations).toHaveLength(2);
    expect(parseBatch(answer([op(3)]), 'dilion', 3, 2).operations).toHaveLength(1);
    const bad = [
      answer([op(3), op(4)], { algorithm: 'qes2-ecdsa' }),
      answer([op(4), op(3)]),
      answer([op(3), op(4), op(5)]),
      answer([op(3, -1)]),
      answer([{ ...op(3), engineSignMs: 'soon' }]),
      answer([op(3)], { serverMs: Number.NaN }),
      { operations: 'none' },
      null,
    ];
    for (const body of bad) expect(() => parseBatch(body, 'dilion', 3, 2), JSON.stringify(body)).toThrow('The server’s benchmark answer was not understood');
    vi.stubGlobal('fetch', async () => json(200, answer([op(9)])));
    expect((await runServerBatch('dilion', 3, 2, ctx())).samples.map((s) => s.error)).toEqual(['The server’s benchmark answer was not understood', 'The server’s benchmark answer was not understood']);
  });
});
