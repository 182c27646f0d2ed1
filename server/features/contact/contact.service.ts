/**
 * Contact messages: stored with status pending, then mailed through SMTP when configured
 * (docs/product.md §10: no third-party form-mail service sees the message). A mail failure is logged and
 * does not lose the message, which is already stored.
 */
import nodemailer from 'nodemailer';
import type { z } from 'zod';
import type { Db } from '../../../db/connection.ts';
import { contactMessages } from '../../../db/schema.ts';
import type { Config } from '../../config.ts';
import type { ContactRequest } from '../../contract/contact.ts';
import type { Logger } from '../../logger.ts';

export class ContactService {
  private readonly transport;

  constructor(
    private readonly db: Db,
    private readonly smtp: Config['smtp'],
    private readonly logger: Logger,
  ) {
    this.transport = smtp ? nodemailer.createTransport(smtp.url) : undefined;
  }

  async submit(input: z.infer<typeof ContactRequest>): Promise<{ row: typeof contactMessages.$inferSelect; mailed: boolean }> {
    const [row] = this.db.insert(contactMessages).values({ ...input, createdAt: new Date() }).returning().all();
    if (!this.transport || !this.smtp) return { row: row!, mailed: false };
    try {
      await this.transport.sendMail({
        from: this.smtp.from,
        to: this.smtp.to,
        replyTo: input.email,
        subject: `Contact: ${input.subject} - ${input.name}`,
        text: `${input.message}\n\n-- ${input.name} <${input.email}>`,
      });
      return { row: row!, mailed: true };
    } catch (error) {
      this.logger.warn({ err: error, contactId: row!.id }, 'contact message stored but not mailed');
      return { row: row!, mailed: false };
    }
  }
}
