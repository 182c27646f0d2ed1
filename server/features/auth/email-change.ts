/**
 * Changing an account's email (docs/decisions/037). The owner asks with the current password; the
 * new address gets a link (a random 256-bit token, only its SHA-256 kept, 24 hours, once) that
 * completes the change only in a session signed in to that account, and the old address is told at
 * once. Asking answers the same whether or not the new address is taken, and a taken address is
 * found out only when the link is opened by the account's owner, who then learns nothing they could
 * not by signing up with it. Once changed, the old address gets a notice and the new one counts as
 * verified (its owner opened the link).
 */
import { createHash, randomBytes } from 'node:crypto';
import { AppError } from '../../errors.ts';
import type { Logger } from '../../logger.ts';
import type { PasswordHasher } from '../../security/passwords.ts';
import type { AccountLinksRepository } from './account-links.repository.ts';
import type { AccountNotices } from './account-notices.ts';
import type { AccountsRepository } from './accounts.repository.ts';

export const EMAIL_CHANGE_TTL_MS = 24 * 60 * 60_000;
export const EMAIL_CHANGES_PER_DAY = 5;
export const CONFIRM_EMAIL_PATH = '/api/auth/email/confirm';

const digest = (token: string) => createHash('sha256').update(token).digest('hex');
const invalid = () => new AppError(400, 'invalid_email_change_link', 'This link is not valid: it was used, it expired after 24 hours, or a newer one replaced it. Ask for a new one from your dashboard.', 'token');

export class EmailChanges {
  constructor(
    private readonly accounts: AccountsRepository,
    private readonly links: AccountLinksRepository,
    private readonly hasher: PasswordHasher,
    private readonly notices: AccountNotices,
    private readonly logger: Logger,
    private readonly baseUrl: string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Mails the new address a confirmation link and the old one a notice. */
  async request(userId: string, newEmail: string, currentPassword: string): Promise<void> {
    const user = (await this.accounts.credentials(userId))!;
    if (user.passwordDigest && !(await this.hasher.verify(currentPassword, user.passwordDigest))) {
      throw new AppError(403, 'wrong_password', 'The current password is wrong.', 'currentPassword');
    }
    if (newEmail === user.email) throw new AppError(400, 'validation_error', 'newEmail is already your email.', 'newEmail');
    const now = this.now();
    const token = randomBytes(32).toString('base64url');
    const change = { tokenDigest: digest(token), userId, newEmail, expiresAt: new Date(now.getTime() + EMAIL_CHANGE_TTL_MS), createdAt: now };
    if (!(await this.links.addEmailChangeWithinLimit(change, new Date(now.getTime() - 86_400_000), EMAIL_CHANGES_PER_DAY))) {
      throw new AppError(429, 'too_many_email_changes', `${EMAIL_CHANGES_PER_DAY} email changes were asked for today: try again tomorrow.`);
    }
    const link = `${this.baseUrl}${CONFIRM_EMAIL_PATH}?token=${token}`;
    void this.notices.send({ id: userId, email: newEmail }, 'email-change-link', { subject: 'Confirm your new email for PQ Platform', text: `To make ${newEmail} the email of your PQ Platform account, open this link within 24 hours, signed in to that account:\n\n${link}\n\nIf you did not ask for this, ignore this mail.` });
    void this.notices.send({ id: userId, email: user.email }, 'email-change-asked', { subject: 'An email change was asked for on your PQ Platform account', text: `Someone signed in to your account asked to change its email from ${user.email} to ${newEmail}. It changes only once the link mailed there is opened. If it was not you, change your password now and sign out your other sessions from the dashboard.` });
  }

  /** Completes the change of the link's account, signed in as it; the new email. */
  async confirm(token: string, signedInUserId: string): Promise<string> {
    const outcome = await this.links.confirmEmailChange(digest(token), signedInUserId, this.now());
    if (outcome.kind === 'invalid') throw invalid();
    if (outcome.kind === 'other_account') {
      throw new AppError(403, 'email_change_for_another_account', 'This link is for another account: sign out, and sign in to the account it was sent for.', 'token');
    }
    if (outcome.kind === 'taken') throw new AppError(409, 'email_taken', 'Another account has this email now: choose another address.', 'newEmail');
    const { oldEmail, newEmail } = outcome;
    this.logger.info({ userId: signedInUserId }, 'email changed');
    void this.notices.send({ id: signedInUserId, email: oldEmail }, 'email-changed', { subject: 'The email of your PQ Platform account was changed', text: `The email of your PQ Platform account is now ${newEmail}; this address (${oldEmail}) no longer signs in. If it was not you, reset the password from the sign-in page with the new address, or contact the operator of this server.` });
    return newEmail;
  }
}
