/**
 * The contract of KeyLifecycleRepository and KeyImportsRepository
 * (docs/decisions/056-key-versions-and-lifecycle.md), run on every storage engine: versions read
 * with their key for the owner only, and every check-then-act exact when calls race — one of 20
 * rotations of one primary wins, one of 20 state changes from a state, each due key destroyed by
 * one of three housekeepers, each import taken once.
 */
import { describe, expect, it } from 'vitest';
import { addAccount, storageEngines, storageOn, type EngineUnderTest } from '../../../db/storage.test-support.ts';
import type { Storage } from '../../../db/storage.ts';
import type { NewSigningKey } from '../signing-keys/signing-keys.repository.ts';

const engines = storageEngines();
const T0 = new Date('2026-11-27T08:00:00Z');
const ALICE = { userId: 'u1' };

let made = 0;
const newKey = (algorithm = 'ML-DSA-65'): NewSigningKey => {
  made++;
  return { id: `kid_${made}`, algorithm, name: 'key', sealedSeed: `sealed ${made}`, publicKey: `public ${made}`, createdAt: T0 };
};
const version = (n: number) => ({ sealedSeed: `sealed v${n}`, publicKey: `public v${n}`, createdAt: new Date(T0.getTime() + n) });

/** PostgreSQL: the pool's connections opened before a race, so its calls interleave from the first statement. */
async function openConnections(opened: EngineUnderTest): Promise<void> {
  if (opened.name !== 'postgres') return;
  const clients = await Promise.all(Array.from({ length: 4 }, () => opened.postgres.pool.connect()));
  for (const client of clients) client.release();
}

async function withKey(engine: { open(): Promise<EngineUnderTest> }) {
  const opened = await engine.open();
  const storage: Storage = storageOn(opened);
  await addAccount(opened, 'u1');
  await addAccount(opened, 'u2');
  const created = await storage.signingKeys.createKeyWithinLimit(ALICE, newKey(), 25);
  if (!('key' in created)) throw new Error('not created');
  return { opened, storage, key: created.key };
}

