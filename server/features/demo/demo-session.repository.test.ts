/**
 * The contract of DemoSessionsRepository (docs/decisions/050-one-storage-seam.md), on every storage
 * engine: an address owner's session row is made once, kept as first made, also when many calls
 * ask for it at once.
 */
import { describe, expect, it } from 'vitest';
import { repositoryOn, storageEngines } from '../../../db/storage.test-support.ts';
import type { DemoSessionsRepository } from './demo-session.repository.ts';
import { PostgresDemoSessionsRepository } from './demo-session.postgres.ts';
import { SqliteDemoSessionsRepository } from './demo-session.sqlite.ts';

const engines = storageEngines();

describe.each(engines)('DemoSessionsRepository on $name', (engine) => {
  it('makes an address owner’s anonymous demo session row once and keeps its first expiry', async () => {
    const opened = await engine.open();
    const demo = repositoryOn<DemoSessionsRepository>(opened, { sqlite: (d) => new SqliteDemoSessionsRepository(d.sqlite), postgres: (d) => new PostgresDemoSessionsRepository(d.db) });
    await demo.keepAddressOwner('address-a', 7_200_000);
    await demo.keepAddressOwner('address-a', 9_999_999);
    expect(await opened.one('SELECT data, expires_at AS "expiresAt", user_id AS "userId" FROM sessions WHERE sid = ?', 'address-a')).toEqual({
      data: '{"demo":true}', expiresAt: 7_200_000, userId: null,
    });
  });

  it('makes one row when 20 calls of the same owner ask for it at once', async () => {
    const opened = await engine.open();
    const demo = repositoryOn<DemoSessionsRepository>(opened, { sqlite: (d) => new SqliteDemoSessionsRepository(d.sqlite), postgres: (d) => new PostgresDemoSessionsRepository(d.db) });
    await Promise.all(Array.from({ length: 20 }, () => demo.keepAddressOwner('address-b', 7_200_000)));
    expect(await opened.one('SELECT count(*) AS n FROM sessions')).toEqual({ n: 1 });
  });
});
