/**
 * Two server instances on one PostgreSQL database (docs/decisions/051-several-instances-on-postgresql.md):
 * what must agree across instances does, because it lives in the database. A session made on one
 * instance works on the other; 150 calls racing for a fresh Free account's 100 calls, spread over
 * both, are answered exactly 100 times; an Idempotency-Key retried on the other instance is
 * answered once and charged once. An instance whose master key does not fit the database, or whose
 * server cannot be reached, stops at start with one line.
 */
import { describe, expect, it } from 'vitest';
import { usePostgres } from '../db/postgres/test-server.ts';
import { newMasterKey, queryDatabase, sign, signUp, startInstance, startInstances } from './instances.test-support.ts';

const server = usePostgres();
// Concurrency caps lifted: these tests are about the count, not the per-key and per-account caps.
const UNCAPPED = { API_KEY_CONCURRENCY: '1024', ACCOUNT_CONCURRENCY: '1024' };

async function countRows(url: string, sql: string, ...params: unknown[]): Promise<number> {
  return Number((await queryDatabase<{ n: number }>(url, sql, ...params))[0]!.n);
}

describe.skipIf(!server.available)('two instances on one PostgreSQL database', () => {
  it('answers exactly 100 of 150 calls racing for a fresh Free account’s 100, spread over both instances', { timeout: 120_000 }, async () => {
    const url = await server.createDatabase();
    const [a, b] = await startInstances(2, { databaseUrl: url, env: UNCAPPED });
    const customer = await signUp('race@example.com', { register: a!, signIn: b!, reveal: a! });
    const results = await Promise.all(Array.from({ length: 150 }, (_, i) => sign(i % 2 === 0 ? a! : b!, customer, `race ${i}`)));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(100);
    expect(results.filter((r) => r.status === 429 && r.body?.code === 'usage_limit_reached')).toHaveLength(50);
    // Both instances answered some of the hundred.
    expect(results.filter((r, i) => r.status === 200 && i % 2 === 0).length).toBeGreaterThan(0);
    expect(results.filter((r, i) => r.status === 200 && i % 2 === 1).length).toBeGreaterThan(0);
    const usage = (await (await fetch(`${b!.base}/api/usage`, { headers: { cookie: customer.cookie } })).json()) as { apiCallsThisMonth: number };
    expect(usage.apiCallsThisMonth).toBe(100);
    expect(await countRows(url, 'SELECT count(*) AS n FROM crypto_operations WHERE user_id = $1', customer.userId)).toBe(100);
  });

  it('answers an Idempotency-Key retried on the other instance with the first answer, charged once', { timeout: 120_000 }, async () => {
    const url = await server.createDatabase();
    const [a, b] = await startInstances(2, { databaseUrl: url, env: UNCAPPED });
    const customer = await signUp('retry@example.com', { register: b!, signIn: a!, reveal: b! });
    const key = { 'idempotency-key': 'order-7781' };
    const first = await sign(a!, customer, 'pay 12 EUR', key);
    const retried = await sign(b!, customer, 'pay 12 EUR', key);
    expect(first.status).toBe(200);
    expect(retried).toEqual(first);
    const reused = await sign(b!, customer, 'pay 13 EUR', key);
    expect(reused.status).toBe(422);
    expect(await countRows(url, 'SELECT api_usage_count AS n FROM users WHERE id = $1', customer.userId)).toBe(1);
    expect(await countRows(url, 'SELECT count(*) AS n FROM crypto_operations WHERE user_id = $1', customer.userId)).toBe(1);
  });

  it('stops an instance whose master key does not open the database’s sealed secrets, with one line', { timeout: 120_000 }, async () => {
    const url = await server.createDatabase();
    const first = await startInstance({ databaseUrl: url, masterKey: newMasterKey() });
    // Registration seals the first API key's secret until it is revealed.
    await fetch(`${first.base}/api/auth/register`, {
      method: 'POST', headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
      body: JSON.stringify({ email: 'sealed@example.com', password: 'correct horse battery staple', firstName: 'S', lastName: 'K' }),
    });
    const refused = (await startInstance({ databaseUrl: url, masterKey: newMasterKey(), env: { LOG_LEVEL: 'silent' } }).catch((e: unknown) => e)) as Error;
    expect(refused.message).toMatch(/exited with code 1: The master key does not open the secrets sealed in this PostgreSQL database: every instance needs the same MASTER_KEY/);
    expect(refused.message.split('\n')).toHaveLength(1);
  });
});

describe('an instance whose PostgreSQL server cannot be reached', () => {
  it('stops at start with one line naming the server, never the password', { timeout: 60_000 }, async () => {
    const start = startInstance({ databaseUrl: 'postgres://pq:hunter2@127.0.0.1:1/pq', env: { LOG_LEVEL: 'silent' } });
    const error = (await start.catch((e: unknown) => e)) as Error;
    expect(error.message).toMatch(/exited with code 1: Cannot reach postgres:\/\/pq@127\.0\.0\.1:1\/pq \(ECONNREFUSED\)/);
    expect(error.message).not.toContain('hunter2');
    expect(error.message.split('\n')).toHaveLength(1);
  });
});
