/**
 * The contract of OperationsRepository.commit (docs/decisions/050-one-storage-seam.md), run on every
 * storage engine: a batch's records and their write intents land together, each counter takes the
 * sum of its charges, a bad entry takes nothing else with it, and a demo history is trimmed.
 */
import { describe, expect, it } from 'vitest';
import { addAccount, storageEngines, storageOn, type EngineUnderTest } from '../../../db/storage.test-support.ts';
import type { MeterCharge, MeterTicket } from '../metering/metering.repository.ts';
import type { CommitEntry, OperationValues, RecordWrites } from './operations.repository.ts';

const engines = storageEngines();
const NOW = new Date('2026-03-15T12:00:00Z');
const MONTH = '2026-03';

const record = (message: string, owner: { userId?: string; demoSessionId?: string }): OperationValues => ({
  userId: owner.userId ?? null, demoSessionId: owner.demoSessionId ?? null, channel: owner.userId ? 'api' : 'demo', apiKey: owner.userId ? `pk_${owner.userId}` : null,
  operationType: 'sign', algorithm: 'dilion', message, messageSha256: null, messageLength: null, signature: '{}', publicKey: null, verified: 1,
  metadata: null, signatureSize: 3309, generationTime: 0.3, verificationTime: null, createdAt: NOW.getTime(), signatureBytes: null, publicKeyBytes: null, signingKeyId: null,
});
const entry = (values: OperationValues, writes?: RecordWrites): CommitEntry => ({ record: values, writes });

/** Admits a call on `userId`'s month (held like the service's paid tiers) and gives its charge. */
async function admitted(engine: EngineUnderTest, userId: string, extra: Partial<MeterTicket> = {}): Promise<MeterCharge> {
  const ticket = await storageOn(engine).metering.admit(userId, MONTH, NOW, () => ({
    userId, keyValue: `pk_${userId}`, meter: { name: `user:${userId}`, month: MONTH }, purchaseId: null, overageMonth: null, held: `month:user:${userId}:${MONTH}`, ...extra,
  }));
  const overage = ticket.overageMonth !== null;
  return { ticket, keyMonth: MONTH, overageCents: overage ? 1 : 0, overageDescription: overage ? `Overage in ${MONTH}` : '', settledAt: NOW.getTime() };
}

const counters = async (engine: EngineUnderTest, userId: string) => ({
  lifetime: (await engine.one<{ n: number }>('SELECT api_usage_count AS n FROM users WHERE id = ?', userId))!.n,
  overageOwed: (await engine.one<{ n: number }>('SELECT overage_charges AS n FROM users WHERE id = ?', userId))!.n,
  month: (await engine.one<{ n: number }>('SELECT calls AS n FROM monthly_usage WHERE meter = ? AND month = ?', `user:${userId}`, MONTH))?.n ?? 0,
  keyMonth: (await engine.one<{ n: number }>('SELECT calls AS n FROM monthly_usage WHERE meter = ? AND month = ?', `key:pk_${userId}`, MONTH))?.n ?? 0,
  keyTotal: (await engine.one<{ n: number }>('SELECT usage_count AS n FROM api_keys WHERE key_value = ?', `pk_${userId}`))!.n,
  overageRow: (await engine.one<{ n: number }>("SELECT amount AS n FROM billing_charges WHERE user_id = ? AND charge_type = 'overage' AND month = ?", userId, MONTH))?.n ?? 0,
});
const storedMessages = async (engine: EngineUnderTest) =>
  (await engine.one<{ n: number }>('SELECT count(*) AS n FROM crypto_operations'))!.n;

