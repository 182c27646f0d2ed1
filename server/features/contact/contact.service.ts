/**
 * Contact messages: stored with status pending, then mailed through SMTP when configured
 * (docs/product.md §10: no third-party form-mail service sees the message). A mail failure is logged and
 * does not lose the message, which is already stored. A message the team's mailbox has received
 * is not kept here (docs/product.md §11); the rest are purged after 90 days (server/housekeeping.ts).
 */
import type { z } from 'zod';
import type { ContactRequest } from '../../contract/contact.ts';
import type { Logger } from '../../logger.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { ContactRepository, StoredContactMessage } from './contact.repository.ts';

export class ContactService {
  constructor(
    private readonly repository: ContactRepository,
    private readonly mailer: Mailer,
    private readonly logger: Logger,
  ) {}

  async submit(input: z.infer<typeof ContactRequest>): Promise<{ row: StoredContactMessage; mailed: boolean }> {
    const row = await this.repository.store(input, new Date());
    const to = this.mailer.team;
    if (!this.mailer.configured || !to) return { row, mailed: false };
    try {
      const delivery = await this.mailer.send({
        to,
        replyTo: input.email,
        subject: `Contact: ${input.subject} - ${input.name}`,
        text: `${input.message}\n\n-- ${input.name} <${input.email}>`,
      });
      if (delivery !== 'sent') return { row, mailed: false };
      await this.repository.forget(row.id);
      return { row, mailed: true };
    } catch (error) {
      this.logger.warn({ err: error, contactId: row.id }, 'contact message stored but not mailed');
      return { row, mailed: false };
    }
  }
}
