/**
 * Failed sign-ins counted per account (docs/api.md §12), beside the per-IP limit: an attacker who
 * spreads guesses for one account over many addresses is stopped after `failures` wrong passwords
 * in `windowMs`, until the window has passed. Emails that have no account are counted the same
 * way, so a 429 says nothing about whether an account exists. At most `tracked` emails are
 * remembered (the oldest are forgotten first), so memory stays bounded.
 */
import { AppError } from '../errors.ts';

export interface LoginThrottleLimits {
  failures: number;
  windowMs: number;
  tracked: number;
}

export class LoginThrottle {
  private readonly seen = new Map<string, { count: number; since: number }>();

  constructor(
    private readonly limits: LoginThrottleLimits,
    private readonly now: () => number = Date.now,
  ) {}

  /** Throws 429 while this email has used up its failed attempts. */
  check(email: string): void {
    const entry = this.current(email);
    if (entry && entry.count >= this.limits.failures) {
      const seconds = Math.max(1, Math.ceil((entry.since + this.limits.windowMs - this.now()) / 1000));
      throw new AppError(
        429,
        'login_throttled',
        `Too many wrong passwords for this account: wait ${seconds} seconds, or reset the password.`,
        'email',
        undefined,
        { 'Retry-After': String(seconds) },
      );
    }
  }

  fail(email: string): void {
    const key = email.toLowerCase();
    const entry = this.current(key);
    this.seen.delete(key);
    this.seen.set(key, entry ? { count: entry.count + 1, since: entry.since } : { count: 1, since: this.now() });
    while (this.seen.size > this.limits.tracked) this.seen.delete(this.seen.keys().next().value!);
  }

  succeed(email: string): void {
    this.seen.delete(email.toLowerCase());
  }

  private current(email: string) {
    const key = email.toLowerCase();
    const entry = this.seen.get(key);
    if (entry && this.now() - entry.since >= this.limits.windowMs) {
      this.seen.delete(key);
      return undefined;
    }
    return entry;
  }
}
