/**
 * The contract of SpendingLimitsRepository (docs/decisions/036, docs/decisions/050-one-storage-seam.md),
 * run on every storage engine: the reading a limit is derived from, the owner's setting, the
 * alerts marked once per account, month and threshold (also when 20 callers mark one at once),
 * and the owner's address.
 */
import { describe, expect, it } from 'vitest';
import { addAccount, repositoryOn, storageEngines, type EngineUnderTest } from '../../../db/storage.test-support.ts';
import type { SpendingLimitsRepository } from './spending-limits.repository.ts';
import { PostgresSpendingLimitsRepository } from './spending-limits.postgres.ts';
import { SqliteSpendingLimitsRepository } from './spending-limits.sqlite.ts';

const engines = storageEngines();
const NOW = new Date('2026-03-15T12:00:00.123Z');
const LATER = new Date(NOW.getTime() + 60_000);

const repositoryFor = (engine: EngineUnderTest) =>
  repositoryOn<SpendingLimitsRepository>(engine, { sqlite: (d) => new SqliteSpendingLimitsRepository(d.db), postgres: (d) => new PostgresSpendingLimitsRepository(d.db) });

const addOverage = (engine: EngineUnderTest, userId: string, month: string, status: 'pending' | 'paid') =>
  engine.run(
    "INSERT INTO billing_charges (user_id, charge_type, amount, description, status, month, created_at) VALUES (?, 'overage', 500, 'Overage', ?, ?, ?)",
    userId, status, month, NOW.getTime(),
  );

describe.each(engines)('SpendingLimitsRepository on $name', (engine) => {
  it('reads no own limit and no paid overage for an account that has neither, or for no account', async () => {
    const opened = await engine.open();
    await addAccount(opened, 'u1');
    const repository = repositoryFor(opened);
    expect(await repository.limitReading('u1')).toEqual({ own: undefined, hasPaidOverage: false });
    expect(await repository.limitReading('nobody')).toEqual({ own: undefined, hasPaidOverage: false });
  });

  it('reads the owner’s limit as set last, a lifted one as null cents, and stores when it was set', async () => {
    const opened = await engine.open();
    await addAccount(opened, 'u1');
    await addAccount(opened, 'u2');
    const repository = repositoryFor(opened);
    await repository.setLimit('u1', 500, NOW);
    await repository.setLimit('u2', 0, NOW);
    expect(await repository.limitReading('u1')).toEqual({ own: { cents: 500 }, hasPaidOverage: false });
    expect(await repository.limitReading('u2')).toEqual({ own: { cents: 0 }, hasPaidOverage: false });
    await repository.setLimit('u1', null, LATER);
    expect(await repository.limitReading('u1')).toEqual({ own: { cents: null }, hasPaidOverage: false });
    expect(await opened.one('SELECT monthly_cents AS cents, updated_at AS at FROM spending_limits WHERE user_id = ?', 'u1')).toEqual({ cents: null, at: LATER.getTime() });
    await repository.setLimit('u1', 25_000, NOW);
    expect(await repository.limitReading('u1')).toEqual({ own: { cents: 25_000 }, hasPaidOverage: false });
  });

  it('counts only paid overage, not pending, as the account having paid overage', async () => {
    const opened = await engine.open();
    await addAccount(opened, 'u1');
    await addAccount(opened, 'u2');
    await addOverage(opened, 'u1', '2026-01', 'pending');
    await addOverage(opened, 'u2', '2026-01', 'pending');
    await addOverage(opened, 'u2', '2026-02', 'paid');
    const repository = repositoryFor(opened);
    expect(await repository.limitReading('u1')).toEqual({ own: undefined, hasPaidOverage: false });
    expect(await repository.limitReading('u2')).toEqual({ own: undefined, hasPaidOverage: true });
  });

  it('marks an alert once per account, month and percent: true only the first time, with when it was sent', async () => {
    const opened = await engine.open();
    await addAccount(opened, 'u1');
    await addAccount(opened, 'u2');
    const repository = repositoryFor(opened);
    expect(await repository.markAlerted('u1', '2026-03', 80, NOW)).toBe(true);
    expect(await repository.markAlerted('u1', '2026-03', 80, LATER)).toBe(false);
    expect(await repository.markAlerted('u1', '2026-03', 100, LATER)).toBe(true);
    expect(await repository.markAlerted('u1', '2026-04', 80, LATER)).toBe(true);
    expect(await repository.markAlerted('u2', '2026-03', 80, LATER)).toBe(true);
    expect(await opened.one("SELECT sent_at AS at FROM spending_alerts WHERE user_id = 'u1' AND month = '2026-03' AND percent = 80")).toEqual({ at: NOW.getTime() });
    expect(await opened.one('SELECT count(*) AS n FROM spending_alerts')).toEqual({ n: 4 });
  });

  it('marks an alert for exactly one of 20 callers marking it at once', async () => {
    const opened = await engine.open();
    await addAccount(opened, 'u1');
    const repository = repositoryFor(opened);
    const marked = await Promise.all(Array.from({ length: 20 }, () => repository.markAlerted('u1', '2026-03', 100, NOW)));
    expect(marked.filter(Boolean)).toHaveLength(1);
    expect(await opened.one("SELECT count(*) AS n FROM spending_alerts WHERE user_id = 'u1'")).toEqual({ n: 1 });
  });

  it('gives the account’s email address, and undefined for no account', async () => {
    const opened = await engine.open();
    await addAccount(opened, 'u1');
    const repository = repositoryFor(opened);
    expect(await repository.emailOf('u1')).toBe('u1@example.com');
    expect(await repository.emailOf('nobody')).toBeUndefined();
  });
});
