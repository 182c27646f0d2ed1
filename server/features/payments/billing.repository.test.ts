/**
 * The contract of BillingRepository (docs/decisions/050-one-storage-seam.md), run on every storage
 * engine: the Billing tab's reads, each scoped to the owner.
 */
import { describe, expect, it } from 'vitest';
import { addAccount, repositoryOn, storageEngines, type EngineUnderTest } from '../../../db/storage.test-support.ts';
import { PostgresBillingRepository } from './billing.postgres.ts';
import type { BillingRepository } from './billing.repository.ts';
import { SqliteBillingRepository } from './billing.sqlite.ts';
import { addOverage, addPurchase, cleared, NOW, paymentsOn } from './payments.repository.test-support.ts';

const engines = storageEngines();
const billingOn = (engine: EngineUnderTest) =>
  repositoryOn<BillingRepository>(engine, { sqlite: (d) => new SqliteBillingRepository(d.db), postgres: (d) => new PostgresBillingRepository(d.db) });

describe.each(engines)('BillingRepository on $name', (engine) => {
  it('reads the plan’s end, the overage owed and the charges, newest first, of the owner only', async () => {
    const opened = await engine.open();
    await addAccount(opened, 'u1', { tier: 'starter', planExpiresAt: NOW.getTime() + 1000 });
    await addAccount(opened, 'u2');
    await addOverage(opened, 'u1', '2026-02', 300, null);
    await addOverage(opened, 'u2', '2026-02', 7, null);
    await paymentsOn(opened).capturePurchase(cleared(await addPurchase(opened, { userId: 'u1', orderId: 'ORDER-1' }), 'CAP-1'));
    await opened.run("UPDATE billing_charges SET status = 'paid' WHERE user_id = 'u2'");
    const billing = billingOn(opened);
    expect(await billing.planEndsAt('u2')).toBeNull();
    expect(await billing.planEndsAt('nobody')).toBeUndefined();
    expect(await billing.pendingOverage('u1')).toEqual([{ amount: 300, month: '2026-02' }]);
    expect(await billing.pendingOverage('u2')).toEqual([]);
    const charges = await billing.chargesOf('u1', 10);
    expect(charges.map((c) => [c.chargeType, c.amount, c.status, c.month])).toEqual([['plan', 19_900, 'paid', null], ['overage', 300, 'pending', '2026-02']]);
    expect(charges[0]).toMatchObject({ userId: 'u1', description: 'Starter plan, one month', paypalOrderId: 'ORDER-1', createdAt: NOW, paidAt: NOW });
    expect(await billing.chargesOf('u1', 1)).toHaveLength(1);
  });

  it('finds the completed plan purchase that ended last', async () => {
    const opened = await engine.open();
    await addAccount(opened, 'u1');
    const billing = billingOn(opened);
    expect(await billing.lastEndedPlan('u1', NOW)).toBeUndefined();
    await addPurchase(opened, { userId: 'u1', orderId: 'S', status: 'completed', expiresAt: NOW.getTime() - 5000 });
    await addPurchase(opened, { userId: 'u1', orderId: 'P', planType: 'pro', status: 'completed', expiresAt: NOW.getTime() - 1000 });
    await addPurchase(opened, { userId: 'u1', orderId: 'R', planType: 'pro', status: 'refunded', expiresAt: NOW.getTime() - 10 });
    await addPurchase(opened, { userId: 'u1', orderId: 'RUNNING', status: 'completed', expiresAt: NOW.getTime() + 1000 });
    expect(await billing.lastEndedPlan('u1', NOW)).toEqual({ planType: 'pro', planName: 'Pro', expiresAt: new Date(NOW.getTime() - 1000) });
  });
});
