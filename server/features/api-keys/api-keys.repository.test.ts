/**
 * The contract of ApiKeyRepository (docs/decisions/050-one-storage-seam.md), run on every storage
 * engine: keys created within the owner's limit (also when 20 race), a sealed secret revealed once
 * (also when 20 race), rotation, changes scoped to the owner, the list with the month's calls, and
 * the credential read every public call makes.
 */
import { describe, expect, it } from 'vitest';
import { addAccount, repositoryOn, storageEngines, type EngineUnderTest } from '../../../db/storage.test-support.ts';
import { PostgresApiKeyRepository } from './api-keys.postgres.ts';
import type { ApiKeyRepository, NewApiKey } from './api-keys.repository.ts';
import { SqliteApiKeyRepository } from './api-keys.sqlite.ts';

const engines = storageEngines();
const T0 = Date.parse('2026-03-15T12:00:00Z');

const keysOn = (opened: EngineUnderTest) =>
  repositoryOn<ApiKeyRepository>(opened, { sqlite: (d) => new SqliteApiKeyRepository(d.db), postgres: (d) => new PostgresApiKeyRepository(d.db) });

let made = 0;
/** A new key of `userId`'s, its secret's digest `d_<value>`. */
const newKey = (userId: string, extra: Partial<NewApiKey> = {}): NewApiKey => {
  const keyValue = `pk_${userId}_${++made}`;
  return { userId, keyName: `key ${made}`, keyValue, secretDigest: `d_${keyValue}`, pendingSecret: null, createdAt: new Date(T0), ...extra };
};

/** A completed purchase of `userId`'s, for a plan key to belong to. */
async function addPurchase(opened: EngineUnderTest, userId: string, orderId: string): Promise<number> {
  await opened.run("INSERT INTO purchases (user_id, paypal_order_id, plan_type, plan_name, amount, status) VALUES (?, ?, 'starter', 'Starter', 900, 'completed')", userId, orderId);
  return (await opened.one<{ id: number }>('SELECT id FROM purchases WHERE paypal_order_id = ?', orderId))!.id;
}

const countOf = async (opened: EngineUnderTest, userId: string) =>
  (await opened.one<{ n: number }>('SELECT count(*) AS n FROM api_keys WHERE user_id = ?', userId))!.n;

/**
 * PostgreSQL: the pool's 4 connections opened before a race, so its calls interleave on all of
 * them from the first statement rather than queueing behind connections still being made.
 */
async function openConnections(opened: EngineUnderTest): Promise<void> {
  if (opened.name !== 'postgres') return;
  const clients = await Promise.all(Array.from({ length: 4 }, () => opened.postgres.pool.connect()));
  for (const client of clients) client.release();
}

