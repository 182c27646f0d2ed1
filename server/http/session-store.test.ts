/**
 * The contract of express-session's store, on every storage engine (docs/decisions/050-one-storage-seam.md):
 * a session is read back as saved, with its account; an expired one reads as absent; touch moves
 * its expiry; destroy ends it.
 */
import type { SessionData, Store } from 'express-session';
import { describe, expect, it } from 'vitest';
import { addAccount, repositoryOn, storageEngines, type EngineUnderTest } from '../../db/storage.test-support.ts';
import { PostgresSessionStore } from './session-store.postgres.ts';
import { SqliteSessionStore } from './session-store.ts';

const engines = storageEngines();

const storeOn = (opened: EngineUnderTest): Store =>
  repositoryOn<Store>(opened, { sqlite: (d) => new SqliteSessionStore(d.sqlite), postgres: (d) => new PostgresSessionStore(d.db) });

const session = (expiresInMs: number, extra: object = {}) =>
  ({ cookie: { expires: new Date(Date.now() + expiresInMs), originalMaxAge: expiresInMs }, demo: true, ...extra }) as unknown as SessionData;

const done = (call: (callback: (err?: unknown) => void) => void) => new Promise<void>((resolve, reject) => call((err) => (err ? reject(err) : resolve())));
const get = (store: Store, sid: string) => new Promise<SessionData | null | undefined>((resolve, reject) => store.get(sid, (err, s) => (err ? reject(err) : resolve(s))));
const rowOf = (opened: EngineUnderTest, sid: string) =>
  opened.one<{ expiresAt: number; userId: string | null }>('SELECT expires_at AS "expiresAt", user_id AS "userId" FROM sessions WHERE sid = ?', sid);

describe.each(engines)('the session store on $name', (engine) => {
  it('stores, reads back, replaces and destroys a session', async () => {
    const opened = await engine.open();
    const store = storeOn(opened);
    await done((cb) => store.set('a', session(60_000), cb));
    expect((await get(store, 'a'))?.demo).toBe(true);
    await done((cb) => store.set('a', session(60_000, { demo: false }), cb));
    expect((await get(store, 'a'))?.demo).toBe(false);
    await done((cb) => store.destroy('a', cb));
    expect(await get(store, 'a')).toBeNull();
    expect(await get(store, 'never')).toBeNull();
  });

  it('names the signed-in account on the row, and none once the account is gone', async () => {
    const opened = await engine.open();
    const store = storeOn(opened);
    await addAccount(opened, 'u1');
    await done((cb) => store.set('mine', session(60_000, { passport: { user: 'u1' } }), cb));
    expect(await rowOf(opened, 'mine')).toMatchObject({ userId: 'u1' });
    await done((cb) => store.set('orphan', session(60_000, { passport: { user: 'deleted-account' } }), cb));
    expect(await rowOf(opened, 'orphan')).toMatchObject({ userId: null });
  });

  it('treats an expired session as absent', async () => {
    const opened = await engine.open();
    const store = storeOn(opened);
    await done((cb) => store.set('old', session(-1_000), cb));
    expect(await get(store, 'old')).toBeNull();
  });

  it('extends expiry on touch', async () => {
    const opened = await engine.open();
    const store = storeOn(opened);
    await done((cb) => store.set('t', session(1_000), cb));
    await done((cb) => store.touch!('t', session(3_600_000), cb));
    expect((await rowOf(opened, 't'))!.expiresAt).toBeGreaterThan(Date.now() + 3_000_000);
  });
});
