// The smoke walk must fail, naming the step, when a server does not answer as it should.
import { createServer, type Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from './free-port.ts';
import { signAndVerify, waitForHealth } from './smoke.ts';

let server: Server | undefined;
afterEach(() => new Promise<void>((done) => (server ? server.close(() => done()) : done())));

async function serve(answer: (path: string) => { status: number; body?: unknown }): Promise<string> {
  const port = await freePort();
  server = createServer((req, res) => {
    const { status, body } = answer(req.url ?? '');
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body ?? {}));
  });
  await new Promise<void>((listening) => server!.listen(port, '127.0.0.1', listening));
  return `http://127.0.0.1:${port}`;
}

describe('the smoke walk', () => {
  it('names sign-up as the failing step when registration is refused', async () => {
    const base = await serve(() => ({ status: 429 }));
    await expect(signAndVerify(base)).rejects.toThrow('sign-up answered 429');
  });

  it('fails when a signature verifies any message', async () => {
    const base = await serve((path) => {
      if (path === '/api/auth/register') return { status: 202 };
      if (path === '/api/keys') return { status: 200, body: [{ id: 1, keyValue: 'pk_x' }] };
      if (path === '/api/keys/1/reveal-secret') return { status: 200, body: { keySecret: 'sk_x' } };
      if (path === '/api/crypto/dilion/sign') return { status: 200, body: { publicKey: 'p', signature: { encoded: 's' } } };
      if (path === '/api/crypto/dilion/verify') return { status: 200, body: { valid: true } };
      return { status: 200 };
    });
    server!.prependListener('request', (req, res) => {
      if (req.url === '/api/auth/login') res.setHeader('set-cookie', 'pq.sid=abc; Path=/');
    });
    await expect(signAndVerify(base)).rejects.toThrow('the signature verified another message');
  });

  it('stops waiting when the server exits before it is healthy', async () => {
    const base = `http://127.0.0.1:${await freePort()}`;
    await expect(waitForHealth(base, () => 1)).rejects.toThrow('the server exited with 1 before it answered /api/health');
  });
});
