import type { SessionData } from 'express-session';
import { describe, expect, it } from 'vitest';
import { temporaryDatabases } from '../../db/temporary-database.ts';
import { SqliteSessionStore } from './session-store.ts';

const database = temporaryDatabases('pq-sessions-', 'all')();
const store = new SqliteSessionStore(database.sqlite);

const session = (expiresInMs: number) => ({ cookie: { expires: new Date(Date.now() + expiresInMs), originalMaxAge: expiresInMs }, demo: true }) as unknown as SessionData;
const get = (sid: string) => new Promise<SessionData | null | undefined>((resolve, reject) => store.get(sid, (err, s) => (err ? reject(err) : resolve(s))));

describe('SqliteSessionStore', () => {
  it('stores, reads back and destroys a session', async () => {
    store.set('a', session(60_000));
    expect((await get('a'))?.demo).toBe(true);
    store.destroy('a');
    expect(await get('a')).toBeNull();
  });

  it('treats an expired session as absent', async () => {
    store.set('old', session(-1_000));
    expect(await get('old')).toBeNull();
  });

  it('extends expiry on touch', async () => {
    store.set('t', session(1_000));
    store.touch('t', session(3_600_000));
    const row = database.sqlite.prepare('SELECT expires_at AS e FROM sessions WHERE sid = ?').get('t') as { e: number };
    expect(row.e).toBeGreaterThan(Date.now() + 3_000_000);
  });
});
