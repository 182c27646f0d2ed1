/**
 * Every route, fed bad input (malformed JSON, wrong types, missing and unknown fields, oversized
 * bodies, bad base64, wrong content types), answers 4xx with a message and a code, never 5xx.
 * Requests carry valid credentials so they reach validation rather than stopping at auth.
 */
import fc from 'fast-check';
import supertest from 'supertest';
import type request from 'supertest';
import { describe, expect, it } from 'vitest';
import { SIGN_BATCH_BODY_LIMIT_BYTES, SIGN_BATCH_PATH } from '../features/kms-signing/kms-signing.routes.ts';
import { ZK_VERIFY_BATCH_BODY_LIMIT_BYTES, ZK_VERIFY_BATCH_PATH } from '../features/zkfidna/zkfidna.routes.ts';
import { TEST_ORIGIN } from '../test-support.ts';
import { everyRouteServer, SESSION_ENDING_ROUTES } from './every-route.test-support.ts';

const served = everyRouteServer();

function routes() {
  return served.app.context.api.routes.map((r) => ({
    method: r.method,
    // The account's key would be gone after the first delete: a delete is sent for a key that is not there.
    path: r.path.replace(':id', r.method === 'delete' ? '999999' : String(served.account.keyId)),
    name: `${r.method.toUpperCase()} ${r.path}`,
    auth: r.auth,
    pattern: r.path,
  }));
}

function send(method: string, path: string, body: string, contentType = 'application/json') {
  return served.credentialed(method, path).set('Content-Type', contentType).send(body);
}

