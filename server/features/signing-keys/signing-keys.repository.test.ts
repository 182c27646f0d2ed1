/**
 * The contract of SigningKeyRepository (docs/decisions/050-one-storage-seam.md), run on every
 * storage engine: keys created within the owner's limit (also when 20 race), the first default key
 * created once (also when 20 first calls race), for accounts and demo sessions, and reads scoped to
 * the owner.
 */
import { describe, expect, it } from 'vitest';
import { addAccount, repositoryOn, storageEngines, type EngineUnderTest } from '../../../db/storage.test-support.ts';
import { PostgresSigningKeyRepository } from './signing-keys.postgres.ts';
import type { KeyOwner, NewSigningKey, SigningKeyRepository } from './signing-keys.repository.ts';
import { SqliteSigningKeyRepository } from './signing-keys.sqlite.ts';

const engines = storageEngines();
const T0 = Date.parse('2026-03-15T12:00:00Z');
const ALICE: KeyOwner = { userId: 'u1' };
const VISITOR: KeyOwner = { demoSessionId: 'session-1' };

const keysOn = (opened: EngineUnderTest) =>
  repositoryOn<SigningKeyRepository>(opened, { sqlite: (d) => new SqliteSigningKeyRepository(d.db), postgres: (d) => new PostgresSigningKeyRepository(d.db) });

let made = 0;
const newKey = (algorithm = 'ML-DSA-65', name = 'key'): NewSigningKey => {
  made++;
  return { id: `kid_${made}`, algorithm, name, sealedSeed: `sealed ${made}`, publicKey: `public ${made}`, createdAt: new Date(T0 + made) };
};

/** What every new key starts as (docs/decisions/056): enabled, version 1 primary, no deletion or rotation. */
const FRESH = { primaryVersion: 1, state: 'enabled', deletionAt: null, rotationPeriodDays: null, nextRotationAt: null };

const countOf = async (opened: EngineUnderTest) => (await opened.one<{ n: number }>('SELECT count(*) AS n FROM signing_keys'))!.n;

/**
 * PostgreSQL: the pool's 4 connections opened before a race, so its calls interleave on all of
 * them from the first statement rather than queueing behind connections still being made.
 */
async function openConnections(opened: EngineUnderTest): Promise<void> {
  if (opened.name !== 'postgres') return;
  const clients = await Promise.all(Array.from({ length: 4 }, () => opened.postgres.pool.connect()));
  for (const client of clients) client.release();
}

