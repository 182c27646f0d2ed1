import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SessionData } from 'express-session';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/connection.ts';
import { SqliteSessionStore } from './session-store.ts';

const dir = mkdtempSync(join(tmpdir(), 'pq-sessions-'));
const database = openDatabase(join(dir, 'app.db'));
const store = new SqliteSessionStore(database.sqlite);
afterAll(() => {
  store.close();
  database.close();
  rmSync(dir, { recursive: true, force: true });
});

const session = (expiresInMs: number) => ({ cookie: { expires: new Date(Date.now() + expiresInMs), originalMaxAge: expiresInMs }, demo: true }) as unknown as SessionData;
const get = (sid: string) => new Promise<SessionData | null | undefined>((resolve, reject) => store.get(sid, (err, s) => (err ? reject(err) : resolve(s))));

describe('SqliteSessionStore', () => {
  it('stores, reads back and destroys a session', async () => {
    store.set('a', session(60_000));
    expect((await get('a'))?.demo).toBe(true);
    store.destroy('a');
    expect(await get('a')).toBeNull();
  });

  it('treats an expired session as absent and prunes it', async () => {
    store.set('old', session(-1_000));
    expect(await get('old')).toBeNull();
    expect(store.prune()).toBeGreaterThanOrEqual(1);
  });

  it('deletes the demo signing keys of sessions that are gone, and keeps the others', () => {
    store.set('live', session(60_000));
    const insert = database.sqlite.prepare(
      "INSERT INTO signing_keys (id, demo_session_id, algorithm, name, sealed_seed, public_key) VALUES (?, ?, 'ML-DSA-65', 'Default', 'v1.x', 'pk')",
    );
    insert.run('kid_live', 'live');
    insert.run('kid_gone', 'gone');
    store.prune();
    const ids = database.sqlite.prepare('SELECT id FROM signing_keys').all().map((r) => (r as { id: string }).id);
    expect(ids).toEqual(['kid_live']);
  });

  it('extends expiry on touch', async () => {
    store.set('t', session(1_000));
    store.touch('t', session(3_600_000));
    const row = database.sqlite.prepare('SELECT expires_at AS e FROM sessions WHERE sid = ?').get('t') as { e: number };
    expect(row.e).toBeGreaterThan(Date.now() + 3_000_000);
  });
});