describe.each(engines)('OperationsRepository on $name', (engine) => {
  it('writes a batch’s records with their charges summed per counter, releases the charges’ holds, and stores the answers', async () => {
    const opened = await engine.open();
    await addAccount(opened, 'u1', { tier: 'pro' });
    const purchase = (await opened.one<{ id: number }>(
      "INSERT INTO purchases (user_id, paypal_order_id, plan_type, plan_name, amount, status, usage_limit, is_active) VALUES ('u1', 'order-1', 'pro', 'Pro', 79900, 'completed', 100000, true) RETURNING id",
    ))!.id;
    const claim = await storageOn(opened).idempotency.beginIdempotent({ userId: 'u1', key: 'k', requestHash: 'h', now: NOW, expiredBefore: new Date(0), staleBefore: new Date(0) });
    const charges = [await admitted(opened, 'u1'), await admitted(opened, 'u1', { purchaseId: purchase }), await admitted(opened, 'u1', { overageMonth: MONTH })];
    expect(await storageOn(opened).metering.heldCounters()).toBe(1);
    const outcomes = await storageOn(opened).operations.commit([
      entry(record('a', { userId: 'u1' }), { charge: charges[0], idempotentAnswer: { id: (claim as { id: number }).id, status: 200, sealedBody: 'v1.answer' } }),
      entry(record('b', { userId: 'u1' }), { charge: charges[1] }),
      entry(record('c', { userId: 'u1' }), { charge: charges[2] }),
    ]);
    expect(outcomes).toEqual([{ stored: true }, { stored: true }, { stored: true }]);
    expect(await storedMessages(opened)).toBe(3);
    expect(await counters(opened, 'u1')).toEqual({ lifetime: 3, overageOwed: 1, month: 3, keyMonth: 3, keyTotal: 3, overageRow: 1 });
    expect((await opened.one<{ n: number }>('SELECT usage_count AS n FROM purchases WHERE id = ?', purchase))!.n).toBe(1);
    expect(charges.map((c) => c.ticket.held)).toEqual([null, null, null]);
    expect(await storageOn(opened).metering.heldCounters()).toBe(0);
    const replay = await storageOn(opened).idempotency.beginIdempotent({ userId: 'u1', key: 'k', requestHash: 'h', now: NOW, expiredBefore: new Date(0), staleBefore: new Date(0) });
    expect(replay).toEqual({ kind: 'answered', status: 200, sealedBody: 'v1.answer' });
    expect((await opened.one<{ n: number }>("SELECT operations AS n FROM performance_totals WHERE algorithm = 'dilion'"))!.n).toBe(3);
  });

  it('stores the other entries when one cannot be stored, with only their charges, and reports that one', async () => {
    const opened = await engine.open();
    await addAccount(opened, 'u1', { tier: 'pro' });
    const outcomes = await storageOn(opened).operations.commit([
      entry(record('kept before', { userId: 'u1' }), { charge: await admitted(opened, 'u1') }),
      // A user deleted between the call and the commit: the foreign key refuses the row.
      entry({ ...record('orphan', { userId: 'u1' }), userId: 'no-such-user' }, { charge: await admitted(opened, 'u1') }),
      entry(record('kept after', { userId: 'u1' }), { charge: await admitted(opened, 'u1') }),
    ]);
    expect(outcomes.map((o) => o.stored)).toEqual([true, false, true]);
    expect((outcomes[1] as { error: Error }).error).toBeInstanceOf(Error);
    expect(await storedMessages(opened)).toBe(2);
    expect(await counters(opened, 'u1')).toMatchObject({ lifetime: 2, month: 2, keyTotal: 2 });
    expect((await opened.one<{ n: number }>("SELECT operations AS n FROM performance_totals WHERE algorithm = 'dilion'"))!.n).toBe(2);
  });

  it('stores a batch call’s records with every item’s charge and the one answer, or none of them when one record cannot be stored', async () => {
    const opened = await engine.open();
    await addAccount(opened, 'u1', { tier: 'pro' });
    const claim = await storageOn(opened).idempotency.beginIdempotent({ userId: 'u1', key: 'b', requestHash: 'h', now: NOW, expiredBefore: new Date(0), staleBefore: new Date(0) });
    const batch = async (messages: string[], orphan = -1): Promise<CommitEntry> => {
      const values = messages.map((m, i) => (i === orphan ? { ...record(m, { userId: 'u1' }), userId: 'no-such-user' } : record(m, { userId: 'u1' })));
      const charges = await Promise.all(messages.map(() => admitted(opened, 'u1')));
      return { record: values[0]!, batchRecords: values.slice(1), writes: { charges } };
    };
    const answered = await batch(['i0', 'i1', 'i2']);
    answered.writes!.idempotentAnswer = { id: (claim as { id: number }).id, status: 200, sealedBody: 'v1.batch' };
    const broken = await batch(['j0', 'j1', 'j2'], 1);
    const outcomes = await storageOn(opened).operations.commit([answered, broken, entry(record('alone', { userId: 'u1' }), { charge: await admitted(opened, 'u1') })]);
    expect(outcomes.map((o) => o.stored)).toEqual([true, false, true]);
    const kept = await opened.one<{ n: number; first: string; last: string }>("SELECT count(*) AS n, min(message) AS first, max(message) AS last FROM crypto_operations WHERE message LIKE 'i%'");
    expect(kept).toEqual({ n: 3, first: 'i0', last: 'i2' });
    expect(await storedMessages(opened)).toBe(4);
    expect(await counters(opened, 'u1')).toMatchObject({ lifetime: 4, month: 4, keyTotal: 4 });
    expect((await opened.one<{ n: number }>("SELECT operations AS n FROM performance_totals WHERE algorithm = 'dilion'"))!.n).toBe(4);
    const replay = await storageOn(opened).idempotency.beginIdempotent({ userId: 'u1', key: 'b', requestHash: 'h', now: NOW, expiredBefore: new Date(0), staleBefore: new Date(0) });
    expect(replay).toEqual({ kind: 'answered', status: 200, sealedBody: 'v1.batch' });
  });

  it('trims an anonymous demo history to its newest records in the commit that adds one', async () => {
    const opened = await engine.open();
    const trim = { demoHistoryTrim: { demoSessionId: 's1', keep: 3 } };
    await storageOn(opened).operations.commit(Array.from({ length: 5 }, (_, i) => entry(record(`m${i}`, { demoSessionId: 's1' }), trim)));
    await storageOn(opened).operations.commit([entry(record('m5', { demoSessionId: 's1' }), trim), entry(record('other', { demoSessionId: 's2' }))]);
    // m0 … m5 are distinct: three rows from m3 to m5 are m3, m4 and m5.
    const kept = await opened.one("SELECT count(*) AS n, min(message) AS first, max(message) AS last FROM crypto_operations WHERE demo_session_id = 's1'");
    expect(kept).toEqual({ n: 3, first: 'm3', last: 'm5' });
    expect(await storedMessages(opened)).toBe(4);
  });
});

