/**
 * What accounts need of storage, named for what each operation guarantees
 * (docs/decisions/050-one-storage-seam.md): creating an account once per address, the sign-in
 * lookups, linking Google once per Google account, and the password. The rules (password policy,
 * what a taken address answers, when Google may sign in: docs/decisions/037) stay in auth.service.ts
 * and account-password.ts.
 */
import type { SessionUser } from '../../types.ts';

/** An account as a password sign-in reads it. */
export interface AccountWithPassword {
  user: SessionUser;
  /** scrypt digest; null for an account that only signs in with Google. */
  passwordDigest: string | null;
}

/** What a new password is checked against (the owner's own words) and the digest it replaces. */
export interface AccountCredentials {
  email: string;
  firstName: string | null;
  lastName: string | null;
  passwordDigest: string | null;
}

export interface NewAccount {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  passwordDigest?: string | null;
  profileImageUrl?: string | null;
  googleId?: string | null;
  emailVerifiedAt?: Date | null;
  /** Its createdAt and updatedAt. */
  now: Date;
}

/**
 * The account's first API key as it is stored (ApiKeyService.newSealedKey makes its values): its
 * secret digested, and sealed until the owner's first reveal.
 */
export interface FirstKey {
  keyName: string;
  keyValue: string;
  secretDigest: string;
  pendingSecret: string;
  /** When the key was made, by the keys' clock (ApiKeyService.now). */
  createdAt: Date;
}

/** What createUnlessTaken did: created the account (with its first key), or found the address's existing one and created nothing. */
export type Registration = { created: SessionUser } | { taken: SessionUser };

export interface AccountsRepository {
  /** The account, unless there is none or its owner deleted it (docs/decisions/038). */
  findActive(id: string): Promise<SessionUser | undefined>;
  /** The account with this email (deleted or not) and its password digest. */
  findByEmail(email: string): Promise<AccountWithPassword | undefined>;
  findByGoogleId(googleId: string): Promise<SessionUser | undefined>;
  credentials(id: string): Promise<AccountCredentials | undefined>;
  /**
   * Creates the account and its first API key, both or neither (one transaction: a failure between
   * the two leaves no account without its key), unless an account has its email: one address, one
   * account, however many requests race for it (the unique index on users.email decides). The loser
   * gets the winner's account as `taken`, the same answer a later request gets, and nothing is written.
   */
  createUnlessTaken(account: NewAccount, firstKey: FirstKey): Promise<Registration>;
  /**
   * Links a Google account to `userId`, unless it already signs in to another account ('in_use'):
   * one Google account, one account, however many requests race (the unique index on users.google_id).
   */
  linkGoogle(userId: string, googleId: string, now: Date): Promise<SessionUser | 'in_use'>;
  setPassword(userId: string, passwordDigest: string, now: Date): Promise<void>;
}

/** A users row as the session's user: without the password digest, the verification nonce or a TOTP secret. */
export function withoutSecrets<T extends { passwordDigest: unknown; emailVerificationNonce: unknown; totpSecret: unknown; totpPending: unknown }>(
  row: T,
): Omit<T, 'passwordDigest' | 'emailVerificationNonce' | 'totpSecret' | 'totpPending'> {
  const { passwordDigest: _digest, emailVerificationNonce: _nonce, totpSecret: _secret, totpPending: _pending, ...user } = row;
  return user;
}
