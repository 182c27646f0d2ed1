/**
 * Two-factor sign-in (docs/decisions/039): a TOTP authenticator app, with ten single-use recovery
 * codes for when the phone is lost. Set up in two steps (a secret is proposed, then confirmed by a
 * code from the app, so a typo cannot lock the owner out); asked for after the password at sign-in
 * and again for sensitive actions (step-up). Failed codes are counted per account: past
 * MAX_FAILURES in FAILURE_WINDOW_MS, codes are refused until the window ends, which bounds guessing
 * (a code has 10^6 values, 3 of them valid at a time). The counts are the login throttle's store's
 * (kind 'totp'): this process's memory on SQLite, the table every PostgreSQL instance shares, so
 * the bound holds however many instances the guesses are spread over
 * (docs/decisions/050-one-storage-seam.md).
 */
import { createHash, randomBytes } from 'node:crypto';
import { AppError, conflict } from '../../errors.ts';
import type { Logger } from '../../logger.ts';
import type { FailureKey, LoginThrottleStore } from '../../security/login-throttle-store.ts';
import type { Sealer } from '../../security/sealing.ts';
import { acceptedStep, newTotpSecret, totpUri } from '../../security/totp.ts';
import type { AccountNotices } from './account-notices.ts';
import type { TwoFactorRepository } from './two-factor.repository.ts';

export const RECOVERY_CODE_COUNT = 10;
const MAX_FAILURES = 10;
const FAILURE_WINDOW_MS = 15 * 60_000;
const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

const digest = (code: string) => createHash('sha256').update(`recovery:${code}`).digest('hex');
/** A code as typed: spaces and hyphens dropped, lower case. */
const normalise = (code: string) => code.replace(/[\s-]/g, '').toLowerCase();
/** 10 base32 characters (50 bits), shown as xxxxx-xxxxx. */
function newRecoveryCode(): string {
  const bytes = randomBytes(10);
  const chars = Array.from(bytes, (b) => BASE32[b & 31]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}
const newRecoveryCodes = () => Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);

const alreadyOn = () => conflict('two_factor_already_on', 'Two-factor sign-in is already on.');
const notStarted = () => conflict('two_factor_not_started', 'Start the set-up first: it gives the secret to add to your authenticator app.');
const invalidCode = () => new AppError(400, 'invalid_two_factor_code', 'This code is not right: enter the 6 digits your authenticator app shows now, or one of your recovery codes.', 'code');

const wrongCodesOf = (userId: string): FailureKey[] => [{ kind: 'totp', key: userId }];

export class TwoFactor {
  constructor(
    private readonly store: TwoFactorRepository,
    /** Where the wrong codes are counted (server/app-storage.ts chooses it with the engine). */
    private readonly wrongCodes: LoginThrottleStore,
    private readonly sealer: Sealer,
    private readonly notices: AccountNotices,
    private readonly logger: Logger,
    /** The clock of codes, pending sign-ins and the step-up window. */
    readonly now: () => Date = () => new Date(),
  ) {}

  async isEnabled(userId: string): Promise<boolean> {
    return (await this.store.stateOf(userId))?.enabled ?? false;
  }

  async status(userId: string): Promise<{ enabled: boolean; recoveryCodesLeft: number }> {
    return { enabled: await this.isEnabled(userId), recoveryCodesLeft: await this.store.recoveryCodesLeft(userId) };
  }

  /** Proposes a new secret (replacing one proposed before); it takes effect once confirmed by enable(). */
  async begin(userId: string, email: string): Promise<{ secret: string; uri: string }> {
    const secret = newTotpSecret();
    if (!(await this.store.proposeSecret(userId, this.sealer.seal(Buffer.from(secret), userId)))) {
      throw conflict('two_factor_already_on', 'Two-factor sign-in is already on: turn it off first to use another app.');
    }
    return { secret, uri: totpUri(secret, email) };
  }

