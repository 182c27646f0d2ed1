/** Sign-up name handling and the client-side checks that mirror the server's RegisterRequest/LoginRequest. */

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
  if (!v.email.trim()) errors.email = 'Email is required';
  else if (!EMAIL_SHAPE.test(v.email.trim())) errors.email = 'Enter a valid email address';
  if (!v.password) errors.password = 'Password is required';
  return errors;
}

export type SignUpField = 'fullName' | 'email' | 'password' | 'confirmPassword';

/** Everything except the password match, which docs/product.md §5 reports as an alert of its own. */
export function validateSignUp(v: Record<SignUpField, string>): FieldErrors<SignUpField> {
  const errors: FieldErrors<SignUpField> = {};
  if (!v.fullName.trim()) errors.fullName = 'Full name is required';
  if (!v.email.trim()) errors.email = 'Email is required';
  else if (!EMAIL_SHAPE.test(v.email.trim())) errors.email = 'Enter a valid email address';
  if (!v.password) errors.password = 'Password is required';
  else if (v.password.length < MIN_PASSWORD_LENGTH) errors.password = `Password must be at least ${MIN_PASSWORD_LENGTH} characters`;
  if (!v.confirmPassword) errors.confirmPassword = 'Confirm your password';
  return errors;
}
