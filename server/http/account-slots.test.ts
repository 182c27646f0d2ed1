/**
 * The per-account cap's slots on every storage engine (docs/decisions/050-one-storage-seam.md): in
 * memory beside SQLite, in the shared table on PostgreSQL. The same cap on both, exact when calls
 * race for the last slots, and on PostgreSQL one cap across instances whose dead members' slots
 * free themselves.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { repositoryOn, storageEngines, type EngineUnderTest } from '../../db/storage.test-support.ts';
import { PostgresAccountSlots, type PostgresAccountSlotsOptions } from './account-slots.postgres.ts';
import { CallSlots, type AccountSlots } from './call-slots.ts';

const engines = storageEngines();
const instances: PostgresAccountSlots[] = [];
afterEach(async () => {
  for (const instance of instances.splice(0)) await instance.close();
});

/** An instance's slots (PostgreSQL: renewed only when a test says, on the test's clock). */
function slotsOf(opened: EngineUnderTest, limit: number, options: PostgresAccountSlotsOptions = {}): AccountSlots {
  return repositoryOn<AccountSlots>(opened, {
    sqlite: () => CallSlots.perAccount(limit),
    postgres: (d) => {
      const instance = new PostgresAccountSlots(d.db, limit, { renewEveryMs: null, ...options });
      instances.push(instance);
      return instance;
    },
  });
}

async function openWithTable(engine: { open(): Promise<EngineUnderTest> }): Promise<EngineUnderTest> {
  const opened = await engine.open();
  return opened;
}

const refusalOf = (promise: Promise<unknown>) => promise.then(() => null, (error: unknown) => error as Error & { status: number; code: string; headers: Record<string, string> });

describe.each(engines)('the per-account cap on $name', (engine) => {
  it('lets `limit` calls of one account hold slots, refuses the next with 429 naming the account’s limit, and frees a slot once', async () => {
    const slots = slotsOf(await openWithTable(engine), 2);
    const first = await slots.take('u-a');
    await slots.take('u-a');
    const refusal = await refusalOf(slots.take('u-a'));
    expect(refusal).toMatchObject({ status: 429, code: 'too_many_concurrent_calls', headers: { 'Retry-After': '1' } });
    expect(refusal!.message).toMatch(/^This account already has 2 calls running or waiting across its API keys.*ACCOUNT_CONCURRENCY/);
    expect(await refusalOf(slots.take('u-b'))).toBeNull();
    await first();
    await first();
    expect(await slots.count('u-a')).toBe(1);
    expect(await refusalOf(slots.take('u-a'))).toBeNull();
    expect(await slots.count('u-a')).toBe(2);
  });

  it('gives exactly `limit` slots to 20 calls of one account racing for them', async () => {
    const slots = slotsOf(await openWithTable(engine), 5);
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => slots.take('u-a')));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
    expect(results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason.code)).toEqual(Array(15).fill('too_many_concurrent_calls'));
    expect(await slots.count('u-a')).toBe(5);
  });
});

describe.each(engines.filter((e) => e.name === 'postgres'))('the per-account cap’s shared table on $name', (engine) => {
  it('holds one cap over every instance: calls through two share it, and a slot given back on one frees it for the other', async () => {
    const opened = await openWithTable(engine);
    const [a, b] = [slotsOf(opened, 3), slotsOf(opened, 3)];
    const results = await Promise.allSettled(Array.from({ length: 12 }, (_, i) => (i % 2 ? a : b).take('u-a')));
    const taken = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    expect(taken).toHaveLength(3);
    expect(await refusalOf(b.take('u-a'))).toMatchObject({ code: 'too_many_concurrent_calls' });
    await taken[0]!();
    expect(await a.count('u-a')).toBe(2);
    expect(await refusalOf(b.take('u-a'))).toBeNull();
  });

  it('frees a dead instance’s slots once their lease runs out, and keeps a live one’s that renews', async () => {
    const opened = await openWithTable(engine);
    let now = 10_000_000;
    const clock = { now: () => now, leaseMs: 1_000 };
    const [dead, live, other] = [slotsOf(opened, 4, clock), slotsOf(opened, 4, clock), slotsOf(opened, 4, clock)];
    await dead.take('u-a');
    await dead.take('u-a');
    await live.take('u-a');
    await live.take('u-a');
    expect(await refusalOf(other.take('u-a'))).toMatchObject({ code: 'too_many_concurrent_calls' });
    now += 900;
    await (live as PostgresAccountSlots).renew();
    now += 200;
    expect(await other.count('u-a')).toBe(2);
    await other.take('u-a');
    await other.take('u-a');
    expect(await refusalOf(other.take('u-a'))).toMatchObject({ code: 'too_many_concurrent_calls' });
  });

  it('gives back only the call’s own slot: not the one another took over after its lease ran out', async () => {
    const opened = await openWithTable(engine);
    let now = 10_000_000;
    const clock = { now: () => now, leaseMs: 1_000 };
    const [slow, other] = [slotsOf(opened, 1, clock), slotsOf(opened, 1, clock)];
    const giveBackLate = await slow.take('u-a');
    now += 1_000;
    await other.take('u-a');
    await giveBackLate();
    expect(await other.count('u-a')).toBe(1);
  });

  it('deletes the rows whose lease ran out when it renews, and every one of its own when it closes', async () => {
    const opened = await openWithTable(engine);
    let now = 10_000_000;
    const clock = { now: () => now, leaseMs: 1_000 };
    const [gone, staying] = [slotsOf(opened, 4, clock) as PostgresAccountSlots, slotsOf(opened, 4, clock) as PostgresAccountSlots];
    await gone.take('u-a');
    await staying.take('u-b');
    await staying.take('u-c');
    now += 1_000;
    await staying.renew();
    expect(await opened.one('SELECT count(*) AS n FROM account_call_slots')).toEqual({ n: 2 });
    await staying.close();
    expect(await opened.one('SELECT count(*) AS n FROM account_call_slots')).toEqual({ n: 0 });
  });
});
