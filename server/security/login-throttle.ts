/**
 * Failed sign-ins, throttled so that guessing is slow and nobody else can lock an owner out (docs/api.md
 * §12; docs/decisions/037; OWASP's device-cookie pattern). Three counts, each over `windowMs`:
 * - per account and client address: after `failures` wrong passwords that address is refused for
 *   that account until the window has passed;
 * - per account, from browsers it has never signed in from: past `failures`, each further try must
 *   wait a delay that doubles with every failure (1 s, 2 s, 4 s, ... up to `maxDelayMs`): guesses
 *   spread over many addresses slow down, and the owner is slowed, not locked out;
 * - per trusted browser (a valid device cookie of this account, server/security/device-cookie.ts):
 *   such a browser is counted on its own and is not held back by failures from anywhere else.
 * A refusal is decided before any password is hashed, and emails with no account are counted the
 * same way, so a 429 says nothing about whether an account exists. At most `tracked` entries of
 * each count are kept (the oldest are forgotten first), so memory stays bounded.
 */
import { AppError } from '../errors.ts';

export interface LoginThrottleLimits {
  failures: number;
  windowMs: number;
  tracked: number;
  /** The longest wait the per-account delay grows to. */
  maxDelayMs: number;
}

export interface SignInAttempt {
  email: string;
  /** The client's address (as TRUST_PROXY resolves it). */
  ip: string;
  /** The id of a valid device cookie of this account, when the browser presented one. */
  device: string | null;
}

interface Count {
  count: number;
  since: number;
  last: number;
}

class Counts {
  private readonly seen = new Map<string, Count>();

  constructor(
    private readonly limits: LoginThrottleLimits,
    private readonly now: () => number,
  ) {}

  get(key: string): Count | undefined {
    const entry = this.seen.get(key);
    if (entry && this.now() - entry.since >= this.limits.windowMs) {
      this.seen.delete(key);
      return undefined;
    }
    return entry;
  }

  add(key: string): void {
    const entry = this.get(key);
    const now = this.now();
    this.seen.delete(key);
    this.seen.set(key, entry ? { count: entry.count + 1, since: entry.since, last: now } : { count: 1, since: now, last: now });
    while (this.seen.size > this.limits.tracked) this.seen.delete(this.seen.keys().next().value!);
  }

  clear(key: string): void {
    this.seen.delete(key);
  }
}

const RESET_HINT = 'or reset the password with “Forgot password?” on the sign-in page';

export class LoginThrottle {
  private readonly pairs: Counts;
  private readonly accounts: Counts;
  private readonly devices: Counts;

  constructor(
    private readonly limits: LoginThrottleLimits,
    private readonly now: () => number = Date.now,
  ) {
    this.pairs = new Counts(limits, now);
    this.accounts = new Counts(limits, now);
    this.devices = new Counts(limits, now);
  }

  /** Throws 429 login_throttled while this attempt must wait; says how long. */
  check(attempt: SignInAttempt): void {
    const email = attempt.email.toLowerCase();
    if (attempt.device !== null) {
      const device = this.devices.get(attempt.device);
      if (device && device.count >= this.limits.failures) this.refuse(device.since + this.limits.windowMs, `Too many wrong passwords from this browser: wait`);
      return;
    }
    const pair = this.pairs.get(`${email}|${attempt.ip}`);
    if (pair && pair.count >= this.limits.failures) this.refuse(pair.since + this.limits.windowMs, 'Too many wrong passwords for this account from your address: wait');
    const account = this.accounts.get(email);
    if (account && account.count >= this.limits.failures) {
      const delay = Math.min(1000 * 2 ** (account.count - this.limits.failures), this.limits.maxDelayMs);
      if (this.now() < account.last + delay) this.refuse(account.last + delay, 'Many wrong passwords for this account lately, so each try must wait: try again in');
    }
  }

  fail(attempt: SignInAttempt): void {
    const email = attempt.email.toLowerCase();
    if (attempt.device !== null) return this.devices.add(attempt.device);
    this.pairs.add(`${email}|${attempt.ip}`);
    this.accounts.add(email);
  }

  succeed(attempt: SignInAttempt): void {
    const email = attempt.email.toLowerCase();
    this.pairs.clear(`${email}|${attempt.ip}`);
    if (attempt.device !== null) this.devices.clear(attempt.device);
    else this.accounts.clear(email);
  }

  private refuse(until: number, text: string): never {
    const seconds = Math.max(1, Math.ceil((until - this.now()) / 1000));
    throw new AppError(429, 'login_throttled', `${text} ${seconds} seconds, ${RESET_HINT}.`, 'email', undefined, { 'Retry-After': String(seconds) });
  }
}
