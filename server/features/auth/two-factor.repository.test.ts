/**
 * The contract of TwoFactorRepository (docs/decisions/050-one-storage-seam.md), run on every storage
 * engine: setting up, turning on once with the codes that work, turning off, and a TOTP step and a
 * recovery code each accepted once however many requests carry them at the same time.
 */
import { describe, expect, it } from 'vitest';
import { repositoryOn, storageEngines, type EngineUnderTest } from '../../../db/storage.test-support.ts';
import { PostgresTwoFactorRepository } from './two-factor.postgres.ts';
import type { TwoFactorRepository } from './two-factor.repository.ts';
import { SqliteTwoFactorRepository } from './two-factor.sqlite.ts';

const engines = storageEngines();
const NOW = new Date('2026-03-15T12:00:00Z');

const twoFactorOn = (engine: EngineUnderTest): TwoFactorRepository =>
  repositoryOn<TwoFactorRepository>(engine, { sqlite: (d) => new SqliteTwoFactorRepository(d.db), postgres: (d) => new PostgresTwoFactorRepository(d.db) });

const codes = (prefix: string, n = 10) => Array.from({ length: n }, (_, i) => `${prefix}-${i}`);

/** An account with two-factor on (secret `sealed`, codes `c-0`…`c-9`). */
async function enabledAccount(engine: EngineUnderTest, repo: TwoFactorRepository, userId = 'u1'): Promise<void> {
  await engine.run('INSERT INTO users (id, email) VALUES (?, ?)', userId, `${userId}@example.com`);
  await repo.proposeSecret(userId, 'sealed');
  if (!(await repo.enable(userId, 'sealed', 100, NOW, codes(`${userId}c`)))) throw new Error('not enabled');
}

const codesOf = async (engine: EngineUnderTest, userId = 'u1') =>
  (await engine.one<{ n: number }>('SELECT count(*) AS n FROM recovery_codes WHERE user_id = ?', userId))!.n;