function expectClientError(res: request.Response, context: string) {
  expect(res.status, `${context} -> ${res.status} ${res.text.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
  expect(res.status, context).toBeLessThan(500);
  if (res.headers['content-type']?.includes('json')) {
    expect(typeof res.body.message, context).toBe('string');
    expect(res.body.message.length, context).toBeGreaterThan(0);
    expect(res.body.code, context).toMatch(/^[a-z_]+$/);
  }
}

function expectNoServerError(res: request.Response, context: string) {
  expect(res.status, `${context} -> ${res.status} ${res.text.slice(0, 200)}`).toBeLessThan(500);
}

const notJson = fc.string({ minLength: 1 }).filter((s) => {
  try {
    JSON.parse(s);
    return false;
  } catch {
    return true;
  }
});

/** Values placed in fields: wrong types, bad base64, huge numbers, nested junk. */
const junk = fc.oneof(
  fc.anything(),
  fc.constantFrom('not base64!', '====', 'AAA', 'A', '', ' ', '\u0000', 'é', '%%%'),
  fc.double(),
  fc.bigInt().map(String),
  fc.array(fc.integer(), { maxLength: 300 }),
);
const FIELDS = ['message', 'signature', 'publicKey', 'sid', 'uid', 'keyId', 'pidCipher', 'email', 'password',
  'firstName', 'lastName', 'keyName', 'name', 'subject', 'apiKey', 'apiSecret', 'algorithm', 'contxt', '__proto__', 'constructor'];
const junkObject = fc.dictionary(fc.oneof(fc.constantFrom(...FIELDS), fc.string()), junk, { maxKeys: 6 });

describe('every route refuses bad input with a 4xx and a message', () => {
  it('covers at least the crypto, key and account routes', () => {
    expect(routes().length).toBeGreaterThanOrEqual(20);
  });

  it('malformed JSON', async () => {
    for (const route of routes()) {
      await fc.assert(
        fc.asyncProperty(notJson, async (body) => expectClientError(await send(route.method, route.path, body), `${route.name} ${JSON.stringify(body)}`)),
        { numRuns: 8 },
      );
    }
  });

  it('bodies larger than 256 KiB (1 MiB on the two batch routes, which alone read up to that)', async () => {
    const big = JSON.stringify({ message: 'x'.repeat(300 * 1024) });
    const bigger = JSON.stringify({ message: 'x'.repeat(SIGN_BATCH_BODY_LIMIT_BYTES) });
    const biggest = JSON.stringify({ message: 'x'.repeat(ZK_VERIFY_BATCH_BODY_LIMIT_BYTES) });
    for (const route of routes()) {
      const body = route.path === SIGN_BATCH_PATH ? bigger : route.path === ZK_VERIFY_BATCH_PATH ? biggest : big;
      const res = await send(route.method, route.path, body);
      expectClientError(res, route.name);
      expect(res.status).toBe(413);
    }
  });

  it('wrong content type on writes', async () => {
    // GET and DELETE read no body, so its type does not matter to them.
    for (const route of routes().filter((r) => r.method !== 'get' && r.method !== 'delete')) {
      const res = await send(route.method, route.path, 'message=hello', 'application/x-www-form-urlencoded');
      expectClientError(res, route.name);
    }
  });

  it('JSON that is not an object, or objects with wrong, missing and unknown fields', async () => {
    for (const route of routes()) {
      if (route.method === 'get' && SESSION_ENDING_ROUTES.has(route.name)) continue;
      await fc.assert(
        fc.asyncProperty(fc.oneof(junkObject, fc.anything()), async (value) => {
          const body = JSON.stringify(value) ?? 'null';
          expectNoServerError(await send(route.method, route.path, body), `${route.name} ${body.slice(0, 200)}`);
        }),
        { numRuns: 25 },
      );
    }
  });

  it('routes with a body schema refuse junk objects with a 4xx', async () => {
    const withBody = routes().filter((r) =>
      ['POST /api/v1/crypto/dilion/sign', 'POST /api/v1/crypto/dilion/verify', 'POST /api/v1/demo/dilion/sign', 'POST /api/v1/demo/dilion/verify',
        'POST /api/v1/auth/register', 'POST /api/v1/auth/login', 'POST /api/v1/contact', 'POST /api/v1/debug/user-usage',
        'POST /api/v1/debug/user-operations', 'POST /api/v1/signing-keys', 'POST /api/v1/service-keys',
        ...['ecdsa', 'schnorr'].flatMap((m) => ['crypto', 'demo'].flatMap((c) => [`POST /api/v1/${c}/qes2/${m}/sign`, `POST /api/v1/${c}/qes2/${m}/verify`]))].includes(r.name),
    );
    expect(withBody).toHaveLength(19);
    for (const route of withBody) {
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(junkObject.filter((o) => Object.keys(o).length > 0 && 'contxt' in o), fc.oneof(fc.integer(), fc.string(), fc.array(fc.anything()), fc.constant(null))),
          async (value) => expectClientError(await send(route.method, route.path, JSON.stringify(value)), `${route.name} ${JSON.stringify(value).slice(0, 200)}`),
        ),
        { numRuns: 20 },
      );
    }
  });

  it("reaches every 'account' route both ways, by the management key and by the session, and junk there is a 4xx or answered", async () => {
    // A real month and no real key id: a rotation of the run's own key would cut the later requests off.
    const account = routes().filter((r) => r.auth === 'account').map((r) => ({ ...r, path: r.pattern.replace(':month', '2026-01').replace(':id', '999999') }));
    expect(account.map((r) => r.name)).toEqual(expect.arrayContaining(['GET /api/v1/usage', 'GET /api/v1/api-keys', 'POST /api/v1/api-keys/:id/rotate', 'GET /api/v1/keys', 'GET /api/v1/keys/:keyId/export']));
    // The earlier tests may have rotated or disabled the run's key, and signed its session out: a fresh key and session.
    const { row, secret } = await served.app.context.apiKeys.createKey(served.account.user.id, { keyName: 'manager', allowedOperations: ['manage'] });
    const login = await supertest(served.server).post('/api/v1/auth/login').send({ email: served.account.email, password: 'correct horse battery' });
    const cookie = (login.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('pq.sid='))!.split(';')[0]!;
    const byKey = (method: string, path: string) => supertest(served.server)[method as 'post'](path).set({ 'x-api-key': row.keyValue, 'x-api-secret': secret });
    const bySession = (method: string, path: string) => supertest(served.server)[method as 'post'](path).set({ Cookie: cookie, Origin: TEST_ORIGIN });
    for (const route of account) {
      for (const [via, request] of [['key', byKey], ['session', bySession]] as const) {
        await fc.assert(
          fc.asyncProperty(fc.oneof(junkObject, fc.anything()), async (value) => {
            const body = JSON.stringify(value) ?? 'null';
            const res = await request(route.method, route.path).set('Content-Type', 'application/json').send(body);
            const context = `${route.name} by ${via} ${body.slice(0, 200)}`;
            expect([401, 403], `${context} -> ${res.status} ${res.text.slice(0, 200)}`).not.toContain(res.status);
            if (res.status >= 400) expectClientError(res, context);
            else expectNoServerError(res, context);
          }),
          { numRuns: 10 },
        );
      }
    }
  });

  it('bad base64 and wrong lengths in byte fields', async () => {
    const signed = (await send('post', '/api/v1/demo/dilion/sign', JSON.stringify({ message: 'x' }))).body;
    const bytes = fc.oneof(
      fc.string(),
      fc.uint8Array({ maxLength: 4000 }).map((b) => Buffer.from(b).toString('base64')),
      fc.uint8Array({ minLength: 1, maxLength: 4000 }).map((b) => Buffer.from(b).toString('base64').replace(/=+$/, '')),
    );
    const hybrid = (await send('post', '/api/v1/demo/qes2/ecdsa/sign', JSON.stringify({ message: 'x' }))).body;
    const targets = [
      { path: '/api/v1/crypto/dilion/verify', signed, lengths: [3309, 1952] },
      { path: '/api/v1/demo/dilion/verify', signed, lengths: [3309, 1952] },
      { path: '/api/v1/crypto/qes2/ecdsa/verify', signed: hybrid, lengths: [3373, 1985] },
      { path: '/api/v1/demo/qes2/ecdsa/verify', signed: hybrid, lengths: [3373, 1985] },
    ];
    for (const { path, signed, lengths } of targets) {
      await fc.assert(
        fc.asyncProperty(bytes, fc.boolean(), async (value, inSignature) => {
          const body = { message: 'x', signature: inSignature ? value : signed.signature.encoded, publicKey: inSignature ? signed.publicKey : value };
          const res = await send('post', path, JSON.stringify(body));
          const plausible = Buffer.from(value, 'base64').length === lengths[inSignature ? 0 : 1];
          if (!plausible) expectClientError(res, `${path} ${value.slice(0, 60)}`);
          else expectNoServerError(res, path);
        }),
        { numRuns: 40 },
      );
    }
  });
});
