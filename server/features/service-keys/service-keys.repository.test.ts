/**
 * The contract of ServiceKeyRepository (docs/decisions/050-one-storage-seam.md), run on every
 * storage engine: the current key of an (owner, sid) created once with its seed sealed to its row
 * (also when 20 first uses race), a registered key replacing it, every key counted against the
 * owner's limit (also when 20 creations race), and the reads by id.
 */
import { describe, expect, it } from 'vitest';
import { addAccount, repositoryOn, storageEngines, type EngineUnderTest } from '../../../db/storage.test-support.ts';
import type { KeyOwner } from '../signing-keys/signing-keys.repository.ts';
import { PostgresServiceKeyRepository } from './service-keys.postgres.ts';
import type { NewServiceKey, ServiceKeyRepository } from './service-keys.repository.ts';
import { SqliteServiceKeyRepository } from './service-keys.sqlite.ts';

const engines = storageEngines();
const T0 = Date.parse('2026-03-15T12:00:00Z');
const ALICE: KeyOwner = { userId: 'u1' };
const VISITOR: KeyOwner = { demoSessionId: 'session-1' };

const keysOn = (opened: EngineUnderTest) =>
  repositoryOn<ServiceKeyRepository>(opened, { sqlite: (d) => new SqliteServiceKeyRepository(d.db), postgres: (d) => new PostgresServiceKeyRepository(d.db) });

let made = 0;
const newKey = (keyId = `key${++made}`): NewServiceKey => ({ keyId, publicKey: `public ${keyId}`, createdAt: new Date(T0) });
const sealSeed = (rowId: number) => `sealed for ${rowId}`;

const countOf = async (opened: EngineUnderTest) => (await opened.one<{ n: number }>('SELECT count(*) AS n FROM service_keys'))!.n;

/**
 * PostgreSQL: the pool's 4 connections opened before a race, so its calls interleave on all of
 * them from the first statement rather than queueing behind connections still being made.
 */
async function openConnections(opened: EngineUnderTest): Promise<void> {
  if (opened.name !== 'postgres') return;
  const clients = await Promise.all(Array.from({ length: 4 }, () => opened.postgres.pool.connect()));
  for (const client of clients) client.release();
}

