import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buy, customer, followBack, meteredCall, onApprovalPage, personalKey, startPaymentsApp, type PaymentsApp } from './payments.test-support.ts';

let clock = new Date('2026-11-20T10:00:00Z');
let p: PaymentsApp;
beforeAll(async () => {
  p = await startPaymentsApp(() => clock);
});
afterAll(() => p.close());

const sql = (text: string, ...args: unknown[]) => p.app.database.sqlite.prepare(text).run(...args);
const overageRows = (userId: string) =>
  p.app.database.sqlite
    .prepare("SELECT month, amount, status FROM billing_charges WHERE user_id = ? AND charge_type = 'overage' ORDER BY month")
    .all(userId);

describe('overage: 1 cent a call beyond the allowance, one row per account and month', () => {
  it('adds up in cents, agrees between the Billing tab and /api/usage, is payable once the month ends, and holds calls when overdue', async () => {
    clock = new Date('2026-11-20T10:00:00Z');
    const who = await customer(p);
    const key = await personalKey(p, who);
    await buy(p, who, 'starter');

    // November: 7 calls past the 10,000 allowance.
    sql('INSERT INTO monthly_usage (meter, month, calls) VALUES (?, ?, 10000)', `user:${who.user.id}`, '2026-11');
    for (let i = 0; i < 7; i++) expect((await meteredCall(p, key)).status).toBe(200);
    expect(overageRows(who.user.id)).toEqual([{ month: '2026-11', amount: 7, status: 'pending' }]);
    let billing = (await who.agent.get('/api/billing')).body;
    expect(billing.overage).toEqual({ owed: 7, payable: 0, accruing: 7, overdueMonth: null });
    expect((await who.agent.get('/api/usage')).body.overageCharges).toBe(billing.overage.owed);
    // This month's overage is still accruing: nothing to pay yet.
    expect((await who.agent.post('/api/payments/overage-orders').set('Origin', p.origin).send({})).body.code).toBe('nothing_to_pay');

    // December: renew (the plan ends on the 20th), 3 more past the allowance.
    clock = new Date('2026-12-10T09:00:00Z');
    await buy(p, who, 'starter');
    sql('INSERT INTO monthly_usage (meter, month, calls) VALUES (?, ?, 10000)', `user:${who.user.id}`, '2026-12');
    for (let i = 0; i < 3; i++) expect((await meteredCall(p, key)).status).toBe(200);
    billing = (await who.agent.get('/api/billing')).body;
    expect(billing.overage).toEqual({ owed: 10, payable: 7, accruing: 3, overdueMonth: null });
    expect((await who.agent.get('/api/usage')).body.overageCharges).toBe(10);
    const overageCharges = billing.charges.filter((c: { chargeType: string }) => c.chargeType === 'overage');
    expect(overageCharges.map((c: { month: string; amount: number }) => [c.month, c.amount])).toEqual([['2026-12', 3], ['2026-11', 7]]);

    // 30 days after November ended, its overage is overdue: calls beyond the allowance are held.
    clock = new Date('2026-12-30T23:59:59Z');
    expect((await meteredCall(p, key)).status).toBe(200);
    clock = new Date('2026-12-31T00:00:00Z');
    const held = await meteredCall(p, key);
    expect(held.status).toBe(429);
    expect(held.body.code).toBe('overage_unpaid');
    expect(overageRows(who.user.id)).toEqual([
      { month: '2026-11', amount: 7, status: 'pending' },
      { month: '2026-12', amount: 4, status: 'pending' },
    ]);
    expect((await who.agent.get('/api/billing')).body.overage).toMatchObject({ owed: 11, payable: 7, overdueMonth: '2026-11' });

    // Paying through the same PayPal flow settles exactly November; calls go on.
    const order = await who.agent.post('/api/payments/overage-orders').set('Origin', p.origin).send({});
    expect(order.status).toBe(201);
    expect(order.body).toMatchObject({ amount: 7, currency: 'USD' });
    const back = await followBack(await onApprovalPage(p, order.body.orderId));
    expect(back.location).toBe(`/payment/return?payment=success&captured=true&kind=overage&purchase=${order.body.purchaseId}`);
    await p.app.context.paypalSandbox!.idle();
    expect(overageRows(who.user.id)).toEqual([
      { month: '2026-11', amount: 7, status: 'paid' },
      { month: '2026-12', amount: 4, status: 'pending' },
    ]);
    expect((await who.agent.get('/api/billing')).body.overage).toEqual({ owed: 4, payable: 0, accruing: 4, overdueMonth: null });
    expect((await who.agent.get('/api/usage')).body.overageCharges).toBe(4);
    expect((await who.agent.get('/api/usage')).body.currentPlan).toBe('starter');
    expect((await meteredCall(p, key)).status).toBe(200);
  });

  it('holds an account to its allowance but not below it: calls within the allowance go on while overage is overdue', async () => {
    clock = new Date('2027-01-05T10:00:00Z');
    const who = await customer(p);
    const key = await personalKey(p, who);
    await buy(p, who, 'pro');
    sql("INSERT INTO billing_charges (user_id, charge_type, amount, description, status, month) VALUES (?, 'overage', 25, 'Overage in 2026-10', 'pending', '2026-10')", who.user.id);
    sql('UPDATE users SET overage_charges = 25 WHERE id = ?', who.user.id);
    expect((await meteredCall(p, key)).status).toBe(200);
    sql('UPDATE monthly_usage SET calls = 100000 WHERE meter = ? AND month = ?', `user:${who.user.id}`, '2027-01');
    expect((await meteredCall(p, key)).body.code).toBe('overage_unpaid');
    expect((await who.agent.get('/api/usage')).body).toEqual({ apiCallsThisMonth: 100_000, planLimit: 100_000, currentPlan: 'pro', overageCharges: 25 });
  });
});
