/**
 * The login throttle's rules over each of its stores (docs/decisions/050-one-storage-seam.md): the
 * memory store on SQLite's servers, the shared table on PostgreSQL's. The same tests on both, and
 * on PostgreSQL the counts that must agree across instances.
 */
import { describe, expect, it } from 'vitest';
import { repositoryOn, storageEngines, type EngineUnderTest } from '../../db/storage.test-support.ts';
import { LoginThrottle, type LoginThrottleLimits, type SignInAttempt } from './login-throttle.ts';
import { MemoryLoginThrottleStore, type LoginThrottleStore } from './login-throttle-store.ts';
import { PostgresLoginThrottleStore } from './login-throttle-store.postgres.ts';

const engines = storageEngines();
const limits = { failures: 3, windowMs: 60_000, tracked: 100, maxDelayMs: 60_000 };
const from = (ip: string, email = 'ada@example.com', device: string | null = null): SignInAttempt => ({ email, ip, device });
const refusal = async (throttle: LoginThrottle, attempt: SignInAttempt) => {
  try {
    await throttle.check(attempt);
    return null;
  } catch (error) {
    return error as { status: number; code: string; headers: Record<string, string>; message: string };
  }
};

/** An instance's store: memory beside SQLite, the table on PostgreSQL (trimmed on every failure, so the bound shows at once). */
const storeOf = (opened: EngineUnderTest, tracked: number) =>
  repositoryOn<LoginThrottleStore>(opened, { sqlite: () => new MemoryLoginThrottleStore(tracked), postgres: (d) => new PostgresLoginThrottleStore(d.db, tracked, 0) });

/** A new database with the store's table, and the first instance's store on it. */
async function storeOn(opened: EngineUnderTest, tracked: number): Promise<LoginThrottleStore> {
  return storeOf(opened, tracked);
}

