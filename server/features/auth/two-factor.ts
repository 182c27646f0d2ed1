/**
 * Two-factor sign-in (docs/decisions/039): a TOTP authenticator app, with ten single-use recovery
 * codes for when the phone is lost. Set up in two steps (a secret is proposed, then confirmed by a
 * code from the app, so a typo cannot lock the owner out); asked for after the password at sign-in
 * and again for sensitive actions (step-up). Failed codes are counted per account: past
 * MAX_FAILURES in FAILURE_WINDOW_MS, codes are refused until the window ends, which bounds guessing
 * (a code has 10^6 values, 3 of them valid at a time).
 */
import { and, count, eq, isNull } from 'drizzle-orm';
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../../db/connection.ts';
import { recoveryCodes, users } from '../../../db/schema.ts';
import { AppError, conflict } from '../../errors.ts';
import type { Logger } from '../../logger.ts';
import type { Sealer } from '../../security/sealing.ts';
import { acceptedStep, newTotpSecret, totpUri } from '../../security/totp.ts';
import type { AccountNotices } from './account-notices.ts';

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

const invalidCode = () => new AppError(400, 'invalid_two_factor_code', 'This code is not right: enter the 6 digits your authenticator app shows now, or one of your recovery codes.', 'code');

export class TwoFactor {
  private readonly failures = new Map<string, { count: number; since: number }>();

  constructor(
    private readonly db: Db,
    private readonly sealer: Sealer,
    private readonly notices: AccountNotices,
    private readonly logger: Logger,
    /** The clock of codes, pending sign-ins and the step-up window. */
    readonly now: () => Date = () => new Date(),
  ) {}

  isEnabled(userId: string): boolean {
    return this.db.select({ on: users.totpEnabledAt }).from(users).where(eq(users.id, userId)).get()?.on != null;
  }

  status(userId: string): { enabled: boolean; recoveryCodesLeft: number } {
    const left = this.db.select({ n: count() }).from(recoveryCodes).where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt))).get()!.n;
    return { enabled: this.isEnabled(userId), recoveryCodesLeft: left };
  }

  /** Proposes a new secret (replacing one proposed before); it takes effect once confirmed by enable(). */
  begin(userId: string, email: string): { secret: string; uri: string } {
    if (this.isEnabled(userId)) throw conflict('two_factor_already_on', 'Two-factor sign-in is already on: turn it off first to use another app.');
    const secret = newTotpSecret();
    this.db.update(users).set({ totpPending: this.sealer.seal(Buffer.from(secret), userId) }).where(eq(users.id, userId)).run();
    return { secret, uri: totpUri(secret, email) };
  }

  /** Turns it on with a code from the proposed secret; the recovery codes, shown this once. */
  enable(userId: string, code: string): string[] {
    const row = this.db.select({ pending: users.totpPending, email: users.email }).from(users).where(eq(users.id, userId)).get()!;
    if (this.isEnabled(userId)) throw conflict('two_factor_already_on', 'Two-factor sign-in is already on.');
    if (!row.pending) throw conflict('two_factor_not_started', 'Start the set-up first: it gives the secret to add to your authenticator app.');
    const secret = this.sealer.open(row.pending, userId).toString();
    const step = acceptedStep(secret, normalise(code), this.now().getTime(), null);
    if (step === null) throw invalidCode();
    const codes = this.db.transaction((tx) => {
      tx.update(users).set({ totpSecret: row.pending, totpPending: null, totpEnabledAt: this.now(), totpLastStep: step }).where(eq(users.id, userId)).run();
      return this.replaceRecoveryCodes(tx, userId);
    });
    this.logger.info({ userId }, 'two-factor sign-in turned on');
    void this.notices.send({ id: userId, email: row.email }, 'two-factor-on', {
      subject: 'Two-factor sign-in is on for your PQ Platform account',
      text: 'Signing in to your account now needs a code from your authenticator app (or a recovery code) after the password. If it was not you, reset your password and contact the operator of this server.',
    });
    return codes;
  }

  disable(userId: string): void {
    const { email } = this.db.select({ email: users.email }).from(users).where(eq(users.id, userId)).get()!;
    this.db.transaction((tx) => {
      tx.update(users).set({ totpSecret: null, totpPending: null, totpEnabledAt: null, totpLastStep: null }).where(eq(users.id, userId)).run();
      tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId)).run();
    });
    this.logger.info({ userId }, 'two-factor sign-in turned off');
    void this.notices.send({ id: userId, email }, 'two-factor-off', {
      subject: 'Two-factor sign-in was turned off on your PQ Platform account',
      text: 'Signing in to your account needs only the password again. If it was not you, reset your password at once and turn two-factor sign-in back on.',
    });
  }

  /** Ten new recovery codes; the old ones stop working. */
  newRecoveryCodes(userId: string): string[] {
    if (!this.isEnabled(userId)) throw conflict('two_factor_off', 'Two-factor sign-in is off: turn it on first.');
    return this.db.transaction((tx) => this.replaceRecoveryCodes(tx, userId));
  }

  /** Checks a code of the account's app, or one of its recovery codes (used up by this); throws when wrong. */
  verify(userId: string, code: string): 'app' | 'recovery' {
    const now = this.now().getTime();
    const seen = this.failures.get(userId);
    if (seen && now - seen.since < FAILURE_WINDOW_MS && seen.count >= MAX_FAILURES) {
      const retryAfterS = Math.ceil((seen.since + FAILURE_WINDOW_MS - now) / 1000);
      throw new AppError(429, 'two_factor_throttled', `Too many wrong codes: try again in ${Math.ceil(retryAfterS / 60)} minutes.`, 'code', undefined, { 'Retry-After': String(retryAfterS) });
    }
    const typed = normalise(code);
    const used = /^\d{6}$/.test(typed) ? this.useAppCode(userId, typed, now) : this.useRecoveryCode(userId, typed, now);
    if (used) {
      this.failures.delete(userId);
      return used;
    }
    this.failures.set(userId, seen && now - seen.since < FAILURE_WINDOW_MS ? { count: seen.count + 1, since: seen.since } : { count: 1, since: now });
    throw invalidCode();
  }

  private useAppCode(userId: string, code: string, now: number): 'app' | null {
    const row = this.db.select({ secret: users.totpSecret, lastStep: users.totpLastStep }).from(users).where(eq(users.id, userId)).get();
    if (!row?.secret) return null;
    const step = acceptedStep(this.sealer.open(row.secret, userId).toString(), code, now, row.lastStep);
    if (step === null) return null;
    this.db.update(users).set({ totpLastStep: step }).where(eq(users.id, userId)).run();
    return 'app';
  }

  private useRecoveryCode(userId: string, code: string, now: number): 'recovery' | null {
    if (!/^[a-z2-7]{10}$/.test(code)) return null;
    const spent = this.db
      .update(recoveryCodes)
      .set({ usedAt: new Date(now) })
      .where(and(eq(recoveryCodes.codeDigest, digest(`${code.slice(0, 5)}-${code.slice(5)}`)), eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)))
      .run().changes;
    if (spent === 0) return null;
    this.logger.info({ userId }, 'a recovery code was used');
    return 'recovery';
  }

  private replaceRecoveryCodes(tx: Pick<Db, 'delete' | 'insert'>, userId: string): string[] {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId)).run();
    tx.insert(recoveryCodes).values(codes.map((c) => ({ codeDigest: digest(c), userId }))).run();
    return codes;
  }
}