describe.each(engines)('ServiceKeyRepository on $name', (engine) => {
  it('creates the current key of a sid once, its seed sealed with the new row’s id, and gives it back after', async () => {
    const opened = await engine.open();
    const keys = keysOn(opened);
    await addAccount(opened, 'u1');
    const sealed: number[] = [];
    const seal = (rowId: number) => (sealed.push(rowId), sealSeed(rowId));
    const values = newKey();
    const created = await keys.createCurrentKeyOnce(ALICE, 'shop', values, seal, 50);
    expect(created).toEqual({ key: { ...values, id: expect.any(Number), userId: 'u1', demoSessionId: null, sid: 'shop', isCurrent: true, sealedSeed: sealSeed(sealed[0]!) } });
    const row = 'key' in created ? created.key : undefined;
    expect(sealed).toEqual([row!.id]);
    expect(await keys.current(ALICE, 'shop')).toEqual(row);
    expect(await keys.createCurrentKeyOnce(ALICE, 'shop', newKey(), seal, 50)).toEqual({ key: row });
    expect(sealed).toHaveLength(1);
    expect(await keys.current(ALICE, 'other')).toBeUndefined();
    expect(await keys.current(VISITOR, 'shop')).toBeUndefined();
  });

  it.each([ALICE, VISITOR])('creates one current key when 20 first uses of a sid race (%o)', async (owner) => {
    const opened = await engine.open();
    const keys = keysOn(opened);
    await addAccount(opened, 'u1');
    await openConnections(opened);
    const results = await Promise.all(Array.from({ length: 20 }, () => keys.createCurrentKeyOnce(owner, 'shop', newKey(), sealSeed, 50)));
    expect(new Set(results.map((r) => ('key' in r ? r.key.id : 'refused')))).toEqual(new Set([(results[0] as { key: { id: number } }).key.id]));
    expect(await countOf(opened)).toBe(1);
  });

  it('registers a service’s key as current, keeping the keys it replaces, and answers the current one again unchanged', async () => {
    const opened = await engine.open();
    const keys = keysOn(opened);
    await addAccount(opened, 'u1');
    await keys.createCurrentKeyOnce(ALICE, 'shop', newKey(), sealSeed, 50);
    await keys.createCurrentKeyOnce(ALICE, 'other', newKey(), sealSeed, 50);
    const values = newKey();
    const registered = await keys.registerCurrentKey(ALICE, 'shop', values, 50);
    expect(registered).toEqual({ key: { ...values, id: expect.any(Number), userId: 'u1', demoSessionId: null, sid: 'shop', isCurrent: true, sealedSeed: null } });
    expect(await keys.current(ALICE, 'shop')).toEqual((registered as { key: unknown }).key);
    expect(await keys.registerCurrentKey(ALICE, 'shop', newKey(values.keyId), 50)).toEqual(registered);
    expect(await opened.one('SELECT count(*) AS n FROM service_keys WHERE sid = ? AND is_current = ?', 'shop', engine.name === 'sqlite' ? 1 : true)).toEqual({ n: 1 });
    expect(await keys.current(ALICE, 'other')).toMatchObject({ isCurrent: true });
    expect(await countOf(opened)).toBe(3);
  });

  it('counts every key the owner holds against the limit, current or replaced, and no other owner’s', async () => {
    const opened = await engine.open();
    const keys = keysOn(opened);
    await addAccount(opened, 'u1');
    await keys.createCurrentKeyOnce(VISITOR, 'shop', newKey(), sealSeed, 3);
    await keys.createCurrentKeyOnce(ALICE, 'shop', newKey(), sealSeed, 3);
    await keys.registerCurrentKey(ALICE, 'shop', newKey(), 3);
    await keys.registerCurrentKey(ALICE, 'shop', newKey(), 3);
    expect(await keys.registerCurrentKey(ALICE, 'shop', newKey(), 3)).toEqual({ limitReached: 3 });
    expect(await keys.createCurrentKeyOnce(ALICE, 'new-sid', newKey(), sealSeed, 3)).toEqual({ limitReached: 3 });
    expect(await keys.createCurrentKeyOnce(VISITOR, 'new-sid', newKey(), sealSeed, 3)).toMatchObject({ key: { demoSessionId: 'session-1' } });
  });

  it.each([ALICE, VISITOR])('creates exactly 5 keys when 20 creations for new sids race against a limit of 5 (%o)', async (owner) => {
    const opened = await engine.open();
    const keys = keysOn(opened);
    await addAccount(opened, 'u1');
    await openConnections(opened);
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => keys.createCurrentKeyOnce(owner, `sid-${i}`, newKey(), sealSeed, 5)));
    expect(results.filter((r) => 'key' in r)).toHaveLength(5);
    expect(results.filter((r) => 'limitReached' in r)).toEqual(Array(15).fill({ limitReached: 5 }));
    expect(await countOf(opened)).toBe(5);
  });

  it('finds a key by id for anyone (the oldest), and one the platform can open only for its owner and sid', async () => {
    const opened = await engine.open();
    const keys = keysOn(opened);
    await addAccount(opened, 'u1');
    const managed = await keys.createCurrentKeyOnce(ALICE, 'shop', newKey('shared'), sealSeed, 50);
    const registered = await keys.registerCurrentKey(VISITOR, 'shop', newKey('shared'), 50);
    const own = await keys.registerCurrentKey(ALICE, 'own', newKey('own'), 50);
    const first = (managed as { key: { id: number } }).key;
    expect(await keys.byKeyId('shared')).toMatchObject({ id: first.id });
    expect((await keys.byKeyId('own'))?.id).toBe((own as { key: { id: number } }).key.id);
    expect(await keys.byKeyId('none')).toBeUndefined();
    expect(await keys.openable(ALICE, 'shared', 'shop')).toEqual(first);
    expect(await keys.openable(ALICE, 'shared', 'other')).toBeUndefined();
    expect(await keys.openable(VISITOR, 'shared', 'shop')).toBeUndefined();
    expect(await keys.openable(ALICE, 'own', 'own')).toBeUndefined();
    expect(registered).toMatchObject({ key: { sealedSeed: null } });
  });
});