describe.each(engines)('LoginThrottle with the $name engine’s store', (engine) => {
  const throttleOn = async (l: LoginThrottleLimits, now: () => number) => new LoginThrottle(l, await storeOn(await engine.open(), l.tracked), now);

  it('refuses an address for an account after its failures, with 429 login_throttled, the seconds left and the way to reset', async () => {
    let now = 1_000_000;
    const throttle = await throttleOn(limits, () => now);
    for (let i = 0; i < 3; i++) {
      expect(await refusal(throttle, from('10.0.0.1'))).toBeNull();
      await throttle.fail(from('10.0.0.1'));
      now += 1;
    }
    now += 20_000;
    const refused = (await refusal(throttle, from('10.0.0.1', 'ADA@example.com')))!;
    expect(refused).toMatchObject({ status: 429, code: 'login_throttled', headers: { 'Retry-After': '40' } });
    expect(refused.message).toContain('Forgot password?');
    expect(await refusal(throttle, from('10.0.0.1', 'grace@example.com'))).toBeNull();
    now += 40_000;
    expect(await refusal(throttle, from('10.0.0.1'))).toBeNull();
  });

  it('slows guesses spread over many addresses with a doubling wait, rather than locking the account', async () => {
    let now = 1_000_000;
    const throttle = await throttleOn(limits, () => now);
    for (let i = 0; i < 5; i++) await throttle.fail(from(`10.0.1.${i}`));
    // 5 failures, 2 past the limit: the next try waits 2^2 = 4 s from the last failure.
    expect((await refusal(throttle, from('10.0.9.9')))?.headers).toEqual({ 'Retry-After': '4' });
    now += 4_000;
    expect(await refusal(throttle, from('10.0.9.9'))).toBeNull();
  });

  it('bounds the doubling wait by maxDelayMs, and starts the count again once its window is over', async () => {
    let now = 1_000_000;
    const throttle = await throttleOn({ ...limits, maxDelayMs: 5_000 }, () => now);
    for (let i = 0; i < 8; i++) await throttle.fail(from(`10.0.2.${i}`));
    expect((await refusal(throttle, from('10.0.9.9')))?.headers).toEqual({ 'Retry-After': '5' });
    now += 60_000;
    await throttle.fail(from('10.0.3.1'));
    expect(await refusal(throttle, from('10.0.9.9'))).toBeNull();
  });

  it('lets the owner’s own browser in whatever others send: an attacker at 10 wrong passwords a minute for an hour', async () => {
    let now = 0;
    const throttle = await throttleOn({ failures: 10, windowMs: 15 * 60_000, tracked: 100, maxDelayMs: 15 * 60_000 }, () => now);
    const owner = from('192.0.2.7', 'ada@example.com', 'device-of-ada');
    let ownerRefused = 0;
    let attackerTries = 0;
    for (let minute = 0; minute < 60; minute++) {
      for (let i = 0; i < 10; i++) {
        now = minute * 60_000 + i * 6_000;
        const attacker = from('203.0.113.66');
        if ((await refusal(throttle, attacker)) === null) {
          await throttle.fail(attacker);
          attackerTries++;
        }
      }
      now = minute * 60_000 + 59_000;
      if ((await refusal(throttle, owner)) !== null) ownerRefused++;
    }
    expect(ownerRefused).toBe(0);
    // The attacker's address got at most 10 guesses per 15-minute window: 40 in the hour.
    expect(attackerTries).toBeLessThanOrEqual(40);
  });

  it('counts a trusted browser’s own failures apart, and holds it back after its own', async () => {
    const throttle = await throttleOn(limits, Date.now);
    for (let i = 0; i < 3; i++) await throttle.fail(from('10.0.0.1', 'ada@example.com', 'mine'));
    expect((await refusal(throttle, from('10.0.0.1', 'ada@example.com', 'mine')))?.code).toBe('login_throttled');
    expect(await refusal(throttle, from('10.0.0.1'))).toBeNull();
  });

  it('forgets an address’s failures after a success', async () => {
    const throttle = await throttleOn(limits, Date.now);
    await throttle.fail(from('10.0.0.1'));
    await throttle.fail(from('10.0.0.1'));
    await throttle.succeed(from('10.0.0.1'));
    await throttle.fail(from('10.0.0.1'));
    await throttle.fail(from('10.0.0.1'));
    expect(await refusal(throttle, from('10.0.0.1'))).toBeNull();
  });

  it('remembers at most `tracked` entries, forgetting the oldest first', async () => {
    let now = 1_000_000;
    const throttle = await throttleOn({ ...limits, tracked: 2 }, () => now++);
    for (let i = 0; i < 3; i++) await throttle.fail(from('10.0.0.1', 'old@b.co'));
    await throttle.fail(from('10.0.0.1', 'x@b.co'));
    await throttle.fail(from('10.0.0.1', 'y@b.co'));
    expect(await refusal(throttle, from('10.0.0.1', 'old@b.co'))).toBeNull();
    await throttle.fail(from('10.0.0.1', 'y@b.co'));
    await throttle.fail(from('10.0.0.1', 'y@b.co'));
    expect((await refusal(throttle, from('10.0.0.1', 'y@b.co')))?.code).toBe('login_throttled');
  });

  it('counts every one of 20 failures recorded at once on one account, each seeing its own count', async () => {
    const store = await storeOn(await engine.open(), 100);
    const account = { kind: 'account', key: 'ada@example.com' } as const;
    const recorded = await Promise.all(Array.from({ length: 20 }, (_, i) => store.recordFailure([{ kind: 'pair', key: `ada@example.com|10.0.0.${i}` }, account], 1_000 + i, 0)));
    expect(recorded.map(([pair]) => pair!.failures)).toEqual(Array(20).fill(1));
    expect(recorded.map(([, counted]) => counted!.failures).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    const [count] = await store.read([account], 0);
    expect(count).toMatchObject({ failures: 20, since: expect.any(Number), last: 1_019 });
  });
});

describe.each(engines.filter((e) => e.name === 'postgres'))('LoginThrottle’s shared table on $name', (engine) => {
  it('holds back on one instance the guesses made through another', async () => {
    const opened = await engine.open();
    const [first, second] = [await storeOn(opened, 100), storeOf(opened, 100)];
    const now = () => 5_000_000;
    const a = new LoginThrottle(limits, first, now);
    const b = new LoginThrottle(limits, second, now);
    await a.fail(from('10.0.0.1'));
    await b.fail(from('10.0.0.1'));
    await a.fail(from('10.0.0.1'));
    expect((await refusal(b, from('10.0.0.1')))?.code).toBe('login_throttled');
    await b.succeed(from('10.0.0.1'));
    expect(await refusal(a, from('10.0.0.1'))).toBeNull();
  });

  it('deletes the counts whose window is over when it records a failure', async () => {
    const opened = await engine.open();
    let now = 5_000_000;
    const throttle = new LoginThrottle(limits, await storeOn(opened, 100), () => now);
    await throttle.fail(from('10.0.0.1', 'old@b.co'));
    now += limits.windowMs;
    await throttle.fail(from('10.0.0.1', 'new@b.co'));
    expect(await opened.one('SELECT count(*) AS n FROM login_throttle_counts WHERE key LIKE ?', 'old@b.co%')).toEqual({ n: 0 });
    expect(await opened.one('SELECT count(*) AS n FROM login_throttle_counts')).toEqual({ n: 2 });
  });
});