describe.each(engines)('KeyLifecycleRepository on $name', (engine) => {
  it('reads a key with its primary or a named version, for its owner only, and the default key with its primary', async () => {
    const { storage, key } = await withKey(engine);
    const repo = storage.keyLifecycle;
    expect((await repo.keyAndVersion(ALICE, key.id))?.version).toEqual({ keyId: key.id, version: 1, sealedSeed: key.sealedSeed, publicKey: key.publicKey, state: 'enabled', createdAt: T0 });
    expect(await repo.keyAndVersion({ userId: 'u2' }, key.id)).toBeUndefined();
    expect(await repo.keyAndVersion({ demoSessionId: 'u1' }, key.id)).toBeUndefined();
    const rotated = await repo.addVersion(key.id, 1, version(2), new Date(T0.getTime() + 1000), 100);
    expect(rotated).toMatchObject({ id: key.id, primaryVersion: 2, nextRotationAt: new Date(T0.getTime() + 1000) });
    expect((await repo.keyAndVersion(ALICE, key.id))?.version).toMatchObject({ version: 2, publicKey: 'public v2' });
    expect((await repo.keyAndVersion(ALICE, key.id, 1))?.version).toMatchObject({ version: 1, publicKey: key.publicKey });
    expect(await repo.keyAndVersion(ALICE, key.id, 3)).toMatchObject({ key: { id: key.id }, version: undefined });
    expect((await repo.versions(key.id)).map((v) => v.version)).toEqual([1, 2]);
    expect(await repo.defaultKeyAndVersion(ALICE, 'ML-DSA-65')).toBeUndefined();
    const made = await storage.signingKeys.createDefaultKeyOnce(ALICE, newKey('ML-DSA-44'), 25);
    expect((await repo.defaultKeyAndVersion(ALICE, 'ML-DSA-44'))?.version).toMatchObject({ version: 1, publicKey: 'key' in made ? made.key.publicKey : '' });
  });

  it('reads the key row whole, as the signing-keys repository writes it, times and flags included', async () => {
    const { storage, key } = await withKey(engine);
    const repo = storage.keyLifecycle;
    expect((await repo.keyAndVersion(ALICE, key.id))?.key).toEqual(key);
    const rotating = await repo.setRotation('u1', key.id, 30, new Date(T0.getTime() + 5000));
    const pending = await repo.changeState('u1', key.id, ['enabled'], 'pending_deletion', new Date(T0.getTime() + 9000));
    expect(pending).toMatchObject({ rotationPeriodDays: 30, nextRotationAt: rotating!.nextRotationAt, deletionAt: new Date(T0.getTime() + 9000) });
    expect((await repo.keyAndVersion(ALICE, key.id))?.key).toEqual(pending);
    const made = await storage.signingKeys.createDefaultKeyOnce({ demoSessionId: 'visitor' }, newKey('ML-DSA-44'), 25);
    const found = await repo.defaultKeyAndVersion({ demoSessionId: 'visitor' }, 'ML-DSA-44');
    expect(found?.key).toEqual('key' in made ? made.key : undefined);
    expect(found?.key.isDefault).toBe(true);
    expect(await repo.defaultKeyAndVersion({ userId: 'visitor' }, 'ML-DSA-44')).toBeUndefined();
  });

  it('adds a version only to an enabled key, at its primary, below the version limit', async () => {
    const { storage, key } = await withKey(engine);
    const repo = storage.keyLifecycle;
    expect(await repo.addVersion(key.id, 2, version(3), null, 100)).toBeUndefined();
    expect(await repo.addVersion(key.id, 1, version(2), null, 2)).toBeDefined();
    expect(await repo.addVersion(key.id, 2, version(3), null, 2)).toBeUndefined();
    await repo.changeState('u1', key.id, ['enabled'], 'disabled', null);
    expect(await repo.addVersion(key.id, 2, version(3), null, 100)).toBeUndefined();
    expect((await repo.versions(key.id)).map((v) => v.version)).toEqual([1, 2]);
  });

  it('makes exactly one of 20 racing rotations of one primary, and writes one version', async () => {
    const { opened, storage, key } = await withKey(engine);
    await openConnections(opened);
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => storage.keyLifecycle.addVersion(key.id, 1, { ...version(2), publicKey: `racer ${i}` }, null, 100)));
    const winners = results.filter((r) => r !== undefined);
    expect(winners).toHaveLength(1);
    expect((await storage.keyLifecycle.versions(key.id)).map((v) => v.version)).toEqual([1, 2]);
  });

  it('changes state only from the states given, for the owner, once of 20 racing calls', async () => {
    const { opened, storage, key } = await withKey(engine);
    const repo = storage.keyLifecycle;
    expect(await repo.changeState('u2', key.id, ['enabled'], 'disabled', null)).toBeUndefined();
    expect(await repo.changeState('u1', key.id, ['disabled'], 'enabled', null)).toBeUndefined();
    await openConnections(opened);
    const deletionAt = new Date(T0.getTime() + 7 * 86_400_000);
    const results = await Promise.all(Array.from({ length: 20 }, () => repo.changeState('u1', key.id, ['enabled', 'disabled'], 'pending_deletion', deletionAt)));
    expect(results.filter((r) => r !== undefined)).toHaveLength(1);
    expect((await repo.keyAndVersion(ALICE, key.id))?.key).toMatchObject({ state: 'pending_deletion', deletionAt });
  });

  it('sets rotation unless destroyed, and lists enabled keys due, soonest first', async () => {
    const { storage, key } = await withKey(engine);
    const repo = storage.keyLifecycle;
    const other = await storage.signingKeys.createKeyWithinLimit(ALICE, newKey(), 25);
    const otherId = 'key' in other ? other.key.id : '';
    await repo.setRotation('u1', key.id, 30, new Date(T0.getTime() + 2000));
    await repo.setRotation('u1', otherId, 30, new Date(T0.getTime() + 1000));
    expect(await repo.setRotation('u2', key.id, 30, null)).toBeUndefined();
    expect((await repo.dueForRotation(new Date(T0.getTime() + 1500), 10)).map((k) => k.id)).toEqual([otherId]);
    expect((await repo.dueForRotation(new Date(T0.getTime() + 5000), 10)).map((k) => k.id)).toEqual([otherId, key.id]);
    await repo.changeState('u1', otherId, ['enabled'], 'disabled', null);
    expect((await repo.dueForRotation(new Date(T0.getTime() + 5000), 10)).map((k) => k.id)).toEqual([key.id]);
  });

  it('destroys each due key once when three housekeepers race: seeds null, rows, public keys and versions kept', async () => {
    const { opened, storage, key } = await withKey(engine);
    const repo = storage.keyLifecycle;
    await repo.addVersion(key.id, 1, version(2), null, 100);
    const notYet = await storage.signingKeys.createKeyWithinLimit(ALICE, newKey(), 25);
    const notYetId = 'key' in notYet ? notYet.key.id : '';
    await repo.changeState('u1', key.id, ['enabled'], 'pending_deletion', new Date(T0.getTime() + 1000));
    await repo.changeState('u1', notYetId, ['enabled'], 'pending_deletion', new Date(T0.getTime() + 9000));
    await openConnections(opened);
    const runs = await Promise.all([1, 2, 3].map(() => repo.destroyDue(new Date(T0.getTime() + 5000))));
    expect(runs.flat()).toEqual([{ id: key.id, userId: 'u1' }]);
    const after = await repo.keyAndVersion(ALICE, key.id, 1);
    expect(after?.key).toMatchObject({ state: 'destroyed', sealedSeed: null, publicKey: key.publicKey });
    expect((await repo.versions(key.id)).map((v) => [v.version, v.sealedSeed, v.state, v.publicKey])).toEqual([[1, null, 'destroyed', key.publicKey], [2, null, 'destroyed', 'public v2']]);
    expect((await repo.keyAndVersion(ALICE, notYetId))?.version?.sealedSeed).not.toBeNull();
    expect(await repo.changeState('u1', key.id, ['enabled', 'disabled'], 'pending_deletion', null)).toBeUndefined();
  });
});

