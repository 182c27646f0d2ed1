/**
 * The contract of AccountDataRepository (docs/decisions/050-one-storage-seam.md), run on every
 * storage engine: the history setting, and an account's deletion: whole, once, and never while it
 * owes overage, however many deletions of it run at once.
 */
import { describe, expect, it } from 'vitest';
import { addAccount, repositoryOn, storageEngines, type EngineUnderTest } from '../../../db/storage.test-support.ts';
import type { AccountDataRepository } from './account-data.repository.ts';
import { PostgresAccountDataRepository } from './account-data.postgres.ts';
import { SqliteAccountDataRepository } from './account-data.sqlite.ts';

const engines = storageEngines();
const NOW = new Date('2026-03-15T12:00:00Z');
const PLACEHOLDER = 'deleted-u1@deleted.invalid';

const repositoryFor = (engine: EngineUnderTest) =>
  repositoryOn<AccountDataRepository>(engine, { sqlite: (d) => new SqliteAccountDataRepository(d.db), postgres: (d) => new PostgresAccountDataRepository(d.db) });

const count = async (engine: EngineUnderTest, sql: string, ...params: unknown[]) => (await engine.one<{ n: number }>(sql, ...params))!.n;

/** An account with something of every kind a deletion removes or keeps. */
async function accountWithEverything(engine: EngineUnderTest, userId: string): Promise<void> {
  await addAccount(engine, userId, { tier: 'pro' });
  await engine.run(
    "UPDATE users SET first_name = 'Ada', last_name = 'L', password_digest = 'scrypt$x', google_id = ?, username = ?, totp_secret = 'sealed' WHERE id = ?",
    `g-${userId}`, `name-${userId}`, userId,
  );
  await engine.run("INSERT INTO signing_keys (id, user_id, algorithm, name, sealed_seed, public_key) VALUES (?, ?, 'ML-DSA-65', 'Default', 'v1.x', 'pk')", `kid_${userId}`, userId);
  await engine.run(
    "INSERT INTO crypto_operations (user_id, channel, operation_type, algorithm, message, signature, signing_key_id) VALUES (?, 'api', 'sign', 'dilion', 'm', '{}', ?)",
    userId, `kid_${userId}`,
  );
  await engine.run("INSERT INTO service_keys (key_id, user_id, sid, public_key, sealed_seed) VALUES (?, ?, 'default', 'ek', 'v1.x')", `skid_${userId}`, userId);
  await engine.run("INSERT INTO idempotency_records (user_id, key, request_hash, state, created_at) VALUES (?, 'k', 'h', 'done', 0)", userId);
  await engine.run('INSERT INTO password_resets (token_digest, user_id, expires_at) VALUES (?, ?, 0)', `reset-${userId}`, userId);
  await engine.run("INSERT INTO email_changes (token_digest, user_id, new_email, expires_at) VALUES (?, ?, 'new@example.com', 0)", `change-${userId}`, userId);
  await engine.run('INSERT INTO recovery_codes (code_digest, user_id) VALUES (?, ?)', `code-${userId}`, userId);
  await engine.run(
    `INSERT INTO receipts (number, kind, user_id, purchase_id, issued_at, description, amount, currency, payer_email, payer_name, seller)
     VALUES (?, 'receipt', ?, ?, 0, 'Pro', 79900, 'USD', 'payer@example.com', 'Ada L', '{}')`,
    `R-${userId}`, userId, Number(userId.slice(1)),
  );
}

/** What is left of the account's rows, table by table. */
async function leftOf(engine: EngineUnderTest, userId: string) {
  const owned = async (table: string) => count(engine, `SELECT count(*) AS n FROM ${table} WHERE user_id = ?`, userId);
  return {
    apiKeys: await owned('api_keys'), serviceKeys: await owned('service_keys'), signingKeys: await owned('signing_keys'),
    idempotencyRecords: await owned('idempotency_records'), passwordResets: await owned('password_resets'), emailChanges: await owned('email_changes'),
    recoveryCodes: await owned('recovery_codes'), operations: await owned('crypto_operations'), receiptsLinked: await owned('receipts'),
    receiptsWithPayer: await count(engine, 'SELECT count(*) AS n FROM receipts WHERE number = ? AND payer_email IS NOT NULL', `R-${userId}`),
  };
}

