/** Accounts: creation (with the first API key), password checks and Google sign-in (docs/api.md §12). */
import { and, eq, isNull } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { Db } from '../../../db/connection.ts';
import { users } from '../../../db/schema.ts';
import { tierAllowance } from '../../../shared/plans.ts';
import type { RegisterRequest, User } from '../../contract/auth.ts';
import { AppError, conflict } from '../../errors.ts';
import type { DeviceCookies } from '../../security/device-cookie.ts';
import type { LoginThrottle } from '../../security/login-throttle.ts';
import { checkPasswordStrength } from '../../security/password-policy.ts';
import type { PasswordHasher } from '../../security/passwords.ts';
import type { SessionUser } from '../../types.ts';
import type { ApiKeyService } from '../api-keys/api-keys.service.ts';

export const FIRST_KEY_NAME = 'Default API Key';

export interface GoogleProfile {
  id: string;
  email: string;
  firstName?: string;
  lastName?: string;
  photo?: string;
}

function withoutDigest(row: typeof users.$inferSelect): SessionUser {
  const { passwordDigest: _digest, emailVerificationNonce: _nonce, totpSecret: _secret, totpPending: _pending, ...user } = row;
  return user;
}

export function toUserResponse(user: SessionUser): z.infer<typeof User> {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    profileImageUrl: user.profileImageUrl,
    username: user.username,
    subscriptionTier: user.subscriptionTier,
    apiUsageCount: user.apiUsageCount,
    apiUsageLimit: user.subscriptionTier === 'free' ? user.apiUsageLimit : tierAllowance(user.subscriptionTier),
    overageCharges: user.overageCharges,
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
    googleLinked: user.googleId !== null,
    emailVerified: user.emailVerifiedAt !== null,
    twoFactorEnabled: user.totpEnabledAt !== null,
  };
}

export class AuthService {
  constructor(
    private readonly db: Db,
    private readonly apiKeys: ApiKeyService,
    private readonly passwords: PasswordHasher,
    private readonly throttle: LoginThrottle,
    readonly devices: DeviceCookies,
  ) {}

  /** The account, unless there is none or its owner deleted it (docs/decisions/038). */
  findById(id: string): SessionUser | undefined {
    const row = this.db.select().from(users).where(and(eq(users.id, id), isNull(users.deletedAt))).get();
    return row && withoutDigest(row);
  }

  /**
   * Creates the account, or, for an address that already has one, does the same work and creates
   * nothing (docs/decisions/037): the caller answers both alike and mails the address's owner.
   */
  async register(input: z.infer<typeof RegisterRequest>): Promise<{ created: SessionUser } | { taken: SessionUser }> {
    checkPasswordStrength(input.password, [input.email, input.firstName, input.lastName], 'password');
    const passwordDigest = await this.passwords.hash(input.password);
    const existing = this.db.select().from(users).where(eq(users.email, input.email)).get();
    if (existing) return { taken: withoutDigest(existing) };
    return { created: this.createUser({ email: input.email, firstName: input.firstName, lastName: input.lastName, passwordDigest }) };
  }

  /**
   * The user for these credentials, or undefined; takes the same time whether or not the email
   * exists. An attempt the login throttle holds back is refused (429) before any hashing; a browser
   * with this account's device cookie is throttled apart from everyone else (docs/decisions/037).
   */
  async checkPassword(email: string, password: string, from: { ip: string; deviceCookie: string | undefined }): Promise<SessionUser | undefined> {
    const row = this.db.select().from(users).where(eq(users.email, email)).get();
    const attempt = { email, ip: from.ip, device: row ? this.devices.verify(from.deviceCookie, row.id) : null };
    await this.throttle.check(attempt);
    const valid = row?.passwordDigest ? await this.passwords.verify(password, row.passwordDigest) : (await this.passwords.burn(password), false);
    if (!valid) {
      await this.throttle.fail(attempt);
      return undefined;
    }
    await this.throttle.succeed(attempt);
    return withoutDigest(row!);
  }

  /**
   * Finds the account of a Google profile by its Google id, or creates one for a new email. An
   * account that already has the email is never linked by it, verified or not (docs/decisions/037):
   * whoever registered someone else's address would keep a way in, and a Google sign-in must not
   * open a password account its owner never linked. The owner signs in with the password and links
   * Google from the dashboard (linkGoogle).
   */
  signInWithGoogle(profile: GoogleProfile): SessionUser {
    const byGoogle = this.db.select().from(users).where(eq(users.googleId, profile.id)).get();
    if (byGoogle) return withoutDigest(byGoogle);
    const email = profile.email.trim().toLowerCase();
    const byEmail = this.db.select({ id: users.id }).from(users).where(eq(users.email, email)).get();
    if (byEmail) {
      throw new AppError(
        409,
        'google_link_required',
        'An account with this email exists: sign in with its password, then link Google from your dashboard (or reset the password if it is not yours).',
      );
    }
    return this.createUser({
      emailVerifiedAt: new Date(),
      email,
      firstName: profile.firstName ?? null,
      lastName: profile.lastName ?? null,
      profileImageUrl: profile.photo ?? null,
      googleId: profile.id,
    });
  }

  /** Links a Google account to a signed-in user (from the dashboard), unless it belongs to another account. */
  linkGoogle(userId: string, profile: GoogleProfile): SessionUser {
    const holder = this.db.select({ id: users.id }).from(users).where(eq(users.googleId, profile.id)).get();
    if (holder && holder.id !== userId) {
      throw conflict('google_account_in_use', 'This Google account already signs in to another account.', 'google');
    }
    const [linked] = this.db.update(users).set({ googleId: profile.id, updatedAt: new Date() }).where(eq(users.id, userId)).returning().all();
    return withoutDigest(linked!);
  }

  /** Creates the user and, in the same transaction, the account's first API key (secret kept sealed until first shown). */
  private createUser(values: Omit<typeof users.$inferInsert, 'id'>): SessionUser {
    return this.db.transaction((tx) => {
      const existing = tx.select({ id: users.id }).from(users).where(eq(users.email, values.email)).get();
      if (existing) throw conflict('email_taken', 'An account with this email already exists: log in instead.', 'email');
      const now = new Date();
      const [row] = tx
        .insert(users)
        .values({ ...values, id: randomUUID(), createdAt: now, updatedAt: now })
        .returning()
        .all();
      this.apiKeys.createKey(row!.id, { keyName: FIRST_KEY_NAME }, 'pending', tx);
      return withoutDigest(row!);
    });
  }
}
