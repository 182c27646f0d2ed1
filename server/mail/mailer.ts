/**
 * Outgoing mail through SMTP when SMTP_URL is set (docs/architecture.md §8); without it, nothing is
 * sent and `send` says so, so each caller decides what to do instead (the contact form keeps the
 * stored message; a development server prints verification links to its log).
 */
import nodemailer from 'nodemailer';
import type { Config } from '../config.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  replyTo?: string;
}

export class Mailer {
  private readonly transport;

  constructor(private readonly smtp: Config['smtp']) {
    this.transport = smtp ? nodemailer.createTransport(smtp.url) : undefined;
  }

  get configured(): boolean {
    return this.transport !== undefined;
  }

  /** The contact form's recipient (CONTACT_TO), when mail is configured. */
  get team(): string | undefined {
    return this.smtp?.to;
  }

  /** True when the mail was handed to the SMTP server; false when none is configured. Throws on an SMTP failure. */
  async send(mail: Mail): Promise<boolean> {
    if (!this.transport || !this.smtp) return false;
    await this.transport.sendMail({ from: this.smtp.from, ...mail });
    return true;
  }
}
