/**
 * Two-factor sign-in's wrong-code limit (docs/decisions/039: 10 wrong codes per account in 15
 * minutes) over each engine's failure-count store (docs/decisions/050-one-storage-seam.md): memory
 * beside SQLite, the table PostgreSQL's instances share. Codes are counted before they are looked
 * up, so codes sent at once cannot pass the limit together; on PostgreSQL, not through several
 * instances either.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { repositoryOn, storageEngines, type EngineUnderTest } from '../../../db/storage.test-support.ts';
import { createLogger } from '../../logger.ts';
import { MemoryLoginThrottleStore, type LoginThrottleStore } from '../../security/login-throttle-store.ts';
import { PostgresLoginThrottleStore } from '../../security/login-throttle-store.postgres.ts';
import { createSealer } from '../../security/sealing.ts';
import type { AccountNotices } from './account-notices.ts';
import { TwoFactor } from './two-factor.ts';
import type { TwoFactorRepository } from './two-factor.repository.ts';

const engines = storageEngines();
const WINDOW_MS = 15 * 60_000;

/** An instance's store on the engine: its own memory beside SQLite, the shared table on PostgreSQL. */
const storeOf = (opened: EngineUnderTest): LoginThrottleStore =>
  repositoryOn<LoginThrottleStore>(opened, { sqlite: () => new MemoryLoginThrottleStore(100), postgres: (d) => new PostgresLoginThrottleStore(d.db, 100) });

const logger = createLogger('silent');

/**
 * A TwoFactor instance on `store`, over accounts whose recovery codes are looked up a few
 * milliseconds later, as a PostgreSQL server answers (so codes sent at once overlap). `wrong` sends
 * a code that is not the account's, `right` one that is; each resolves to 'accepted' or the error's code.
 */
function twoFactorOn(store: LoginThrottleStore, now: () => number) {
  const seen = { lookups: 0, right: false };
  const repository = {
    useRecoveryCode: async () => {
      const right = seen.right;
      seen.lookups++;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return right;
    },
  } as unknown as TwoFactorRepository;
  const twoFactor = new TwoFactor(repository, store, createSealer(randomBytes(32)), {} as AccountNotices, logger, () => new Date(now()));
  const send = (userId: string, right: boolean) => {
    seen.right = right;
    return twoFactor.verify(userId, 'aaaaa-aaaaa').then(
      () => 'accepted',
      (error: { code: string }) => error.code,
    );
  };
  return { seen, wrong: (userId: string) => send(userId, false), right: (userId: string) => send(userId, true) };
}

describe.each(engines)('two-factor’s wrong-code limit with the $name engine’s store', (engine) => {
  it('looks up at most 10 of 20 wrong codes sent at once, refusing the rest with 429', async () => {
    const twoFactor = twoFactorOn(storeOf(await engine.open()), () => 1_000_000_000);
    const codes = await Promise.all(Array.from({ length: 20 }, () => twoFactor.wrong('u1')));
    expect(twoFactor.seen.lookups).toBe(10);
    expect(codes.filter((c) => c === 'invalid_two_factor_code')).toHaveLength(10);
    expect(codes.filter((c) => c === 'two_factor_throttled')).toHaveLength(10);
  });

  it('refuses the right code after 10 wrong ones until the window ends; a right code before then clears the count', async () => {
    let now = 1_000_000_000;
    const twoFactor = twoFactorOn(storeOf(await engine.open()), () => now);
    for (let i = 0; i < 9; i++) expect(await twoFactor.wrong('cleared')).toBe('invalid_two_factor_code');
    expect(await twoFactor.right('cleared')).toBe('accepted');
    for (let i = 0; i < 10; i++) expect(await twoFactor.wrong('cleared')).toBe('invalid_two_factor_code');

    for (let i = 0; i < 10; i++) await twoFactor.wrong('held');
    now += WINDOW_MS - 1_000;
    expect(await twoFactor.right('held')).toBe('two_factor_throttled');
    expect(await twoFactor.right('other')).toBe('accepted');
    now += 1_000;
    expect(await twoFactor.right('held')).toBe('accepted');
  });
});

describe.each(engines.filter((e) => e.name === 'postgres'))('two-factor’s wrong-code limit across instances on $name', (engine) => {
  it('shares one limit between two instances: wrong codes through one hold back the other', async () => {
    const opened = await engine.open();
    const now = () => 1_000_000_000;
    const [a, b] = [twoFactorOn(storeOf(opened), now), twoFactorOn(storeOf(opened), now)];
    for (let i = 0; i < 5; i++) {
      expect(await a.wrong('u1')).toBe('invalid_two_factor_code');
      expect(await b.wrong('u1')).toBe('invalid_two_factor_code');
    }
    expect(await a.right('u1')).toBe('two_factor_throttled');
    expect(await b.right('u1')).toBe('two_factor_throttled');
    expect(await a.right('u2')).toBe('accepted');
  });

  it('looks up at most 10 of 40 wrong codes sent at once through two instances', async () => {
    const opened = await engine.open();
    const now = () => 1_000_000_000;
    const [a, b] = [twoFactorOn(storeOf(opened), now), twoFactorOn(storeOf(opened), now)];
    const codes = await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 ? a : b).wrong('u1')));
    expect(a.seen.lookups + b.seen.lookups).toBe(10);
    expect(codes.filter((c) => c === 'two_factor_throttled')).toHaveLength(30);
  });
});
