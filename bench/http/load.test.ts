import { createServer, type Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { runLoad } from './load.ts';

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** A server that answers every third request with 500 and sends `bodyBytes` of JSON-ish text. */
function listen(bodyBytes: number, { chunked = false } = {}): Promise<{ port: number; seen: () => { count: number; bodies: string[] } }> {
  let count = 0;
  const bodies: string[] = [];
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      count++;
      if (bodies.length < 3) bodies.push(`${req.method} ${req.url} ${req.headers['x-api-key']} ${Buffer.concat(chunks).toString()}`);
      const body = 'x'.repeat(bodyBytes);
      res.writeHead(count % 3 === 0 ? 500 : 200, { 'content-type': 'application/json', ...(chunked ? {} : { 'content-length': bodyBytes }) });
      res.end(body);
    });
  });
  return new Promise((resolve) =>
    server!.listen(0, '127.0.0.1', () => resolve({ port: (server!.address() as { port: number }).port, seen: () => ({ count, bodies }) })),
  );
}

describe('runLoad', () => {
  it('sends the request as given and counts every answer, failures apart', async () => {
    const { port, seen } = await listen(10);
    const result = await runLoad({ port, path: '/sign', headers: { 'x-api-key': 'pk_1' }, body: { message: 'hi' }, clients: 3, durationMs: 200 });
    expect(seen().bodies[0]).toBe('POST /sign pk_1 {"message":"hi"}');
    expect(result.answered).toBe(seen().count);
    expect(result.failures).toBe(Math.floor(seen().count / 3));
    expect(result.requestsPerSec).toBeGreaterThan(0);
    expect(result.p99).toBeGreaterThanOrEqual(result.p50);
  });

  it('reads bodies that arrive in many chunks before sending the next request', async () => {
    const { port, seen } = await listen(300_000);
    const result = await runLoad({ port, path: '/', headers: {}, body: {}, clients: 2, durationMs: 200 });
    expect(result.answered).toBe(seen().count);
    expect(result.answered).toBeGreaterThan(2);
  });

  it('counts a refused connection as a failure instead of hanging', async () => {
    const { port } = await listen(1);
    await new Promise<void>((resolve) => server!.close(() => resolve()));
    server = undefined;
    const result = await runLoad({ port, path: '/', headers: {}, body: {}, clients: 2, durationMs: 100 });
    expect(result).toMatchObject({ answered: 2, failures: 2, requestsPerSec: 0 });
  });

  it('refuses a response without Content-Length instead of miscounting it', async () => {
    const { port } = await listen(10, { chunked: true });
    await expect(runLoad({ port, path: '/', headers: {}, body: {}, clients: 1, durationMs: 100 })).rejects.toThrow(/without Content-Length/);
  });
});