  /** Turns it on with a code from the proposed secret; the recovery codes, shown this once. */
  async enable(userId: string, code: string): Promise<string[]> {
    const state = (await this.store.stateOf(userId))!;
    if (state.enabled) throw alreadyOn();
    if (!state.pending) throw notStarted();
    const secret = this.sealer.open(state.pending, userId).toString();
    const step = acceptedStep(secret, normalise(code), this.now().getTime(), null);
    if (step === null) throw invalidCode();
    const codes = newRecoveryCodes();
    if (!(await this.store.enable(userId, state.pending, step, this.now(), codes.map(digest)))) {
      // A concurrent request turned it on, or proposed another secret, since the read above.
      throw (await this.isEnabled(userId)) ? alreadyOn() : notStarted();
    }
    this.logger.info({ userId }, 'two-factor sign-in turned on');
    void this.notices.send({ id: userId, email: state.email }, 'two-factor-on', {
      subject: 'Two-factor sign-in is on for your PQ Platform account',
      text: 'Signing in to your account now needs a code from your authenticator app (or a recovery code) after the password. If it was not you, reset your password and contact the operator of this server.',
    });
    return codes;
  }

  async disable(userId: string): Promise<void> {
    const { email } = (await this.store.stateOf(userId))!;
    await this.store.disable(userId);
    this.logger.info({ userId }, 'two-factor sign-in turned off');
    void this.notices.send({ id: userId, email }, 'two-factor-off', {
      subject: 'Two-factor sign-in was turned off on your PQ Platform account',
      text: 'Signing in to your account needs only the password again. If it was not you, reset your password at once and turn two-factor sign-in back on.',
    });
  }

  /** Ten new recovery codes; the old ones stop working. */
  async newRecoveryCodes(userId: string): Promise<string[]> {
    const codes = newRecoveryCodes();
    if (!(await this.store.replaceRecoveryCodes(userId, codes.map(digest)))) throw conflict('two_factor_off', 'Two-factor sign-in is off: turn it on first.');
    return codes;
  }

  /** Checks a code of the account's app, or one of its recovery codes (used up by this); throws when wrong. */
  async verify(userId: string, code: string): Promise<'app' | 'recovery'> {
    const now = this.now().getTime();
    // Counted as a failure before the code is looked up (a right one clears the count), and the
    // count read from that same step: of codes checked at the same time, through any instance, at
    // most MAX_FAILURES are looked up in a window. Refused ones count too, which moves no window.
    const [seen] = await this.wrongCodes.recordFailure(wrongCodesOf(userId), now, now - FAILURE_WINDOW_MS);
    if (seen!.failures > MAX_FAILURES) {
      const retryAfterS = Math.ceil((seen!.since + FAILURE_WINDOW_MS - now) / 1000);
      throw new AppError(429, 'two_factor_throttled', `Too many wrong codes: try again in ${Math.ceil(retryAfterS / 60)} minutes.`, 'code', undefined, { 'Retry-After': String(retryAfterS) });
    }
    const typed = normalise(code);
    const used = /^\d{6}$/.test(typed) ? await this.useAppCode(userId, typed, now) : await this.useRecoveryCode(userId, typed, now);
    if (!used) throw invalidCode();
    await this.wrongCodes.clear(wrongCodesOf(userId));
    return used;
  }

  private async useAppCode(userId: string, code: string, now: number): Promise<'app' | null> {
    const state = await this.store.stateOf(userId);
    if (!state?.secret) return null;
    const step = acceptedStep(this.sealer.open(state.secret, userId).toString(), code, now, state.lastStep);
    // Once: a concurrent request with the same code (or a later one) may have taken the step since the read.
    if (step === null || !(await this.store.acceptAppStep(userId, step))) return null;
    return 'app';
  }

  private async useRecoveryCode(userId: string, code: string, now: number): Promise<'recovery' | null> {
    if (!/^[a-z2-7]{10}$/.test(code)) return null;
    if (!(await this.store.useRecoveryCode(userId, digest(`${code.slice(0, 5)}-${code.slice(5)}`), new Date(now)))) return null;
    this.logger.info({ userId }, 'a recovery code was used');
    return 'recovery';
  }
}
