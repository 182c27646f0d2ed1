/** What a server answers before its app is built (starting-listener.ts; docs/decisions/063). */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Readiness } from '../observability/readiness.ts';
import { startingListener } from './starting-listener.ts';

let server: Server;
let base: string;
beforeAll(async () => {
  server = createServer(startingListener(new Readiness()));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('the starting listener', () => {
  it('answers liveness 200', async () => {
    const res = await fetch(`${base}/api/v1/health/live`);
    expect([res.status, await res.json()]).toEqual([200, { status: 'live' }]);
  });

  it('answers readiness 503 not_ready naming starting, in the API’s error shape', async () => {
    const res = await fetch(`${base}/api/v1/health/ready?probe=1`);
    const body = await res.json();
    expect(res.status).toBe(503);
    expect(body).toEqual({ message: expect.stringContaining('starting'), code: 'not_ready', details: { notReady: ['starting'] }, requestId: res.headers.get('x-request-id') });
  });

  it('answers anything else 503 starting with Retry-After: 1, a body sent or not', async () => {
    for (const [path, init] of [['/api/v1/health', {}], ['/api/v1/dilion/sign', { method: 'POST', body: '{"message":"x"}' }], ['/', {}]] as const) {
      const res = await fetch(`${base}${path}`, init);
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('1');
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await res.json()).toEqual({ message: expect.any(String), code: 'starting', requestId: expect.any(String) });
    }
  });
});
