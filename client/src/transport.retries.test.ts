/**
 * The client's retries against a live server, with failures injected in the fetch under it: a call
 * is sent again when that can help and never charged twice (one Idempotency-Key across attempts),
 * waits what the server asks, is not retried when waiting cannot help, and stops at its bound.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpWithKey } from '../../server/test-support.ts';
import { PqClient } from './client.ts';
import { PqApiError } from './errors.ts';
import { startLiveServer, type LiveServer } from './live-server.test-support.ts';

let live: LiveServer;
beforeAll(async () => {
  live = await startLiveServer();
});
afterAll(() => live?.close());

/** What the fetch under a client saw: each attempt's Idempotency-Key, and the waits between them. */
function recorder() {
  const keys: (string | null)[] = [];
  const waits: number[] = [];
  return { keys, waits, sleep: async (ms: number) => void waits.push(ms), note: (request: Request) => keys.push(request.headers.get('idempotency-key')) };
}

const jsonAnswer = (status: number, body: object, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

describe('retries, against a live server', () => {
  it('sends again after a failure before the server was reached, and the call is charged once', async () => {
    const seen = recorder();
    const before = await live.charges();
    const pq = live.client({
      sleep: seen.sleep,
      fetch: async (request) => {
        seen.note(request);
        if (seen.keys.length === 1) throw new TypeError('fetch failed');
        return fetch(request);
      },
    });
    expect((await pq.dilion.sign({ message: 'once' })).signature.encoded).toBeTypeOf('string');
    expect(seen.keys).toHaveLength(2);
    expect(await live.charges()).toBe(before + 1);
  });

  it('replays the stored answer when the connection dropped after the server answered: the same Idempotency-Key, exactly one charge', async () => {
    const seen = recorder();
    const replayed: (string | null)[] = [];
    const before = await live.charges();
    const pq = live.client({
      sleep: seen.sleep,
      fetch: async (request) => {
        seen.note(request);
        const response = await fetch(request);
        replayed.push(response.headers.get('idempotent-replayed'));
        if (seen.keys.length === 1) {
          // The server answered and charged; the answer is lost on the way back.
          await response.arrayBuffer();
          throw new TypeError('fetch failed', { cause: new Error('other side closed') });
        }
        return response;
      },
    });
    const signed = await pq.dilion.sign({ message: 'lost answer' });
    expect(signed.context).toBe('dilion/v1|default');
    expect(seen.keys).toHaveLength(2);
    expect(seen.keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(seen.keys[1]).toBe(seen.keys[0]);
    expect(replayed).toEqual([null, 'true']);
    expect(await live.charges()).toBe(before + 1);
  });

  it('sends again after a 503 and returns the answer that followed', async () => {
    const seen = recorder();
    const pq = live.client({
      sleep: seen.sleep,
      retry: { baseDelayMs: 100 },
      fetch: async (request) => {
        seen.note(request);
        return seen.keys.length === 1 ? jsonAnswer(503, { code: 'engine_unavailable', message: 'busy' }) : fetch(request);
      },
    });
    expect((await pq.qes2.sign('ecdsa', { message: 'after 503' })).algorithm).toBe('qes2-ecdsa');
    expect(seen.keys).toHaveLength(2);
    expect(seen.waits).toHaveLength(1);
    expect(seen.waits[0]).toBeLessThanOrEqual(100);
  });

  it('waits the Retry-After of a rate-limit 429 before sending again', async () => {
    const seen = recorder();
    const pq = live.client({
      sleep: seen.sleep,
      fetch: async (request) => {
        seen.note(request);
        return seen.keys.length === 1 ? jsonAnswer(429, { code: 'too_many_concurrent_calls', message: 'wait' }, { 'Retry-After': '1' }) : fetch(request);
      },
    });
    expect((await pq.dilion.verify({ message: 'm', publicKey: Buffer.alloc(1952).toString('base64'), signature: Buffer.alloc(3309).toString('base64') })).valid).toBe(false);
    expect(seen.waits).toEqual([1000]);
    expect(seen.keys).toHaveLength(2);
  });

  it('does not send again when the allowance is used up (usage_limit_reached), even with a Retry-After', async () => {
    const spent = await signUpWithKey(live.app);
    live.app.database.sqlite.prepare('UPDATE users SET api_usage_count = 100 WHERE id = ?').run(spent.user.id);
    const seen = recorder();
    const pq = new PqClient({
      baseUrl: live.baseUrl,
      apiKey: spent.apiKey,
      apiSecret: spent.apiSecret,
      sleep: seen.sleep,
      fetch: async (request) => {
        seen.note(request);
        const response = await fetch(request);
        // As a proxy might add one: the code, not the header, says waiting does not help.
        const headers = new Headers(response.headers);
        headers.set('Retry-After', '1');
        return new Response(response.body, { status: response.status, headers });
      },
    });
    const failure = await pq.dilion.sign({ message: 'one too many' }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(PqApiError);
    expect(failure).toMatchObject({ status: 429, code: 'usage_limit_reached' });
    expect(seen.keys).toHaveLength(1);
    expect(seen.waits).toEqual([]);
  });
});

describe('the retry bound', () => {
  let attempts = 0;
  let server: Server;
  let baseUrl: string;
  beforeAll(async () => {
    server = createServer((_req, res) => {
      attempts++;
      res.writeHead(503, { 'content-type': 'application/json' }).end(JSON.stringify({ code: 'service_unavailable', message: 'down for maintenance', requestId: 'req_down' }));
    });
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((ok) => server?.close(ok)));

  it('makes exactly retries + 1 attempts against a server that always answers 503, then throws its 503', async () => {
    const waits: number[] = [];
    const pq = new PqClient({ baseUrl, apiKey: 'pk_x', apiSecret: 'sk_x', env: {}, retry: { retries: 2, baseDelayMs: 50 }, sleep: async (ms) => void waits.push(ms) });
    const failure = await pq.health().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(PqApiError);
    expect(failure).toMatchObject({ status: 503, code: 'service_unavailable', requestId: 'req_down' });
    expect(attempts).toBe(3);
    expect(waits).toHaveLength(2);
    expect(waits[0]).toBeLessThanOrEqual(50);
    expect(waits[1]).toBeLessThanOrEqual(100);
  });
});
