import { describe, expect, it } from 'vitest';
import { LoginThrottle, type SignInAttempt } from './login-throttle.ts';

const limits = { failures: 3, windowMs: 60_000, tracked: 100, maxDelayMs: 60_000 };
const from = (ip: string, email = 'ada@example.com', device: string | null = null): SignInAttempt => ({ email, ip, device });
const refusal = (throttle: LoginThrottle, attempt: SignInAttempt) => {
  try {
    throttle.check(attempt);
    return null;
  } catch (error) {
    return error as { status: number; code: string; headers: Record<string, string>; message: string };
  }
};

describe('LoginThrottle', () => {
  it('refuses an address for an account after its failures, with 429 login_throttled, the seconds left and the way to reset', () => {
    let now = 1_000_000;
    const throttle = new LoginThrottle(limits, () => now);
    for (let i = 0; i < 3; i++) {
      expect(refusal(throttle, from('10.0.0.1'))).toBeNull();
      throttle.fail(from('10.0.0.1'));
      now += 1;
    }
    now += 20_000;
    const refused = refusal(throttle, from('10.0.0.1', 'ADA@example.com'))!;
    expect(refused).toMatchObject({ status: 429, code: 'login_throttled', headers: { 'Retry-After': '40' } });
    expect(refused.message).toContain('Forgot password?');
    expect(refusal(throttle, from('10.0.0.1', 'grace@example.com'))).toBeNull();
    now += 40_000;
    expect(refusal(throttle, from('10.0.0.1'))).toBeNull();
  });

  it('slows guesses spread over many addresses with a doubling wait, rather than locking the account', () => {
    let now = 1_000_000;
    const throttle = new LoginThrottle(limits, () => now);
    for (let i = 0; i < 5; i++) throttle.fail(from(`10.0.1.${i}`));
    // 5 failures, 2 past the limit: the next try waits 2^2 = 4 s from the last failure.
    expect(refusal(throttle, from('10.0.9.9'))?.headers).toEqual({ 'Retry-After': '4' });
    now += 4_000;
    expect(refusal(throttle, from('10.0.9.9'))).toBeNull();
  });

  it('lets the owner’s own browser in whatever others send: an attacker at 10 wrong passwords a minute for an hour', () => {
    let now = 0;
    const throttle = new LoginThrottle({ failures: 10, windowMs: 15 * 60_000, tracked: 100, maxDelayMs: 15 * 60_000 }, () => now);
    const owner = from('192.0.2.7', 'ada@example.com', 'device-of-ada');
    let ownerRefused = 0;
    let attackerTries = 0;
    for (let minute = 0; minute < 60; minute++) {
      for (let i = 0; i < 10; i++) {
        now = minute * 60_000 + i * 6_000;
        const attacker = from('203.0.113.66');
        if (refusal(throttle, attacker) === null) {
          throttle.fail(attacker);
          attackerTries++;
        }
      }
      now = minute * 60_000 + 59_000;
      if (refusal(throttle, owner) !== null) ownerRefused++;
    }
    expect(ownerRefused).toBe(0);
    // The attacker's address got at most 10 guesses per 15-minute window: 40 in the hour.
    expect(attackerTries).toBeLessThanOrEqual(40);
  });

  it('counts a trusted browser’s own failures apart, and holds it back after its own', () => {
    const throttle = new LoginThrottle(limits);
    for (let i = 0; i < 3; i++) throttle.fail(from('10.0.0.1', 'ada@example.com', 'mine'));
    expect(refusal(throttle, from('10.0.0.1', 'ada@example.com', 'mine'))?.code).toBe('login_throttled');
    expect(refusal(throttle, from('10.0.0.1'))).toBeNull();
  });

  it('forgets an address’s failures after a success', () => {
    const throttle = new LoginThrottle(limits);
    throttle.fail(from('10.0.0.1'));
    throttle.fail(from('10.0.0.1'));
    throttle.succeed(from('10.0.0.1'));
    throttle.fail(from('10.0.0.1'));
    throttle.fail(from('10.0.0.1'));
    expect(refusal(throttle, from('10.0.0.1'))).toBeNull();
  });

  it('remembers at most `tracked` entries, forgetting the oldest first', () => {
    const throttle = new LoginThrottle({ ...limits, tracked: 2 });
    for (let i = 0; i < 3; i++) throttle.fail(from('10.0.0.1', 'old@b.co'));
    throttle.fail(from('10.0.0.1', 'x@b.co'));
    throttle.fail(from('10.0.0.1', 'y@b.co'));
    expect(refusal(throttle, from('10.0.0.1', 'old@b.co'))).toBeNull();
  });
});
