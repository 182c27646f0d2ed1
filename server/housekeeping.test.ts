import { describe, expect, it } from 'vitest';
import { repositoryOn, storageEngines, type EngineUnderTest } from '../db/storage.test-support.ts';
import { ANONYMOUS_CAPS, CONTACT_MESSAGE_TTL_MS, Housekeeping } from './housekeeping.ts';
import type { HousekeepingRepository } from './housekeeping.repository.ts';
import { PostgresHousekeepingRepository } from './housekeeping.postgres.ts';
import { SqliteHousekeepingRepository } from './housekeeping.sqlite.ts';
import { IDEMPOTENCY_TTL_MS } from './http/idempotency.ts';

const engines = storageEngines();
const clock = Date.parse('2026-06-01T00:00:00Z');

/** Housekeeping on the engine's database, run by hand (its timer never fires in a test). */
function housekeepingOn(engine: EngineUnderTest, caps: typeof ANONYMOUS_CAPS = ANONYMOUS_CAPS, now = () => clock): Housekeeping {
  const repository = repositoryOn<HousekeepingRepository>(engine, {
    sqlite: (d) => new SqliteHousekeepingRepository(d.sqlite),
    postgres: (d) => new PostgresHousekeepingRepository(d.db),
  });
  const housekeeping = new Housekeeping(repository, { everyMs: 3_600_000, now, caps });
  housekeeping.close();
  return housekeeping;
}

/** One column of every row of a table, in order (portable: one row read at a time). */
async function column(engine: EngineUnderTest, table: string, name: string, order: string): Promise<unknown[]> {
  const total = (await engine.one<{ n: number }>(`SELECT count(*) AS n FROM ${table}`))!.n;
  const values: unknown[] = [];
  for (let i = 0; i < total; i++) values.push((await engine.one<{ v: unknown }>(`SELECT ${name} AS v FROM ${table} ORDER BY ${order} LIMIT 1 OFFSET ?`, i))!.v);
  return values;
}

const demoOperation = (engine: EngineUnderTest, userId: string | null, session: string, message = 'm') =>
  engine.run("INSERT INTO crypto_operations (user_id, demo_session_id, channel, operation_type, algorithm, message, signature) VALUES (?, ?, 'demo', 'sign', 'dilion', ?, '{}')", userId, session, message);

describe.each(engines)('Housekeeping on $name', (engine) => {
  it('purges what demo visitors of vanished sessions left, and keeps live sessions’ and accounts’ rows', async () => {
    const opened = await engine.open();
    await opened.run("INSERT INTO users (id, email) VALUES ('u1', 'u1@example.com')");
    await opened.run('INSERT INTO sessions (sid, data, expires_at) VALUES (?, ?, ?)', 'live', '{}', clock + 60_000);
    await opened.run('INSERT INTO sessions (sid, data, expires_at) VALUES (?, ?, ?)', 'expired', '{}', clock - 1);
    for (const [id, session] of [['kid_live', 'live'], ['kid_gone', 'expired']]) {
      await opened.run("INSERT INTO signing_keys (id, demo_session_id, algorithm, name, sealed_seed, public_key) VALUES (?, ?, 'ML-DSA-65', 'Default', 'v1.x', 'pk')", id, session);
    }
    for (const [id, session] of [['skid_live', 'live'], ['skid_gone', 'expired']]) {
      await opened.run("INSERT INTO service_keys (key_id, demo_session_id, sid, public_key, sealed_seed) VALUES (?, ?, 'default', 'ek', 'v1.x')", id, session);
    }
    await demoOperation(opened, null, 'live');
    await demoOperation(opened, null, 'expired');
    await demoOperation(opened, 'u1', 'expired');

    expect(await housekeepingOn(opened).run()).toEqual({
      sessions: 1, anonymousSessionsOverCap: 0, anonymousOperationsOverCap: 0, demoSigningKeys: 1, demoServiceKeys: 1, demoOperations: 1, idempotencyRecords: 0, contactMessages: 0, auditEvents: 0, keysRotated: 0, keysDestroyed: 0, keyImports: 0,
    });
    expect(await column(opened, 'signing_keys', 'id', 'id')).toEqual(['kid_live']);
    expect(await column(opened, 'service_keys', 'key_id', 'id')).toEqual(['skid_live']);
    expect(await column(opened, 'crypto_operations', 'user_id', 'id')).toEqual([null, 'u1']);
    expect(await column(opened, 'crypto_operations', 'demo_session_id', 'id')).toEqual(['live', 'expired']);
  });

  it('purges idempotency records once their 24 hours are over', async () => {
    const opened = await engine.open();
    await opened.run("INSERT INTO users (id, email) VALUES ('u1', 'u1@example.com')");
    for (const [key, at] of [['old', clock - IDEMPOTENCY_TTL_MS - 1], ['new', clock - 1000]] as const) {
      await opened.run("INSERT INTO idempotency_records (user_id, key, request_hash, state, created_at) VALUES ('u1', ?, 'h', 'done', ?)", key, at);
    }
    expect((await housekeepingOn(opened).run()).idempotencyRecords).toBe(1);
    expect(await column(opened, 'idempotency_records', 'key', 'id')).toEqual(['new']);
    expect((await housekeepingOn(opened, ANONYMOUS_CAPS, () => clock + IDEMPOTENCY_TTL_MS).run()).idempotencyRecords).toBe(1);
  });

  it('deletes contact messages 90 days old, and keeps younger ones', async () => {
    const opened = await engine.open();
    for (const [message, at] of [['old', clock - CONTACT_MESSAGE_TTL_MS - 1], ['young', clock - CONTACT_MESSAGE_TTL_MS + 60_000]] as const) {
      await opened.run("INSERT INTO contact_messages (name, email, subject, message, created_at) VALUES ('N', 'n@example.com', 'general', ?, ?)", message, at);
    }
    expect((await housekeepingOn(opened).run()).contactMessages).toBe(1);
    expect(await column(opened, 'contact_messages', 'message', 'id')).toEqual(['young']);
  });

  it('keeps at most the capped numbers of anonymous sessions and demo operations, dropping the oldest, and never an account\'s', async () => {
    const opened = await engine.open();
    await opened.run("INSERT INTO users (id, email) VALUES ('u2', 'u2@example.com')");
    for (const [sid, expiresIn, userId] of [['a-oldest', 1_000, null], ['a-middle', 2_000, null], ['a-newest', 3_000, null], ['signed-in', 500, 'u2']] as const) {
      await opened.run('INSERT INTO sessions (sid, data, expires_at, user_id) VALUES (?, ?, ?, ?)', sid, '{}', clock + expiresIn, userId);
    }
    for (const n of [1, 2, 3, 4]) await demoOperation(opened, null, 'a-newest', `m${n}`);
    await demoOperation(opened, 'u2', 'signed-in', 'account');
    expect(await housekeepingOn(opened, { sessions: 2, operations: 3 }).run()).toMatchObject({ anonymousSessionsOverCap: 1, anonymousOperationsOverCap: 1 });
    expect(await column(opened, 'sessions', 'sid', 'sid')).toEqual(['a-middle', 'a-newest', 'signed-in']);
    expect(await column(opened, 'crypto_operations', 'message', 'id')).toEqual(['m2', 'm3', 'm4', 'account']);
  });
});
