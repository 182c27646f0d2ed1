/**
 * Migration 0012 lets purchases outlive their account (docs/decisions/036): the table is rebuilt
 * with ON DELETE SET NULL, inside the migrations' transaction, without losing the charges' and plan
 * keys' links to it.
 */
import { Database } from './sqlite-driver.ts';
import { describe, expect, it } from 'vitest';
import { applyMigration, applyMigrationsBefore } from './migrations.test-support.ts';

describe('migration 0012 (purchases outlive accounts)', () => {
  it('keeps every purchase, charge link and plan-key link, and a deleted account then leaves its purchases and receipts', () => {
    const db = new Database(':memory:');
    db.pragma('foreign_keys = ON');
    db.exec('BEGIN');
    applyMigrationsBefore(db, '0012');
    const run = (sql: string, ...args: unknown[]) => db.prepare(sql).run(...args);
    run("INSERT INTO users (id, email) VALUES ('u', 'u@example.com'), ('v', 'v@example.com')");
    run("INSERT INTO purchases (id, user_id, paypal_order_id, plan_type, plan_name, amount, status, renewal) VALUES (7, 'u', 'o7', 'starter', 'Starter', 19900, 'completed', 1), (8, 'v', 'o8', 'pro', 'Pro', 79900, 'pending', 0)");
    run("INSERT INTO billing_charges (id, user_id, purchase_id, charge_type, amount, description, status) VALUES (3, 'u', 7, 'plan', 19900, 'Starter plan', 'paid')");
    run("INSERT INTO api_keys (id, user_id, key_name, key_value, secret_digest, purchase_id) VALUES (5, 'u', 'plan key', 'pk_p', 'd', 7), (6, 'u', 'own key', 'pk_o', 'd', NULL)");
    run("INSERT INTO receipts (number, kind, user_id, purchase_id, issued_at, description, amount, currency, payer_email, seller) VALUES ('R-000001', 'receipt', 'u', 7, 0, 'Starter', 19900, 'USD', 'u@example.com', '{}')");
    const before = db.prepare('SELECT * FROM purchases ORDER BY id').all();

    applyMigration(db, '0012_purchases_outlive_accounts.sql');
    db.exec('COMMIT');

    expect(db.prepare('SELECT * FROM purchases ORDER BY id').all()).toEqual(before);
    expect(db.prepare('SELECT purchase_id FROM billing_charges WHERE id = 3').get()).toEqual({ purchase_id: 7 });
    expect(db.prepare('SELECT id, purchase_id FROM api_keys ORDER BY id').all()).toEqual([{ id: 5, purchase_id: 7 }, { id: 6, purchase_id: null }]);
    expect(db.pragma('foreign_key_check')).toEqual([]);
    expect(db.prepare("SELECT name FROM sqlite_temp_master WHERE type = 'table'").all()).toEqual([]);

    run("DELETE FROM users WHERE id = 'u'");
    expect(db.prepare('SELECT id, user_id, status FROM purchases ORDER BY id').all()).toEqual([{ id: 7, user_id: null, status: 'completed' }, { id: 8, user_id: 'v', status: 'pending' }]);
    expect(db.prepare('SELECT number, user_id, payer_email FROM receipts').all()).toEqual([{ number: 'R-000001', user_id: null, payer_email: 'u@example.com' }]);
    expect(db.prepare('SELECT count(*) AS n FROM api_keys').get()).toEqual({ n: 0 });
    db.close();
  });
});