describe.each(engines)('AccountDataRepository on $name', (engine) => {
  it('reads and sets what the history keeps, with the time of the change; undefined for no account', async () => {
    const opened = await engine.open();
    await addAccount(opened, 'u1');
    const repository = repositoryFor(opened);
    expect(await repository.historyKeeps('u1')).toBe('digest');
    await repository.setHistoryKeeps('u1', 'text', NOW);
    expect(await repository.historyKeeps('u1')).toBe('text');
    expect(await opened.one('SELECT updated_at AS at FROM users WHERE id = ?', 'u1')).toEqual({ at: NOW.getTime() });
    expect(await repository.historyKeeps('nobody')).toBeUndefined();
  });

  it('deletes an account in one step: keys and secrets gone, personal data gone, receipts kept without the payer; its history and row stay for the purge', async () => {
    const opened = await engine.open();
    await accountWithEverything(opened, 'u1');
    await accountWithEverything(opened, 'u2');
    const repository = repositoryFor(opened);
    expect(await repository.accountToDelete('u1')).toEqual({ email: 'u1@example.com', passwordDigest: 'scrypt$x', overageCharges: 0, deleted: false });
    expect(await repository.deleteAccount('u1', PLACEHOLDER, NOW)).toEqual({ kind: 'deleted' });
    expect(await leftOf(opened, 'u1')).toEqual({
      apiKeys: 0, serviceKeys: 0, signingKeys: 0, idempotencyRecords: 0, passwordResets: 0, emailChanges: 0, recoveryCodes: 0, operations: 1, receiptsLinked: 0, receiptsWithPayer: 0,
    });
    expect(await opened.one(
      'SELECT email, first_name AS "firstName", password_digest AS "passwordDigest", google_id AS "googleId", username, totp_secret AS "totpSecret", subscription_tier AS tier, deleted_at AS "deletedAt" FROM users WHERE id = ?',
      'u1',
    )).toEqual({ email: PLACEHOLDER, firstName: null, passwordDigest: null, googleId: null, username: null, totpSecret: null, tier: 'free', deletedAt: NOW.getTime() });
    expect(await repository.accountToDelete('u1')).toMatchObject({ deleted: true });
    expect(await leftOf(opened, 'u2')).toEqual({
      apiKeys: 1, serviceKeys: 1, signingKeys: 1, idempotencyRecords: 1, passwordResets: 1, emailChanges: 1, recoveryCodes: 1, operations: 1, receiptsLinked: 1, receiptsWithPayer: 1,
    });
  });

  it('deletes nothing of an account that owes overage, or of one already deleted or missing', async () => {
    const opened = await engine.open();
    await accountWithEverything(opened, 'u1');
    await opened.run('UPDATE users SET overage_charges = 250 WHERE id = ?', 'u1');
    const repository = repositoryFor(opened);
    expect(await repository.deleteAccount('u1', PLACEHOLDER, NOW)).toEqual({ kind: 'overage_owed', cents: 250 });
    expect(await leftOf(opened, 'u1')).toMatchObject({ apiKeys: 1, signingKeys: 1, receiptsWithPayer: 1 });
    expect(await repository.accountToDelete('u1')).toEqual({ email: 'u1@example.com', passwordDigest: 'scrypt$x', overageCharges: 250, deleted: false });
    await opened.run('UPDATE users SET overage_charges = 0 WHERE id = ?', 'u1');
    expect(await repository.deleteAccount('u1', PLACEHOLDER, NOW)).toEqual({ kind: 'deleted' });
    expect(await repository.deleteAccount('u1', PLACEHOLDER, NOW)).toEqual({ kind: 'not_found' });
    expect(await repository.deleteAccount('nobody', 'deleted-nobody@deleted.invalid', NOW)).toEqual({ kind: 'not_found' });
  });

  it('deletes an account once when ten deletions of it run at the same time', async () => {
    const opened = await engine.open();
    await accountWithEverything(opened, 'u1');
    const repository = repositoryFor(opened);
    const outcomes = await Promise.all(Array.from({ length: 10 }, () => repository.deleteAccount('u1', PLACEHOLDER, NOW)));
    expect(outcomes.filter((o) => o.kind === 'deleted')).toHaveLength(1);
    expect(outcomes.filter((o) => o.kind === 'not_found')).toHaveLength(9);
  });

  it('lists the deleted accounts, and removes a deleted account’s row with what hangs from it, never a live one’s', async () => {
    const opened = await engine.open();
    await accountWithEverything(opened, 'u1');
    await accountWithEverything(opened, 'u2');
    const repository = repositoryFor(opened);
    await repository.deleteAccount('u1', PLACEHOLDER, NOW);
    expect(await repository.deletedAccounts()).toEqual(['u1']);
    expect(await repository.removeDeletedAccount('u2')).toBe(false);
    expect(await repository.removeDeletedAccount('u1')).toBe(true);
    expect(await repository.removeDeletedAccount('u1')).toBe(false);
    expect(await count(opened, 'SELECT count(*) AS n FROM users')).toBe(1);
    expect(await count(opened, 'SELECT count(*) AS n FROM crypto_operations')).toBe(1);
    expect(await count(opened, 'SELECT count(*) AS n FROM receipts')).toBe(2);
    expect(await repository.deletedAccounts()).toEqual([]);
  });
});
