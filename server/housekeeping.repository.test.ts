/**
 * The contract of HousekeepingRepository (docs/decisions/050-one-storage-seam.md) when several
 * instances purge at once: every purge, run together with itself, removes each row once, and the
 * over-cap purges leave exactly the cap however their runs and the sessions' own writes interleave
 * (on PostgreSQL the pool has 4 connections, so the runs really overlap).
 */
import { describe, expect, it } from 'vitest';
import { repositoryOn, storageEngines, type EngineUnderTest } from '../db/storage.test-support.ts';
import { Housekeeping } from './housekeeping.ts';
import type { HousekeepingRepository } from './housekeeping.repository.ts';
import { PostgresHousekeepingRepository } from './housekeeping.postgres.ts';
import { SqliteHousekeepingRepository } from './housekeeping.sqlite.ts';

const engines = storageEngines();
const NOW = Date.parse('2026-06-01T00:00:00Z');

const repositoryFor = (engine: EngineUnderTest) =>
  repositoryOn<HousekeepingRepository>(engine, { sqlite: (d) => new SqliteHousekeepingRepository(d.sqlite), postgres: (d) => new PostgresHousekeepingRepository(d.db) });

const count = async (engine: EngineUnderTest, sql: string) => (await engine.one<{ n: number }>(sql))!.n;

/** `n` anonymous sessions expiring one ms apart after `NOW`, named s000…; a demo operation of each. */
async function anonymousVisitors(engine: EngineUnderTest, n: number): Promise<string[]> {
  const sids = Array.from({ length: n }, (_, i) => `s${String(i).padStart(3, '0')}`);
  await engine.run(`INSERT INTO sessions (sid, data, expires_at) VALUES ${sids.map(() => "(?, '{}', ?)").join(', ')}`, ...sids.flatMap((sid, i) => [sid, NOW + 1 + i]));
  await engine.run(
    `INSERT INTO crypto_operations (demo_session_id, channel, operation_type, algorithm, message, signature) VALUES ${sids.map(() => "(?, 'demo', 'sign', 'dilion', 'm', '{}')").join(', ')}`,
    ...sids,
  );
  return sids;
}

describe.each(engines)('HousekeepingRepository on $name', (engine) => {
  it('leaves exactly the cap of anonymous sessions when four purges run at once while sessions are touched', async () => {
    const opened = await engine.open();
    const sids = await anonymousVisitors(opened, 200);
    const repository = repositoryFor(opened);
    // Touching a session moves its expiry to the newest, as the session store does on every request.
    const touches = sids.filter((_, i) => i % 3 === 0).map((sid, i) => opened.run('UPDATE sessions SET expires_at = ? WHERE sid = ?', NOW + 10_000 + i, sid));
    const purged = await Promise.all([...Array.from({ length: 4 }, () => repository.purgeAnonymousSessionsOverCap(50)), ...touches]);
    expect(await count(opened, 'SELECT count(*) AS n FROM sessions')).toBe(50);
    expect(purged.slice(0, 4).reduce<number>((sum, n) => sum + (n as number), 0)).toBe(150);
  });

  it('leaves exactly the cap of anonymous demo operations when four purges run at once, the newest kept', async () => {
    const opened = await engine.open();
    await anonymousVisitors(opened, 120);
    const repository = repositoryFor(opened);
    const purged = await Promise.all(Array.from({ length: 4 }, () => repository.purgeAnonymousOperationsOverCap(30)));
    expect(purged.reduce((sum, n) => sum + n, 0)).toBe(90);
    expect(await count(opened, 'SELECT count(*) AS n FROM crypto_operations')).toBe(30);
    expect(await count(opened, "SELECT count(*) AS n FROM crypto_operations WHERE demo_session_id >= 's090'")).toBe(30);
  });

  it('removes each row once when three instances run every purge at the same time', async () => {
    const opened = await engine.open();
    const sids = await anonymousVisitors(opened, 60);
    await opened.run("INSERT INTO users (id, email) VALUES ('u1', 'u1@example.com')");
    // The first 20 sessions have expired: their operations go with them, as do old records and messages.
    await opened.run('UPDATE sessions SET expires_at = ? WHERE sid < ?', NOW - 1, sids[20]);
    for (let i = 0; i < 10; i++) {
      await opened.run("INSERT INTO idempotency_records (user_id, key, request_hash, state, created_at) VALUES ('u1', ?, 'h', 'done', ?)", `k${i}`, i < 6 ? 0 : NOW);
      await opened.run("INSERT INTO contact_messages (name, email, subject, message, created_at) VALUES ('N', 'n@example.com', 'general', 'm', ?)", i < 4 ? 0 : NOW);
    }
    const caps = { sessions: 30, operations: 25 };
    const instances = Array.from({ length: 3 }, () => new Housekeeping(repositoryFor(opened), { now: () => NOW, caps }));
    const runs = await Promise.all(instances.map((instance) => instance.run()));
    for (const instance of instances) instance.close();
    const total = (key: keyof (typeof runs)[number]) => runs.reduce((sum, run) => sum + run[key], 0);
    expect({
      sessions: total('sessions'),
      sessionsOverCap: total('anonymousSessionsOverCap'),
      operations: total('demoOperations') + total('anonymousOperationsOverCap'),
      idempotencyRecords: total('idempotencyRecords'),
      contactMessages: total('contactMessages'),
    }).toEqual({ sessions: 20, sessionsOverCap: 10, operations: 35, idempotencyRecords: 6, contactMessages: 4 });
    expect(await count(opened, 'SELECT count(*) AS n FROM sessions')).toBe(30);
    expect(await count(opened, 'SELECT count(*) AS n FROM crypto_operations')).toBe(25);
    expect(await count(opened, 'SELECT count(*) AS n FROM idempotency_records')).toBe(4);
    expect(await count(opened, 'SELECT count(*) AS n FROM contact_messages')).toBe(6);
  });
});

