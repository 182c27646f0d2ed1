import { describe, expect, it } from 'vitest';
import { chargeTotals } from './charge-totals.ts';
import type { MeterCharge } from './metering.repository.ts';

const charge = (userId: string, options: { purchaseId?: number; overage?: string } = {}): MeterCharge => ({
  ticket: { userId, keyValue: `pk_${userId}`, meter: { name: `user:${userId}`, month: '2026-03' }, purchaseId: options.purchaseId ?? null, overageMonth: options.overage ?? null, held: null },
  keyMonth: '2026-03',
  overageCents: options.overage ? 1 : 0,
  overageDescription: options.overage ? `first of ${userId}` : '',
  settledAt: 1,
});

describe('chargeTotals', () => {
  it('sums each counter once, sorted by its key, with an overage row created from the first charge to add to it', () => {
    const first = charge('b', { overage: '2026-03' });
    const later = { ...charge('b', { overage: '2026-03', purchaseId: 7 }), overageDescription: 'later', settledAt: 2 };
    const totals = chargeTotals([first, charge('a'), later]);
    expect(totals.accounts).toEqual({ userIds: ['a', 'b'], calls: [1, 2], overageCents: [0, 2] });
    expect(totals.months).toEqual({ meters: ['key:pk_a', 'key:pk_b', 'user:a', 'user:b'], months: Array(4).fill('2026-03'), calls: [1, 2, 1, 2] });
    expect(totals.keys).toEqual({ keyValues: ['pk_a', 'pk_b'], calls: [1, 2] });
    expect(totals.purchases).toEqual({ ids: [7], calls: [1] });
    expect(totals.overage).toEqual({ userIds: ['b'], months: ['2026-03'], cents: [2], descriptions: ['first of b'], settledAt: [1] });
  });
});