describe.each(engines)('SigningKeyRepository on $name', (engine) => {
  it('creates keys within the owner’s limit, counting every algorithm (ML-KEM-768 too) and no other owner’s keys', async () => {
    const opened = await engine.open();
    const keys = keysOn(opened);
    await addAccount(opened, 'u1');
    await addAccount(opened, 'u2');
    await keys.createKeyWithinLimit({ userId: 'u2' }, newKey(), 3);
    await keys.createKeyWithinLimit(VISITOR, newKey(), 3);
    const values = newKey('ML-DSA-44', 'CI');
    expect(await keys.createKeyWithinLimit(ALICE, values, 3)).toEqual({ key: { ...values, ...FRESH, userId: 'u1', demoSessionId: null, isDefault: false } });
    expect(await opened.one('SELECT version, sealed_seed AS "sealedSeed", public_key AS "publicKey" FROM key_versions WHERE key_id = ?', values.id)).toEqual({ version: 1, sealedSeed: values.sealedSeed, publicKey: values.publicKey });
    await keys.createKeyWithinLimit(ALICE, newKey('QES2_Schnorr'), 3);
    await keys.createDefaultKeyOnce(ALICE, newKey(), 3);
    expect(await keys.createKeyWithinLimit(ALICE, newKey('ML-KEM-768'), 3)).toEqual({ limitReached: 3 });
    expect(await keys.createKeyWithinLimit(VISITOR, newKey(), 2)).toMatchObject({ key: { userId: null, demoSessionId: 'session-1' } });
    expect(await keys.createKeyWithinLimit(VISITOR, newKey(), 2)).toEqual({ limitReached: 2 });
    expect(await countOf(opened)).toBe(6);
    // A destroyed key keeps its row for the records but no longer takes a place (docs/decisions/056).
    await opened.run("UPDATE signing_keys SET state = 'destroyed', sealed_seed = NULL WHERE id = ?", values.id);
    expect(await keys.createKeyWithinLimit(ALICE, newKey(), 3)).toMatchObject({ key: { userId: 'u1' } });
    expect(await keys.createKeyWithinLimit(ALICE, newKey(), 3)).toEqual({ limitReached: 3 });
  });

  it.each([ALICE, VISITOR])('creates exactly 5 keys when 20 creations race against a limit of 5 (%o)', async (owner) => {
    const opened = await engine.open();
    const keys = keysOn(opened);
    await addAccount(opened, 'u1');
    await openConnections(opened);
    const results = await Promise.all(Array.from({ length: 20 }, () => keys.createKeyWithinLimit(owner, newKey(), 5)));
    expect(results.filter((r) => 'key' in r)).toHaveLength(5);
    expect(results.filter((r) => 'limitReached' in r)).toEqual(Array(15).fill({ limitReached: 5 }));
    expect(await countOf(opened)).toBe(5);
  });

  it('creates the first default key of an algorithm once, then gives it back', async () => {
    const opened = await engine.open();
    const keys = keysOn(opened);
    await addAccount(opened, 'u1');
    const first = newKey('ML-DSA-65', 'Default');
    expect(await keys.createDefaultKeyOnce(ALICE, first, 25)).toEqual({ key: { ...first, ...FRESH, userId: 'u1', demoSessionId: null, isDefault: true } });
    expect(await keys.createDefaultKeyOnce(ALICE, newKey('ML-DSA-65', 'Default'), 25)).toMatchObject({ key: { id: first.id } });
    expect(await keys.findDefault(ALICE, 'ML-DSA-65')).toMatchObject({ id: first.id, isDefault: true });
    expect(await keys.findDefault(ALICE, 'ML-DSA-44')).toBeUndefined();
    expect(await keys.findDefault(VISITOR, 'ML-DSA-65')).toBeUndefined();
    const other = await keys.createDefaultKeyOnce(ALICE, newKey('ML-DSA-44', 'Default'), 25);
    expect(other).toMatchObject({ key: { algorithm: 'ML-DSA-44', isDefault: true } });
    expect(await countOf(opened)).toBe(2);
  });

  it('counts a first default key against the limit, and gives back one that exists at the limit', async () => {
    const opened = await engine.open();
    const keys = keysOn(opened);
    await addAccount(opened, 'u1');
    const theDefault = newKey();
    await keys.createDefaultKeyOnce(ALICE, theDefault, 2);
    await keys.createKeyWithinLimit(ALICE, newKey(), 2);
    expect(await keys.createDefaultKeyOnce(ALICE, newKey('ML-DSA-87'), 2)).toEqual({ limitReached: 2 });
    expect(await keys.createDefaultKeyOnce(ALICE, newKey(), 2)).toMatchObject({ key: { id: theDefault.id } });
  });

  it.each([ALICE, VISITOR])('creates one default key when 20 first calls race (%o)', async (owner) => {
    const opened = await engine.open();
    const keys = keysOn(opened);
    await addAccount(opened, 'u1');
    await openConnections(opened);
    const results = await Promise.all(Array.from({ length: 20 }, () => keys.createDefaultKeyOnce(owner, newKey(), 25)));
    const ids = new Set(results.map((r) => ('key' in r ? r.key.id : 'refused')));
    expect(ids.size).toBe(1);
    expect(ids.has('refused')).toBe(false);
    expect(await countOf(opened)).toBe(1);
  });

  it('lists an account’s keys oldest first, and none of another owner’s', async () => {
    const opened = await engine.open();
    const keys = keysOn(opened);
    await addAccount(opened, 'u1');
    await addAccount(opened, 'u2');
    const older = newKey('ML-DSA-44');
    const newer = newKey('QES2_Schnorr');
    await keys.createKeyWithinLimit(ALICE, newer, 25);
    await keys.createKeyWithinLimit(ALICE, older, 25);
    const theirs = newKey();
    await keys.createKeyWithinLimit(VISITOR, theirs, 25);
    older.createdAt = new Date(T0 - 1);
    await opened.run('UPDATE signing_keys SET created_at = ? WHERE id = ?', T0 - 1, older.id);
    expect((await keys.list('u1')).map((k) => k.id)).toEqual([older.id, newer.id]);
    expect(await keys.list('u2')).toEqual([]);
  });
});
