/**
 * Migration 0020 (docs/decisions/056): every existing key becomes version 1 of itself with its
 * sealed seed and public key, signing_keys keeps every row, and its trigger still guards a live
 * account's keys after the table is rebuilt.
 */
import { Database } from './sqlite-driver.ts';
import { describe, expect, it } from 'vitest';
import { applyMigration, applyMigrationsBefore } from './migrations.test-support.ts';

describe('migration 0020 (key versions)', () => {
  it('makes each key its version 1, keeps every key row and the trigger, and lets a destroyed key drop its seed', () => {
    const db = new Database(':memory:');
    db.pragma('foreign_keys = ON');
    db.exec('BEGIN');
    applyMigrationsBefore(db, '0020');
    const run = (sql: string, ...args: unknown[]) => db.prepare(sql).run(...args);
    run("INSERT INTO users (id, email) VALUES ('live', 'live@example.com')");
    run("INSERT INTO signing_keys (id, user_id, algorithm, name, is_default, sealed_seed, public_key, created_at) VALUES ('k1', 'live', 'ML-DSA-65', 'a', 1, 'sealed-1', 'pk-1', 1000)");
    run("INSERT INTO signing_keys (id, demo_session_id, algorithm, name, sealed_seed, public_key, created_at) VALUES ('k2', 'sid', 'QES2-5', 'b', 'sealed-2', 'pk-2', 2000)");
    run("INSERT INTO crypto_operations (user_id, channel, operation_type, algorithm, message, signature, signing_key_id) VALUES ('live', 'api', 'sign', 'dilion', 'm', '{}', 'k1')");

    applyMigration(db, '0020_key_versions.sql');
    db.exec('COMMIT');

    expect(db.prepare('SELECT key_id, version, sealed_seed, public_key, state, created_at FROM key_versions ORDER BY key_id').all()).toEqual([
      { key_id: 'k1', version: 1, sealed_seed: 'sealed-1', public_key: 'pk-1', state: 'enabled', created_at: 1000 },
      { key_id: 'k2', version: 1, sealed_seed: 'sealed-2', public_key: 'pk-2', state: 'enabled', created_at: 2000 },
    ]);
    expect(db.prepare('SELECT id, is_default, sealed_seed, public_key, primary_version, state, deletion_at, rotation_period_days FROM signing_keys ORDER BY id').all()).toEqual([
      { id: 'k1', is_default: 1, sealed_seed: 'sealed-1', public_key: 'pk-1', primary_version: 1, state: 'enabled', deletion_at: null, rotation_period_days: null },
      { id: 'k2', is_default: 0, sealed_seed: 'sealed-2', public_key: 'pk-2', primary_version: 1, state: 'enabled', deletion_at: null, rotation_period_days: null },
    ]);
    expect(() => run("DELETE FROM signing_keys WHERE id = 'k1'")).toThrow(/deleted only with its account/);
    run("UPDATE signing_keys SET sealed_seed = NULL, state = 'destroyed' WHERE id = 'k1'");
    run("DELETE FROM signing_keys WHERE id = 'k2'");
    expect(db.prepare("SELECT count(*) AS n FROM key_versions WHERE key_id = 'k2'").get()).toEqual({ n: 0 });
    db.close();
  });
});
