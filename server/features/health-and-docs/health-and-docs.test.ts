import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support.ts';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ config: { engineWorkers: 1 } });
  await app.context.pool.ready();
});
afterAll(() => app.close());

describe('GET /api/health', () => {
  it('reports database, migrations and engine ready', async () => {
    const res = await request(app.app).get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'ok', database: true, migrations: true, engine: true });
  });

  it('says whether Google sign-in is configured, so the login page can disable its button', async () => {
    expect((await request(app.app).get('/api/health')).body.googleSignIn).toBe(false);
    const withGoogle = await createTestApp({
      config: { engineWorkers: 1, google: { clientId: 'id', clientSecret: 'secret', callbackUrl: '/api/auth/google/callback' } },
    });
    try {
      expect((await request(withGoogle.app).get('/api/health')).body.googleSignIn).toBe(true);
    } finally {
      await withGoogle.close();
    }
  });

  it('answers at once while the engine is busy signing', async () => {
    const seed = new Uint8Array(32).fill(1);
    const signing = Array.from({ length: 1500 }, (_, i) =>
      app.context.pool.run('mlDsaSign', { level: 87, seed, message: new Uint8Array([i & 255]), context: new Uint8Array() }),
    );
    let done = 0;
    for (const s of signing) void s.then(() => done++);
    const start = performance.now();
    const res = await request(app.app).get('/api/health');
    const elapsed = performance.now() - start;
    expect(res.status).toBe(200);
    // The worker is still working through the queue, and the event loop was free to answer.
    expect(done).toBeLessThan(signing.length);
    expect(app.context.pool.queued).toBeGreaterThan(0);
    expect(elapsed).toBeLessThan(500);
    await Promise.all(signing);
  });

  it('carries a request id, and echoes a well-formed one it was given', async () => {
    const fresh = await request(app.app).get('/api/health');
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const given = await request(app.app).get('/api/health').set('X-Request-Id', 'trace-123');
    expect(given.headers['x-request-id']).toBe('trace-123');
    const hostile = await request(app.app).get('/api/health').set('X-Request-Id', 'a b; <script>');
    expect(hostile.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('errors', () => {
  it('answers unknown API paths with a JSON 404 carrying the request id', async () => {
    const res = await request(app.app).get('/api/nope').set('X-Request-Id', 'r1');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: 'not_found', message: expect.stringContaining('/api/docs'), requestId: 'r1' });
    expect(res.body.message).toContain('GET /api/nope');
  });
});

describe('security headers', () => {
  it('enforce a CSP that lets the wasm engine and its worker run', async () => {
    const res = await request(app.app).get('/api/health');
    const csp = res.headers['content-security-policy'] as string;
    expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval'");
    expect(csp).toContain("worker-src 'self' blob:");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['content-security-policy-report-only']).toBeUndefined();
    expect(res.headers['x-powered-by']).toBeUndefined();
  });
});

describe('OpenAPI and docs', () => {
  it('documents every route the app serves, as OpenAPI 3.1', async () => {
    const res = await request(app.app).get('/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    // Walk Express's own routing table, so a route added without the builder is caught too.
    const served: string[] = [];
    for (const layer of (app.express as unknown as { router: { stack: { route?: { path: string; methods: Record<string, boolean> } }[] } }).router.stack) {
      if (!layer.route) continue;
      for (const method of Object.keys(layer.route.methods)) served.push(`${method} ${layer.route.path.replace(/:(\w+)/g, '{$1}')}`);
    }
    const documented = Object.entries(res.body.paths as Record<string, Record<string, unknown>>).flatMap(([path, ops]) =>
      Object.keys(ops).map((method) => `${method} ${path}`),
    );
    expect(served.length).toBeGreaterThanOrEqual(24);
    // GET /metrics is Prometheus' and no API route (docs/decisions/062-metrics.md).
    expect(served.filter((r) => !documented.includes(r) && r !== 'get /metrics')).toEqual([]);
  });

  it('describes the Dilion routes with their schemas, auth and how to verify elsewhere', async () => {
    const doc = (await request(app.app).get('/api/openapi.json')).body;
    const sign = doc.paths['/api/v1/crypto/dilion/sign'].post;
    expect(sign.security).toEqual([{ apiKey: [], apiSecret: [] }]);
    expect(sign.requestBody.content['application/json'].schema.$ref).toBe('#/components/schemas/DilionSignRequest');
    expect(sign.description).toContain('0x00');
    expect(doc.components.schemas.DilionSignResponse.properties.context).toBeDefined();
    expect(doc.components.securitySchemes.apiSecret).toMatchObject({ in: 'header', name: 'x-api-secret' });
  });

  it('lists each unversioned path as a deprecated alias of its /api/v1 operation, which is not deprecated', async () => {
    const doc = (await request(app.app).get('/api/openapi.json')).body;
    expect(doc.paths['/api/v1/crypto/dilion/sign'].post.deprecated).toBeUndefined();
    const alias = doc.paths['/api/crypto/dilion/sign'].post;
    expect(alias.deprecated).toBe(true);
    expect(alias.description).toContain('/api/v1/crypto/dilion/sign');
    expect(alias.requestBody).toEqual(doc.paths['/api/v1/crypto/dilion/sign'].post.requestBody);
    expect(doc.paths['/api/keys/{id}'].delete.description).toContain('/api/v1/api-keys/{id}');
    const operations = Object.values(doc.paths as Record<string, Record<string, { deprecated?: boolean }>>).flatMap((ops) => Object.values(ops));
    expect(operations.filter((op) => op.deprecated)).toHaveLength(app.context.api.aliases.length);
    expect(operations.filter((op) => !op.deprecated)).toHaveLength(app.context.api.routes.length);
  });

  it('serves the docs UI from this server, with no inline script', async () => {
    const page = await request(app.app).get('/api/docs');
    expect(page.status).toBe(200);
    expect(page.text).not.toMatch(/<script>(?!<\/script>)/);
    const scripts = [...page.text.matchAll(/src="([^"]+)"/g)].map((m) => m[1]!);
    for (const src of [...scripts, '/api/docs/assets/swagger-ui.css']) {
      const asset = await request(app.app).get(src);
      expect(asset.status, src).toBe(200);
    }
  });
});
