/**
 * Outgoing mail (docs/architecture.md §8; docs/decisions/037): through SMTP when SMTP_URL is set;
 * without it, on a server nobody else can reach, into the outbox (server/mail/outbox.ts), so links
 * work offline; otherwise nowhere. `send` says which, so no caller tells a person a mail was sent
 * when it was not.
 */
import nodemailer from 'nodemailer';
import type { Config } from '../config.ts';
import type { Outbox } from './outbox.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  replyTo?: string;
}

/** sent: handed to the SMTP server; kept: in the outbox; unsent: this server has no way to send mail. */
export type Delivery = 'sent' | 'kept' | 'unsent';

export class Mailer {
  private readonly transport;

  constructor(
    private readonly smtp: Config['smtp'],
    readonly outbox: Outbox | null = null,
    private readonly from = smtp?.from ?? 'no-reply@localhost',
  ) {
    this.transport = smtp ? nodemailer.createTransport(smtp.url) : undefined;
  }

  /** Whether a mail reaches anyone: through SMTP, or the outbox's reader. */
  get configured(): boolean {
    return this.transport !== undefined || this.outbox !== null;
  }

  /** The contact form's recipient (CONTACT_TO), when SMTP is configured. */
  get team(): string | undefined {
    return this.smtp?.to;
  }

  /** Throws on an SMTP failure. */
  async send(mail: Mail): Promise<Delivery> {
    if (this.transport && this.smtp) {
      await this.transport.sendMail({ from: this.smtp.from, ...mail });
      return 'sent';
    }
    if (this.outbox) {
      this.outbox.keep({ from: this.from, ...mail });
      return 'kept';
    }
    return 'unsent';
  }
}