describe.each(engines.filter((engine) => engine.name === 'postgres'))('HousekeepingRepository on $name, step by step', (engine) => {
  it('does not purge past the cap when a session is touched between two instances’ over-cap purges', async () => {
    const opened = await engine.open();
    if (opened.name !== 'postgres') throw new Error('PostgreSQL only');
    const pool = opened.postgres.pool;
    await anonymousVisitors(opened, 10);
    const repository = repositoryFor(opened);
    // A gate in this test's database only: every row deletion on sessions waits while the test holds lock 4242.
    await opened.run(`CREATE FUNCTION gate() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM pg_advisory_xact_lock_shared(4242); RETURN OLD; END $$`);
    await opened.run('CREATE TRIGGER gate BEFORE DELETE ON sessions FOR EACH ROW EXECUTE FUNCTION gate()');
    const waiting = async (n: number) => {
      for (let tries = 0; (await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_locks WHERE NOT granted')).rows[0]!.n < n; tries++) {
        if (tries > 500) throw new Error(`fewer than ${n} statements ever waited for a lock`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    };
    const gate = await pool.connect();
    try {
      await gate.query('SELECT pg_advisory_lock(4242)');
      // The first purge takes its snapshot (s000…s004 over the cap of 5) and stops at the gate.
      const first = repository.purgeAnonymousSessionsOverCap(5);
      await waiting(1);
      // One of those rows the first purge has not reached yet is touched: its expiry is now the newest.
      await opened.run(
        "UPDATE sessions SET expires_at = ? WHERE sid = (SELECT sid FROM sessions WHERE sid <= 's004' ORDER BY sid LIMIT 1 FOR UPDATE SKIP LOCKED)",
        NOW + 10_000,
      );
      // Another instance's purge starts now: from its own snapshot, s005 would be over the cap instead.
      const second = repository.purgeAnonymousSessionsOverCap(5);
      await waiting(2);
      await gate.query('SELECT pg_advisory_unlock(4242)');
      expect((await first) + (await second)).toBe(5);
    } finally {
      gate.release();
    }
    expect(await count(opened, 'SELECT count(*) AS n FROM sessions')).toBe(5);
  });
});
