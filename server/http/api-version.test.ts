/**
 * The /api/v1 paths and their deprecated unversioned aliases (docs/decisions/052-versioned-api.md):
 * the name mapping, and, on a real server, that every alias runs its canonical route's chain and
 * says it is deprecated while the canonical path does not.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpWithKey, TEST_ORIGIN, type TestApp } from '../test-support.ts';
import { DEPRECATED_SINCE, versionedPath } from './api-version.ts';

describe('versionedPath', () => {
  it('puts an unversioned /api path under /api/v1, and API keys under /api/v1/api-keys', () => {
    expect(versionedPath('/api/crypto/dilion/sign')).toBe('/api/v1/crypto/dilion/sign');
    expect(versionedPath('/api/keys')).toBe('/api/v1/api-keys');
    expect(versionedPath('/api/keys/:id/rotate')).toBe('/api/v1/api-keys/:id/rotate');
    expect(versionedPath('/api/keystore')).toBe('/api/v1/keystore');
  });

  it('gives a path already under /api/v1, or outside /api, no alias', () => {
    expect(versionedPath('/api/v1/keys')).toBeUndefined();
    expect(versionedPath('/api/v1/keys/:keyId/rotate')).toBeUndefined();
    expect(versionedPath('/outbox')).toBeUndefined();
  });

  it('dates the deprecation 2026-11-27 as RFC 9745 asks (@ and seconds since the epoch)', () => {
    expect(new Date(Number(DEPRECATED_SINCE.slice(1)) * 1000).toISOString()).toBe('2026-11-27T00:00:00.000Z');
  });
});

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ config: { engineWorkers: 1 } });
  await app.context.pool.ready();
});
afterAll(() => app.close());

const concrete = (path: string) => path.replace(/:\w+/g, '7');

describe('an unversioned alias', () => {
  it('exists for every route declared without a version, under the canonical name the fuzz runs use', () => {
    const canonical = new Set(app.context.api.routes.map((r) => `${r.method} ${r.path}`));
    expect(app.context.api.aliases.length).toBeGreaterThan(40);
    for (const alias of app.context.api.aliases) {
      expect(canonical.has(`${alias.method} ${alias.canonical}`), alias.path).toBe(true);
      expect(alias.canonical).toBe(versionedPath(alias.path));
    }
    expect(app.context.api.routes.every((r) => r.path.startsWith('/api/v1/'))).toBe(true);
  });

  it('answers as its canonical route does, with Deprecation and a Link to it; the canonical path has neither', async () => {
    for (const alias of app.context.api.aliases.filter((a) => a.method === 'get' && !a.path.includes('google'))) {
      const [old, now] = [await request(app.app).get(concrete(alias.path)), await request(app.app).get(concrete(alias.canonical))];
      const name = `GET ${alias.path}`;
      expect(old.status, name).toBe(now.status);
      expect(old.body?.code, name).toBe(now.body?.code);
      expect(old.headers['deprecation'], name).toBe(DEPRECATED_SINCE);
      expect(old.headers['link'], name).toBe(`<${concrete(alias.canonical)}>; rel="successor-version"`);
      expect(now.headers['deprecation'], name).toBeUndefined();
      expect(now.headers['link'], name).toBeUndefined();
    }
  });

  it('reaches the same handler, the fast lane’s included: a call on the alias is a call of the account', async () => {
    const who = await signUpWithKey(app);
    const auth = { 'x-api-key': who.apiKey, 'x-api-secret': who.apiSecret };
    const served = app.lane.served;
    const old = await request(app.app).post('/api/crypto/dilion/sign').set(auth).send({ message: 'through the alias' });
    const now = await request(app.app).post('/api/v1/crypto/dilion/sign').set(auth).send({ message: 'through v1' });
    expect(app.lane.served - served).toBe(2);
    expect([old.status, now.status]).toEqual([200, 200]);
    expect(old.body.publicKey).toBe(now.body.publicKey);
    expect(old.headers['deprecation']).toBe(DEPRECATED_SINCE);
    expect(old.headers['link']).toBe('</api/v1/crypto/dilion/sign>; rel="successor-version"');
    expect(now.headers['deprecation']).toBeUndefined();
    const usage = await who.agent.get('/api/v1/usage');
    expect(usage.body.apiCallsThisMonth).toBe(2);
  });

  it('names its successor with the request’s own parameters, encoded, and says so on errors too', async () => {
    const who = await signUpWithKey(app);
    const res = await who.agent.patch('/api/keys/a%20b%3Ec').set('Origin', TEST_ORIGIN).send({ keyName: 'renamed' });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.headers['deprecation']).toBe(DEPRECATED_SINCE);
    expect(res.headers['link']).toBe('</api/v1/api-keys/a%20b%3Ec>; rel="successor-version"');
    const listed = await who.agent.get('/api/v1/api-keys');
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual((await who.agent.get('/api/keys')).body);
  });
});
