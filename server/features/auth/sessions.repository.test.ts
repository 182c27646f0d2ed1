/**
 * The contract of SessionsRepository (docs/decisions/050-one-storage-seam.md), on every storage
 * engine: an account's live sessions are listed latest expiry first, and ending one or all but one
 * touches that account's sessions only.
 */
import { describe, expect, it } from 'vitest';
import { addAccount, repositoryOn, storageEngines, type EngineUnderTest } from '../../../db/storage.test-support.ts';
import type { SessionsRepository } from './sessions.repository.ts';
import { PostgresSessionsRepository } from './sessions.postgres.ts';
import { SqliteSessionsRepository } from './sessions.sqlite.ts';

const engines = storageEngines();
const NOW = 1_800_000_000_000;

const repositoryFor = (opened: EngineUnderTest) =>
  repositoryOn<SessionsRepository>(opened, { sqlite: (d) => new SqliteSessionsRepository(d.sqlite), postgres: (d) => new PostgresSessionsRepository(d.db) });

/** Two accounts: u1 with three sessions (one expired) and u2 with one, and an anonymous demo session. */
async function arrange(opened: EngineUnderTest): Promise<SessionsRepository> {
  await addAccount(opened, 'u1');
  await addAccount(opened, 'u2');
  const add = (sid: string, expiresAt: number, userId: string | null) =>
    opened.run('INSERT INTO sessions (sid, data, expires_at, user_id) VALUES (?, ?, ?, ?)', sid, JSON.stringify({ sid }), expiresAt, userId);
  await add('u1-soon', NOW + 1_000, 'u1');
  await add('u1-later', NOW + 9_000, 'u1');
  await add('u1-expired', NOW - 1, 'u1');
  await add('u2-only', NOW + 5_000, 'u2');
  await add('demo', NOW + 5_000, null);
  return repositoryFor(opened);
}

const sidsLeft = async (opened: EngineUnderTest) => {
  const rows: string[] = [];
  for (const sid of ['u1-soon', 'u1-later', 'u1-expired', 'u2-only', 'demo']) if (await opened.one('SELECT sid FROM sessions WHERE sid = ?', sid)) rows.push(sid);
  return rows;
};

describe.each(engines)('SessionsRepository on $name', (engine) => {
  it('lists an account’s sessions alive at a time, latest expiry first, with their data; every one from time 0', async () => {
    const opened = await engine.open();
    const sessions = await arrange(opened);
    expect(await sessions.sessionsOf('u1', NOW)).toEqual([
      { sid: 'u1-later', data: '{"sid":"u1-later"}' },
      { sid: 'u1-soon', data: '{"sid":"u1-soon"}' },
    ]);
    expect((await sessions.sessionsOf('u1', 0)).map((s) => s.sid)).toEqual(['u1-later', 'u1-soon', 'u1-expired']);
    expect(await sessions.sessionsOf('nobody', 0)).toEqual([]);
  });

  it('ends one session of the account, and not another account’s', async () => {
    const opened = await engine.open();
    const sessions = await arrange(opened);
    expect(await sessions.endSession('u1', 'u2-only')).toBe(false);
    expect(await sessions.endSession('u1', 'u1-soon')).toBe(true);
    expect(await sessions.endSession('u1', 'u1-soon')).toBe(false);
    expect(await sidsLeft(opened)).toEqual(['u1-later', 'u1-expired', 'u2-only', 'demo']);
  });

  it('ends every session of the account but the kept one, or all of them, and says how many', async () => {
    const opened = await engine.open();
    const sessions = await arrange(opened);
    expect(await sessions.endSessionsExcept('u1', 'u1-later')).toBe(2);
    expect(await sidsLeft(opened)).toEqual(['u1-later', 'u2-only', 'demo']);
    expect(await sessions.endSessionsExcept('u1', '')).toBe(1);
    expect(await sessions.endSessionsExcept('u1', '')).toBe(0);
    expect(await sidsLeft(opened)).toEqual(['u2-only', 'demo']);
  });
});
