/**
 * Metering across server instances on one PostgreSQL database (docs/decisions/050-one-storage-seam.md):
 * two instances, each with its own pool and instance id as two processes would have, admit exactly
 * the calls an account has left; a call is charged once and its hold goes with its commit; and the
 * holds of an instance whose lease ran out are swept, so its places are freed and its calls still
 * running are not charged, while a live instance keeps its holds. A spending limit holds exactly
 * across them too, and its alerts are marked once.
 */
import { describe, expect, it, vi } from 'vitest';
import { useInstances } from '../../../db/postgres/instances.test-support.ts';
import type { PostgresStorage } from '../../../db/postgres/storage.ts';
import { addAccount, storageEngines, type EngineUnderTest } from '../../../db/storage.test-support.ts';
import { Mailer } from '../../mail/mailer.ts';
import { capturedLog } from '../../test-support.ts';
import type { ApiCaller } from '../../types.ts';
import type { OperationValues } from '../operations/operations.repository.ts';
import { HoldLostError } from './metering.postgres.ts';
import { MeteringService, type MeterTicket } from './metering.service.ts';
import { SpendingLimits } from './spending-limits.ts';

const postgres = storageEngines().find((engine) => engine.name === 'postgres');
const instancesOn = useInstances();
const NOW = new Date('2026-03-15T12:00:00Z');
const LONG_LEASE_MS = 60_000;

const caller: ApiCaller = { userId: 'u1', keyValue: 'pk_u1', kind: 'personal', purchaseId: null, allowedOperations: null, historyKeeps: 'text' };
const record = (message: string): OperationValues => ({
  userId: 'u1', demoSessionId: null, channel: 'api', apiKey: 'pk_u1', operationType: 'sign', algorithm: 'dilion', message, messageSha256: null,
  messageLength: null, signature: '{}', publicKey: null, verified: 1, metadata: null, signatureSize: 3309, generationTime: 0.3, verificationTime: null,
  createdAt: NOW.getTime(), signatureBytes: null, publicKeyBytes: null, signingKeyId: null,
});

/** Two instances, A and B, with the metering service each would run. */
async function twoInstances(engine: EngineUnderTest) {
  const [a, b] = await instancesOn(engine, ['instance-a', 'instance-b']);
  const service = (storage: PostgresStorage) => new MeteringService(storage.metering, { now: () => NOW });
  return { a: a!, b: b!, meterA: service(a!), meterB: service(b!) };
}

const count = async (engine: EngineUnderTest, sql: string, ...params: unknown[]) => (await engine.one<{ n: number }>(sql, ...params))!.n;
const used = (engine: EngineUnderTest) => count(engine, "SELECT api_usage_count AS n FROM users WHERE id = 'u1'");
const holds = (engine: EngineUnderTest) => count(engine, 'SELECT count(*) AS n FROM metering_holds');

