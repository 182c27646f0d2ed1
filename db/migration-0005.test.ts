/**
 * Migration 0005 drops pending_charges (docs/decisions/028): a pending charge left there by a crash
 * of the previous version belongs to a call that was never answered, and is refunded on the way.
 */
import { Database } from './sqlite-driver.ts';
import { describe, expect, it } from 'vitest';
import { applyMigration, applyMigrationsBefore } from './migrations.test-support.ts';

describe('migration 0005 (drop pending_charges)', () => {
  it('refunds every charge a crash of the previous version left pending, then drops the table', () => {
    const db = new Database(':memory:');
    applyMigrationsBefore(db, '0005');
    const run = (sql: string, ...args: unknown[]) => db.prepare(sql).run(...args);
    run("INSERT INTO users (id, email, api_usage_count, overage_charges) VALUES ('free', 'f@example.com', 10, 0), ('pro', 'p@example.com', 500, 7)");
    run("INSERT INTO monthly_usage (meter, month, calls) VALUES ('user:pro', '2026-11', 40), ('purchase:1', '2026-11', 9), ('user:pro', '2026-10', 30)");
    run("INSERT INTO purchases (id, user_id, paypal_order_id, plan_type, plan_name, amount, status, usage_limit, usage_count) VALUES (1, 'pro', 'o1', 'starter', 'Starter', 19900, 'completed', 5, 9)");
    run("INSERT INTO plan_api_keys (purchase_id, user_id, key_name, key_value, secret_digest, plan_type, usage_limit, usage_count) VALUES (1, 'pro', 'k', 'pk_plan', 'd', 'starter', 5, 9)");
    run("INSERT INTO billing_charges (id, user_id, charge_type, amount, description, status, month, created_at) VALUES (3, 'pro', 'overage', 7, 'Overage', 'pending', '2026-11', 0)");
    const ticket = (t: object) => JSON.stringify({ meter: null, lifetime: false, purchaseId: null, planKeyValue: null, overageChargeId: null, pendingId: null, ...t });
    const pending = db.prepare('INSERT INTO pending_charges (user_id, ticket) VALUES (?, ?)');
    pending.run('free', ticket({ userId: 'free', lifetime: true }));
    pending.run('free', ticket({ userId: 'free', lifetime: true }));
    pending.run('pro', ticket({ userId: 'pro', lifetime: true, meter: { name: 'user:pro', month: '2026-11' }, overageChargeId: 3 }));
    pending.run('pro', ticket({ userId: 'pro', meter: { name: 'purchase:1', month: '2026-11' }, purchaseId: 1, planKeyValue: 'pk_plan' }));

    applyMigration(db, '0005_drop_pending_charges.sql');

    const one = (sql: string) => Object.values(db.prepare(sql).get() as object)[0];
    expect(one("SELECT api_usage_count FROM users WHERE id = 'free'")).toBe(8);
    expect(one("SELECT api_usage_count FROM users WHERE id = 'pro'")).toBe(499);
    expect(one("SELECT overage_charges FROM users WHERE id = 'pro'")).toBe(6);
    expect(one("SELECT amount FROM billing_charges WHERE id = 3")).toBe(6);
    expect(one("SELECT calls FROM monthly_usage WHERE meter = 'user:pro' AND month = '2026-11'")).toBe(39);
    expect(one("SELECT calls FROM monthly_usage WHERE meter = 'user:pro' AND month = '2026-10'")).toBe(30);
    expect(one("SELECT calls FROM monthly_usage WHERE meter = 'purchase:1'")).toBe(8);
    expect(one('SELECT usage_count FROM purchases WHERE id = 1')).toBe(8);
    expect(one("SELECT usage_count FROM plan_api_keys WHERE key_value = 'pk_plan'")).toBe(8);
    expect(one("SELECT count(*) FROM sqlite_master WHERE name = 'pending_charges'")).toBe(0);
    db.close();
  });
});
