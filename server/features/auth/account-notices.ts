/**
 * Mails that tell an account's owner about something done with their address or account
 * (docs/decisions/037), sent the way the server sends mail (SMTP, or its outbox). Failures are
 * logged by account id and kind, never with the address.
 */
import type { Logger } from '../../logger.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { SessionUser } from '../../types.ts';

export class AccountNotices {
  constructor(
    private readonly mailer: Mailer,
    private readonly logger: Logger,
    private readonly baseUrl: string,
  ) {}

  /** Someone tried to create an account with an address that has one: its owner is told, nobody else. */
  alreadyRegistered(owner: Pick<SessionUser, 'id' | 'email'>): Promise<void> {
    return this.send(owner, 'already-registered', {
      subject: 'Someone tried to create a PQ Platform account with your address',
      text:
        `Someone just tried to create an account with ${owner.email}, which already has one. If it was you, sign in at ${this.baseUrl}/login, ` +
        `or choose a new password at ${this.baseUrl}/reset-password if you forgot it. If it was not you, nothing changed: you can ignore this mail.`,
    });
  }

  /** A sign-in from a browser the account had not signed in from (no device cookie of its own). */
  newSignIn(owner: Pick<SessionUser, 'id' | 'email'>, from: { userAgent: string | undefined; ip: string | undefined; at: Date }): Promise<void> {
    return this.send(owner, 'new-sign-in', {
      subject: 'A new sign-in to your PQ Platform account',
      text:
        `Your account (${owner.email}) was signed in to from a browser it had not been used from:\n\n` +
        `  When: ${from.at.toISOString()}\n  Browser: ${from.userAgent ?? 'unknown'}\n  Address: ${from.ip ?? 'unknown'}\n\n` +
        `If it was you, there is nothing to do. If not, change your password and sign out the other sessions from the Security tab of your dashboard: ${this.baseUrl}/dashboard?tab=security`,
    });
  }

  /** Mails `to` (an account's id and an address of its owner); `kind` names the mail in the log if it fails. */
  async send(to: Pick<SessionUser, 'id' | 'email'>, kind: string, mail: { subject: string; text: string }): Promise<void> {
    try {
      await this.mailer.send({ to: to.email, ...mail });
    } catch (error) {
      this.logger.warn({ userId: to.id, notice: kind, smtp: (error as { code?: string }).code ?? 'error' }, 'account notice not sent');
    }
  }
}