describe.each(engines)('ApiKeyRepository on $name', (engine) => {
  it('creates a key within the limit, counting only the owner’s own keys (not plan keys, not other accounts’)', async () => {
    const opened = await engine.open();
    const keys = keysOn(opened);
    await addAccount(opened, 'u1');
    await addAccount(opened, 'u2');
    await keys.create(newKey('u1', { purchaseId: await addPurchase(opened, 'u1', 'O-1') }));
    await keys.create(newKey('u2'));
    const values = newKey('u1', { allowedOperations: ['sign'], expiresAt: new Date(T0 + 1000) });
    const created = await keys.createKeyWithinLimit(values, 3);
    expect(created).toEqual({
      key: {
        ...values, id: expect.any(Number), purchaseId: null, previousSecretDigest: null, previousSecretExpiresAt: null,
        isActive: true, usageCount: 0, lastUsed: null, lastUsedIp: null,
      },
    });
    expect(await keys.createKeyWithinLimit(newKey('u1'), 3)).toMatchObject({ key: { userId: 'u1' } });
    expect(await keys.createKeyWithinLimit(newKey('u1'), 3)).toEqual({ limitReached: 3 });
    expect(await countOf(opened, 'u1')).toBe(4);
  });

  it('creates exactly the keys left when 20 creations race against a limit of 5', async () => {
    const opened = await engine.open();
    const keys = keysOn(opened);
    await addAccount(opened, 'u1');
    await openConnections(opened);
    const results = await Promise.all(Array.from({ length: 20 }, () => keys.createKeyWithinLimit(newKey('u1'), 5)));
    expect(results.filter((r) => 'key' in r)).toHaveLength(4);
    expect(results.filter((r) => 'limitReached' in r)).toEqual(Array(16).fill({ limitReached: 5 }));
    expect(await countOf(opened, 'u1')).toBe(5);
  });

  it('reveals a sealed secret once, opened by the caller, and answers another owner’s key as missing', async () => {
    const opened = await engine.open();
    const keys = keysOn(opened);
    await addAccount(opened, 'u1');
    await addAccount(opened, 'u2');
    const { id, keyValue } = await keys.create(newKey('u1', { pendingSecret: 'sealed-secret' }));
    const opens: string[][] = [];
    const open = (sealed: string, value: string) => (opens.push([sealed, value]), `opened ${sealed}`);
    expect(await keys.revealSecretOnce('u2', id, open)).toEqual({ kind: 'missing' });
    const revealed = await keys.revealSecretOnce('u1', id, open);
    expect(revealed).toMatchObject({ kind: 'revealed', secret: 'opened sealed-secret', row: { id, keyValue, pendingSecret: null } });
    expect(await keys.revealSecretOnce('u1', id, open)).toEqual({ kind: 'shown' });
    expect(opens).toEqual([['sealed-secret', keyValue]]);
    expect(await opened.one('SELECT pending_secret AS p FROM api_keys WHERE id = ?', id)).toEqual({ p: null });
    const plain = await keys.create(newKey('u1'));
    expect(await keys.revealSecretOnce('u1', plain.id, open)).toEqual({ kind: 'shown' });
  });

  it('keeps the sealed secret when it cannot be opened', async () => {
    const opened = await engine.open();
    const keys = keysOn(opened);
    await addAccount(opened, 'u1');
    const { id } = await keys.create(newKey('u1', { pendingSecret: 'sealed-secret' }));
    await expect(keys.revealSecretOnce('u1', id, () => {
      throw new Error('wrong master key');
    })).rejects.toThrow('wrong master key');
    expect(await keys.revealSecretOnce('u1', id, (sealed) => sealed)).toMatchObject({ kind: 'revealed', secret: 'sealed-secret' });
  });

  it('reveals a secret to one of 20 concurrent reveals', async () => {
    const opened = await engine.open();
    const keys = keysOn(opened);
    await addAccount(opened, 'u1');
    const { id } = await keys.create(newKey('u1', { pendingSecret: 'sealed-secret' }));
    await openConnections(opened);
    const results = await Promise.all(Array.from({ length: 20 }, () => keys.revealSecretOnce('u1', id, (sealed) => sealed)));
    expect(results.filter((r) => r.kind === 'revealed')).toHaveLength(1);
    expect(results.filter((r) => r.kind === 'shown')).toHaveLength(19);
  });

  it('rotates the owner’s key: the old digest kept until the time given or dropped, a sealed secret dropped', async () => {
    const opened = await engine.open();
    const keys = keysOn(opened);
    await addAccount(opened, 'u1');
    await addAccount(opened, 'u2');
    const { id } = await keys.create(newKey('u1', { secretDigest: 'd1', pendingSecret: 'sealed' }));
    const until = new Date(T0 + 86_400_000);
    expect(await keys.rotate('u1', id, 'd2', until)).toMatchObject({ secretDigest: 'd2', pendingSecret: null, previousSecretDigest: 'd1', previousSecretExpiresAt: until });
    expect(await keys.rotate('u1', id, 'd3', null)).toMatchObject({ secretDigest: 'd3', previousSecretDigest: null, previousSecretExpiresAt: null });
    expect(await keys.rotate('u2', id, 'd4', null)).toBeUndefined();
    expect(await opened.one('SELECT secret_digest AS d FROM api_keys WHERE id = ?', id)).toEqual({ d: 'd3' });
  });

  it('changes and deletes only the owner’s key', async () => {
    const opened = await engine.open();
    const keys = keysOn(opened);
    await addAccount(opened, 'u1');
    await addAccount(opened, 'u2');
    const { id } = await keys.create(newKey('u1'));
    expect(await keys.update('u2', id, { keyName: 'theirs' })).toBeUndefined();
    const expiresAt = new Date(T0 + 5000);
    expect(await keys.update('u1', id, { keyName: 'CI', allowedOperations: ['verify', 'prove'], expiresAt, isActive: false })).toMatchObject({
      id, keyName: 'CI', allowedOperations: ['verify', 'prove'], expiresAt, isActive: false,
    });
    expect(await keys.update('u1', id, { allowedOperations: null })).toMatchObject({ keyName: 'CI', allowedOperations: null });
    expect(await keys.delete('u2', id)).toBe(false);
    expect(await keys.delete('u1', id)).toBe(true);
    expect(await keys.delete('u1', id)).toBe(false);
    expect(await opened.one('SELECT id FROM api_keys WHERE id = ?', id)).toBeUndefined();
  });

  it('lists the account’s keys newest first, each with its calls in the month asked', async () => {
    const opened = await engine.open();
    const keys = keysOn(opened);
    await addAccount(opened, 'u1');
    await addAccount(opened, 'u2');
    const second = await keys.create(newKey('u1'));
    await keys.create(newKey('u2'));
    await opened.run('INSERT INTO monthly_usage (meter, month, calls) VALUES (?, ?, ?)', `key:${second.keyValue}`, '2026-03', 42);
    await opened.run('INSERT INTO monthly_usage (meter, month, calls) VALUES (?, ?, ?)', `key:${second.keyValue}`, '2026-02', 7);
    const listed = await keys.list('u1', '2026-03');
    expect(listed.map((k) => [k.row.keyValue, k.callsThisMonth])).toEqual([[second.keyValue, 42], ['pk_u1', 0]]);
    expect(listed[0]!.row).toEqual(second);
  });

  it('reads a key’s credential with its owner’s history setting, in one shape on every engine, and records its use', async () => {
    const opened = await engine.open();
    const keys = keysOn(opened);
    await addAccount(opened, 'u1');
    await opened.run("UPDATE users SET history_keeps = 'text' WHERE id = ?", 'u1');
    const purchaseId = await addPurchase(opened, 'u1', 'O-1');
    const key = await keys.create(newKey('u1', { purchaseId, allowedOperations: ['sign'], expiresAt: new Date(T0 + 9) }));
    await keys.rotate('u1', key.id, 'd2', new Date(T0 + 5));
    expect(await keys.credential(key.keyValue)).toEqual({
      id: key.id, userId: 'u1', secretDigest: 'd2', previousDigest: key.secretDigest, previousExpiresAt: T0 + 5, isActive: 1,
      expiresAt: T0 + 9, allowedOperations: '["sign"]', purchaseId, lastUsed: null, lastUsedIp: null, historyKeeps: 'text',
    });
    await keys.update('u1', key.id, { isActive: false });
    await keys.touch(key.id, new Date(T0 + 60_000), '203.0.113.9');
    expect(await keys.credential(key.keyValue)).toMatchObject({ isActive: 0, lastUsed: T0 + 60_000, lastUsedIp: '203.0.113.9' });
    expect(await keys.credential('pk_nobody')).toBeUndefined();
  });
});
