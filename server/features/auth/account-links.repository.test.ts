/**
 * The contract of AccountLinksRepository (docs/decisions/050-one-storage-seam.md), run on every
 * storage engine: a reset link, an email-change link and a verification link each work once, however
 * many requests carry them at the same time, and the caps hold when an account's requests race.
 */
import { describe, expect, it } from 'vitest';
import { repositoryOn, storageEngines, type EngineUnderTest } from '../../../db/storage.test-support.ts';
import { PostgresAccountLinksRepository } from './account-links.postgres.ts';
import type { AccountLinksRepository, NewLink } from './account-links.repository.ts';
import { SqliteAccountLinksRepository } from './account-links.sqlite.ts';

const engines = storageEngines();
const NOW = new Date('2026-03-15T12:00:00Z');
const HOUR_AGO = new Date(NOW.getTime() - 3_600_000);
const at = (ms: number) => new Date(NOW.getTime() + ms);

const linksOn = (engine: EngineUnderTest): AccountLinksRepository =>
  repositoryOn<AccountLinksRepository>(engine, { sqlite: (d) => new SqliteAccountLinksRepository(d.db), postgres: (d) => new PostgresAccountLinksRepository(d.db) });

const link = (tokenDigest: string, userId = 'u1', createdAt = NOW): NewLink => ({ tokenDigest, userId, expiresAt: at(30 * 60_000), createdAt });
const change = (tokenDigest: string, newEmail: string, userId = 'u1') => ({ ...link(tokenDigest, userId), newEmail });

async function addUser(engine: EngineUnderTest, id: string, email = `${id}@example.com`): Promise<void> {
  await engine.run("INSERT INTO users (id, email, first_name, last_name, password_digest) VALUES (?, ?, 'Ada', 'Lovelace', 'old')", id, email);
}

const unused = async (engine: EngineUnderTest, table: 'password_resets' | 'email_changes', userId = 'u1') =>
  (await engine.one<{ n: number }>(`SELECT count(*) AS n FROM ${table} WHERE user_id = ? AND used_at IS NULL`, userId))!.n;

