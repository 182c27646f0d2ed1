/**
 * The contract of PurchasesRepository (docs/decisions/050-one-storage-seam.md), run on every
 * storage engine: the dashboard's purchases and plan keys, newest first, of the owner only, with
 * each plan key's calls of the month.
 */
import { describe, expect, it } from 'vitest';
import { addAccount, repositoryOn, storageEngines, type EngineUnderTest } from '../../../db/storage.test-support.ts';
import { addPurchase, cleared, NOW, paymentsOn } from '../payments/payments.repository.test-support.ts';
import { PostgresPurchasesRepository } from './purchases.postgres.ts';
import type { PurchasesRepository } from './purchases.repository.ts';
import { SqlitePurchasesRepository } from './purchases.sqlite.ts';

const engines = storageEngines();
const purchasesOn = (engine: EngineUnderTest) =>
  repositoryOn<PurchasesRepository>(engine, { sqlite: (d) => new SqlitePurchasesRepository(d.db), postgres: (d) => new PostgresPurchasesRepository(d.db) });

describe.each(engines)('PurchasesRepository on $name', (engine) => {
  it('lists the owner’s purchases newest first, paged by id, each with its plan key and the key’s calls of the month', async () => {
    const opened = await engine.open();
    await addAccount(opened, 'u1');
    await addAccount(opened, 'u2');
    const first = await addPurchase(opened, { userId: 'u1', orderId: 'ORDER-1' });
    const second = await addPurchase(opened, { userId: 'u1', orderId: 'ORDER-2', status: 'failed' });
    await addPurchase(opened, { userId: 'u2', orderId: 'ORDER-3' });
    await paymentsOn(opened).capturePurchase(cleared(first, 'CAP-1'));
    const key = (await opened.one<{ key_value: string }>('SELECT key_value FROM api_keys WHERE purchase_id = ?', first))!.key_value;
    await opened.run('INSERT INTO monthly_usage (meter, month, calls) VALUES (?, ?, 12), (?, ?, 99)', `key:${key}`, '2026-03', `key:${key}`, '2026-02');
    const purchases = purchasesOn(opened);
    const page = await purchases.purchasesOf('u1', '2026-03', 10);
    expect(page.map((p) => [p.purchase.id, p.apiKey, p.callsThisMonth])).toEqual([[second, null, null], [first, key, 12]]);
    expect(page[1]!.purchase).toMatchObject({ userId: 'u1', status: 'completed', isActive: true, completedAt: NOW });
    expect((await purchases.purchasesOf('u1', '2026-03', 1)).map((p) => p.purchase.id)).toEqual([second]);
    expect((await purchases.purchasesOf('u1', '2026-03', 10, second)).map((p) => p.purchase.id)).toEqual([first]);
  });

  it('lists the owner’s plan keys newest first with their purchase’s plan and the month’s calls', async () => {
    const opened = await engine.open();
    await addAccount(opened, 'u1');
    const first = await addPurchase(opened, { userId: 'u1', orderId: 'ORDER-1' });
    await paymentsOn(opened).capturePurchase(cleared(first, 'CAP-1'));
    const purchases = purchasesOn(opened);
    const [key] = await purchases.planKeysOf('u1', '2026-03', 10);
    expect(key).toMatchObject({
      purchaseId: first, planType: 'starter', keyName: 'Starter plan key', secretRevealable: true, usageCount: 0, usageLimit: null,
      callsThisMonth: null, isActive: true, lastUsed: null, createdAt: NOW,
    });
    await opened.run('UPDATE api_keys SET pending_secret = NULL WHERE purchase_id = ?', first);
    expect((await purchases.planKeysOf('u1', '2026-03', 10))[0]!.secretRevealable).toBe(false);
    expect(await purchases.planKeysOf('u2', '2026-03', 10)).toEqual([]);
  });
});
