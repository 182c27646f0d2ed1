/**
 * Proving that an email is the account's (docs/api.md §12). A verification link carries
 * `<user id>.<expiry ms>.<MAC>`, the MAC an HMAC-SHA256 under a key derived from the master key over
 * the user id, the expiry and a random nonce stored with the user: it is signed (cannot be made up),
 * expires after 24 hours, and is single-use (verifying clears the nonce; a new link replaces it).
 * Links go out as the server's mail does (docs/decisions/037): through SMTP, or into the outbox of a
 * server nobody else can reach; a server that can send none says so.
 */
import { eq } from 'drizzle-orm';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../../db/connection.ts';
import { users } from '../../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { Logger } from '../../logger.ts';
import type { Delivery, Mailer } from '../../mail/mailer.ts';

export const VERIFICATION_TTL_MS = 24 * 60 * 60 * 1000;
/** An account gets a new link at most this often, so the server cannot be used to flood an inbox. */
export const RESEND_COOLDOWN_MS = 60_000;
export const VERIFY_PATH = '/api/auth/verify-email';

export interface VerificationOptions {
  key: Buffer;
  /** Where links point: the public origin of this server. */
  baseUrl: string;
  now?: () => number;
}

const invalid = () =>
  new AppError(400, 'invalid_verification_link', 'This verification link is not valid (it was replaced by a newer one, or already used): ask for a new one from your dashboard.', 'token');

export class EmailVerification {
  private readonly now: () => number;

  constructor(
    private readonly db: Db,
    private readonly mailer: Mailer,
    private readonly logger: Logger,
    private readonly options: VerificationOptions,
  ) {
    this.now = options.now ?? Date.now;
  }

  /** A fresh link for the user (replacing any earlier one). */
  issue(userId: string): string {
    const nonce = randomBytes(16).toString('base64url');
    this.db.update(users).set({ emailVerificationNonce: nonce, emailVerificationSentAt: new Date(this.now()) }).where(eq(users.id, userId)).run();
    const expires = this.now() + VERIFICATION_TTL_MS;
    const token = `${userId}.${expires}.${this.mac(userId, expires, nonce)}`;
    return `${this.options.baseUrl}${VERIFY_PATH}?token=${encodeURIComponent(token)}`;
  }

  /** Throws 429 resend_too_soon while the account's latest link is under a minute old. */
  checkCooldown(userId: string): void {
    const sentAt = this.db.select({ at: users.emailVerificationSentAt }).from(users).where(eq(users.id, userId)).get()?.at;
    const wait = sentAt ? sentAt.getTime() + RESEND_COOLDOWN_MS - this.now() : 0;
    if (wait > 0) {
      const seconds = Math.ceil(wait / 1000);
      throw new AppError(429, 'resend_too_soon', `A link was sent less than a minute ago: wait ${seconds} seconds before asking for another.`, undefined, undefined, { 'Retry-After': String(seconds) });
    }
  }

  /** Issues a link and mails it; says where it went. Never throws for a mail failure (it is logged, and the link is unsent). */
  async send(user: { id: string; email: string }): Promise<Delivery> {
    const link = this.issue(user.id);
    try {
      const delivery = await this.mailer.send({
        to: user.email,
        subject: 'Verify your email for PQ Platform',
        text: `Open this link within 24 hours to verify ${user.email}:\n\n${link}\n\nIf you did not create an account, ignore this mail.`,
      });
      if (delivery === 'unsent') this.logger.warn({ userId: user.id }, 'email verification link not sent: this server has no way to send mail (set SMTP_URL)');
      return delivery;
    } catch (error) {
      this.logger.warn({ smtp: (error as { code?: string }).code ?? 'error', userId: user.id }, 'verification mail not sent');
      return 'unsent';
    }
  }

  /**
   * Marks the email of the link's user verified, when that is the signed-in account: a link opened
   * in a browser signed in to another account, or to none, verifies nothing (docs/decisions/037),
   * so an address registered by someone else cannot be verified for them by its owner's click.
   */
  verify(token: string, signedInUserId: string): string {
    const parts = token.split('.');
    if (parts.length !== 3) throw invalid();
    const [userId, expiresText, mac] = parts as [string, string, string];
    const expires = Number(expiresText);
    if (!Number.isSafeInteger(expires)) throw invalid();
    if (userId !== signedInUserId) {
      throw new AppError(403, 'verification_for_another_account', 'This verification link is for another account: sign out, and sign in to the account it was sent for.', 'token');
    }
    const user = this.db.select({ nonce: users.emailVerificationNonce, verifiedAt: users.emailVerifiedAt }).from(users).where(eq(users.id, userId)).get();
    if (!user?.nonce) throw invalid();
    const expected = Buffer.from(this.mac(userId, expires, user.nonce));
    const given = Buffer.from(mac);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalid();
    if (this.now() > expires) {
      throw new AppError(410, 'verification_link_expired', 'This verification link has expired: ask for a new one from your dashboard.', 'token');
    }
    this.db.update(users).set({ emailVerifiedAt: new Date(this.now()), emailVerificationNonce: null, updatedAt: new Date(this.now()) }).where(eq(users.id, userId)).run();
    return userId;
  }

  private mac(userId: string, expires: number, nonce: string): string {
    return createHmac('sha256', this.options.key).update(`${userId}.${expires}.${nonce}`).digest('base64url');
  }
}