describe.each(engines)('AccountLinksRepository on $name', (engine) => {
  describe('password-reset links', () => {
    it('stores links up to the limit, counting only the ones created after `since`', async () => {
      const opened = await engine.open();
      const links = linksOn(opened);
      await addUser(opened, 'u1');
      expect(await links.addResetWithinLimit(link('old', 'u1', at(-2 * 3_600_000)), HOUR_AGO, 2)).toBe(true);
      expect(await links.addResetWithinLimit(link('r1'), HOUR_AGO, 2)).toBe(true);
      expect(await links.addResetWithinLimit(link('r2'), HOUR_AGO, 2)).toBe(true);
      expect(await links.addResetWithinLimit(link('r3'), HOUR_AGO, 2)).toBe(false);
      expect(await opened.one("SELECT count(*) AS n FROM password_resets WHERE token_digest = 'r3'")).toEqual({ n: 0 });
    });

    it('stores exactly the limit when 20 requests of one account race', async () => {
      const opened = await engine.open();
      const links = linksOn(opened);
      await addUser(opened, 'u1');
      const stored = await Promise.all(Array.from({ length: 20 }, (_, i) => links.addResetWithinLimit(link(`r${i}`), HOUR_AGO, 3)));
      expect(stored.filter(Boolean)).toHaveLength(3);
      expect(await unused(opened, 'password_resets')).toBe(3);
    });

    it('gives the names of an unused link’s account, and sets its password once, ending every other link of it', async () => {
      const opened = await engine.open();
      const links = linksOn(opened);
      await addUser(opened, 'u1');
      await links.addResetWithinLimit(link('r1'), HOUR_AGO, 5);
      await links.addResetWithinLimit(link('r2'), HOUR_AGO, 5);
      expect(await links.resetOwner('r1')).toEqual({ email: 'u1@example.com', firstName: 'Ada', lastName: 'Lovelace' });
      expect(await links.consumeReset('r1', 'new', at(1))).toBe('u1');
      expect(await opened.one('SELECT password_digest AS d, updated_at AS at FROM users WHERE id = ?', 'u1')).toEqual({ d: 'new', at: at(1).getTime() });
      expect(await unused(opened, 'password_resets')).toBe(0);
      expect(await links.resetOwner('r1')).toBeUndefined();
      expect(await links.consumeReset('r1', 'newer', at(2))).toBeUndefined();
      expect(await links.consumeReset('r2', 'newer', at(2))).toBeUndefined();
      expect(await opened.one('SELECT password_digest AS d FROM users WHERE id = ?', 'u1')).toEqual({ d: 'new' });
    });

    it('does not use an expired link', async () => {
      const opened = await engine.open();
      const links = linksOn(opened);
      await addUser(opened, 'u1');
      await links.addResetWithinLimit(link('r1'), HOUR_AGO, 5);
      expect(await links.consumeReset('r1', 'new', at(30 * 60_000))).toBeUndefined();
      expect(await opened.one('SELECT password_digest AS d FROM users WHERE id = ?', 'u1')).toEqual({ d: 'old' });
    });

    it('uses a link once when 20 requests carry it at the same time', async () => {
      const opened = await engine.open();
      const links = linksOn(opened);
      await addUser(opened, 'u1');
      await links.addResetWithinLimit(link('r1'), HOUR_AGO, 5);
      const used = await Promise.all(Array.from({ length: 20 }, (_, i) => links.consumeReset('r1', `new-${i}`, at(1))));
      const winners = used.flatMap((userId, i) => (userId === undefined ? [] : [i]));
      expect(winners).toHaveLength(1);
      expect(await opened.one('SELECT password_digest AS d FROM users WHERE id = ?', 'u1')).toEqual({ d: `new-${winners[0]}` });
    });
  });

  describe('email-change links', () => {
    it('keeps only the newest link working, and stores none past the limit', async () => {
      const opened = await engine.open();
      const links = linksOn(opened);
      await addUser(opened, 'u1');
      expect(await links.addEmailChangeWithinLimit(change('c1', 'one@example.com'), HOUR_AGO, 2)).toBe(true);
      expect(await links.addEmailChangeWithinLimit(change('c2', 'two@example.com'), HOUR_AGO, 2)).toBe(true);
      expect(await links.addEmailChangeWithinLimit(change('c3', 'three@example.com'), HOUR_AGO, 2)).toBe(false);
      expect(await opened.one('SELECT token_digest AS t FROM email_changes WHERE used_at IS NULL')).toEqual({ t: 'c2' });
      expect(await links.confirmEmailChange('c1', 'u1', at(1))).toEqual({ kind: 'invalid' });
    });

    it('stores exactly the limit, one of them working, when 20 requests of one account race', async () => {
      const opened = await engine.open();
      const links = linksOn(opened);
      await addUser(opened, 'u1');
      const stored = await Promise.all(Array.from({ length: 20 }, (_, i) => links.addEmailChangeWithinLimit(change(`c${i}`, `n${i}@example.com`), HOUR_AGO, 5)));
      expect(stored.filter(Boolean)).toHaveLength(5);
      expect(await opened.one('SELECT count(*) AS n FROM email_changes')).toEqual({ n: 5 });
      expect(await unused(opened, 'email_changes')).toBe(1);
    });

    it('changes the email of the link’s own account only, verified, once', async () => {
      const opened = await engine.open();
      const links = linksOn(opened);
      await addUser(opened, 'u1');
      await addUser(opened, 'u2');
      await opened.run("UPDATE users SET email_verification_nonce = 'n' WHERE id = ?", 'u1');
      await links.addEmailChangeWithinLimit(change('c1', 'new@example.com'), HOUR_AGO, 5);
      expect(await links.confirmEmailChange('c1', 'u2', at(1))).toEqual({ kind: 'other_account' });
      expect(await links.confirmEmailChange('c1', 'u1', at(2))).toEqual({ kind: 'changed', oldEmail: 'u1@example.com', newEmail: 'new@example.com' });
      expect(await opened.one('SELECT email, email_verified_at AS v, email_verification_nonce AS n, updated_at AS at FROM users WHERE id = ?', 'u1')).toEqual({
        email: 'new@example.com', v: at(2).getTime(), n: null, at: at(2).getTime(),
      });
      expect(await links.confirmEmailChange('c1', 'u1', at(3))).toEqual({ kind: 'invalid' });
    });

    it('refuses an expired link, and an address another account has, changing nothing', async () => {
      const opened = await engine.open();
      const links = linksOn(opened);
      await addUser(opened, 'u1');
      await addUser(opened, 'u2', 'taken@example.com');
      await links.addEmailChangeWithinLimit(change('c1', 'taken@example.com'), HOUR_AGO, 5);
      expect(await links.confirmEmailChange('c1', 'u1', at(1))).toEqual({ kind: 'taken' });
      await links.addEmailChangeWithinLimit(change('c2', 'free@example.com'), HOUR_AGO, 5);
      expect(await links.confirmEmailChange('c2', 'u1', at(30 * 60_000))).toEqual({ kind: 'invalid' });
      expect(await opened.one('SELECT email FROM users WHERE id = ?', 'u1')).toEqual({ email: 'u1@example.com' });
    });

    it('changes once when 20 requests carry one link at the same time', async () => {
      const opened = await engine.open();
      const links = linksOn(opened);
      await addUser(opened, 'u1');
      await links.addEmailChangeWithinLimit(change('c1', 'new@example.com'), HOUR_AGO, 5);
      const outcomes = await Promise.all(Array.from({ length: 20 }, () => links.confirmEmailChange('c1', 'u1', at(1))));
      expect(outcomes.filter((o) => o.kind === 'changed')).toHaveLength(1);
      expect(outcomes.filter((o) => o.kind === 'invalid')).toHaveLength(19);
    });

    it('gives a new address to one of 10 accounts whose links to it are opened at the same time', async () => {
      const opened = await engine.open();
      const links = linksOn(opened);
      for (let i = 0; i < 10; i++) {
        await addUser(opened, `u${i}`);
        await links.addEmailChangeWithinLimit(change(`c${i}`, 'wanted@example.com', `u${i}`), HOUR_AGO, 5);
      }
      const outcomes = await Promise.all(Array.from({ length: 10 }, (_, i) => links.confirmEmailChange(`c${i}`, `u${i}`, at(1))));
      expect(outcomes.filter((o) => o.kind === 'changed')).toHaveLength(1);
      expect(outcomes.filter((o) => o.kind === 'taken')).toHaveLength(9);
      expect(await opened.one("SELECT count(*) AS n FROM users WHERE email = 'wanted@example.com'")).toEqual({ n: 1 });
    });
  });

  describe('email-verification links', () => {
    it('replaces the nonce on each issue, and marks the email verified once, with the current nonce only', async () => {
      const opened = await engine.open();
      const links = linksOn(opened);
      await addUser(opened, 'u1');
      expect(await links.verificationSentAt('u1')).toBeNull();
      expect(await links.verificationNonce('u1')).toBeNull();
      expect(await links.issueVerification('u1', 'n1', NOW)).toBe(true);
      expect(await links.issueVerification('u1', 'n2', at(1))).toBe(true);
      expect(await links.verificationSentAt('u1')).toEqual(at(1));
      expect(await links.verificationNonce('u1')).toBe('n2');
      expect(await links.markEmailVerified('u1', 'n1', at(2))).toBe(false);
      expect(await links.markEmailVerified('u1', 'n2', at(2))).toBe(true);
      expect(await opened.one('SELECT email_verified_at AS v, email_verification_nonce AS n FROM users WHERE id = ?', 'u1')).toEqual({ v: at(2).getTime(), n: null });
      expect(await links.markEmailVerified('u1', 'n2', at(3))).toBe(false);
      expect(await links.verificationSentAt('nobody')).toBeNull();
    });

    it('issues under a cooldown only when the latest link was sent at or before `notSentAfter`', async () => {
      const opened = await engine.open();
      const links = linksOn(opened);
      await addUser(opened, 'u1');
      expect(await links.issueVerification('u1', 'n1', NOW, at(-60_000))).toBe(true);
      expect(await links.issueVerification('u1', 'n2', at(59_999), at(-1))).toBe(false);
      expect(await links.verificationNonce('u1')).toBe('n1');
      expect(await links.issueVerification('u1', 'n3', at(60_000), NOW)).toBe(true);
      expect(await links.verificationNonce('u1')).toBe('n3');
    });

    it('issues one link when 10 resends race under the cooldown, and verifies once when 20 requests carry it', async () => {
      const opened = await engine.open();
      const links = linksOn(opened);
      await addUser(opened, 'u1');
      const issued = await Promise.all(Array.from({ length: 10 }, (_, i) => links.issueVerification('u1', `n${i}`, NOW, at(-60_000))));
      expect(issued.filter(Boolean)).toHaveLength(1);
      const nonce = `n${issued.indexOf(true)}`;
      expect(await links.verificationNonce('u1')).toBe(nonce);
      const verified = await Promise.all(Array.from({ length: 20 }, () => links.markEmailVerified('u1', nonce, at(1))));
      expect(verified.filter(Boolean)).toHaveLength(1);
    });
  });
});
