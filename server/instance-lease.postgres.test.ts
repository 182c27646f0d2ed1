/**
 * Instance leases on PostgreSQL (instance-lease.repository.ts): renewed only while they run,
 * restarted by registering again, ended by a release, and forgotten once they ran out.
 */
import { describe, expect, it } from 'vitest';
import { useInstances } from '../db/postgres/instances.test-support.ts';
import { storageEngines, type EngineUnderTest } from '../db/storage.test-support.ts';

const postgres = storageEngines().find((engine) => engine.name === 'postgres');
const instancesOn = useInstances();
const LEASE_MS = 60_000;

/** As if the instance's last heartbeat was a lease's length ago. */
const lapse = (engine: EngineUnderTest, id: string) => engine.run('UPDATE instance_leases SET expires_at = expires_at - ? WHERE id = ?', LEASE_MS + 1, id);
const leases = async (engine: EngineUnderTest) => (await engine.one<{ ids: string | null }>("SELECT string_agg(id, ',' ORDER BY id) AS ids FROM instance_leases"))!.ids;

describe.skipIf(!postgres)('PostgresInstanceLeases', () => {
  it('renews a running lease from the database’s now, and refuses to renew one that ran out until it is registered again', async () => {
    const engine = await postgres!.open();
    const [a] = await instancesOn(engine, ['a']);
    const { leases: lease } = a!;
    await lease.registerInstance('a', LEASE_MS);
    const ends = async () => (await engine.one<{ ends: number; now: number }>("SELECT expires_at AS ends, (extract(epoch from now()) * 1000)::bigint AS now FROM instance_leases WHERE id = 'a'"))!;
    const first = await ends();
    expect(first.ends - first.now).toBeGreaterThan(LEASE_MS - 5_000);
    expect(await lease.renewLease('a', 2 * LEASE_MS)).toBe(true);
    const renewed = await ends();
    expect(renewed.ends - renewed.now).toBeGreaterThan(2 * LEASE_MS - 5_000);
    await engine.run("UPDATE instance_leases SET expires_at = 0 WHERE id = 'a'");
    expect(await lease.renewLease('a', LEASE_MS)).toBe(false);
    expect(await lease.renewLease('never-registered', LEASE_MS)).toBe(false);
    await lease.registerInstance('a', LEASE_MS);
    expect(await lease.renewLease('a', LEASE_MS)).toBe(true);
  });

  it('ends a lease on release, and forgets only the leases that ran out', async () => {
    const engine = await postgres!.open();
    const [a] = await instancesOn(engine, ['a']);
    const { leases: lease } = a!;
    for (const id of ['a', 'b', 'c']) await lease.registerInstance(id, LEASE_MS);
    await lease.releaseInstance('a');
    await lapse(engine, 'b');
    expect(await leases(engine)).toBe('b,c');
    expect(await lease.removeLapsed()).toBe(1);
    expect(await leases(engine)).toBe('c');
  });
});