describe.each(engines)('KeyImportsRepository on $name', (engine) => {
  const importRow = (id: string, expiresAt: Date) => ({
    id, userId: 'u1', algorithm: 'ML-DSA-65', name: null, keyId: null, sealedSecret: `secret of ${id}`, wrappingPublicKey: 'ek', expiresAt, createdAt: T0,
  });

  it('takes an import once of 20 racing calls, with its secret, and then says used; an expired one says expired; another account’s is missing', async () => {
    const opened = await engine.open();
    const { keyImports } = storageOn(opened);
    await addAccount(opened, 'u1');
    await addAccount(opened, 'u2');
    await keyImports.create(importRow('imp_a', new Date(T0.getTime() + 1000)));
    await keyImports.create(importRow('imp_b', new Date(T0.getTime() + 1000)));
    expect(await keyImports.take('u2', 'imp_a', T0)).toEqual({ missing: true });
    await openConnections(opened);
    const results = await Promise.all(Array.from({ length: 20 }, () => keyImports.take('u1', 'imp_a', T0)));
    const taken = results.filter((r) => 'taken' in r);
    expect(taken).toHaveLength(1);
    expect(taken[0]).toMatchObject({ taken: { id: 'imp_a', sealedSecret: 'secret of imp_a', algorithm: 'ML-DSA-65' } });
    expect(results.filter((r) => 'gone' in r && r.gone === 'used')).toHaveLength(19);
    expect(await opened.one('SELECT sealed_secret AS s FROM key_imports WHERE id = ?', 'imp_a')).toEqual({ s: null });
    expect(await keyImports.take('u1', 'imp_b', new Date(T0.getTime() + 1000))).toEqual({ gone: 'expired' });
    expect(await keyImports.purgeExpired(new Date(T0.getTime() + 1000))).toBe(2);
    expect(await keyImports.take('u1', 'imp_b', T0)).toEqual({ missing: true });
  });
});
