/**
 * The contract of MeteringRepository (docs/decisions/050-one-storage-seam.md), run on every storage
 * engine: what admit reads and holds (the spending limit's reading too), that a refusal holds
 * nothing, that concurrent admissions cannot pass a limit together, and that a refund frees a
 * place once.
 */
import { describe, expect, it } from 'vitest';
import { addAccount, storageEngines, storageOn } from '../../../db/storage.test-support.ts';
import { AppError } from '../../errors.ts';
import type { AdmissionRule, MeterTicket } from './metering.repository.ts';

const engines = storageEngines();
const NOW = new Date('2026-03-15T12:00:00Z');
const MONTH = '2026-03';

const ticketOn = (userId: string, held: string): MeterTicket => ({ userId, keyValue: `pk_${userId}`, meter: null, purchaseId: null, overageMonth: null, held });
/** Admits while fewer than `limit` calls are counted and held on `counter`. */
const upTo =
  (limit: number, counter: string): AdmissionRule =>
  (standing, reads) => {
    if (!standing) throw new AppError(403, 'account_missing', 'no account');
    if (standing.used + reads.held(counter) >= limit) throw new AppError(429, 'usage_limit_reached', 'used up');
    return ticketOn('u1', counter);
  };

describe.each(engines)('MeteringRepository on $name', (engine) => {
  it('gives the rule the account’s standing, the month’s calls and credit, and undefined for no account', async () => {
    const opened = await engine.open();
    const { run } = opened;
    const storage = storageOn(opened);
    await addAccount(opened, 'u1', { tier: 'pro', used: 7 });
    await run('INSERT INTO monthly_usage (meter, month, calls) VALUES (?, ?, ?)', 'user:u1', MONTH, 5);
    await run('INSERT INTO allowance_credits (user_id, month, calls) VALUES (?, ?, ?)', 'u1', MONTH, 40);
    const seen: unknown[] = [];
    const rule: AdmissionRule = (standing) => {
      seen.push(standing);
      return ticketOn('u1', 'c');
    };
    await storage.metering.admit('u1', MONTH, NOW, rule);
    await storage.metering.admit('nobody', MONTH, NOW, rule);
    expect(seen).toEqual([{ tier: 'pro', expiresAt: null, used: 7, limit: 100, monthCalls: 5, credit: 40 }, undefined]);
  });

  it('moves a plan that ran out back to Free before the rule reads it', async () => {
    const opened = await engine.open();
    await addAccount(opened, 'u1', { tier: 'pro', planExpiresAt: NOW.getTime() - 1 });
    let tier: string | undefined;
    await storageOn(opened).metering.admit('u1', MONTH, NOW, (standing) => ((tier = standing?.tier), ticketOn('u1', 'c')));
    expect(tier).toBe('free');
  });

  it('holds each admitted call until it is refunded, once, and holds nothing for a refused one', async () => {
    const opened = await engine.open();
    await addAccount(opened, 'u1', { used: 98 });
    const metering = storageOn(opened).metering;
    const first = await metering.admit('u1', MONTH, NOW, upTo(100, 'lifetime:u1'));
    await metering.admit('u1', MONTH, NOW, upTo(100, 'lifetime:u1'));
    await expect(metering.admit('u1', MONTH, NOW, upTo(100, 'lifetime:u1'))).rejects.toMatchObject({ code: 'usage_limit_reached' });
    expect(await metering.heldCounters()).toBe(1);
    await metering.refund(first);
    await metering.refund(first);
    expect(first.held).toBeNull();
    const third = await metering.admit('u1', MONTH, NOW, upTo(100, 'lifetime:u1'));
    await expect(metering.admit('u1', MONTH, NOW, upTo(100, 'lifetime:u1'))).rejects.toMatchObject({ code: 'usage_limit_reached' });
    await metering.refund(third);
  });

  it('admits exactly the calls left when 150 race for the last 100', async () => {
    const opened = await engine.open();
    await addAccount(opened, 'u1');
    const results = await Promise.allSettled(Array.from({ length: 150 }, () => storageOn(opened).metering.admit('u1', MONTH, NOW, upTo(100, 'lifetime:u1'))));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(100);
    expect(results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason.code)).toEqual(Array(50).fill('usage_limit_reached'));
  });

  it('reads an account’s usage with the overage it owes, after the same move of a plan that ran out, and undefined for no account', async () => {
    const opened = await engine.open();
    await addAccount(opened, 'u1', { tier: 'starter', used: 3, planExpiresAt: NOW.getTime() + 1 });
    await opened.run('UPDATE users SET overage_charges = 12 WHERE id = ?', 'u1');
    await opened.run('INSERT INTO monthly_usage (meter, month, calls) VALUES (?, ?, ?)', 'user:u1', MONTH, 2);
    const metering = storageOn(opened).metering;
    expect(await metering.usage('u1', MONTH, NOW)).toEqual({ tier: 'starter', expiresAt: NOW.getTime() + 1, used: 3, limit: 100, overageCharges: 12, monthCalls: 2, credit: null });
    expect(await metering.usage('u1', MONTH, new Date(NOW.getTime() + 1))).toMatchObject({ tier: 'free', overageCharges: 12 });
    expect(await metering.usage('nobody', MONTH, NOW)).toBeUndefined();
  });

  it('tells the rule whether overage of an earlier month is still pending', async () => {
    const opened = await engine.open();
    await addAccount(opened, 'u1', { tier: 'starter' });
    await opened.run(
      "INSERT INTO billing_charges (user_id, charge_type, amount, description, status, month, created_at) VALUES (?, 'overage', 5, 'Overage', 'pending', '2026-01', ?)",
      'u1', NOW.getTime(),
    );
    const found: boolean[] = [];
    await storageOn(opened).metering.admit('u1', MONTH, NOW, (_standing, reads) => {
      found.push(reads.hasOverageBefore('u1', '2026-02'), reads.hasOverageBefore('u1', '2026-01'));
      return ticketOn('u1', 'c');
    });
    expect(found).toEqual([true, false]);
  });

  it('gives the rule each account’s spending reading as of its admission: own limit, lifted or none, and whether it paid overage', async () => {
    const opened = await engine.open();
    for (const id of ['u1', 'u2', 'u3']) await addAccount(opened, id, { tier: 'starter' });
    await opened.run('INSERT INTO spending_limits (user_id, monthly_cents, updated_at) VALUES (?, ?, ?)', 'u1', 500, NOW.getTime());
    await opened.run('INSERT INTO spending_limits (user_id, monthly_cents, updated_at) VALUES (?, ?, ?)', 'u2', null, NOW.getTime());
    await opened.run(
      "INSERT INTO billing_charges (user_id, charge_type, amount, description, status, month, created_at) VALUES (?, 'overage', 5, 'Overage', 'paid', '2026-01', ?)",
      'u3', NOW.getTime(),
    );
    const metering = storageOn(opened).metering;
    const seen: unknown[] = [];
    const reading: (userId: string) => AdmissionRule = (userId) => (_standing, reads) => (seen.push(reads.spending(userId)), ticketOn(userId, 'c'));
    for (const id of ['u1', 'u2', 'u3']) await metering.admit(id, MONTH, NOW, reading(id));
    await opened.run('UPDATE spending_limits SET monthly_cents = ? WHERE user_id = ?', 700, 'u1');
    await metering.admit('u1', MONTH, NOW, reading('u1'));
    expect(seen).toEqual([
      { own: { cents: 500 }, hasPaidOverage: false },
      { own: { cents: null }, hasPaidOverage: false },
      { own: undefined, hasPaidOverage: true },
      { own: { cents: 700 }, hasPaidOverage: false },
    ]);
  });
});
