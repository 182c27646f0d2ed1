/**
 * Migration 0016 (docs/decisions/038): an account's signing keys stay while records point to them,
 * unless the account was deleted, whose keys go at once while its records wait for the purge.
 */
import { Database } from './sqlite-driver.ts';
import { describe, expect, it } from 'vitest';
import { applyMigration, applyMigrationsBefore } from './migrations.test-support.ts';

describe('migration 0016 (history digests and account deletion)', () => {
  it('refuses to delete a live account’s signing key, lets a deleted account’s go, and keeps every existing row', () => {
    const db = new Database(':memory:');
    db.pragma('foreign_keys = ON');
    db.exec('BEGIN');
    applyMigrationsBefore(db, '0016');
    const run = (sql: string, ...args: unknown[]) => db.prepare(sql).run(...args);
    run("INSERT INTO users (id, email) VALUES ('live', 'live@example.com'), ('gone', 'gone@example.com')");
    run("INSERT INTO signing_keys (id, user_id, algorithm, name, sealed_seed, public_key) VALUES ('k1', 'live', 'ML-DSA-65', 'a', 's', 'p'), ('k2', 'gone', 'ML-DSA-65', 'b', 's', 'p')");
    run("INSERT INTO crypto_operations (user_id, channel, operation_type, algorithm, message, signature, signing_key_id) VALUES ('live', 'api', 'sign', 'dilion', 'kept as text', '{}', 'k1'), ('gone', 'api', 'sign', 'dilion', 'x', '{}', 'k2')");

    applyMigration(db, '0016_history_digests_and_account_deletion.sql');
    db.exec('COMMIT');

    expect(db.prepare("SELECT message, message_sha256, message_length FROM crypto_operations WHERE user_id = 'live'").get()).toEqual({ message: 'kept as text', message_sha256: null, message_length: null });
    expect(db.prepare('SELECT history_keeps, deleted_at FROM users ORDER BY id').all()).toEqual([{ history_keeps: 'digest', deleted_at: null }, { history_keeps: 'digest', deleted_at: null }]);
    expect(() => run("DELETE FROM signing_keys WHERE id = 'k1'")).toThrow(/deleted only with its account/);
    expect(() => run("DELETE FROM signing_keys WHERE id = 'k2'")).toThrow(/deleted only with its account/);
    run("UPDATE users SET deleted_at = 1 WHERE id = 'gone'");
    run("DELETE FROM signing_keys WHERE id = 'k2'");
    expect(db.prepare('SELECT id FROM signing_keys').all()).toEqual([{ id: 'k1' }]);
    db.close();
  });
});
