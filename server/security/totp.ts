/**
 * Time-based one-time passwords (RFC 6238) for two-factor sign-in (docs/decisions/039), through
 * otpauth: 160-bit secrets, HMAC-SHA-1, 6 digits, 30-second steps, what every authenticator app
 * reads from an otpauth:// URI. A code is accepted for the step before, the current one and the
 * one after (clock drift), and only for a step later than the last one accepted on the account,
 * so a code seen over someone's shoulder cannot be used again.
 */
import { Secret, TOTP } from 'otpauth';

export const TOTP_PERIOD_S = 30;
export const TOTP_DIGITS = 6;
const ISSUER = 'PQ Platform';

function totpOf(secretBase32: string, label = ''): TOTP {
  return new TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: TOTP_DIGITS, period: TOTP_PERIOD_S, secret: Secret.fromBase32(secretBase32) });
}

/** A new random secret, base32 (what a person types into an app that cannot scan). */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// URI an authenticator app scans (as a QR code) to add the account. */
export function totpUri(secretBase32: string, accountLabel: string): string {
  return totpOf(secretBase32, accountLabel).toString();
}

/** The 30-second step a time falls in. */
export const stepAt = (atMs: number) => Math.floor(atMs / 1000 / TOTP_PERIOD_S);

/**
 * The step `code` is valid for at `atMs` (±1 step), if it is later than `lastStep`; else null.
 * Pre: `code` is 6 digits (checked at the boundary); otpauth compares in constant time.
 */
export function acceptedStep(secretBase32: string, code: string, atMs: number, lastStep: number | null): number | null {
  const delta = totpOf(secretBase32).validate({ token: code, timestamp: atMs, window: 1 });
  if (delta === null) return null;
  const step = stepAt(atMs) + delta;
  return lastStep !== null && step <= lastStep ? null : step;
}

/** The code for a time (tests, and the e2e authenticator). */
export function totpCode(secretBase32: string, atMs: number): string {
  return totpOf(secretBase32).generate({ timestamp: atMs });
}
