/**
 * The contract of AccountsRepository (docs/decisions/050-one-storage-seam.md), run on every storage
 * engine: the sign-in lookups, one account per address (created with its first key, both or neither)
 * and one account per Google account however many requests race for them, and the password.
 */
import { describe, expect, it } from 'vitest';
import { repositoryOn, storageEngines, type EngineUnderTest } from '../../../db/storage.test-support.ts';
import type { AccountsRepository, FirstKey, NewAccount } from './accounts.repository.ts';
import { PostgresAccountsRepository } from './accounts.postgres.ts';
import { SqliteAccountsRepository } from './accounts.sqlite.ts';

const engines = storageEngines();
const NOW = new Date('2026-03-15T12:00:00Z');

const accountsOn = (engine: EngineUnderTest): AccountsRepository =>
  repositoryOn<AccountsRepository>(engine, { sqlite: (d) => new SqliteAccountsRepository(d.db), postgres: (d) => new PostgresAccountsRepository(d.db) });

const newAccount = (id: string, email: string, extra: Partial<NewAccount> = {}): NewAccount => ({ id, email, firstName: 'Ada', lastName: 'Lovelace', passwordDigest: `digest-${id}`, now: NOW, ...extra });
const KEY_MADE = new Date(NOW.getTime() + 3);
const firstKey = (keyValue: string): FirstKey => ({ keyName: 'Default API Key', keyValue, secretDigest: `digest-${keyValue}`, pendingSecret: `sealed-${keyValue}`, createdAt: KEY_MADE });

async function addUser(engine: EngineUnderTest, id: string, values: { email?: string; googleId?: string; deletedAt?: number; password?: string } = {}): Promise<void> {
  await engine.run(
    'INSERT INTO users (id, email, password_digest, google_id, deleted_at, email_verification_nonce, totp_secret, totp_pending) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    id, values.email ?? `${id}@example.com`, values.password ?? null, values.googleId ?? null, values.deletedAt ?? null, 'nonce', 'sealed-secret', 'sealed-pending',
  );
}

