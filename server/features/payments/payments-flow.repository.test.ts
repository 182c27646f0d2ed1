/**
 * The contract of PaymentsRepository around the capture (docs/decisions/050-one-storage-seam.md),
 * run on every storage engine: a checkout within the hourly limit, also when many start at once;
 * the newest checkout of a kind the only one open; processing, closing and reversing, each once.
 */
import { describe, expect, it } from 'vitest';
import { addAccount, storageEngines, type EngineUnderTest } from '../../../db/storage.test-support.ts';
import type { CheckoutRequest } from './payments.repository.ts';
import { addOverage, addPurchase, cleared, count, NOW, paymentsOn, SELLER } from './payments.repository.test-support.ts';

const engines = storageEngines();
let orders = 0;

const checkout = (userId: string, kind: 'plan' | 'overage' = 'plan', limit = 20): CheckoutRequest => ({
  userId,
  kind,
  purchase: {
    planType: kind === 'plan' ? 'starter' : 'overage', planName: kind === 'plan' ? 'Starter' : 'Overage', amount: 19_900, usageLimit: null, renewal: false,
    paypalOrderId: `unsent:${++orders}`, paypalRequestId: `create-${orders}`,
  },
  now: NOW,
  limit: { count: limit, since: new Date(NOW.getTime() - 3_600_000) },
});

const statusOf = async (engine: EngineUnderTest, id: number) => (await engine.one<{ status: string }>('SELECT status FROM purchases WHERE id = ?', id))?.status;

