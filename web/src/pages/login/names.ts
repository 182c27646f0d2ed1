/**
 * Sign-up name handling and the client-side checks that mirror the server's RegisterRequest/LoginRequest.
 * The checks' sentences are in the page's language (docs/decisions/041), read when a form is checked.
 */
import { formatNumber } from '../../i18n/format.ts';
import { i18n } from '../../i18n/index.ts';

/**
 * docs/product.md §5: the full name is split on spaces; the first word is firstName, the rest lastName, and
 * lastName is 'User' when there is only one word (the server requires both to be non-empty).
 */
export function splitFullName(fullName: string): { firstName: string; lastName: string } {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  return { firstName: words[0] ?? '', lastName: words.slice(1).join(' ') || 'User' };
}

// Deliberately loose (the server's zod check has the last word): something@something.tld.
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Matches the server's minimum (auth contract: at least 8 characters). */
export const MIN_PASSWORD_LENGTH = 8;

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

export function validateSignIn(v: { email: string; password: string }): FieldErrors<'email' | 'password'> {
  const errors: FieldErrors<'email' | 'password'> = {};
  if (!v.email.trim()) errors.email = i18n.t('account:validation.emailRequired');
  else if (!EMAIL_SHAPE.test(v.email.trim())) errors.email = i18n.t('account:validation.emailShape');
  if (!v.password) errors.password = i18n.t('account:validation.passwordRequired');
  return errors;
}

export type SignUpField = 'fullName' | 'email' | 'password' | 'confirmPassword';

/** Everything except the password match, which docs/product.md §5 reports as an alert of its own. */
export function validateSignUp(v: Record<SignUpField, string>): FieldErrors<SignUpField> {
  const errors: FieldErrors<SignUpField> = {};
  if (!v.fullName.trim()) errors.fullName = i18n.t('account:validation.fullNameRequired');
  if (!v.email.trim()) errors.email = i18n.t('account:validation.emailRequired');
  else if (!EMAIL_SHAPE.test(v.email.trim())) errors.email = i18n.t('account:validation.emailShape');
  if (!v.password) errors.password = i18n.t('account:validation.passwordRequired');
  else if (v.password.length < MIN_PASSWORD_LENGTH) errors.password = i18n.t('account:validation.passwordLength', { min: formatNumber(MIN_PASSWORD_LENGTH) });
  if (!v.confirmPassword) errors.confirmPassword = i18n.t('account:validation.confirmRequired');
  return errors;
}