describe.each(engines)('AccountsRepository on $name', (engine) => {
  it('reads an account without its secrets, by id unless deleted, by email with its password digest, and by Google id', async () => {
    const opened = await engine.open();
    const accounts = accountsOn(opened);
    await addUser(opened, 'u1', { password: 'scrypt$1', googleId: 'g1' });
    await addUser(opened, 'gone', { deletedAt: NOW.getTime() });
    const user = await accounts.findActive('u1');
    expect(user).toMatchObject({ id: 'u1', email: 'u1@example.com', googleId: 'g1', subscriptionTier: 'free', apiUsageLimit: 100, deletedAt: null });
    expect(user!.createdAt).toBeInstanceOf(Date);
    for (const secret of ['passwordDigest', 'emailVerificationNonce', 'totpSecret', 'totpPending']) expect(user).not.toHaveProperty(secret);
    expect(await accounts.findActive('gone')).toBeUndefined();
    expect(await accounts.findActive('nobody')).toBeUndefined();
    expect(await accounts.findByEmail('u1@example.com')).toEqual({ user, passwordDigest: 'scrypt$1' });
    expect((await accounts.findByEmail('gone@example.com'))?.user.id).toBe('gone');
    expect(await accounts.findByEmail('nobody@example.com')).toBeUndefined();
    expect(await accounts.findByGoogleId('g1')).toEqual(user);
    expect(await accounts.findByGoogleId('g2')).toBeUndefined();
    expect(await accounts.credentials('u1')).toEqual({ email: 'u1@example.com', firstName: null, lastName: null, passwordDigest: 'scrypt$1' });
    expect(await accounts.credentials('nobody')).toBeUndefined();
  });

  it('creates an account with what it is given, and for an address that has one creates nothing and gives that account', async () => {
    const opened = await engine.open();
    const accounts = accountsOn(opened);
    const verifiedAt = new Date(NOW.getTime() - 5);
    const first = await accounts.createUnlessTaken(newAccount('a1', 'ada@example.com', { googleId: 'g-ada', profileImageUrl: 'https://img', emailVerifiedAt: verifiedAt }), firstKey('pk_a1'));
    expect(first).toEqual({
      created: expect.objectContaining({ id: 'a1', email: 'ada@example.com', firstName: 'Ada', googleId: 'g-ada', profileImageUrl: 'https://img', emailVerifiedAt: verifiedAt, createdAt: NOW, updatedAt: NOW }),
    });
    expect((await accounts.findByEmail('ada@example.com'))!.passwordDigest).toBe('digest-a1');
    const second = await accounts.createUnlessTaken(newAccount('a2', 'ada@example.com'), firstKey('pk_a2'));
    expect(second).toEqual({ taken: (first as { created: unknown }).created });
    expect(await opened.one('SELECT count(*) AS n FROM users')).toEqual({ n: 1 });
    expect(await opened.one('SELECT count(*) AS n FROM api_keys')).toEqual({ n: 1 });
  });

  it('creates the account’s first key with it: the given values, sealed, owned by the new account', async () => {
    const opened = await engine.open();
    await accountsOn(opened).createUnlessTaken(newAccount('a1', 'ada@example.com'), firstKey('pk_first'));
    expect(
      await opened.one('SELECT user_id AS owner, key_name AS name, key_value AS value, secret_digest AS digest, pending_secret AS pending, purchase_id AS purchase, created_at AS made FROM api_keys'),
    ).toEqual({ owner: 'a1', name: 'Default API Key', value: 'pk_first', digest: 'digest-pk_first', pending: 'sealed-pk_first', purchase: null, made: KEY_MADE.getTime() });
  });

  it('creates neither the account nor its key when the key cannot be stored', async () => {
    const opened = await engine.open();
    const accounts = accountsOn(opened);
    await addUser(opened, 'holder');
    await opened.run("INSERT INTO api_keys (user_id, key_name, key_value, secret_digest) VALUES ('holder', 'key', 'pk_taken', 'digest')");
    // key_value is unique: the key's insert fails after the account's.
    await expect(accounts.createUnlessTaken(newAccount('a1', 'ada@example.com'), firstKey('pk_taken'))).rejects.toThrow();
    expect(await accounts.findByEmail('ada@example.com')).toBeUndefined();
    expect(await opened.one('SELECT count(*) AS n FROM users')).toEqual({ n: 1 });
    expect(await opened.one('SELECT count(*) AS n FROM api_keys')).toEqual({ n: 1 });
    // Nothing was left half made: the address registers afterwards.
    expect(await accounts.createUnlessTaken(newAccount('a1', 'ada@example.com'), firstKey('pk_a1'))).toHaveProperty('created');
  });

  it('creates one account and one key when 20 registrations of one address race, and gives the others that account', async () => {
    const opened = await engine.open();
    const accounts = accountsOn(opened);
    const outcomes = await Promise.all(Array.from({ length: 20 }, (_, i) => accounts.createUnlessTaken(newAccount(`r${i}`, 'race@example.com'), firstKey(`pk_r${i}`))));
    const created = outcomes.flatMap((o) => ('created' in o ? [o.created.id] : []));
    expect(created).toHaveLength(1);
    expect(outcomes.filter((o) => 'taken' in o && o.taken.id === created[0])).toHaveLength(19);
    expect(await opened.one('SELECT count(*) AS n FROM users')).toEqual({ n: 1 });
    expect(await opened.one('SELECT user_id AS owner, count(*) AS n FROM api_keys GROUP BY user_id')).toEqual({ owner: created[0], n: 1 });
  });

  it('links a Google account to one account only, and lets its holder link it again', async () => {
    const opened = await engine.open();
    const accounts = accountsOn(opened);
    await addUser(opened, 'u1');
    await addUser(opened, 'u2');
    const later = new Date(NOW.getTime() + 1000);
    expect(await accounts.linkGoogle('u1', 'g-shared', later)).toMatchObject({ id: 'u1', googleId: 'g-shared', updatedAt: later });
    expect(await accounts.linkGoogle('u1', 'g-shared', later)).toMatchObject({ id: 'u1', googleId: 'g-shared' });
    expect(await accounts.linkGoogle('u2', 'g-shared', later)).toBe('in_use');
    expect(await opened.one('SELECT google_id AS g FROM users WHERE id = ?', 'u2')).toEqual({ g: null });
  });

  it('links a Google account to exactly one of 10 accounts that race for it', async () => {
    const opened = await engine.open();
    const accounts = accountsOn(opened);
    for (let i = 0; i < 10; i++) await addUser(opened, `u${i}`);
    const outcomes = await Promise.all(Array.from({ length: 10 }, (_, i) => accounts.linkGoogle(`u${i}`, 'g-race', NOW)));
    expect(outcomes.filter((o) => o !== 'in_use')).toHaveLength(1);
    expect(await opened.one("SELECT count(*) AS n FROM users WHERE google_id = 'g-race'")).toEqual({ n: 1 });
  });

  it('sets a password digest and the time of the change', async () => {
    const opened = await engine.open();
    const accounts = accountsOn(opened);
    await addUser(opened, 'u1', { password: 'old' });
    await accounts.setPassword('u1', 'new', NOW);
    expect(await opened.one('SELECT password_digest AS d, updated_at AS at FROM users WHERE id = ?', 'u1')).toEqual({ d: 'new', at: NOW.getTime() });
  });
});
