import { describe, expect, it } from 'vitest';
import { LoginThrottle } from './login-throttle.ts';

const limits = { failures: 3, windowMs: 60_000, tracked: 100 };

describe('LoginThrottle', () => {
  it('refuses an account after its failures, with 429 login_throttled and the seconds left', () => {
    let now = 1_000_000;
    const throttle = new LoginThrottle(limits, () => now);
    for (let i = 0; i < 3; i++) {
      expect(() => throttle.check('ada@example.com')).not.toThrow();
      throttle.fail('ada@example.com');
    }
    now += 20_000;
    expect(() => throttle.check('ADA@example.com')).toThrow(expect.objectContaining({ status: 429, code: 'login_throttled', headers: { 'Retry-After': '40' } }));
    expect(() => throttle.check('grace@example.com')).not.toThrow();
    now += 40_000;
    expect(() => throttle.check('ada@example.com')).not.toThrow();
  });

  it('forgets failures after a success', () => {
    const throttle = new LoginThrottle(limits);
    throttle.fail('a@b.co');
    throttle.fail('a@b.co');
    throttle.succeed('a@b.co');
    throttle.fail('a@b.co');
    throttle.fail('a@b.co');
    expect(() => throttle.check('a@b.co')).not.toThrow();
  });

  it('remembers at most `tracked` emails, forgetting the oldest first', () => {
    const throttle = new LoginThrottle({ ...limits, tracked: 2 });
    for (let i = 0; i < 3; i++) throttle.fail('old@b.co');
    throttle.fail('x@b.co');
    throttle.fail('y@b.co');
    expect(() => throttle.check('old@b.co')).not.toThrow();
  });
});
