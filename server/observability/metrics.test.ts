import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpWithKey, type TestApp } from '../test-support.ts';
import { metricsByToken, parseExposition, valueOf, type Sample } from './metrics.test-support.ts';

const SIGN = '/api/v1/crypto/dilion/sign';
const VERIFY = '/api/v1/crypto/dilion/verify';

describe('metrics after a known sequence of calls', () => {
  let app: TestApp;
  let samples: Sample[];
  const value = (name: string, labels: Record<string, string> = {}) => valueOf(samples, name, labels);

  beforeAll(async () => {
    app = await createTestApp({ config: metricsByToken });
    await app.context.pool.ready();
    const who = await signUpWithKey(app);
    const call = (path: string, body: object) => request(app.app).post(path).set('x-api-key', who.apiKey).set('x-api-secret', who.apiSecret).send(body);
    const signed = await call(SIGN, { message: 'one' });
    expect(signed.status).toBe(200);
    expect((await call(SIGN, { message: 'two' })).status).toBe(200);
    const keyed = () => call(SIGN, { message: 'three' }).set('Idempotency-Key', 'metrics-test-1');
    expect((await keyed()).status).toBe(200);
    const replayed = await keyed();
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect((await call(VERIFY, { message: 'one', publicKey: signed.body.publicKey, signature: signed.body.signature.encoded })).body.valid).toBe(true);
    expect((await request(app.app).get('/api/v1/no-such-route')).status).toBe(404);
    expect((await call(SIGN, { message: 42 })).status).toBe(400);
    // The free plan's 100 calls used up: the next call is refused at admission.
    app.database.sqlite.prepare('UPDATE users SET api_usage_count = 100 WHERE id = ?').run(who.user.id);
    expect((await call(SIGN, { message: 'four' })).body.code).toBe('usage_limit_reached');
    samples = parseExposition(await app.metrics.scrape());
  });
  afterAll(() => app.close());

  it('counts each request by its route template, method and status, and times each', () => {
    const sign = { route: SIGN, method: 'POST' };
    expect(value('pq_http_requests_total', { ...sign, status: '200' })).toBe(4);
    expect(value('pq_http_requests_total', { ...sign, status: '400' })).toBe(1);
    expect(value('pq_http_requests_total', { ...sign, status: '429' })).toBe(1);
    expect(value('pq_http_requests_total', { route: VERIFY, method: 'POST', status: '200' })).toBe(1);
    expect(value('pq_http_requests_total', { route: 'unmatched', method: 'GET', status: '404' })).toBe(1);
    expect(value('pq_http_request_duration_seconds_count', sign)).toBe(6);
    expect(value('pq_http_request_duration_seconds_bucket', { ...sign, le: '+Inf' })).toBe(6);
    expect(value('pq_http_request_duration_seconds_count', { route: VERIFY, method: 'POST' })).toBe(1);
  });

  it('counts admissions by operation, refusals by code, and the replay', () => {
    expect(value('pq_metering_admissions_total', { operation: 'sign' })).toBe(3);
    expect(value('pq_metering_admissions_total', { operation: 'verify' })).toBe(1);
    expect(value('pq_metering_refusals_total', { code: 'usage_limit_reached' })).toBe(1);
    expect(value('pq_metering_refusals_total', { code: 'spending_limit_reached' })).toBe(0);
    expect(value('pq_metering_overage_calls_total')).toBe(0);
    expect(value('pq_idempotency_replays_total')).toBe(1);
  });

  it('times the engine tasks by kind and the group commits with their sizes', () => {
    expect(value('pq_engine_task_duration_seconds_count', { operation: 'dilionSign' })).toBe(3);
    expect(value('pq_engine_task_duration_seconds_count', { operation: 'dilionVerify' })).toBe(1);
    // One answered call at a time: each record is its own commit.
    expect(value('pq_db_commit_batch_size_count')).toBe(4);
    expect(value('pq_db_commit_batch_size_sum')).toBe(4);
    expect(value('pq_db_commit_duration_seconds_count')).toBe(4);
    expect(value('pq_db_commit_failures_total')).toBe(0);
  });

  it('reads the pool, the files and the process at scrape, and says the app is ready', () => {
    expect(value('pq_engine_workers')).toBe(app.config.engineWorkers);
    expect(value('pq_engine_queue_length')).toBe(0);
    expect(value('pq_engine_workers_busy')).toBe(0);
    expect(value('pq_sqlite_bytes', { file: 'database' })).toBeGreaterThan(0);
    expect(value('pq_sqlite_bytes', { file: 'wal' })).toBeGreaterThanOrEqual(0);
    expect(value('pq_data_dir_free_bytes')).toBeGreaterThan(0);
    expect(samples.filter((s) => s.name === 'pq_build_info')).toEqual([{ name: 'pq_build_info', labels: { version: expect.any(String) }, value: 1 }]);
    expect(value('pq_ready')).toBe(1);
    expect(value('process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(samples.some((s) => s.name.startsWith('nodejs_eventloop_lag_'))).toBe(true);
  });

  it('keeps pq_ready current at each scrape: 0 while the migrations are behind, 1 once they are not, 0 from the drain on', async () => {
    const sqlite = app.database.sqlite;
    const last = sqlite.prepare('SELECT * FROM __drizzle_migrations ORDER BY created_at DESC LIMIT 1').get() as Record<string, unknown>;
    sqlite.prepare('DELETE FROM __drizzle_migrations WHERE created_at = ?').run(last.created_at);
    try {
      expect(valueOf(parseExposition(await app.metrics.scrape()), 'pq_ready')).toBe(0);
    } finally {
      sqlite.prepare(`INSERT INTO __drizzle_migrations (${Object.keys(last).join(', ')}) VALUES (${Object.keys(last).map(() => '?').join(', ')})`).run(...Object.values(last));
    }
    expect(valueOf(parseExposition(await app.metrics.scrape()), 'pq_ready')).toBe(1);
    app.readiness.draining();
    expect(valueOf(parseExposition(await app.metrics.scrape()), 'pq_ready')).toBe(0);
  });
});

describe('metrics of two apps in one process', () => {
  it('are kept apart, each in its own registry', async () => {
    const [a, b] = await Promise.all([createTestApp({ config: metricsByToken }), createTestApp({ config: metricsByToken })]);
    try {
      await request(a.app).get('/api/v1/no-such-route');
      const count = async (app: TestApp) => valueOf(parseExposition(await app.metrics.scrape()), 'pq_http_requests_total', { route: 'unmatched', method: 'GET', status: '404' });
      expect(await count(a)).toBe(1);
      expect(await count(b)).toBeUndefined();
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});
