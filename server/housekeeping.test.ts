import { afterAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema.ts';
import { temporaryDatabases } from '../db/temporary-database.ts';
import { CONTACT_MESSAGE_TTL_MS, Housekeeping } from './housekeeping.ts';
import { IDEMPOTENCY_TTL_MS } from './http/idempotency.ts';

const database = temporaryDatabases('pq-housekeeping-', 'all')();
const { sqlite } = database;
let clock = Date.parse('2026-06-01T00:00:00Z');
const housekeeping = new Housekeeping(sqlite, 60_000, () => clock);
afterAll(() => housekeeping.close());

const ids = (table: string) => sqlite.prepare(`SELECT id FROM ${table} ORDER BY id`).all().map((r) => String((r as { id: unknown }).id));

describe('Housekeeping', () => {
  it('purges what demo visitors of vanished sessions left, and keeps live sessions’ and accounts’ rows', () => {
    database.db.insert(users).values({ id: 'u1', email: 'u1@example.com' }).run();
    sqlite.prepare('INSERT INTO sessions (sid, data, expires_at) VALUES (?, ?, ?)').run('live', '{}', clock + 60_000);
    sqlite.prepare('INSERT INTO sessions (sid, data, expires_at) VALUES (?, ?, ?)').run('expired', '{}', clock - 1);
    const key = sqlite.prepare("INSERT INTO signing_keys (id, demo_session_id, algorithm, name, sealed_seed, public_key) VALUES (?, ?, 'ML-DSA-65', 'Default', 'v1.x', 'pk')");
    key.run('kid_live', 'live');
    key.run('kid_gone', 'expired');
    const service = sqlite.prepare("INSERT INTO service_keys (key_id, demo_session_id, sid, public_key, sealed_seed) VALUES (?, ?, 'default', 'ek', 'v1.x')");
    service.run('skid_live', 'live');
    service.run('skid_gone', 'expired');
    const op = sqlite.prepare(
      "INSERT INTO crypto_operations (user_id, demo_session_id, channel, operation_type, algorithm, message, signature, verified) VALUES (?, ?, 'demo', 'sign', 'dilion', 'm', '{}', 0)",
    );
    op.run(null, 'live');
    op.run(null, 'expired');
    op.run('u1', 'expired');

    expect(housekeeping.run()).toEqual({ sessions: 1, anonymousSessionsOverCap: 0, anonymousOperationsOverCap: 0, demoSigningKeys: 1, demoServiceKeys: 1, demoOperations: 1, idempotencyRecords: 0, contactMessages: 0 });
    expect(ids('signing_keys')).toEqual(['kid_live']);
    expect(sqlite.prepare('SELECT key_id AS id FROM service_keys').all()).toEqual([{ id: 'skid_live' }]);
    const left = sqlite.prepare('SELECT user_id AS u, demo_session_id AS s FROM crypto_operations ORDER BY id').all();
    expect(left).toEqual([{ u: null, s: 'live' }, { u: 'u1', s: 'expired' }]);
  });

  it('purges idempotency records once their 24 hours are over', () => {
    const insert = sqlite.prepare("INSERT INTO idempotency_records (user_id, key, request_hash, state, created_at) VALUES ('u1', ?, 'h', 'done', ?)");
    insert.run('old', clock - IDEMPOTENCY_TTL_MS - 1);
    insert.run('new', clock - 1000);
    expect(housekeeping.run().idempotencyRecords).toBe(1);
    expect(sqlite.prepare('SELECT key FROM idempotency_records').all()).toEqual([{ key: 'new' }]);
    clock += IDEMPOTENCY_TTL_MS;
    expect(housekeeping.run().idempotencyRecords).toBe(1);
  });

  it('deletes contact messages 90 days old, and keeps younger ones', () => {
    const insert = sqlite.prepare("INSERT INTO contact_messages (name, email, subject, message, created_at) VALUES ('N', 'n@example.com', 'general', ?, ?)");
    insert.run('old', clock - CONTACT_MESSAGE_TTL_MS - 1);
    insert.run('young', clock - CONTACT_MESSAGE_TTL_MS + 60_000);
    expect(housekeeping.run().contactMessages).toBe(1);
    expect(sqlite.prepare('SELECT message FROM contact_messages').all()).toEqual([{ message: 'young' }]);
  });

  it('keeps at most the capped numbers of anonymous sessions and demo operations, dropping the oldest, and never an account\'s', () => {
    const capped = temporaryDatabases('pq-housekeeping-caps-', 'all')();
    const small = new Housekeeping(capped.sqlite, 60_000, () => clock, { sessions: 2, operations: 3 });
    try {
      capped.db.insert(users).values({ id: 'u2', email: 'u2@example.com' }).run();
      const session = capped.sqlite.prepare('INSERT INTO sessions (sid, data, expires_at, user_id) VALUES (?, ?, ?, ?)');
      session.run('a-oldest', '{}', clock + 1_000, null);
      session.run('a-middle', '{}', clock + 2_000, null);
      session.run('a-newest', '{}', clock + 3_000, null);
      session.run('signed-in', '{}', clock + 500, 'u2');
      const op = capped.sqlite.prepare(
        "INSERT INTO crypto_operations (user_id, demo_session_id, channel, operation_type, algorithm, message, signature, verified) VALUES (?, ?, 'demo', 'sign', 'dilion', ?, '{}', 0)",
      );
      for (const n of [1, 2, 3, 4]) op.run(null, 'a-newest', `m${n}`);
      op.run('u2', 'signed-in', 'account');
      const counts = small.run();
      expect(counts).toMatchObject({ anonymousSessionsOverCap: 1, anonymousOperationsOverCap: 1 });
      expect(capped.sqlite.prepare('SELECT sid FROM sessions ORDER BY sid').all()).toEqual([{ sid: 'a-middle' }, { sid: 'a-newest' }, { sid: 'signed-in' }]);
      expect(capped.sqlite.prepare('SELECT message FROM crypto_operations ORDER BY id').all().map((r) => (r as { message: string }).message)).toEqual(['m2', 'm3', 'm4', 'account']);
    } finally {
      small.close();
      capped.close();
    }
  });
});