describe.skipIf(!postgres)('PostgresMeteringRepository across instances', () => {
  it('admits exactly the 100 free calls left when 150 race through two instances', async () => {
    const engine = await postgres!.open();
    await addAccount(engine, 'u1');
    const { meterA, meterB } = await twoInstances(engine);
    const results = await Promise.allSettled(Array.from({ length: 150 }, (_, i) => (i % 2 === 0 ? meterA : meterB).meter(caller, 'sign')));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(100);
    expect(results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason.code)).toEqual(Array(50).fill('usage_limit_reached'));
    expect(await holds(engine)).toBe(100);
  });

  it('charges exactly the 100 calls it answers when 150 are admitted and committed through two instances at once', async () => {
    const engine = await postgres!.open();
    await addAccount(engine, 'u1');
    const { a, b, meterA, meterB } = await twoInstances(engine);
    const call = async (i: number) => {
      const [storage, meter] = i % 2 === 0 ? [a, meterA] : [b, meterB];
      const ticket = await meter.meter(caller, 'sign');
      const [outcome] = await storage.operations.commit([{ record: record(`m${i}`), writes: { charge: meter.charge(ticket) } }]);
      if (!outcome!.stored) throw outcome!.error;
    };
    const results = await Promise.allSettled(Array.from({ length: 150 }, (_, i) => call(i)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(100);
    expect(await used(engine)).toBe(100);
    expect(await count(engine, 'SELECT count(*) AS n FROM crypto_operations')).toBe(100);
    expect(await holds(engine)).toBe(0);
    expect(await a.metering.heldCounters()).toBe(0);
  });

  it('sweeps the holds of an instance whose lease ran out, freeing its places and charging none of its calls, and keeps a live instance’s', async () => {
    const engine = await postgres!.open();
    await addAccount(engine, 'u1', { used: 96 });
    const { a, b, meterA, meterB } = await twoInstances(engine);
    await a.leases.registerInstance(a.instanceId, LONG_LEASE_MS);
    await b.leases.registerInstance(b.instanceId, LONG_LEASE_MS);
    const ofA = [await meterA.meter(caller, 'sign'), await meterA.meter(caller, 'sign')];
    const ofB: MeterTicket[] = [await meterB.meter(caller, 'sign'), await meterB.meter(caller, 'sign')];
    await expect(meterB.meter(caller, 'sign')).rejects.toMatchObject({ code: 'usage_limit_reached' });
    expect(await b.metering.sweepHolds()).toBe(0);

    // A's heartbeat stopped a lease's length ago.
    await engine.run('UPDATE instance_leases SET expires_at = expires_at - ? WHERE id = ?', LONG_LEASE_MS + 1, a.instanceId);
    expect(await b.metering.sweepHolds()).toBe(2);
    expect(await count(engine, 'SELECT count(*) AS n FROM metering_holds WHERE instance_id = ?', b.instanceId)).toBe(2);
    ofB.push(await meterB.meter(caller, 'sign'), await meterB.meter(caller, 'sign'));
    await expect(meterB.meter(caller, 'sign')).rejects.toMatchObject({ code: 'usage_limit_reached' });

    // A was alive after all: its calls must not be charged, since B took their places.
    const lateA = await a.operations.commit(ofA.map((ticket, i) => ({ record: record(`a${i}`), writes: { charge: meterA.charge(ticket) } })));
    expect(lateA.map((o) => (o.stored ? 'stored' : o.error))).toEqual([expect.any(HoldLostError), expect.any(HoldLostError)]);
    const outcomes = await b.operations.commit(ofB.map((ticket, i) => ({ record: record(`b${i}`), writes: { charge: meterB.charge(ticket) } })));
    expect(outcomes.every((o) => o.stored)).toBe(true);
    expect(await used(engine)).toBe(100);
    expect(await count(engine, 'SELECT count(*) AS n FROM crypto_operations')).toBe(4);
    expect(await holds(engine)).toBe(0);
  });

  it('refunds only the refunded call’s hold, on the instance that holds it', async () => {
    const engine = await postgres!.open();
    await addAccount(engine, 'u1', { used: 98 });
    const { a, b, meterA, meterB } = await twoInstances(engine);
    const first = await meterA.meter(caller, 'sign');
    await meterB.meter(caller, 'sign');
    await expect(meterA.meter(caller, 'sign')).rejects.toMatchObject({ code: 'usage_limit_reached' });
    await meterA.refund(first);
    expect(await a.metering.heldCounters()).toBe(0);
    expect(await b.metering.heldCounters()).toBe(1);
    await meterA.meter(caller, 'sign');
    expect(await holds(engine)).toBe(2);
  });

  it('admits exactly the overage a spending limit leaves when 50 calls past the allowance race through two instances, and marks each alert once', async () => {
    const engine = await postgres!.open();
    await addAccount(engine, 'u1', { tier: 'starter' });
    await engine.run('INSERT INTO monthly_usage (meter, month, calls) VALUES (?, ?, ?)', 'user:u1', '2026-03', 10_000);
    await engine.run('INSERT INTO spending_limits (user_id, monthly_cents, updated_at) VALUES (?, ?, ?)', 'u1', 30, NOW.getTime());
    const [a, b] = await instancesOn(engine, ['instance-a', 'instance-b']);
    const service = (storage: PostgresStorage) =>
      new MeteringService(storage.metering, { now: () => NOW, spending: new SpendingLimits(storage.spendingLimits, new Mailer(undefined), capturedLog('silent').logger, () => NOW) });
    const [meterA, meterB] = [service(a!), service(b!)];
    const results = await Promise.allSettled(Array.from({ length: 50 }, (_, i) => (i % 2 === 0 ? meterA : meterB).meter(caller, 'sign')));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(30);
    expect(results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason.code)).toEqual(Array(20).fill('spending_limit_reached'));
    await vi.waitFor(async () => expect(await count(engine, "SELECT count(*) AS n FROM spending_alerts WHERE user_id = 'u1' AND month = '2026-03'")).toBe(2));
  });
});
