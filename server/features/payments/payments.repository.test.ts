/**
 * The contract of PaymentsRepository's capture (docs/decisions/050-one-storage-seam.md), run on
 * every storage engine: a cleared capture completes a purchase and delivers it once, however many
 * captures of the order run at once; a renewal extends from the end of the running plan, also when
 * two renewals of one account are captured at the same time; overage pays exactly its rows.
 */
import { describe, expect, it } from 'vitest';
import { addAccount, storageEngines } from '../../../db/storage.test-support.ts';
import { addMonth } from './paid-plans.ts';
import { addOverage, addPurchase, cleared, count, NOW, paymentsOn } from './payments.repository.test-support.ts';

const engines = storageEngines();
const ms = (date: Date) => date.getTime();

describe.each(engines)('PaymentsRepository.capturePurchase on $name', (engine) => {
  it('completes a plan purchase once: a month from now, one plan key, one paid charge, one receipt, and the account on the plan', async () => {
    const opened = await engine.open();
    const payments = paymentsOn(opened);
    await addAccount(opened, 'u1');
    const id = await addPurchase(opened, { userId: 'u1', orderId: 'ORDER-1' });
    const first = await payments.capturePurchase(cleared(id, 'CAP-1'));
    expect(first).toMatchObject({ kind: 'completed', purchase: { id, status: 'pending' }, delivery: { kind: 'plan', plan: { tier: 'starter', expiresAt: addMonth(NOW) } } });
    expect(await payments.capturePurchase(cleared(id, 'CAP-1'))).toEqual({ kind: 'unchanged', status: 'completed' });
    expect(await payments.purchaseByCapture('CAP-1')).toMatchObject({ id, status: 'completed', completedAt: NOW, expiresAt: addMonth(NOW), isActive: true });
    expect(await opened.one('SELECT subscription_tier AS tier, plan_expires_at AS ends FROM users WHERE id = ?', 'u1')).toEqual({ tier: 'starter', ends: ms(addMonth(NOW)) });
    expect(await count(opened, "SELECT count(*) AS n FROM api_keys WHERE purchase_id = ? AND key_name = 'Starter plan key'", id)).toBe(1);
    expect(await opened.one("SELECT status, amount, description FROM billing_charges WHERE purchase_id = ? AND charge_type = 'plan'", id)).toEqual({ status: 'paid', amount: 19_900, description: 'Starter plan, one month' });
    expect(await opened.one("SELECT number, description FROM receipts WHERE purchase_id = ? AND kind = 'receipt'", id)).toEqual({ number: 'R-000001', description: 'Starter plan, 2026-03-15 to 2026-04-15' });
  });

  it('completes an order once however many captures of it run at once: one plan period, one key, one charge, one receipt', async () => {
    const opened = await engine.open();
    const payments = paymentsOn(opened);
    await addAccount(opened, 'u1');
    const id = await addPurchase(opened, { userId: 'u1', orderId: 'ORDER-1' });
    const results = await Promise.all(Array.from({ length: 10 }, () => payments.capturePurchase(cleared(id, 'CAP-1'))));
    expect(results.filter((r) => r.kind === 'completed')).toHaveLength(1);
    expect(results.filter((r) => r.kind === 'unchanged').map((r) => r.kind === 'unchanged' && r.status)).toEqual(Array(9).fill('completed'));
    expect(await payments.purchaseByOrder('ORDER-1')).toMatchObject({ expiresAt: addMonth(NOW) });
    expect(await opened.one('SELECT plan_expires_at AS ends FROM users WHERE id = ?', 'u1')).toEqual({ ends: ms(addMonth(NOW)) });
    expect(await count(opened, 'SELECT count(*) AS n FROM api_keys WHERE purchase_id = ?', id)).toBe(1);
    expect(await count(opened, 'SELECT count(*) AS n FROM billing_charges WHERE purchase_id = ?', id)).toBe(1);
    expect(await count(opened, 'SELECT count(*) AS n FROM receipts WHERE purchase_id = ?', id)).toBe(1);
  });

  it('extends a renewal from the running plan’s end; another tier starts now', async () => {
    const opened = await engine.open();
    const payments = paymentsOn(opened);
    const ends = new Date('2026-03-20T00:00:00Z');
    await addAccount(opened, 'u1', { tier: 'starter', planExpiresAt: ms(ends) });
    await addPurchase(opened, { userId: 'u1', orderId: 'RUNNING', status: 'completed', completedAt: ms(NOW) - 86_400_000, expiresAt: ms(ends) });
    const renewal = await addPurchase(opened, { userId: 'u1', orderId: 'RENEWAL' });
    await payments.capturePurchase(cleared(renewal, 'CAP-R'));
    expect(await payments.purchaseByOrder('RENEWAL')).toMatchObject({ expiresAt: addMonth(ends) });
    const upgrade = await addPurchase(opened, { userId: 'u1', orderId: 'UPGRADE', planType: 'pro' });
    expect(await payments.capturePurchase(cleared(upgrade, 'CAP-U'))).toMatchObject({ delivery: { plan: { tier: 'pro', expiresAt: addMonth(NOW) } } });
    expect(await opened.one('SELECT subscription_tier AS tier FROM users WHERE id = ?', 'u1')).toEqual({ tier: 'pro' });
  });

  it('stacks renewals of one account captured at the same time: each period starts where the previous ends', async () => {
    const opened = await engine.open();
    const payments = paymentsOn(opened);
    await addAccount(opened, 'u1');
    const ids = [];
    for (let i = 0; i < 4; i++) ids.push(await addPurchase(opened, { userId: 'u1', orderId: `ORDER-${i}` }));
    await Promise.all(ids.map((id, i) => payments.capturePurchase(cleared(id, `CAP-${i}`))));
    const ends = [];
    for (let i = 0; i < 4; i++) ends.push((await payments.purchaseByOrder(`ORDER-${i}`))!.expiresAt!.getTime());
    const expected = [addMonth(NOW)];
    for (let i = 1; i < 4; i++) expected.push(addMonth(expected[i - 1]!));
    expect(ends.sort()).toEqual(expected.map(ms));
    expect(await opened.one('SELECT plan_expires_at AS ends FROM users WHERE id = ?', 'u1')).toEqual({ ends: ms(expected[3]!) });
  });

  it('delivers a cancelled purchase whose capture cleared (a checkout replaced meanwhile), never a failed or unknown one', async () => {
    const opened = await engine.open();
    const payments = paymentsOn(opened);
    await addAccount(opened, 'u1');
    const cancelled = await addPurchase(opened, { userId: 'u1', orderId: 'CANCELLED', status: 'cancelled' });
    const failed = await addPurchase(opened, { userId: 'u1', orderId: 'FAILED', status: 'failed' });
    expect(await payments.capturePurchase(cleared(cancelled, 'CAP-C'))).toMatchObject({ kind: 'completed' });
    expect(await payments.capturePurchase(cleared(failed, 'CAP-F'))).toEqual({ kind: 'unchanged', status: 'failed' });
    expect(await payments.capturePurchase(cleared(999_999, 'CAP-X'))).toEqual({ kind: 'unchanged', status: undefined });
    expect(await count(opened, 'SELECT count(*) AS n FROM api_keys WHERE purchase_id IS NOT NULL')).toBe(1);
  });

  it('completes the purchase of a deleted account with a receipt and delivers nothing', async () => {
    const opened = await engine.open();
    const payments = paymentsOn(opened);
    const id = await addPurchase(opened, { userId: null, orderId: 'ORPHAN' });
    expect(await payments.capturePurchase(cleared(id, 'CAP-O'))).toMatchObject({ kind: 'completed', delivery: { kind: 'nothing' } });
    expect(await opened.one('SELECT user_id, description FROM receipts WHERE purchase_id = ?', id)).toEqual({ user_id: null, description: 'Starter plan, paid after its account was deleted' });
    expect(await count(opened, 'SELECT count(*) AS n FROM billing_charges')).toBe(0);
  });

  it('pays exactly the overage rows its order was created for and lowers what the account owes, never below zero', async () => {
    const opened = await engine.open();
    const payments = paymentsOn(opened);
    await addAccount(opened, 'u1');
    await opened.run('UPDATE users SET overage_charges = 500 WHERE id = ?', 'u1');
    await addOverage(opened, 'u1', '2026-01', 300, 'OVERAGE-1');
    await addOverage(opened, 'u1', '2026-02', 400, 'OVERAGE-1');
    await addOverage(opened, 'u1', '2026-03', 50, null);
    const id = await addPurchase(opened, { userId: 'u1', orderId: 'OVERAGE-1', planType: 'overage', amount: 700 });
    expect(await payments.capturePurchase(cleared(id, 'CAP-1'))).toMatchObject({ delivery: { kind: 'overage', rows: 2, paid: 700, months: ['2026-01', '2026-02'] } });
    expect(await opened.one('SELECT overage_charges AS owed FROM users WHERE id = ?', 'u1')).toEqual({ owed: 0 });
    expect(await count(opened, "SELECT count(*) AS n FROM billing_charges WHERE status = 'paid'")).toBe(2);
    expect(await count(opened, "SELECT count(*) AS n FROM billing_charges WHERE status = 'pending' AND month = '2026-03'")).toBe(1);
    expect(await opened.one('SELECT description FROM receipts WHERE purchase_id = ?', id)).toEqual({ description: 'Overage 2026-01 to 2026-02: 700 calls beyond the allowance at $0.01' });
  });
});
