import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { createTestApp, TEST_ORIGIN, type TestApp } from './test-support.ts';

let app: TestApp;
beforeAll(async () => {
  const production = loadConfig({ NODE_ENV: 'production' });
  app = await createTestApp({ config: { env: 'production', debugRoutes: production.debugRoutes, trustProxy: 1, engineWorkers: 1 } });
});
afterAll(() => app.close());

/** Registers, then signs in (where the session cookie is set), as arriving over `proto`. */
async function register(proto: 'http' | 'https') {
  const email = `prod-${proto}-${Date.now()}@example.com`;
  await request(app.app).post('/api/auth/register').set({ 'X-Forwarded-Proto': proto }).send({ email, password: 'correct horse battery', firstName: 'A', lastName: 'B' });
  return request(app.app).post('/api/auth/login').set({ Origin: TEST_ORIGIN, 'X-Forwarded-Proto': proto }).send({ email, password: 'correct horse battery' });
}

describe('production mode (what npm start runs)', () => {
  it('marks the session cookie Secure when the request came over HTTPS, and not over plain HTTP', async () => {
    const secure = await register('https');
    expect(secure.status).toBe(200);
    expect((secure.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('pq.sid='))).toMatch(/; Secure/);
    const plain = await register('http');
    expect(plain.status).toBe(200);
    expect((plain.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('pq.sid='))).not.toMatch(/; Secure/);
  });

  it('does not serve the debug key inspector unless DEBUG_ROUTES=on', async () => {
    const res = await request(app.app).post('/api/debug/user-usage').send({ apiKey: 'pk_x', apiSecret: 'sk_x' });
    expect([res.status, res.body.code]).toEqual([404, 'debug_routes_off']);
    expect(res.body.message).toContain('DEBUG_ROUTES=on');
    expect((await request(app.app).get('/api/openapi.json')).body.paths['/api/debug/user-usage']).toBeUndefined();
  });
});
