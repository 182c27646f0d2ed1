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
 *
 * The counts live in a LoginThrottleStore (login-throttle-store.ts): this process's memory by
 * default, exact with one instance; on PostgreSQL a table every instance shares
 * (docs/decisions/050-one-storage-seam.md). These rules are the same over either.
 */
import { AppError } from '../errors.ts';
import { MemoryLoginThrottleStore, type FailureKey, type LoginThrottleStore } from './login-throttle-store.ts';

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

const RESET_HINT = 'or reset the password with “Forgot password?” on the sign-in page';

export class LoginThrottle {
  constructor(
    private readonly limits: LoginThrottleLimits,
    private readonly store: LoginThrottleStore = new MemoryLoginThrottleStore(limits.tracked),
    private readonly now: () => number = Date.now,
  ) {}

  /** Rejects with 429 login_throttled while this attempt must wait; says how long. */
  async check(attempt: SignInAttempt): Promise<void> {
    const now = this.now();
    const windowStart = now - this.limits.windowMs;
    if (attempt.device !== null) {
      const [device] = await this.store.read([deviceKey(attempt)], windowStart);
      if (device && device.failures >= this.limits.failures) this.refuse(now, device.since + this.limits.windowMs, `Too many wrong passwords from this browser: wait`);
      return;
    }
    const [pair, account] = await this.store.read([pairKey(attempt), accountKey(attempt)], windowStart);
    if (pair && pair.failures >= this.limits.failures) this.refuse(now, pair.since + this.limits.windowMs, 'Too many wrong passwords for this account from your address: wait');
    if (account && account.failures >= this.limits.failures) {
      const delay = Math.min(1000 * 2 ** (account.failures - this.limits.failures), this.limits.maxDelayMs);
      if (now < account.last + delay) this.refuse(now, account.last + delay, 'Many wrong passwords for this account lately, so each try must wait: try again in');
    }
  }

  async fail(attempt: SignInAttempt): Promise<void> {
    const now = this.now();
    const keys = attempt.device !== null ? [deviceKey(attempt)] : [pairKey(attempt), accountKey(attempt)];
    await this.store.recordFailure(keys, now, now - this.limits.windowMs);
  }

  succeed(attempt: SignInAttempt): Promise<void> {
    return this.store.clear([pairKey(attempt), attempt.device !== null ? deviceKey(attempt) : accountKey(attempt)]);
  }

  private refuse(now: number, until: number, text: string): never {
    const seconds = Math.max(1, Math.ceil((until - now) / 1000));
    throw new AppError(429, 'login_throttled', `${text} ${seconds} seconds, ${RESET_HINT}.`, 'email', undefined, { 'Retry-After': String(seconds) });
  }
}

const pairKey = (attempt: SignInAttempt): FailureKey => ({ kind: 'pair', key: `${attempt.email.toLowerCase()}|${attempt.ip}` });
const accountKey = (attempt: SignInAttempt): FailureKey => ({ kind: 'account', key: attempt.email.toLowerCase() });
const deviceKey = (attempt: SignInAttempt): FailureKey => ({ kind: 'device', key: attempt.device! });
