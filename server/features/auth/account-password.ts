/**
 * An account's password, changed or reset (docs/api.md §12; docs/decisions/037).
 * - Reset: asking answers the same whatever the address, so it says nothing about which accounts
 *   exist; an existing account gets a mail with a single-use link (a random 256-bit token, only its
 *   SHA-256 kept) that works for 30 minutes, at most RESETS_PER_HOUR an hour. Setting the new
 *   password through it ends every session of the account.
 * - Change: the current password is required; the account's other sessions end.
 * Either way the owner is mailed a notice.
 */
import { createHash, randomBytes } from 'node:crypto';
import { AppError } from '../../errors.ts';
import type { Logger } from '../../logger.ts';
import type { PasswordHasher } from '../../security/passwords.ts';
import { checkPasswordStrength } from '../../security/password-policy.ts';
import type { AccountLinksRepository } from './account-links.repository.ts';
import type { AccountNotices } from './account-notices.ts';
import type { AccountsRepository } from './accounts.repository.ts';
import type { SessionService } from './sessions.service.ts';

export const RESET_TTL_MS = 30 * 60_000;
export const RESETS_PER_HOUR = 3;
export const RESET_PAGE = '/reset-password';

const digest = (token: string) => createHash('sha256').update(token).digest('hex');
const invalid = () =>
  new AppError(400, 'invalid_reset_link', 'This password-reset link is not valid: it was used, it expired after 30 minutes, or it was mistyped. Ask for a new one.', 'token');

export class AccountPasswords {
  constructor(
    private readonly accounts: AccountsRepository,
    private readonly links: AccountLinksRepository,
    private readonly hasher: PasswordHasher,
    private readonly sessions: SessionService,
    private readonly notices: AccountNotices,
    private readonly logger: Logger,
    private readonly baseUrl: string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /**
   * Mails a reset link if an account has this email and has not had RESETS_PER_HOUR links this
   * hour; otherwise does nothing. Returns nothing either way, so the answer cannot tell them apart.
   */
  async requestReset(email: string): Promise<void> {
    const account = await this.accounts.findByEmail(email.trim().toLowerCase());
    if (!account) return;
    const user = { id: account.user.id, email: account.user.email };
    const now = this.now();
    const token = randomBytes(32).toString('base64url');
    const reset = { tokenDigest: digest(token), userId: user.id, expiresAt: new Date(now.getTime() + RESET_TTL_MS), createdAt: now };
    if (!(await this.links.addResetWithinLimit(reset, new Date(now.getTime() - 3_600_000), RESETS_PER_HOUR))) {
      this.logger.info({ userId: user.id }, 'password reset not mailed: this account had its hourly links');
      return;
    }
    const link = `${this.baseUrl}${RESET_PAGE}?token=${token}`;
    // Not awaited: the answer must take no longer for an account that exists than for one that does not.
    void this.notices.send(user, 'password-reset-link', { subject: 'Reset your PQ Platform password', text: `Someone asked to reset the password of ${user.email}. To choose a new one, open this link within 30 minutes:\n\n${link}\n\nIf it was not you, ignore this mail: your password stays as it is.` });
  }

  /** Sets the password of the link's account, once; ends all its sessions and mails a notice. Returns the account id. */
  async completeReset(token: string, password: string): Promise<string> {
    const owner = await this.links.resetOwner(digest(token));
    if (!owner) throw invalid();
    checkPasswordStrength(password, [owner.email, owner.firstName ?? '', owner.lastName ?? ''], 'password');
    const passwordDigest = await this.hasher.hash(password);
    const userId = await this.links.consumeReset(digest(token), passwordDigest, this.now());
    if (userId === undefined) throw invalid();
    const ended = await this.sessions.endOthers(userId, '');
    this.logger.info({ userId, sessionsEnded: ended }, 'password reset: new password set, every session ended');
    const { email } = (await this.accounts.credentials(userId))!;
    await this.notices.send({ id: userId, email }, 'password-reset', { subject: 'Your PQ Platform password was changed', text: `The password of ${email} was just reset, and every session of the account was signed out. If it was not you, reset it again at once and check your API keys.` });
    return userId;
  }

  /** Replaces the password of a signed-in account after checking the current one; ends its other sessions. How many ended. */
  async change(userId: string, currentSid: string, current: string, next: string): Promise<number> {
    const row = await this.accounts.credentials(userId);
    if (!row?.passwordDigest) {
      throw new AppError(409, 'no_password', 'This account signs in with Google and has no password: set one with “Forgot password?” on the sign-in page.');
    }
    if (!(await this.hasher.verify(current, row.passwordDigest))) throw new AppError(403, 'wrong_password', 'The current password is wrong.', 'currentPassword');
    checkPasswordStrength(next, [row.email, row.firstName ?? '', row.lastName ?? ''], 'newPassword');
    const passwordDigest = await this.hasher.hash(next);
    await this.accounts.setPassword(userId, passwordDigest, this.now());
    const ended = await this.sessions.endOthers(userId, currentSid);
    this.logger.info({ userId, sessionsEnded: ended }, 'password changed, the other sessions ended');
    void this.notices.send({ id: userId, email: row.email }, 'password-changed', { subject: 'Your PQ Platform password was changed', text: `The password of ${row.email} was just changed, and the account's other sessions were signed out. If it was not you, reset it at once from the sign-in page.` });
    return ended;
  }
}