describe('SqliteOperationsRepository', () => {
  it('writes each counter once per commit with the sum of its charges (docs/decisions/032), and none for an attempt that rolled back', async () => {
    const opened = await engines.find((e) => e.name === 'sqlite')!.open();
    await addAccount(opened, 'u1', { tier: 'pro' });
    await opened.run('CREATE TABLE lifetime_writes (total INTEGER)');
    await opened.run('CREATE TRIGGER count_lifetime_writes AFTER UPDATE OF api_usage_count ON users BEGIN INSERT INTO lifetime_writes VALUES (NEW.api_usage_count); END');
    const writes = async () => (await opened.one<{ totals: string | null }>("SELECT group_concat(total, ',') AS totals FROM lifetime_writes"))!.totals;
    await storageOn(opened).operations.commit([1, 2, 3].map((i) => entry(record(`m${i}`, { userId: 'u1' }))));
    await storageOn(opened).operations.commit(await Promise.all([1, 2, 3].map(async (i) => entry(record(`n${i}`, { userId: 'u1' }), { charge: await admitted(opened, 'u1') }))));
    expect(await writes()).toBe('3');
    await storageOn(opened).operations.commit([
      entry(record('d', { userId: 'u1' }), { charge: await admitted(opened, 'u1') }),
      entry({ ...record('orphan', { userId: 'u1' }), userId: 'no-such-user' }, { charge: await admitted(opened, 'u1') }),
      entry(record('e', { userId: 'u1' }), { charge: await admitted(opened, 'u1') }),
    ]);
    // The batch rolled back with its sum; each entry then committed alone with its own.
    expect(await writes()).toBe('3,4,5');
  });
});
