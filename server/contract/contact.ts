/** Contact form (docs/product.md §5; docs/api.md §15). */
import { z } from 'zod';
import { CONTACT_SUBJECT_VALUES } from '../../shared/contact.ts';
import { Timestamp } from './common.ts';

export const ContactRequest = z
  .strictObject({
    name: z.string({ message: 'Name is required' }).trim().min(1, { message: 'Name is required' }).max(200),
    email: z.email({ message: 'Invalid email address' }).max(254),
    subject: z.enum(CONTACT_SUBJECT_VALUES, { message: `must be one of ${CONTACT_SUBJECT_VALUES.join(', ')}` }).default('general'),
    message: z.string({ message: 'Message is required' }).trim().min(1, { message: 'Message is required' }).max(10_000),
  })
  .meta({ id: 'ContactRequest' });

export const ContactResponse = z
  .object({
    id: z.number().int(),
    status: z.literal('pending'),
    mailed: z.boolean().meta({ description: 'True when SMTP is configured and the message was handed to it.' }),
    createdAt: Timestamp,
  })
  .meta({ id: 'ContactResponse' });
