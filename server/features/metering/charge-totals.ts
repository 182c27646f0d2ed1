/**
 * A commit's charges as one sum per counter (docs/decisions/032, 044), the same counters
 * SqliteMeteringRepository.addCharge adds to, laid out as the column arrays that PostgreSQL's
 * set-based statements take (unnest). Each kind is sorted by its key, so that concurrent commits
 * take their row locks in one order (the PostgreSQL manual's section "Deadlocks" under "Explicit Locking"). As with CommitSums, the
 * first charge of a commit to add to an overage row gives the description and time it is created with.
 */
import type { MeterCharge } from './metering.repository.ts';

export interface ChargeTotals {
  /** Per account: calls answered (users.api_usage_count) and overage cents owed (users.overage_charges). */
  accounts: { userIds: string[]; calls: number[]; overageCents: number[] };
  /** Per monthly_usage row: the account's meter and each key's. */
  months: { meters: string[]; months: string[]; calls: number[] };
  /** Per API key's total (api_keys.usage_count). */
  keys: { keyValues: string[]; calls: number[] };
  /** Per plan key's purchase (purchases.usage_count). */
  purchases: { ids: number[]; calls: number[] };
  /** Per account and month of overage (billing_charges). */
  overage: { userIds: string[]; months: string[]; cents: number[]; descriptions: string[]; settledAt: number[] };
}

const byKey = <K extends string | number, V>(sums: Map<K, V>) =>
  [...sums.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, value]) => value);

function add<K, V>(sums: Map<K, V>, key: K, fresh: () => V, amount: (sum: V) => void): void {
  let sum = sums.get(key);
  if (sum === undefined) sums.set(key, (sum = fresh()));
  amount(sum);
}

export function chargeTotals(charges: readonly MeterCharge[]): ChargeTotals {
  const accounts = new Map<string, { userId: string; calls: number; cents: number }>();
  const months = new Map<string, { meter: string; month: string; calls: number }>();
  const keys = new Map<string, { keyValue: string; calls: number }>();
  const purchases = new Map<number, { id: number; calls: number }>();
  const overage = new Map<string, { userId: string; month: string; cents: number; description: string; settledAt: number }>();
  const addMonth = (meter: string, month: string) => add(months, `${meter}\u0000${month}`, () => ({ meter, month, calls: 0 }), (s) => s.calls++);
  for (const charge of charges) {
    const { userId, keyValue, meter, purchaseId, overageMonth } = charge.ticket;
    const cents = overageMonth === null ? 0 : charge.overageCents;
    add(accounts, userId, () => ({ userId, calls: 0, cents: 0 }), (s) => ((s.calls += 1), (s.cents += cents)));
    if (meter) addMonth(meter.name, meter.month);
    addMonth(`key:${keyValue}`, charge.keyMonth);
    add(keys, keyValue, () => ({ keyValue, calls: 0 }), (s) => s.calls++);
    if (purchaseId !== null) add(purchases, purchaseId, () => ({ id: purchaseId, calls: 0 }), (s) => s.calls++);
    if (overageMonth !== null) {
      const fresh = () => ({ userId, month: overageMonth, cents: 0, description: charge.overageDescription, settledAt: charge.settledAt });
      add(overage, `${userId}\u0000${overageMonth}`, fresh, (s) => (s.cents += cents));
    }
  }
  const a = byKey(accounts);
  const m = byKey(months);
  const k = byKey(keys);
  const p = byKey(purchases);
  const o = byKey(overage);
  return {
    accounts: { userIds: a.map((s) => s.userId), calls: a.map((s) => s.calls), overageCents: a.map((s) => s.cents) },
    months: { meters: m.map((s) => s.meter), months: m.map((s) => s.month), calls: m.map((s) => s.calls) },
    keys: { keyValues: k.map((s) => s.keyValue), calls: k.map((s) => s.calls) },
    purchases: { ids: p.map((s) => s.id), calls: p.map((s) => s.calls) },
    overage: { userIds: o.map((s) => s.userId), months: o.map((s) => s.month), cents: o.map((s) => s.cents), descriptions: o.map((s) => s.description), settledAt: o.map((s) => s.settledAt) },
  };
}
