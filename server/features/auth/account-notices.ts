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

  private async send(owner: Pick<SessionUser, 'id' | 'email'>, kind: string, mail: { subject: string; text: string }): Promise<void> {
    try {
      await this.mailer.send({ to: owner.email, ...mail });
    } catch (error) {
      this.logger.warn({ userId: owner.id, notice: kind, smtp: (error as { code?: string }).code ?? 'error' }, 'account notice not sent');
    }
  }
}
