/**
 * What the links mailed to an account's owner need of storage (docs/decisions/050-one-storage-seam.md):
 * password-reset links and email-change links (only SHA-256 of each token is kept) and the nonce of
 * the email-verification link. Each link works once, however many requests carry it at the same
 * time, and the hourly and daily caps hold across instances. The rules (lifetimes, caps, MACs and
 * what each refusal says: docs/decisions/037) stay in account-password.ts, email-change.ts and
 * email-verification.ts.
 */
import type { AccountCredentials } from './accounts.repository.ts';

/** A single-use link to store. */
export interface NewLink {
  tokenDigest: string;
  userId: string;
  expiresAt: Date;
  createdAt: Date;
}

/** What confirmEmailChange did. */
export type EmailChangeOutcome =
  | { kind: 'changed'; oldEmail: string; newEmail: string }
  /** No unused link with this token, or it expired: nothing changed. */
  | { kind: 'invalid' }
  /** The link is another account's: nothing changed, and it still works for that account. */
  | { kind: 'other_account' }
  /** Another account has the new address: nothing changed. */
  | { kind: 'taken' };

export interface AccountLinksRepository {
  /**
   * Stores a reset link unless the account had `limit` links created after `since`; whether it did.
   * Concurrent requests of one account cannot pass the cap together.
   */
  addResetWithinLimit(reset: NewLink, since: Date, limit: number): Promise<boolean>;
  /** The names of the account an unused reset link is for (expired or not), to check a new password against. */
  resetOwner(tokenDigest: string): Promise<Omit<AccountCredentials, 'passwordDigest'> | undefined>;
  /**
   * Uses an unused, unexpired reset link: the account gets `passwordDigest` and every other link of
   * it dies. Once: of concurrent requests with one token, one gets the account id, the others undefined.
   */
  consumeReset(tokenDigest: string, passwordDigest: string, now: Date): Promise<string | undefined>;

  /**
   * Stores an email-change link, retiring the account's earlier ones (only the newest works), unless
   * the account had `limit` links created after `since`; whether it did. Concurrent requests of one
   * account cannot pass the cap together.
   */
  addEmailChangeWithinLimit(change: NewLink & { newEmail: string }, since: Date, limit: number): Promise<boolean>;
  /**
   * Makes the link's new address the email of `userId` (verified, at `now`), if the link is that
   * account's, unused and unexpired, and no account has the address. Once: of concurrent requests
   * with one token, one changes it.
   */
  confirmEmailChange(tokenDigest: string, userId: string, now: Date): Promise<EmailChangeOutcome>;

  /**
   * Stores the nonce of a new verification link (the earlier link stops working) sent at `sentAt`;
   * with `notSentAfter`, only if the latest link was sent at or before it (none sent counts as
   * before). Whether it stored it; of concurrent requests, those a cooldown refuses store nothing.
   */
  issueVerification(userId: string, nonce: string, sentAt: Date, notSentAfter?: Date): Promise<boolean>;
  /** When the latest verification link was sent; null for none (or no account). */
  verificationSentAt(userId: string): Promise<Date | null>;
  /** The nonce of the account's current verification link; null for none (or no account). */
  verificationNonce(userId: string): Promise<string | null>;
  /**
   * Marks the email verified at `now` if `nonce` is still the account's, and clears the nonce. Once:
   * of concurrent requests with one link, one gets true.
   */
  markEmailVerified(userId: string, nonce: string, now: Date): Promise<boolean>;
}
