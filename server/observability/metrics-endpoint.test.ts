import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/free-port.ts';
import { createTestApp, type TestApp } from '../test-support.ts';
import { metricsByToken, parseExposition, TEST_METRICS_TOKEN, valueOf } from './metrics.test-support.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

describe('metrics off (the default)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('creates no registry, gives the request log no hook, and serves no /metrics', async () => {
    expect(app.config.metrics).toBeNull();
    expect(app.metrics.registry).toBeNull();
    expect(app.metrics.onResponse).toBeUndefined();
    const res = await request(app.app).get('/metrics').set('Authorization', `Bearer ${TEST_METRICS_TOKEN}`);
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('not_found');
  });
});

describe('GET /metrics behind METRICS_TOKEN', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ config: metricsByToken });
  });
  afterAll(() => app.close());

  it('answers 401 with the JSON error without the token or with a wrong one', async () => {
    const wrong = [undefined, `Bearer ${TEST_METRICS_TOKEN}x`, `Bearer ${TEST_METRICS_TOKEN.slice(1)}`, TEST_METRICS_TOKEN, `Basic ${TEST_METRICS_TOKEN}`];
    for (const authorization of wrong) {
      const req = request(app.app).get('/metrics');
      const res = await (authorization === undefined ? req : req.set('Authorization', authorization));
      expect(res.status, String(authorization)).toBe(401);
      expect(res.body).toMatchObject({ code: 'metrics_token_required', message: expect.stringContaining('Bearer') });
      expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
      expect(res.text).not.toContain('pq_');
    }
  });

  it('answers the exposition with the token, and counts its own scrapes by their route', async () => {
    const scrape = () => request(app.app).get('/metrics').set('Authorization', `Bearer ${TEST_METRICS_TOKEN}`);
    // pq_ready reruns the readiness checks, which want an engine worker loaded.
    await app.context.pool.ready();
    const first = await scrape();
    expect(first.status).toBe(200);
    expect(first.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(first.headers['cache-control']).toBe('no-store');
    expect(valueOf(parseExposition(first.text), 'pq_ready')).toBe(1);
    const second = parseExposition((await scrape()).text);
    expect(valueOf(second, 'pq_http_requests_total', { route: '/metrics', method: 'GET', status: '200' })).toBe(1);
    expect(valueOf(second, 'pq_http_requests_total', { route: '/metrics', method: 'GET', status: '401' })).toBe(5);
  });
});

describe('METRICS_PORT, in a real server process', () => {
  it('serves /metrics on its own listener and not on the main port, until the server stops', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pq-metrics-'));
    const [port, metricsPort] = [await freePort(), await freePort()];
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: ROOT,
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', METRICS_PORT: String(metricsPort), DATA_DIR: dir, ENGINE_WORKERS: '1', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    try {
      let scraped: Response | undefined;
      for (let i = 0; i < 300 && scraped === undefined; i++) {
        scraped = await fetch(`http://127.0.0.1:${metricsPort}/metrics`).catch(() => undefined);
        if (scraped === undefined) await new Promise((r) => setTimeout(r, 100));
      }
      expect(scraped?.status).toBe(200);
      // The listener opens as the app takes over; pq_ready is 1 once readiness passes (an engine worker loaded).
      for (let i = 0; i < 300 && (await fetch(`http://127.0.0.1:${port}/api/v1/health/ready`)).status !== 200; i++) await new Promise((r) => setTimeout(r, 100));
      const samples = parseExposition(await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text());
      expect(valueOf(samples, 'pq_build_info')).toBe(1);
      expect(valueOf(samples, 'pq_ready')).toBe(1);
      expect((await fetch(`http://127.0.0.1:${port}/metrics`)).status).toBe(404);
      expect((await fetch(`http://127.0.0.1:${metricsPort}/api/health`)).status).toBe(404);
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
