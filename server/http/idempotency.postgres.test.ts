/**
 * Idempotency-Key records across server instances on one PostgreSQL database
 * (docs/decisions/050-one-storage-seam.md): of many requests with one key through two instances,
 * one starts, also when they race to replace a stale record; a retry replaces the running record
 * of an instance that is gone (lease run out, holds swept) at once; and an instance starting up
 * frees the running records of instances that are gone, never those of a live one.
 */
import { describe, expect, it } from 'vitest';
import { useInstances } from '../../db/postgres/instances.test-support.ts';
import { addAccount, storageEngines, type EngineUnderTest } from '../../db/storage.test-support.ts';
import type { IdempotentClaim } from './idempotency.repository.ts';

const postgres = storageEngines().find((engine) => engine.name === 'postgres');
const instancesOn = useInstances();
const T0 = Date.parse('2026-01-01T00:00:00Z');
const MINUTE = 60_000;
const LEASE_MS = 60_000;

const claim = (key: string, at = T0): IdempotentClaim => ({
  userId: 'u1', key, requestHash: 'h', now: new Date(at), expiredBefore: new Date(at - 24 * 60 * MINUTE), staleBefore: new Date(at - MINUTE),
});

async function twoInstances(engine: EngineUnderTest) {
  await addAccount(engine, 'u1');
  const [a, b] = await instancesOn(engine, ['instance-a', 'instance-b']);
  await a!.leases.registerInstance(a!.instanceId, LEASE_MS);
  await b!.leases.registerInstance(b!.instanceId, LEASE_MS);
  return { a: a!, b: b! };
}

/** The instance's heartbeat stopped a lease's length ago. */
const lapse = (engine: EngineUnderTest, instanceId: string) => engine.run('UPDATE instance_leases SET expires_at = expires_at - ? WHERE id = ?', LEASE_MS + 1, instanceId);

describe.skipIf(!postgres)('PostgresIdempotencyRepository across instances', () => {
  it('starts exactly one of 20 requests with one key through two instances', async () => {
    const engine = await postgres!.open();
    const { a, b } = await twoInstances(engine);
    const begun = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).idempotency.beginIdempotent(claim('k'))));
    expect(begun.filter((r) => r.kind === 'started')).toHaveLength(1);
    expect(begun.filter((r) => r.kind === 'running')).toHaveLength(19);
  });

  it('starts exactly one of 20 retries racing to replace a stale record', async () => {
    const engine = await postgres!.open();
    const { a, b } = await twoInstances(engine);
    await a.idempotency.beginIdempotent(claim('k'));
    const later = T0 + MINUTE + 1;
    const begun = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).idempotency.beginIdempotent(claim('k', later))));
    expect(begun.filter((r) => r.kind === 'started')).toHaveLength(1);
    expect(begun.filter((r) => r.kind === 'running')).toHaveLength(19);
  });

  it('frees at start-up the running records of instances whose lease ran out, not those of a live instance', async () => {
    const engine = await postgres!.open();
    const { a, b } = await twoInstances(engine);
    await a.idempotency.beginIdempotent(claim('of-a'));
    expect(await b.idempotency.dropPending()).toBe(0);
    expect(await b.idempotency.beginIdempotent(claim('of-a', T0 + 1000))).toEqual({ kind: 'running' });

    // A's heartbeat stopped a lease's length ago.
    await engine.run('UPDATE instance_leases SET expires_at = expires_at - ? WHERE id = ?', LEASE_MS + 1, a.instanceId);
    expect(await b.idempotency.dropPending()).toBe(1);
    expect((await b.idempotency.beginIdempotent(claim('of-a', T0 + 1000))).kind).toBe('started');
  });

  it('lets a retry replace a dead instance’s running record once its lease ran out and its holds were swept, before the record is stale', async () => {
    const engine = await postgres!.open();
    const { a, b } = await twoInstances(engine);
    await a.idempotency.beginIdempotent(claim('of-a'));
    // The call's place in the allowance, held by A (metering.postgres.ts).
    await engine.run("INSERT INTO metering_holds (instance_id, user_id, counter) VALUES (?, 'u1', 'user:u1')", a.instanceId);
    const retry = () => b.idempotency.beginIdempotent(claim('of-a', T0 + 1000));
    expect(await retry()).toEqual({ kind: 'running' });

    await lapse(engine, a.instanceId);
    // A may only be paused, its hold intact: it could still commit (and charge) the call.
    expect(await retry()).toEqual({ kind: 'running' });
    expect(await b.idempotency.dropPending()).toBe(0);

    expect(await b.metering.sweepHolds()).toBe(1);
    expect((await retry()).kind).toBe('started');
  });

  it('starts exactly one of 20 retries through two instances replacing a dead instance’s running record', async () => {
    const engine = await postgres!.open();
    const { a, b } = await twoInstances(engine);
    const [c] = await instancesOn(engine, ['instance-c']);
    await c!.leases.registerInstance(c!.instanceId, LEASE_MS);
    await c!.idempotency.beginIdempotent(claim('of-c'));
    await lapse(engine, c!.instanceId);
    const begun = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).idempotency.beginIdempotent(claim('of-c', T0 + 1000))));
    expect(begun.filter((r) => r.kind === 'started')).toHaveLength(1);
    expect(begun.filter((r) => r.kind === 'running')).toHaveLength(19);
  });

  it('frees at start-up its own running records and those of an instance without a lease', async () => {
    const engine = await postgres!.open();
    const { a, b } = await twoInstances(engine);
    const [unleased] = await instancesOn(engine, ['instance-never-leased']);
    await b.idempotency.beginIdempotent(claim('of-b'));
    await unleased!.idempotency.beginIdempotent(claim('unleased'));
    await a.idempotency.beginIdempotent(claim('of-a'));
    expect(await b.idempotency.dropPending()).toBe(2);
    expect(await engine.one('SELECT key FROM idempotency_records')).toEqual({ key: 'of-a' });
  });
});
