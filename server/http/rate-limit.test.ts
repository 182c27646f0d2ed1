/**
 * The per-IP limits' hit counts on every storage engine (docs/decisions/050-one-storage-seam.md):
 * express-rate-limit's memory store beside SQLite, the shared table on PostgreSQL. The store's
 * contract, the limit as a client meets it, and on PostgreSQL one count across instances.
 */
import express from 'express';
import { MemoryStore, type Options, type Store } from 'express-rate-limit';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { repositoryOn, storageEngines, type EngineUnderTest } from '../../db/storage.test-support.ts';
import { errorHandler } from './error-handler.ts';
import { perIpLimit } from './rate-limit.ts';
import { PostgresRateLimitStore } from './rate-limit-store.postgres.ts';

const engines = storageEngines();

/** An instance's store for `limiter`: memory beside SQLite, the table on PostgreSQL. */
const storeOf = (opened: EngineUnderTest, limiter: string, now?: () => number): Store =>
  repositoryOn<Store>(opened, { sqlite: () => new MemoryStore(), postgres: (d) => new PostgresRateLimitStore(d.db, limiter, now) });

async function openWithTable(engine: { open(): Promise<EngineUnderTest> }): Promise<EngineUnderTest> {
  const opened = await engine.open();
  return opened;
}

const initialised = (store: Store, windowMs: number) => (store.init?.({ windowMs } as Options), store);
const hits = async (store: Store, key: string) => (await store.increment(key)).totalHits;

/** An app behind one limit, as the server mounts them. */
function appBehind(limit: number, store: Store) {
  const app = express();
  app.set('trust proxy', 1);
  app.get('/limited', perIpLimit(limit, 60_000, store), (_req, res) => void res.status(204).end());
  app.use(errorHandler);
  return app;
}

describe.each(engines)('the per-IP limits’ store on $name', (engine) => {
  it('counts a key’s hits in its window, with the window’s end, and keeps keys apart', async () => {
    const opened = await openWithTable(engine);
    const store = initialised(storeOf(opened, 'auth'), 60_000);
    const before = Date.now();
    const first = await store.increment('203.0.113.1');
    expect(first.totalHits).toBe(1);
    expect(first.resetTime!.getTime()).toBeGreaterThanOrEqual(before + 60_000);
    expect(first.resetTime!.getTime()).toBeLessThanOrEqual(Date.now() + 60_000);
    expect(await hits(store, '203.0.113.1')).toBe(2);
    expect(await hits(store, '203.0.113.2')).toBe(1);
    expect(await store.get!('203.0.113.1')).toMatchObject({ totalHits: 2 });
    expect(await store.get!('198.51.100.9')).toBeUndefined();
  });

  it('takes a hit back, and forgets a key on reset', async () => {
    const opened = await openWithTable(engine);
    const store = initialised(storeOf(opened, 'auth'), 60_000);
    await store.increment('k');
    await store.increment('k');
    await store.decrement('k');
    expect(await store.get!('k')).toMatchObject({ totalHits: 1 });
    await store.resetKey('k');
    expect(await store.get!('k')).toBeUndefined();
    expect(await hits(store, 'k')).toBe(1);
  });

  it('starts a new window once the last one is over', async () => {
    const opened = await openWithTable(engine);
    const store = initialised(storeOf(opened, 'auth'), 200);
    await store.increment('k');
    await store.increment('k');
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(await store.get!('k')).toBeUndefined();
    expect(await hits(store, 'k')).toBe(1);
  });

  it('counts each of 20 hits made at once', async () => {
    const opened = await openWithTable(engine);
    const store = initialised(storeOf(opened, 'auth'), 60_000);
    await Promise.all(Array.from({ length: 20 }, () => store.increment('k')));
    expect(await store.get!('k')).toMatchObject({ totalHits: 20 });
  });

  it('answers past the limit with 429 rate_limited and the seconds to wait', async () => {
    const app = appBehind(2, storeOf(await openWithTable(engine), 'auth'));
    const from = () => request(app).get('/limited').set('X-Forwarded-For', '203.0.113.7');
    expect((await from()).status).toBe(204);
    expect((await from()).status).toBe(204);
    const refused = await from();
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('rate_limited');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(59);
    expect((await request(app).get('/limited').set('X-Forwarded-For', '203.0.113.8')).status).toBe(204);
  });
});

describe.each(engines.filter((e) => e.name === 'postgres'))('the per-IP limits’ shared table on $name', (engine) => {
  it('gives an address its limit once across instances, and each limiter its own count', async () => {
    const opened = await openWithTable(engine);
    const [first, second] = [appBehind(3, storeOf(opened, 'auth')), appBehind(3, storeOf(opened, 'auth'))];
    const other = appBehind(3, storeOf(opened, 'demo'));
    const from = (app: express.Express) => request(app).get('/limited').set('X-Forwarded-For', '203.0.113.9');
    const statuses = [await from(first), await from(second), await from(first), await from(second)].map((r) => r.status);
    expect(statuses).toEqual([204, 204, 204, 429]);
    expect((await from(other)).status).toBe(204);
  });

  it('gives each of 20 hits made at once through two instances its own count', async () => {
    const opened = await openWithTable(engine);
    const stores = [initialised(storeOf(opened, 'auth'), 60_000), initialised(storeOf(opened, 'auth'), 60_000)];
    const counts = await Promise.all(Array.from({ length: 20 }, (_, i) => hits(stores[i % 2]!, 'k')));
    expect([...counts].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it('deletes the rows whose window is over, once a window', async () => {
    const opened = await openWithTable(engine);
    let now = 1_000_000;
    const store = initialised(storeOf(opened, 'auth', () => now), 60_000);
    await store.increment('gone');
    now += 60_000;
    await store.increment('kept');
    expect(await opened.one('SELECT key FROM rate_limit_hits')).toEqual({ key: 'auth:kept' });
    expect(await opened.one('SELECT count(*) AS n FROM rate_limit_hits')).toEqual({ n: 1 });
  });
});
