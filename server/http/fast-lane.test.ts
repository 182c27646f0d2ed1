import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { IncomingMessage } from 'node:http';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpWithKey, type TestApp } from '../test-support.ts';
import { errorHandler } from './error-handler.ts';
import { sendJson } from './exchange.ts';
import { FastLane, type TrustProxy } from './fast-lane.ts';
import { ZK_VERIFY_BATCH_PATH } from '../features/zkfidna/zkfidna.routes.ts';

type Seen = { body: unknown; secure: boolean; path: string };

/** A lane with one route that echoes what it was given, and a fallback that says it was asked. */
function laneWith(route: RequestHandler[] = [], trustProxy: TrustProxy = () => false) {
  const seen: Seen[] = [];
  const echo: RequestHandler = (req, res) => {
    seen.push({ body: req.body, secure: req.secure, path: req.path });
    sendJson(res, 200, { served: 'lane', body: req.body ?? null });
  };
  const lane = new FastLane({ before: [], bodyChecks: [], errorHandler: errorHandler as ErrorRequestHandler, bodyLimit: 64, trustProxy });
  lane.add('/call', [...route, echo]);
  const handler = lane.handler((_req: IncomingMessage, res) => sendJson(res, 200, { served: 'fallback' }));
  return { handler, seen };
}

describe('the fast lane', () => {
  it('serves a plain JSON POST to its route, with the parsed body', async () => {
    const { handler, seen } = laneWith();
    const res = await request(handler).post('/call?x=1').send({ message: 'hi' });
    expect(res.body).toEqual({ served: 'lane', body: { message: 'hi' } });
    expect(seen[0]).toMatchObject({ path: '/call', secure: false });
  });

  it('leaves every other request to Express', async () => {
    const { handler } = laneWith();
    const cases = [
      request(handler).get('/call'),
      request(handler).post('/call/').send({}),
      request(handler).post('/other').send({}),
      request(handler).post('/call').set('Content-Type', 'text/plain').send('{}'),
      request(handler).post('/call').set('Content-Type', 'application/json; charset=utf-16').send('{}'),
      request(handler).post('/call').set({ 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' }).send('{}'),
    ];
    for (const res of await Promise.all(cases)) expect(res.body).toEqual({ served: 'fallback' });
  });

  it('reads a UTF-8 body as express.json does: charset named, byte-order mark dropped, no body left unset', async () => {
    const { handler, seen } = laneWith();
    await request(handler).post('/call').set('Content-Type', 'application/json; charset=UTF-8').send('\ufeff{"a":1}');
    await request(handler).post('/call').set('Content-Type', 'application/json').send('');
    expect(seen.map((s) => s.body)).toEqual([{ a: 1 }, undefined]);
  });

  it('refuses a body that is not JSON, not an object or array, or over the limit, through the error handler', async () => {
    const { handler, seen } = laneWith();
    const post = (body: string) => request(handler).post('/call').set('Content-Type', 'application/json').send(body);
    expect([(await post('{"a":')).status, (await post('{"a":')).body.code]).toEqual([400, 'invalid_json']);
    expect((await post('"just a string"')).body.code).toBe('invalid_json');
    const tooLarge = await post(JSON.stringify({ message: 'x'.repeat(100) }));
    expect([tooLarge.status, tooLarge.body.code]).toEqual([413, 'payload_too_large']);
    expect(seen).toHaveLength(0);
  });

  it('passes a thrown error and a rejected promise to the error handler', async () => {
    const throws: RequestHandler = () => {
      throw Object.assign(new Error('nope'), { type: 'entity.parse.failed' });
    };
    const rejects: RequestHandler = async () => {
      throw new Error('unexpected');
    };
    expect((await request(laneWith([throws]).handler).post('/call').send({})).status).toBe(400);
    const failed = await request(laneWith([rejects]).handler).post('/call').send({});
    expect([failed.status, failed.body.code]).toEqual([500, 'internal_error']);
  });

  it('takes a request as secure only when a trusted proxy says it came over https', async () => {
    const trusted = laneWith([], () => true);
    const untrusted = laneWith([], () => false);
    await request(trusted.handler).post('/call').set('X-Forwarded-Proto', 'https, http').send({});
    await request(trusted.handler).post('/call').set('X-Forwarded-Proto', 'http').send({});
    await request(untrusted.handler).post('/call').set('X-Forwarded-Proto', 'https').send({});
    expect([...trusted.seen, ...untrusted.seen].map((s) => s.secure)).toEqual([true, false, false]);
  });
});

describe('the app’s metered calls through the lane and through Express', () => {
  let app: TestApp;
  let who: Awaited<ReturnType<typeof signUpWithKey>>;
  beforeAll(async () => {
    app = await createTestApp();
    who = await signUpWithKey(app);
  });
  afterAll(() => app.close());

  // The trailing slash is the same route to Express and not the lane's exact path: the same call, answered by each.
  const both = async (headers: Record<string, string>, body: string) => {
    const call = (path: string) => request(app.app).post(path).set({ 'Content-Type': 'application/json', ...headers }).send(body);
    return [await call('/api/crypto/dilion/verify'), await call('/api/crypto/dilion/verify/')] as const;
  };
  const shape = (res: request.Response) => ({
    status: res.status,
    code: res.body.code,
    valid: res.body.valid,
    headers: Object.keys(res.headers).filter((h) => !['date', 'x-request-id', 'connection', 'keep-alive'].includes(h)).sort(),
  });

  it('are the lane’s: every metered POST but the verify batch (its own 1 MiB body limit is Express’s), and nothing else', () => {
    const metered = app.context.api.routes
      .filter((r) => r.method === 'post' && /^\/api\/v1\/(crypto\/|service-keys$)/.test(r.path) && r.path !== ZK_VERIFY_BATCH_PATH)
      .map((r) => r.path);
    // Each at its /api/v1 path and at its deprecated alias.
    const aliases = app.context.api.aliases.filter((a) => a.method === 'post' && metered.includes(a.canonical)).map((a) => a.path);
    expect(aliases).toHaveLength(metered.length);
    expect(app.lane.paths().sort()).toEqual([...metered, ...aliases].sort());
    expect(metered).toContain('/api/v1/crypto/dilion/sign');
    expect(aliases).toContain('/api/crypto/dilion/sign');
  });

  it('answer the same, success or failure', async () => {
    const served = app.lane.served;
    const key = { 'x-api-key': who.apiKey, 'x-api-secret': who.apiSecret };
    const verify = JSON.stringify({ message: 'm', signature: Buffer.alloc(3309).toString('base64'), publicKey: Buffer.alloc(1952).toString('base64') });
    const cases: [Record<string, string>, string][] = [
      [key, verify],
      [{}, verify],
      [{ ...key, 'x-api-secret': 'sk_wrong' }, verify],
      [key, '{"message":'],
      [key, '{"message":"m"}'],
      [key, JSON.stringify({ message: 'x'.repeat(300_000) })],
      [{ ...key, 'idempotency-key': 'bad key with spaces' }, verify],
    ];
    for (const [headers, body] of cases) {
      const [lane, express] = await both(headers, body);
      expect(shape(lane), `${JSON.stringify(headers)} ${body.slice(0, 40)}`).toEqual(shape(express));
      expect(lane.status).toBeLessThan(500);
    }
    expect(shape((await both(key, verify))[0])).toMatchObject({ status: 200, valid: false });
    expect(app.lane.served - served).toBe(cases.length + 1);
  });
});
