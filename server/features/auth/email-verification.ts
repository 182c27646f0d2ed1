/**
 * Proving that an email is the account's (docs/api.md §12). A verification link carries
 * `<user id>.<expiry ms>.<MAC>`, the MAC an HMAC-SHA256 under a key derived from the master key over
 * the user id, the expiry and a random nonce stored with the user: it is signed (cannot be made up),
 * expires after 24 hours, and is single-use (verifying clears the nonce; a new link replaces it).
 * Links go out as the server's mail does (docs/decisions/037): through SMTP, or into the outbox of a
 * server nobody else can reach; a server that can send none says so.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { AppError } from '../../errors.ts';
import type { Logger } from '../../logger.ts';
import type { Delivery, Mailer } from '../../mail/mailer.ts';
import type { AccountLinksRepository } from './account-links.repository.ts';

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

const tooSoon = (waitMs: number) => {
  const seconds = Math.ceil(waitMs / 1000);
  return new AppError(429, 'resend_too_soon', `A link was sent less than a minute ago: wait ${seconds} seconds before asking for another.`, undefined, undefined, { 'Retry-After': String(seconds) });
};

const invalid = () =>
  new AppError(400, 'invalid_verification_link', 'This verification link is not valid (it was replaced by a newer one, or already used): ask for a new one from your dashboard.', 'token');

export class EmailVerification {
  private readonly now: () => number;

  constructor(
    private readonly links: AccountLinksRepository,
    private readonly mailer: Mailer,
    private readonly logger: Logger,
    private readonly options: VerificationOptions,
  ) {
    this.now = options.now ?? Date.now;
  }

  /**
   * A fresh link for the user (replacing any earlier one). A `resend` is refused (429
   * resend_too_soon) while the latest link is under a minute old, by the same write that would
   * replace it: requests racing past checkCooldown send one link.
   */
  async issue(userId: string, { resend = false } = {}): Promise<string> {
    const nonce = randomBytes(16).toString('base64url');
    const now = this.now();
    const issued = await this.links.issueVerification(userId, nonce, new Date(now), resend ? new Date(now - RESEND_COOLDOWN_MS) : undefined);
    if (!issued && resend) {
      await this.checkCooldown(userId);
      // The latest link's minute ended between the write and this read: asking again now works.
      throw tooSoon(1000);
    }
    const expires = this.now() + VERIFICATION_TTL_MS;
    const token = `${userId}.${expires}.${this.mac(userId, expires, nonce)}`;
    return `${this.options.baseUrl}${VERIFY_PATH}?token=${encodeURIComponent(token)}`;
  }

  /** Throws 429 resend_too_soon while the account's latest link is under a minute old. */
  async checkCooldown(userId: string): Promise<void> {
    const sentAt = await this.links.verificationSentAt(userId);
    const wait = sentAt ? sentAt.getTime() + RESEND_COOLDOWN_MS - this.now() : 0;
    if (wait > 0) throw tooSoon(wait);
  }

  /**
   * Issues a link and mails it; says where it went. Never throws for a mail failure (it is logged,
   * and the link is unsent); a `resend` within the cooldown throws resend_too_soon (issue).
   */
  async send(user: { id: string; email: string }, options: { resend?: boolean } = {}): Promise<Delivery> {
    const link = await this.issue(user.id, options);
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
  async verify(token: string, signedInUserId: string): Promise<string> {
    const parts = token.split('.');
    if (parts.length !== 3) throw invalid();
    const [userId, expiresText, mac] = parts as [string, string, string];
    const expires = Number(expiresText);
    if (!Number.isSafeInteger(expires)) throw invalid();
    if (userId !== signedInUserId) {
      throw new AppError(403, 'verification_for_another_account', 'This verification link is for another account: sign out, and sign in to the account it was sent for.', 'token');
    }
    const nonce = await this.links.verificationNonce(userId);
    if (!nonce) throw invalid();
    const expected = Buffer.from(this.mac(userId, expires, nonce));
    const given = Buffer.from(mac);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalid();
    if (this.now() > expires) {
      throw new AppError(410, 'verification_link_expired', 'This verification link has expired: ask for a new one from your dashboard.', 'token');
    }
    // Once: a concurrent request with the same link, or a newer link issued since, finds the nonce gone.
    if (!(await this.links.markEmailVerified(userId, nonce, new Date(this.now())))) throw invalid();
    return userId;
  }

  private mac(userId: string, expires: number, nonce: string): string {
    return createHmac('sha256', this.options.key).update(`${userId}.${expires}.${nonce}`).digest('base64url');
  }
}
