/**
 * The contract of AccountPlansRepository (docs/decisions/050-one-storage-seam.md), run on every
 * storage engine: the plan purchases give, the operator's grant over them while it runs (also when
 * a capture of the account runs at the same time), and the plan-end notices, each claimed once.
 */
import { describe, expect, it } from 'vitest';
import { addAccount, storageEngines } from '../../../db/storage.test-support.ts';
import { accountPlansOn, addPurchase, cleared, count, NOW, paymentsOn } from './payments.repository.test-support.ts';

const engines = storageEngines();
const DAY = 86_400_000;
const at = (offsetDays: number) => new Date(NOW.getTime() + offsetDays * DAY);

describe.each(engines)('AccountPlansRepository on $name', (engine) => {
  it('gives the best tier of the running plan purchases, until the latest of that tier ends', async () => {
    const opened = await engine.open();
    await addAccount(opened, 'u1');
    const plans = accountPlansOn(opened);
    expect(await plans.purchasedPlan('u1', NOW)).toEqual({ tier: 'free', expiresAt: null });
    await addPurchase(opened, { userId: 'u1', orderId: 'S1', status: 'completed', expiresAt: at(10).getTime() });
    await addPurchase(opened, { userId: 'u1', orderId: 'S2', status: 'completed', expiresAt: at(40).getTime() });
    await addPurchase(opened, { userId: 'u1', orderId: 'P-ENDED', planType: 'pro', status: 'completed', expiresAt: at(-1).getTime() });
    await addPurchase(opened, { userId: 'u1', orderId: 'P-REFUNDED', planType: 'pro', status: 'refunded', expiresAt: at(20).getTime() });
    await addPurchase(opened, { userId: 'u1', orderId: 'P-PENDING', planType: 'pro' });
    expect(await plans.purchasedPlan('u1', NOW)).toEqual({ tier: 'starter', expiresAt: at(40) });
    await addPurchase(opened, { userId: 'u1', orderId: 'P', planType: 'pro', status: 'completed', expiresAt: at(5).getTime() });
    expect(await plans.purchasedPlan('u1', NOW)).toEqual({ tier: 'pro', expiresAt: at(5) });
  });

  it('finds an account by its email in any case', async () => {
    const opened = await engine.open();
    await addAccount(opened, 'u1');
    expect(await accountPlansOn(opened).accountByEmail('U1@Example.COM')).toEqual({ id: 'u1', email: 'u1@example.com' });
    expect(await accountPlansOn(opened).accountByEmail('nobody@example.com')).toBeUndefined();
  });

  it('sets the operator’s plan over the purchases while it runs, and the account’s limits with it', async () => {
    const opened = await engine.open();
    await addAccount(opened, 'u1');
    await addPurchase(opened, { userId: 'u1', orderId: 'S1', status: 'completed', expiresAt: at(10).getTime() });
    const plans = accountPlansOn(opened);
    expect(await plans.setOperatorPlan({ userId: 'u1', grant: null, now: NOW })).toEqual({ tier: 'starter', expiresAt: at(10), byOperator: false });
    expect(await plans.setOperatorPlan({ userId: 'u1', grant: { tier: 'unlimited', expiresAt: at(3) }, now: NOW })).toEqual({ tier: 'unlimited', expiresAt: at(3), byOperator: true });
    expect(await opened.one('SELECT subscription_tier AS tier, api_usage_limit AS lim, plan_expires_at AS ends FROM users WHERE id = ?', 'u1')).toEqual({ tier: 'unlimited', lim: 0, ends: at(3).getTime() });
    expect(await plans.setOperatorPlan({ userId: 'u1', grant: null, now: at(4) })).toEqual({ tier: 'starter', expiresAt: at(10), byOperator: false });
    expect(await plans.setOperatorPlan({ userId: 'u1', grant: { tier: 'free', expiresAt: null }, now: NOW })).toEqual({ tier: 'free', expiresAt: null, byOperator: true });
    expect(await opened.one('SELECT api_usage_limit AS lim FROM users WHERE id = ?', 'u1')).toEqual({ lim: 100 });
    expect(await plans.setOperatorPlan({ userId: 'nobody', grant: { tier: 'pro', expiresAt: null }, now: NOW })).toBeUndefined();
  });

  it('leaves the operator’s plan in force when a capture of the account runs at the same time', async () => {
    const opened = await engine.open();
    await addAccount(opened, 'u1');
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push(await addPurchase(opened, { userId: 'u1', orderId: `ORDER-${i}` }));
    await Promise.all([
      ...ids.map((id, i) => paymentsOn(opened).capturePurchase(cleared(id, `CAP-${i}`))),
      accountPlansOn(opened).setOperatorPlan({ userId: 'u1', grant: { tier: 'pro', expiresAt: null }, now: NOW }),
    ]);
    expect(await opened.one('SELECT subscription_tier AS tier, plan_expires_at AS ends FROM users WHERE id = ?', 'u1')).toEqual({ tier: 'pro', ends: null });
  });

  it('lists active plan purchases of live accounts ending within the window until their end is marked noticed', async () => {
    const opened = await engine.open();
    await addAccount(opened, 'u1', { tier: 'starter', planExpiresAt: at(33).getTime() });
    const soon = await addPurchase(opened, { userId: 'u1', orderId: 'SOON', status: 'completed', expiresAt: at(3).getTime() });
    await addPurchase(opened, { userId: 'u1', orderId: 'LATER', status: 'completed', expiresAt: at(33).getTime() });
    await addPurchase(opened, { userId: 'u1', orderId: 'ENDED', status: 'completed', expiresAt: at(-1).getTime() });
    await addPurchase(opened, { userId: 'u1', orderId: 'OVERAGE', planType: 'overage', status: 'completed', expiresAt: at(3).getTime() });
    await addPurchase(opened, { userId: null, orderId: 'ORPHAN', status: 'completed', expiresAt: at(3).getTime() });
    const plans = accountPlansOn(opened);
    expect(await plans.plansEndingSoon(NOW, at(7))).toEqual([{ purchaseId: soon, planName: 'Starter', expiresAt: at(3), email: 'u1@example.com', accountEnds: at(33) }]);
    expect(await plans.claimEndNotice(soon, NOW)).toBe(true);
    expect(await plans.plansEndingSoon(NOW, at(7))).toEqual([]);
  });

  it('gives a plan-end notice’s claim to one of 20 claims at once, and lists the plan again once its claim is taken back', async () => {
    const opened = await engine.open();
    await addAccount(opened, 'u1', { tier: 'starter', planExpiresAt: at(3).getTime() });
    const soon = await addPurchase(opened, { userId: 'u1', orderId: 'SOON', status: 'completed', expiresAt: at(3).getTime() });
    const plans = accountPlansOn(opened);
    const claims = await Promise.all(Array.from({ length: 20 }, (_, i) => accountPlansOn(opened).claimEndNotice(soon, new Date(NOW.getTime() + i))));
    expect(claims.filter(Boolean)).toHaveLength(1);
    const claimedAt = new Date(NOW.getTime() + claims.indexOf(true));
    expect(await count(opened, 'SELECT count(*) AS n FROM purchases WHERE id = ? AND expiry_notice_at = ?', soon, claimedAt.getTime())).toBe(1);
    expect(await plans.claimEndNotice(soon, at(1))).toBe(false);
    await plans.releaseEndNotice(soon, new Date(claimedAt.getTime() + 1));
    expect(await plans.plansEndingSoon(NOW, at(7))).toEqual([]);
    await plans.releaseEndNotice(soon, claimedAt);
    expect((await plans.plansEndingSoon(NOW, at(7))).map((p) => p.purchaseId)).toEqual([soon]);
    expect(await plans.claimEndNotice(soon, NOW)).toBe(true);
  });
});
