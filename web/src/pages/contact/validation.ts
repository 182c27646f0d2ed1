/**
 * Client-side checks for the contact form, the same rules and messages as the server's
 * ContactRequest (server/contract/contact.ts): shown before sending so nobody waits for a 400.
 * The email pattern is zod's own, the one the server's z.email() applies; a property test keeps
 * the two in agreement. The messages are in the page's language (docs/decisions/041): call
 * validateContact when the form is sent, not at load.
 */
import { regexes } from 'zod/v4/core';
import { CONTACT_SUBJECTS, type ContactSubject } from '../../../../shared/contact.ts';
import { formatNumber } from '../../i18n/format.ts';
import { i18n } from '../../i18n/index.ts';

export const SUBJECTS = CONTACT_SUBJECTS;
export type Subject = ContactSubject;

export const DEFAULT_SUBJECT: Subject = 'general';

export function isSubject(value: string | null | undefined): value is Subject {
  return SUBJECTS.some((s) => s.value === value);
}

export interface ContactValues {
  name: string;
  email: string;
  subject: Subject;
  message: string;
}

export type ContactErrors = Partial<Record<keyof ContactValues, string>>;

export const LIMITS = { name: 200, email: 254, message: 10_000 } as const;

export function validateContact(v: ContactValues): ContactErrors {
  const errors: ContactErrors = {};
  const name = v.name.trim();
  if (!name) errors.name = i18n.t('pages:contact.errors.nameRequired');
  else if (name.length > LIMITS.name) errors.name = i18n.t('pages:contact.errors.nameTooLong', { max: formatNumber(LIMITS.name) });
  if (!regexes.email.test(v.email)) errors.email = i18n.t('pages:contact.errors.emailInvalid');
  else if (v.email.length > LIMITS.email) errors.email = i18n.t('pages:contact.errors.emailTooLong', { max: formatNumber(LIMITS.email) });
  const message = v.message.trim();
  if (!message) errors.message = i18n.t('pages:contact.errors.messageRequired');
  else if (message.length > LIMITS.message) errors.message = i18n.t('pages:contact.errors.messageTooLong', { max: formatNumber(LIMITS.message) });
  return errors;
}
