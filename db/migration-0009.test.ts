/**
 * Migration 0009 folds plan keys' own monthly allowances into their accounts' one allowance
 * (docs/decisions/036), on a database with both kinds of pools: no account loses a free call in the
 * month it runs, nobody is charged, and each plan key's calls become its own statistic.
 */
import { Database } from './sqlite-driver.ts';
import { describe, expect, it } from 'vitest';
import { applyMigration, applyMigrationsBefore } from './migrations.test-support.ts';
const TIER = { starter: 10_000, pro: 100_000 } as const;

describe('migration 0009 (one allowance per account)', () => {
  it('keeps every paid account’s free calls left this month, charges nothing, and turns plan-key pools into key statistics', () => {
    const db = new Database(':memory:');
    applyMigrationsBefore(db, '0009');
    const run = (sql: string, ...args: unknown[]) => db.prepare(sql).run(...args);
    const month = new Date().toISOString().slice(0, 7);
    const later = Date.now() + 10 * 86_400_000;

    // a: personal 8,000 of 10,000, one plan pool at 3,000 of 10,000.
    // b: Pro, personal 500 past its allowance (500 cents owed), a plan pool not used this month.
    // c: personal unused, a plan pool 2,000 past its own allowance.
    // d: Free, with an expired plan's pool. e: a refunded plan's pool.
    run(`INSERT INTO users (id, email, subscription_tier, api_usage_limit, overage_charges) VALUES
      ('a', 'a@x', 'starter', 10000, 0), ('b', 'b@x', 'pro', 100000, 500), ('c', 'c@x', 'starter', 10000, 2000), ('d', 'd@x', 'free', 100, 0), ('e', 'e@x', 'starter', 10000, 0)`);
    const purchase = db.prepare(
      "INSERT INTO purchases (id, user_id, paypal_order_id, plan_type, plan_name, amount, status, usage_limit, expires_at, is_active) VALUES (?, ?, ?, ?, 'Plan', 19900, ?, ?, ?, ?)",
    );
    purchase.run(1, 'a', 'o1', 'starter', 'completed', 10_000, later, 1);
    purchase.run(2, 'b', 'o2', 'pro', 'completed', 100_000, later, 1);
    purchase.run(3, 'c', 'o3', 'starter', 'completed', 10_000, later, 1);
    purchase.run(4, 'd', 'o4', 'starter', 'completed', 10_000, Date.now() - 86_400_000, 1);
    purchase.run(5, 'e', 'o5', 'starter', 'refunded', 10_000, later, 0);
    const key = db.prepare("INSERT INTO plan_api_keys (purchase_id, user_id, key_name, key_value, secret_digest, plan_type) VALUES (?, ?, 'k', ?, 'd', 'starter')");
    for (const [id, user] of [[1, 'a'], [2, 'b'], [3, 'c'], [4, 'd'], [5, 'e']] as const) key.run(id, user, `pk_${user}`);
    const usage = db.prepare('INSERT INTO monthly_usage (meter, month, calls) VALUES (?, ?, ?)');
    usage.run('user:a', month, 8_000);
    usage.run('purchase:1', month, 3_000);
    usage.run('purchase:1', '2026-01', 77);
    usage.run('user:b', month, 100_500);
    usage.run('user:c', month, 0);
    usage.run('purchase:3', month, 12_000);
    usage.run('purchase:4', month, 40);
    usage.run('user:e', month, 100);
    usage.run('purchase:5', month, 5_000);
    run("INSERT INTO billing_charges (user_id, charge_type, amount, description, status, month) VALUES ('b', 'overage', 500, 'Overage', 'pending', ?), ('c', 'overage', 2000, 'Overage', 'pending', ?)", month, month);

    // What each account could still call this month without a charge, before.
    const leftBefore = { a: 2_000 + 7_000, b: 0 + 100_000, c: 10_000 + 0, e: 10_000 - 100 };
    const charges = () => db.prepare('SELECT user_id, amount FROM billing_charges ORDER BY id').all();
    const owed = () => db.prepare('SELECT id, overage_charges FROM users ORDER BY id').all();
    const [chargesBefore, owedBefore] = [charges(), owed()];

    applyMigration(db, '0009_one_allowance_per_account.sql');

    const one = (sql: string, ...args: unknown[]) => Object.values((db.prepare(sql).get(...args) as object | undefined) ?? { none: null })[0];
    const leftAfter = (user: 'a' | 'b' | 'c' | 'e', tier: keyof typeof TIER) => {
      const calls = (one('SELECT calls FROM monthly_usage WHERE meter = ? AND month = ?', `user:${user}`, month) as number | null) ?? 0;
      const credit = (one('SELECT calls FROM allowance_credits WHERE user_id = ? AND month = ?', user, month) as number | null) ?? 0;
      return Math.max(0, TIER[tier] + credit - calls);
    };
    expect({ a: leftAfter('a', 'starter'), b: leftAfter('b', 'pro'), c: leftAfter('c', 'starter'), e: leftAfter('e', 'starter') }).toEqual(leftBefore);
    // The account's month now counts every call its running plans' keys made.
    expect(one("SELECT calls FROM monthly_usage WHERE meter = 'user:a' AND month = ?", month)).toBe(11_000);
    expect(one("SELECT calls FROM monthly_usage WHERE meter = 'user:c' AND month = ?", month)).toBe(12_000);
    // Free and refunded plans add nothing, and get no credit.
    expect(one("SELECT count(*) FROM allowance_credits WHERE user_id IN ('d', 'e')")).toBe(0);
    expect(one("SELECT calls FROM monthly_usage WHERE meter = 'user:e' AND month = ?", month)).toBe(100);
    // Each plan key's months are its own statistic; the pools are gone.
    expect(db.prepare("SELECT meter, month, calls FROM monthly_usage WHERE meter LIKE 'key:%' ORDER BY meter, month").all()).toEqual([
      { meter: 'key:pk_a', month: '2026-01', calls: 77 },
      { meter: 'key:pk_a', month, calls: 3_000 },
      { meter: 'key:pk_c', month, calls: 12_000 },
      { meter: 'key:pk_d', month, calls: 40 },
      { meter: 'key:pk_e', month, calls: 5_000 },
    ]);
    expect(one("SELECT count(*) FROM monthly_usage WHERE meter LIKE 'purchase:%'")).toBe(0);
    expect([charges(), owed()]).toEqual([chargesBefore, owedBefore]);
    db.close();
  });
});
