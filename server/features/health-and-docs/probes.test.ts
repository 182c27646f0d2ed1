/** GET /api/v1/health/live and /ready on a real app (docs/decisions/063): each part that is not ready is named. */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EnginePool } from '../../engine/pool.ts';
import { capturedLog, createTestApp, type TestApp } from '../../test-support.ts';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ config: { engineWorkers: 1 } });
  await app.context.pool.ready();
});
afterAll(() => app.close());

const NOT_READY = { code: 'not_ready', requestId: expect.any(String), message: expect.stringMatching(/^Not ready: /) };

describe('GET /api/v1/health/live', () => {
  it('answers 200 with no credentials', async () => {
    const res = await request(app.app).get('/api/v1/health/live');
    expect([res.status, res.body]).toEqual([200, { status: 'live' }]);
  });
});

describe('GET /api/v1/health/ready', () => {
  it('answers 200 with every check ok, and the readiness state follows', async () => {
    const res = await request(app.app).get('/api/v1/health/ready');
    expect([res.status, res.body]).toEqual([200, { status: 'ready', checks: { database: 'ok', engine: 'ok', migrations: 'ok' } }]);
    expect(app.readiness.ready).toBe(true);
  });

  it('answers 503 naming the migrations when the database lacks one this build ships, and 200 again once it has it', async () => {
    const heard: boolean[] = [];
    const stop = app.readiness.onChange((ready) => heard.push(ready));
    const { sqlite } = app.database;
    const last = sqlite.prepare('SELECT * FROM __drizzle_migrations ORDER BY created_at DESC LIMIT 1').get() as Record<string, unknown>;
    sqlite.prepare('DELETE FROM __drizzle_migrations WHERE created_at = ?').run(last.created_at);
    try {
      const res = await request(app.app).get('/api/v1/health/ready');
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ ...NOT_READY, details: { notReady: ['migrations'], checks: { database: 'ok', engine: 'ok', migrations: 'behind' } } });
      expect(app.readiness.ready).toBe(false);
    } finally {
      sqlite.prepare(`INSERT INTO __drizzle_migrations (${Object.keys(last).join(', ')}) VALUES (${Object.keys(last).map(() => '?').join(', ')})`).run(...Object.values(last));
    }
    expect((await request(app.app).get('/api/v1/health/ready')).status).toBe(200);
    stop();
    expect(heard).toEqual([false, true]);
  });

  it('answers 503 naming draining once shutdown has begun, logged at warn, while liveness and the API still answer', async () => {
    const log = capturedLog('info');
    const draining = await createTestApp({ config: { engineWorkers: 1 }, logger: log.logger });
    try {
      draining.readiness.draining();
      const res = await request(draining.app).get('/api/v1/health/ready');
      expect([res.status, res.body]).toEqual([503, { ...NOT_READY, details: { notReady: ['draining'] } }]);
      const line = log.lines.map((l) => JSON.parse(l) as { level: number; reqId?: string; msg: string }).find((l) => l.reqId === res.body.requestId && l.msg.startsWith('request'));
      expect(line).toMatchObject({ level: 40, msg: 'request completed' });
      expect((await request(draining.app).get('/api/v1/health/live')).status).toBe(200);
      expect((await request(draining.app).get('/api/v1/openapi.json')).status).toBe(200);
    } finally {
      await draining.close();
    }
  });

  it('answers 503 naming the engine when its workers are down', async () => {
    const pool = new EnginePool(1);
    const down = await createTestApp({ pool });
    try {
      await pool.ready();
      expect((await request(down.app).get('/api/v1/health/ready')).status).toBe(200);
      await pool.close();
      const res = await request(down.app).get('/api/v1/health/ready');
      expect([res.status, res.body.details]).toEqual([503, { notReady: ['engine'], checks: { database: 'ok', engine: 'down', migrations: 'ok' } }]);
    } finally {
      await down.close();
    }
  });

  it('answers 503 naming the database when it cannot be read, without the driver’s words or paths', async () => {
    const broken = await createTestApp({ config: { engineWorkers: 1 } });
    try {
      await broken.context.pool.ready();
      broken.database.sqlite.close();
      const res = await request(broken.app).get('/api/v1/health/ready');
      expect([res.status, res.body.details]).toEqual([503, { notReady: ['database'], checks: { database: 'unreadable', engine: 'ok', migrations: 'unknown' } }]);
      expect(res.text).not.toContain(broken.dir);
      expect(res.text).not.toMatch(/sqlite|closed|connection/i);
    } finally {
      await broken.close().catch(() => {});
    }
  });

  it('is in the OpenAPI document with no security, and in the list the fuzz runs walk', async () => {
    const doc = (await request(app.app).get('/api/v1/openapi.json')).body;
    for (const path of ['/api/v1/health/live', '/api/v1/health/ready']) {
      expect(doc.paths[path].get.security).toEqual([]);
      expect(app.context.api.routes).toContainEqual({ method: 'get', path, auth: 'none' });
    }
    expect(Object.keys(doc.paths['/api/v1/health/ready'].get.responses)).toContain('503');
  });
});
