/**
 * The client's own send path (no fetch injected): requests go out as URL and init, with a body of
 * known length, the same Idempotency-Key on every attempt, and an abort that stops the retries.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PqClient } from './client.ts';
import { OutgoingRequest } from './outgoing-request.ts';

let server: Server;
let baseUrl: string;
const seen: { headers: IncomingHttpHeaders; body: string }[] = [];
/** How many 503s to answer before a 200. */
let failFirst = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      seen.push({ headers: req.headers, body });
      const status = failFirst-- > 0 ? 503 : 200;
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(status === 200 ? { valid: true } : { code: 'busy', message: 'busy' }));
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((ok) => server?.close(ok)));

const client = () => new PqClient({ baseUrl, apiKey: 'pk_a', apiSecret: 'sk_a', env: {}, sleep: async () => {} });
const body = { message: 'm', publicKey: 'AAAA', signature: 'AAAA' };

describe('the default send path', () => {
  it('sends a POST with Content-Length (not chunked), its JSON body and the key pair, the same Idempotency-Key on each attempt', async () => {
    seen.length = 0;
    failFirst = 2;
    expect(await client().dilion.verify(body)).toEqual({ valid: true });
    expect(seen).toHaveLength(3);
    for (const { headers, body: sent } of seen) {
      expect(headers['content-length']).toBe(String(Buffer.byteLength(sent)));
      expect(headers['transfer-encoding']).toBeUndefined();
      expect(JSON.parse(sent)).toEqual(body);
      expect([headers['x-api-key'], headers['x-api-secret'], headers['content-type']]).toEqual(['pk_a', 'sk_a', 'application/json']);
    }
    expect(new Set(seen.map((s) => s.headers['idempotency-key'])).size).toBe(1);
  });

  it('stops at an abort instead of retrying', async () => {
    seen.length = 0;
    failFirst = 100;
    const controller = new AbortController();
    const pq = new PqClient({ baseUrl, env: {}, sleep: async () => controller.abort(new Error('caller gave up')) });
    await expect(pq.api.GET('/api/v1/health', { signal: controller.signal })).rejects.toThrow('caller gave up');
    expect(seen).toHaveLength(1);
  });
});

describe('OutgoingRequest', () => {
  it('gives a middleware a real Request with the same method, URL, headers and body', async () => {
    const outgoing = new OutgoingRequest(`${baseUrl}/x`, { method: 'post', headers: { a: '1' }, body: '{"b":2}' });
    const request = outgoing.toRequest();
    expect([request.method, request.url, request.headers.get('a'), await request.text()]).toEqual(['POST', `${baseUrl}/x`, '1', '{"b":2}']);
    expect(await outgoing.toRequest().text()).toBe('{"b":2}');
  });
});
