/**
 * What a failed call throws: the API's error typed (status, code, param, requestId), a network
 * failure after the retries, and a configuration mistake before any call.
 */
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PqClient } from './client.ts';
import { PqApiError, PqConfigError, PqNetworkError } from './errors.ts';
import { startLiveServer, type LiveServer } from './live-server.test-support.ts';

let live: LiveServer;
beforeAll(async () => {
  live = await startLiveServer();
});
afterAll(() => live?.close());

const failureOf = (call: Promise<unknown>) => call.then(() => new Error('the call succeeded'), (error: unknown) => error);

/** A port nothing listens on: bound, read and released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as { port: number };
  await new Promise((ok) => server.close(ok));
  return port;
}

describe('API errors, from a live server', () => {
  it('a wrong secret: PqApiError 401 with the API’s code and request id', async () => {
    const failure = await failureOf(live.client({ apiSecret: 'sk_wrong' }).dilion.sign({ message: 'm' }));
    expect(failure).toBeInstanceOf(PqApiError);
    const error = failure as PqApiError;
    expect(error.status).toBe(401);
    expect(error.code).toMatch(/^[a-z_]+$/);
    expect(error.requestId).toMatch(/\S+/);
    expect(error.message).toContain('POST /api/v1/crypto/dilion/sign answered 401');
  });

  it('a validation error: PqApiError 400 naming the field in `param`', async () => {
    const failure = await failureOf(live.client().dilion.verify({ message: 'm', publicKey: 'AAAA', signature: Buffer.alloc(3309).toString('base64') }));
    expect(failure).toBeInstanceOf(PqApiError);
    expect(failure).toMatchObject({ status: 400, code: 'invalid_public_key', param: 'publicKey' });
  });
});

describe('failures before an answer', () => {
  it('nothing listening: PqNetworkError after every attempt, naming the call and the attempts', async () => {
    const waits: number[] = [];
    const pq = new PqClient({ baseUrl: `http://127.0.0.1:${await closedPort()}`, env: {}, retry: { retries: 1 }, sleep: async (ms) => void waits.push(ms) });
    const failure = await failureOf(pq.health());
    expect(failure).toBeInstanceOf(PqNetworkError);
    expect(failure).toMatchObject({ attempts: 2, call: 'GET /api/v1/health' });
    expect(waits).toHaveLength(1);
  });

  it('a key without its secret, or a secret without its key: PqConfigError before any call', () => {
    expect(() => new PqClient({ apiKey: 'pk_a', env: {} })).toThrow(PqConfigError);
    expect(() => new PqClient({ env: { PQ_API_SECRET: 'sk_a' } })).toThrow(/only the secret was given/);
  });

  it('a base URL that is not an http(s) URL: PqConfigError', () => {
    expect(() => new PqClient({ baseUrl: 'not a url', env: {} })).toThrow(PqConfigError);
    expect(() => new PqClient({ env: { PQ_API_URL: 'ftp://example.com' } })).toThrow(/must be http or https/);
  });

  it('reads the key pair and URL from PQ_API_KEY, PQ_API_SECRET and PQ_API_URL', async () => {
    const pq = new PqClient({ env: { PQ_API_URL: `${live.baseUrl}/`, PQ_API_KEY: live.account.apiKey, PQ_API_SECRET: live.account.apiSecret } });
    expect(pq.baseUrl).toBe(live.baseUrl);
    expect((await pq.dilion.sign({ message: 'from the environment' })).context).toBe('dilion/v1|default');
  });
});
