/**
 * Housekeeping's part of the key lifecycle on every storage engine
 * (docs/decisions/056-key-versions-and-lifecycle.md): three instances' runs at the same time rotate
 * a key whose period elapsed once, with a version that opens and matches its public key, and
 * destroy a key past its deletion date once; keys not due are left alone.
 */
import { ml_dsa44 } from '@noble/post-quantum/ml-dsa.js';
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { addAccount, storageEngines, storageOn, type EngineUnderTest } from '../../../db/storage.test-support.ts';
import { EnginePool } from '../../engine/pool.ts';
import { createSealer } from '../../security/sealing.ts';
import { createLogger } from '../../logger.ts';
import { AuditLog } from '../audit/audit.service.ts';
import { KeyLifecycleService } from './key-lifecycle.service.ts';
import { keySeedAad } from './key-material.ts';

const engines = storageEngines();
const pool = new EnginePool(1);
afterAll(() => pool.close());
const sealer = createSealer(randomBytes(32));
const NOW = new Date('2026-11-27T08:00:00Z');
const DAY = 86_400_000;

async function openConnections(opened: EngineUnderTest): Promise<void> {
  if (opened.name !== 'postgres') return;
  const clients = await Promise.all(Array.from({ length: 4 }, () => opened.postgres.pool.connect()));
  for (const client of clients) client.release();
}

describe.each(engines)('key housekeeping on $name', (engine) => {
  it('rotates a due key once and destroys a due key once when three instances run at the same time', async () => {
    const opened = await engine.open();
    const storage = storageOn(opened);
    await addAccount(opened, 'u1');
    const make = async (id: string) => {
      const made = await storage.signingKeys.createKeyWithinLimit({ userId: 'u1' }, { id, algorithm: 'ML-DSA-44', name: id, sealedSeed: 'sealed', publicKey: `pk ${id}`, createdAt: NOW }, 25);
      if (!('key' in made)) throw new Error('not created');
    };
    for (const id of ['kid_due', 'kid_later', 'kid_gone', 'kid_stays']) await make(id);
    await storage.keyLifecycle.setRotation('u1', 'kid_due', 30, new Date(NOW.getTime() - 1));
    await storage.keyLifecycle.setRotation('u1', 'kid_later', 30, new Date(NOW.getTime() + DAY));
    await storage.keyLifecycle.changeState('u1', 'kid_gone', ['enabled'], 'pending_deletion', new Date(NOW.getTime() - 1));
    await storage.keyLifecycle.changeState('u1', 'kid_stays', ['enabled'], 'pending_deletion', new Date(NOW.getTime() + DAY));
    await openConnections(opened);

    const audit = new AuditLog(storage.audit, createLogger('silent'), () => NOW);
    const instances = [1, 2, 3].map(() => new KeyLifecycleService(storage.keyLifecycle, pool, sealer, audit, () => NOW));
    const runs = await Promise.all(instances.map((i) => i.housekeep()));
    expect(runs.reduce((n, r) => n + r.keysRotated, 0)).toBe(1);
    expect(runs.reduce((n, r) => n + r.keysDestroyed, 0)).toBe(1);

    const versions = await storage.keyLifecycle.versions('kid_due');
    expect(versions.map((v) => v.version)).toEqual([1, 2]);
    const seed = new Uint8Array(sealer.open(versions[1]!.sealedSeed!, keySeedAad('kid_due', 2)));
    expect(Buffer.from(ml_dsa44.keygen(seed).publicKey).toString('base64')).toBe(versions[1]!.publicKey);
    const due = (await storage.keyLifecycle.keyAndVersion({ userId: 'u1' }, 'kid_due'))!.key;
    expect(due).toMatchObject({ primaryVersion: 2, nextRotationAt: new Date(NOW.getTime() + 30 * DAY) });
    expect((await storage.keyLifecycle.versions('kid_later')).map((v) => v.version)).toEqual([1]);
    expect((await storage.keyLifecycle.keyAndVersion({ userId: 'u1' }, 'kid_gone'))!.key).toMatchObject({ state: 'destroyed', sealedSeed: null });
    expect((await storage.keyLifecycle.keyAndVersion({ userId: 'u1' }, 'kid_stays'))!.key).toMatchObject({ state: 'pending_deletion', sealedSeed: 'sealed' });
    expect(await instances[0]!.housekeep()).toEqual({ keysRotated: 0, keysDestroyed: 0 });
    // Each, once, in the account's audit log, by the system (docs/decisions/055).
    const events = await audit.list('u1', { limit: 100 });
    expect(events.map((e) => [e.type, e.subject, e.actorKind]).sort()).toEqual([['key.destroyed', 'kid_gone', 'system'], ['key.rotated', 'kid_due', 'system']]);
  });
});