describe.each(engines)('PaymentsRepository around the capture on $name', (engine) => {
  it('starts a checkout as a pending purchase, closing the older pending checkouts of its kind only', async () => {
    const opened = await engine.open();
    const payments = paymentsOn(opened);
    await addAccount(opened, 'u1');
    const plan = await payments.startCheckoutWithinLimit(checkout('u1'));
    const overage = await payments.startCheckoutWithinLimit(checkout('u1', 'overage'));
    const newer = await payments.startCheckoutWithinLimit(checkout('u1'));
    if (plan.kind !== 'started' || overage.kind !== 'started' || newer.kind !== 'started') throw new Error('not started');
    expect(newer.purchase).toMatchObject({ userId: 'u1', status: 'pending', planType: 'starter', amount: 19_900, createdAt: NOW, isActive: true, renewal: false });
    expect(newer.superseded).toEqual([plan.purchase.id]);
    expect([await statusOf(opened, plan.purchase.id), await statusOf(opened, overage.purchase.id)]).toEqual(['cancelled', 'pending']);
    await payments.setOrderId(newer.purchase.id, 'ORDER-N');
    expect(await payments.purchaseByOrder('ORDER-N')).toMatchObject({ id: newer.purchase.id });
    expect(await payments.purchaseOf('u1', newer.purchase.id)).toMatchObject({ id: newer.purchase.id });
    expect(await payments.purchaseOf('someone-else', newer.purchase.id)).toBeUndefined();
  });

  it('refuses a checkout past the limit of the last hour, writing nothing; older ones do not count', async () => {
    const opened = await engine.open();
    const payments = paymentsOn(opened);
    await addAccount(opened, 'u1');
    await opened.run("INSERT INTO purchases (user_id, paypal_order_id, plan_type, plan_name, amount, created_at) VALUES ('u1', 'OLD', 'starter', 'Starter', 1, ?)", NOW.getTime() - 3_600_001);
    expect(await payments.startCheckoutWithinLimit(checkout('u1', 'plan', 2))).toMatchObject({ kind: 'started' });
    expect(await payments.startCheckoutWithinLimit(checkout('u1', 'plan', 2))).toMatchObject({ kind: 'started' });
    expect(await payments.startCheckoutWithinLimit(checkout('u1', 'plan', 2))).toEqual({ kind: 'over_limit' });
    expect(await count(opened, "SELECT count(*) AS n FROM purchases WHERE user_id = 'u1'")).toBe(3);
  });

  it('starts exactly the limit when 25 checkouts of one account race for 20, and leaves one open', async () => {
    const opened = await engine.open();
    const payments = paymentsOn(opened);
    await addAccount(opened, 'u1');
    await addAccount(opened, 'u2');
    const results = await Promise.all([...Array.from({ length: 25 }, () => payments.startCheckoutWithinLimit(checkout('u1'))), payments.startCheckoutWithinLimit(checkout('u2'))]);
    expect(results.filter((r) => r.kind === 'started')).toHaveLength(21);
    expect(results.filter((r) => r.kind === 'over_limit')).toHaveLength(5);
    expect(await count(opened, "SELECT count(*) AS n FROM purchases WHERE user_id = 'u1'")).toBe(20);
    expect(await count(opened, "SELECT count(*) AS n FROM purchases WHERE user_id = 'u1' AND status = 'pending'")).toBe(1);
  });

  it('points overage rows at an order only while its purchase is pending', async () => {
    const opened = await engine.open();
    const payments = paymentsOn(opened);
    await addAccount(opened, 'u1');
    await addOverage(opened, 'u1', '2026-01', 300, null);
    await addOverage(opened, 'u1', '2026-03', 50, null);
    const payable = await payments.payableOverage('u1', '2026-03');
    expect(payable).toEqual([{ id: expect.any(Number), amount: 300, month: '2026-01' }]);
    await addPurchase(opened, { userId: 'u1', orderId: 'CLOSED', planType: 'overage', status: 'cancelled' });
    await payments.assignOverageOrder(payable.map((r) => r.id), 'CLOSED');
    expect(await count(opened, 'SELECT count(*) AS n FROM billing_charges WHERE paypal_order_id IS NOT NULL')).toBe(0);
    await addPurchase(opened, { userId: 'u1', orderId: 'OPEN', planType: 'overage' });
    await payments.assignOverageOrder(payable.map((r) => r.id), 'OPEN');
    expect(await opened.one('SELECT paypal_order_id AS o FROM billing_charges WHERE id = ?', payable[0]!.id)).toEqual({ o: 'OPEN' });
  });

  it('marks a pending purchase processing once, and closes only an open purchase', async () => {
    const opened = await engine.open();
    const payments = paymentsOn(opened);
    await addAccount(opened, 'u1');
    const id = await addPurchase(opened, { userId: 'u1', orderId: 'ORDER-1' });
    expect(await payments.markProcessing(id, 'CAP-1')).toEqual({ changed: true, status: 'processing' });
    expect(await payments.markProcessing(id, 'CAP-1')).toEqual({ changed: false, status: 'processing' });
    expect(await payments.purchaseByCapture('CAP-1')).toMatchObject({ id });
    expect(await payments.closePurchase(id, 'failed')).toBe(true);
    expect(await payments.closePurchase(id, 'cancelled')).toBe(false);
    expect(await payments.purchaseByOrder('ORDER-1')).toMatchObject({ status: 'failed', isActive: false });
  });

  it('closes a purchase once when a close and captures race, and a closed purchase is not delivered', async () => {
    const opened = await engine.open();
    const payments = paymentsOn(opened);
    await addAccount(opened, 'u1');
    const id = await addPurchase(opened, { userId: 'u1', orderId: 'ORDER-1' });
    const closes = await Promise.all(Array.from({ length: 6 }, () => payments.closePurchase(id, 'failed')));
    expect(closes.filter(Boolean)).toHaveLength(1);
    expect(await payments.capturePurchase(cleared(id, 'CAP-1'))).toEqual({ kind: 'unchanged', status: 'failed' });
  });

  it('reverses a completed plan once: a credit note, the charge marked, the account back to Free; the key stays', async () => {
    const opened = await engine.open();
    const payments = paymentsOn(opened);
    await addAccount(opened, 'u1');
    const id = await addPurchase(opened, { userId: 'u1', orderId: 'ORDER-1' });
    await payments.capturePurchase(cleared(id, 'CAP-1'));
    const reversals = await Promise.all(Array.from({ length: 5 }, () => payments.reversePurchase({ purchaseId: id, status: 'refunded', now: NOW, seller: SELLER })));
    expect(reversals.filter(Boolean)).toHaveLength(1);
    expect(await statusOf(opened, id)).toBe('refunded');
    expect(await opened.one("SELECT number, credited_number AS credited, description FROM receipts WHERE kind = 'credit_note'")).toEqual({
      number: 'C-000001', credited: 'R-000001', description: 'Refund of R-000001: Starter plan, 2026-03-15 to 2026-04-15',
    });
    expect(await opened.one("SELECT status FROM billing_charges WHERE charge_type = 'plan'")).toEqual({ status: 'refunded' });
    expect(await opened.one('SELECT subscription_tier AS tier, plan_expires_at AS ends FROM users WHERE id = ?', 'u1')).toEqual({ tier: 'free', ends: null });
    expect(await count(opened, 'SELECT count(*) AS n FROM api_keys WHERE purchase_id = ?', id)).toBe(1);
    expect(await payments.reversePurchase({ purchaseId: id, status: 'reversed', now: NOW, seller: SELLER })).toBe(false);
  });

  it('reverses an overage payment: its rows are owed again', async () => {
    const opened = await engine.open();
    const payments = paymentsOn(opened);
    await addAccount(opened, 'u1');
    await opened.run('UPDATE users SET overage_charges = 300 WHERE id = ?', 'u1');
    await addOverage(opened, 'u1', '2026-01', 300, 'OVERAGE-1');
    const id = await addPurchase(opened, { userId: 'u1', orderId: 'OVERAGE-1', planType: 'overage', amount: 300 });
    await payments.capturePurchase(cleared(id, 'CAP-1'));
    expect(await payments.reversePurchase({ purchaseId: id, status: 'reversed', now: NOW, seller: SELLER })).toBe(true);
    expect(await opened.one('SELECT overage_charges AS owed FROM users WHERE id = ?', 'u1')).toEqual({ owed: 300 });
    expect(await opened.one("SELECT status, paid_at FROM billing_charges WHERE charge_type = 'overage'")).toEqual({ status: 'pending', paid_at: null });
    expect(await opened.one("SELECT description FROM receipts WHERE kind = 'credit_note'")).toEqual({ description: 'Reversal (chargeback) of R-000001: Overage 2026-01: 300 calls beyond the allowance at $0.01' });
  });
});
