/**
 * The contract of ReceiptsRepository and of the receipts a capture issues
 * (docs/decisions/050-one-storage-seam.md, docs/decisions/036), run on every storage engine:
 * numbers without gaps in the order issued, also when payments of many accounts complete at once;
 * the payer and seller copied; the backfill once, oldest first.
 */
import { describe, expect, it } from 'vitest';
import { addAccount, storageEngines } from '../../../db/storage.test-support.ts';
import { addPurchase, cleared, NOW, paymentsOn, receiptsOn, SELLER } from './payments.repository.test-support.ts';

const engines = storageEngines();

describe.each(engines)('ReceiptsRepository on $name', (engine) => {
  it('keeps its own copy of the payer and the seller, and gives an account only its own', async () => {
    const opened = await engine.open();
    await addAccount(opened, 'u1');
    await addAccount(opened, 'u2');
    await opened.run("UPDATE users SET first_name = 'Pat', last_name = 'Payer' WHERE id = 'u1'");
    const first = await addPurchase(opened, { userId: 'u1', orderId: 'ORDER-1' });
    const second = await addPurchase(opened, { userId: 'u1', orderId: 'ORDER-2', planType: 'pro' });
    await paymentsOn(opened).capturePurchase(cleared(first, 'CAP-1'));
    await paymentsOn(opened).capturePurchase(cleared(second, 'CAP-2'));
    const receipts = receiptsOn(opened);
    const list = await receipts.receiptsOf('u1', 100);
    expect(list.map((r) => r.number)).toEqual(['R-000002', 'R-000001']);
    expect(list[1]).toMatchObject({
      kind: 'receipt', userId: 'u1', purchaseId: first, creditedNumber: null, issuedAt: NOW, amount: 19_900, currency: 'USD',
      payerEmail: 'u1@example.com', payerName: 'Pat Payer', paypalCaptureId: 'CAP-1', seller: SELLER,
    });
    expect(await receipts.receiptsOf('u1', 1)).toHaveLength(1);
    expect(await receipts.receiptOf('u1', list[0]!.id)).toEqual(list[0]);
    expect(await receipts.receiptOf('u2', list[0]!.id)).toBeUndefined();
    expect(await receipts.receiptsOf('u2', 100)).toEqual([]);
  });

  it('numbers the receipts of payments completed at the same time without gaps or duplicates', async () => {
    const opened = await engine.open();
    const payments = paymentsOn(opened);
    const ids: number[] = [];
    for (let i = 0; i < 8; i++) {
      await addAccount(opened, `u${i}`);
      ids.push(await addPurchase(opened, { userId: `u${i}`, orderId: `ORDER-${i}` }));
    }
    await Promise.all(ids.map((id, i) => payments.capturePurchase(cleared(id, `CAP-${i}`))));
    const numbers: string[] = [];
    for (let i = 0; i < 8; i++) numbers.push(...(await receiptsOn(opened).receiptsOf(`u${i}`, 10)).map((r) => r.number));
    expect(numbers.sort()).toEqual(Array.from({ length: 8 }, (_, i) => `R-00000${i + 1}`));
  });

  it('backfills payments completed before receipts existed once, oldest first, dated at completion, with the credit note of a refunded one', async () => {
    const opened = await engine.open();
    await addAccount(opened, 'u1');
    const march2 = Date.parse('2026-03-02T00:00:00Z');
    const march1 = Date.parse('2026-03-01T00:00:00Z');
    const later = await addPurchase(opened, { userId: 'u1', orderId: 'OLD-B', status: 'refunded', completedAt: march2, expiresAt: march2 + 30 * 86_400_000 });
    const earlier = await addPurchase(opened, { userId: 'u1', orderId: 'OLD-A', status: 'completed', completedAt: march1, expiresAt: march1 + 30 * 86_400_000 });
    await addPurchase(opened, { userId: 'u1', orderId: 'NEVER-PAID', status: 'failed' });
    const receipts = receiptsOn(opened);
    // Two instances starting together: one backfills, the other finds nothing missing.
    expect((await Promise.all([receipts.backfillReceipts(SELLER), receipts.backfillReceipts(SELLER)])).sort()).toEqual([0, 2]);
    expect(await receipts.backfillReceipts(SELLER)).toBe(0);
    const list = await receipts.receiptsOf('u1', 100);
    expect(list.map((r) => [r.number, r.purchaseId, r.issuedAt.toISOString()])).toEqual([
      ['C-000001', later, '2026-03-02T00:00:00.000Z'],
      ['R-000002', later, '2026-03-02T00:00:00.000Z'],
      ['R-000001', earlier, '2026-03-01T00:00:00.000Z'],
    ]);
    expect(list[2]!.description).toBe('Starter plan, one month to 2026-03-31');
    expect(list[0]!.description).toBe('Refund of R-000002: Starter plan, one month to 2026-04-01');
  });
});