describe.each(engines)('TwoFactorRepository on $name', (engine) => {
  it('proposes a secret while off, turns on with it once, and then refuses a new proposal', async () => {
    const opened = await engine.open();
    const repo = twoFactorOn(opened);
    await opened.run('INSERT INTO users (id, email) VALUES (?, ?)', 'u1', 'u1@example.com');
    expect(await repo.stateOf('u1')).toEqual({ email: 'u1@example.com', enabled: false, pending: null, secret: null, lastStep: null });
    expect(await repo.stateOf('nobody')).toBeUndefined();
    expect(await repo.proposeSecret('u1', 'first')).toBe(true);
    expect(await repo.proposeSecret('u1', 'second')).toBe(true);
    expect(await repo.enable('u1', 'first', 100, NOW, codes('a'))).toBe(false);
    expect(await repo.enable('u1', 'second', 100, NOW, codes('a'))).toBe(true);
    expect(await repo.stateOf('u1')).toEqual({ email: 'u1@example.com', enabled: true, pending: null, secret: 'second', lastStep: 100 });
    expect(await opened.one('SELECT totp_enabled_at AS at FROM users WHERE id = ?', 'u1')).toEqual({ at: NOW.getTime() });
    expect(await repo.recoveryCodesLeft('u1')).toBe(10);
    expect(await repo.enable('u1', 'second', 101, NOW, codes('b'))).toBe(false);
    expect(await repo.proposeSecret('u1', 'third')).toBe(false);
    expect((await repo.stateOf('u1'))!.pending).toBeNull();
  });

  it('turns on once when 10 requests race, keeping the recovery codes of the one that did', async () => {
    const opened = await engine.open();
    const repo = twoFactorOn(opened);
    await opened.run('INSERT INTO users (id, email) VALUES (?, ?)', 'u1', 'u1@example.com');
    await repo.proposeSecret('u1', 'sealed');
    const on = await Promise.all(Array.from({ length: 10 }, (_, i) => repo.enable('u1', 'sealed', 100, NOW, codes(`r${i}`))));
    expect(on.filter(Boolean)).toHaveLength(1);
    const winner = on.indexOf(true);
    expect(await codesOf(opened)).toBe(10);
    expect(await opened.one('SELECT count(*) AS n FROM recovery_codes WHERE user_id = ? AND code_digest LIKE ?', 'u1', `r${winner}-%`)).toEqual({ n: 10 });
  });

  it('turns off, forgetting the secret and the recovery codes', async () => {
    const opened = await engine.open();
    const repo = twoFactorOn(opened);
    await enabledAccount(opened, repo);
    await repo.disable('u1');
    expect(await repo.stateOf('u1')).toEqual({ email: 'u1@example.com', enabled: false, pending: null, secret: null, lastStep: null });
    expect(await codesOf(opened)).toBe(0);
  });

  it('replaces the recovery codes while on only', async () => {
    const opened = await engine.open();
    const repo = twoFactorOn(opened);
    await enabledAccount(opened, repo);
    await opened.run('INSERT INTO users (id, email) VALUES (?, ?)', 'off', 'off@example.com');
    expect(await repo.replaceRecoveryCodes('u1', codes('new', 3))).toBe(true);
    expect(await repo.useRecoveryCode('u1', 'u1c-0', NOW)).toBe(false);
    expect(await repo.recoveryCodesLeft('u1')).toBe(3);
    expect(await repo.replaceRecoveryCodes('off', codes('x'))).toBe(false);
    expect(await codesOf(opened, 'off')).toBe(0);
  });

  it('accepts each TOTP step once and only after the last one accepted', async () => {
    const opened = await engine.open();
    const repo = twoFactorOn(opened);
    await enabledAccount(opened, repo);
    await opened.run('INSERT INTO users (id, email) VALUES (?, ?)', 'off', 'off@example.com');
    expect(await repo.acceptAppStep('u1', 100)).toBe(false);
    expect(await repo.acceptAppStep('u1', 99)).toBe(false);
    expect(await repo.acceptAppStep('u1', 101)).toBe(true);
    expect((await repo.stateOf('u1'))!.lastStep).toBe(101);
    expect(await repo.acceptAppStep('off', 1)).toBe(false);
  });

  it('accepts one TOTP step once when 20 requests carry it at the same time', async () => {
    const opened = await engine.open();
    const repo = twoFactorOn(opened);
    await enabledAccount(opened, repo);
    const accepted = await Promise.all(Array.from({ length: 20 }, () => repo.acceptAppStep('u1', 101)));
    expect(accepted.filter(Boolean)).toHaveLength(1);
  });

  it('uses a recovery code once, and only for its own account', async () => {
    const opened = await engine.open();
    const repo = twoFactorOn(opened);
    await enabledAccount(opened, repo, 'u1');
    await enabledAccount(opened, repo, 'u2');
    expect(await repo.useRecoveryCode('u2', 'u1c-0', NOW)).toBe(false);
    expect(await repo.useRecoveryCode('u1', 'u1c-0', NOW)).toBe(true);
    expect(await repo.useRecoveryCode('u1', 'u1c-0', NOW)).toBe(false);
    expect(await repo.recoveryCodesLeft('u1')).toBe(9);
    expect(await opened.one('SELECT used_at AS at FROM recovery_codes WHERE code_digest = ?', 'u1c-0')).toEqual({ at: NOW.getTime() });
  });

  it('uses a recovery code once when 20 requests carry it at the same time', async () => {
    const opened = await engine.open();
    const repo = twoFactorOn(opened);
    await enabledAccount(opened, repo);
    const used = await Promise.all(Array.from({ length: 20 }, () => repo.useRecoveryCode('u1', 'u1c-3', NOW)));
    expect(used.filter(Boolean)).toHaveLength(1);
    expect(await repo.recoveryCodesLeft('u1')).toBe(9);
  });
});
