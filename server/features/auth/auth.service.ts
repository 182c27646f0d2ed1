/** Accounts: creation (with the first API key), password checks and Google sign-in (docs/api.md §12). */
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { tierAllowance } from '../../../shared/plans.ts';
import type { RegisterRequest, User } from '../../contract/auth.ts';
import { AppError, conflict } from '../../errors.ts';
import type { DeviceCookies } from '../../security/device-cookie.ts';
import type { LoginThrottle } from '../../security/login-throttle.ts';
import { checkPasswordStrength } from '../../security/password-policy.ts';
import type { PasswordHasher } from '../../security/passwords.ts';
import type { SessionUser } from '../../types.ts';
import type { ApiKeyService } from '../api-keys/api-keys.service.ts';
import type { AccountsRepository, NewAccount } from './accounts.repository.ts';

export const FIRST_KEY_NAME = 'Default API Key';

export interface GoogleProfile {
  id: string;
  email: string;
  firstName?: string;
  lastName?: string;
  photo?: string;
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
    private readonly accounts: AccountsRepository,
    private readonly apiKeys: ApiKeyService,
    private readonly passwords: PasswordHasher,
    private readonly throttle: LoginThrottle,
    readonly devices: DeviceCookies,
  ) {}

  /** The account, unless there is none or its owner deleted it (docs/decisions/038). */
  findById(id: string): Promise<SessionUser | undefined> {
    return this.accounts.findActive(id);
  }

  /**
   * Creates the account, or, for an address that already has one, does the same work and creates
   * nothing (docs/decisions/037): the caller answers both alike and mails the address's owner.
   */
  async register(input: z.infer<typeof RegisterRequest>): Promise<{ created: SessionUser } | { taken: SessionUser }> {
    checkPasswordStrength(input.password, [input.email, input.firstName, input.lastName], 'password');
    const passwordDigest = await this.passwords.hash(input.password);
    return this.createUser({ email: input.email, firstName: input.firstName, lastName: input.lastName, passwordDigest });
  }

  /**
   * The user for these credentials, or undefined; takes the same time whether or not the email
   * exists. An attempt the login throttle holds back is refused (429) before any hashing; a browser
   * with this account's device cookie is throttled apart from everyone else (docs/decisions/037).
   */
  async checkPassword(email: string, password: string, from: { ip: string; deviceCookie: string | undefined }): Promise<SessionUser | undefined> {
    const account = await this.accounts.findByEmail(email);
    const attempt = { email, ip: from.ip, device: account ? this.devices.verify(from.deviceCookie, account.user.id) : null };
    await this.throttle.check(attempt);
    const valid = account?.passwordDigest ? await this.passwords.verify(password, account.passwordDigest) : (await this.passwords.burn(password), false);
    if (!valid) {
      await this.throttle.fail(attempt);
      return undefined;
    }
    await this.throttle.succeed(attempt);
    return account!.user;
  }

  /**
   * Finds the account of a Google profile by its Google id, or creates one for a new email. An
   * account that already has the email is never linked by it, verified or not (docs/decisions/037):
   * whoever registered someone else's address would keep a way in, and a Google sign-in must not
   * open a password account its owner never linked. The owner signs in with the password and links
   * Google from the dashboard (linkGoogle).
   */
  async signInWithGoogle(profile: GoogleProfile): Promise<SessionUser> {
    const byGoogle = await this.accounts.findByGoogleId(profile.id);
    if (byGoogle) return byGoogle;
    const email = profile.email.trim().toLowerCase();
    const linkRequired = () =>
      new AppError(
        409,
        'google_link_required',
        'An account with this email exists: sign in with its password, then link Google from your dashboard (or reset the password if it is not yours).',
      );
    if (await this.accounts.findByEmail(email)) throw linkRequired();
    const outcome = await this.createUser({
      emailVerifiedAt: new Date(),
      email,
      firstName: profile.firstName ?? null,
      lastName: profile.lastName ?? null,
      profileImageUrl: profile.photo ?? null,
      googleId: profile.id,
    });
    if ('created' in outcome) return outcome.created;
    // A concurrent sign-in with the same Google profile created the account first: it is this one.
    if (outcome.taken.googleId === profile.id) return outcome.taken;
    throw linkRequired();
  }

  /** Links a Google account to a signed-in user (from the dashboard), unless it belongs to another account. */
  async linkGoogle(userId: string, profile: GoogleProfile): Promise<SessionUser> {
    const linked = await this.accounts.linkGoogle(userId, profile.id, new Date());
    if (linked === 'in_use') throw conflict('google_account_in_use', 'This Google account already signs in to another account.', 'google');
    return linked;
  }

  /**
   * Creates the user, unless its address has an account, with the account's first API key (secret
   * kept sealed until first shown) in the same transaction: ApiKeyService makes the key's values,
   * the accounts repository stores both or neither (docs/decisions/050-one-storage-seam.md), so no
   * account is left without its key.
   */
  private createUser(values: Omit<NewAccount, 'id' | 'now'>): Promise<{ created: SessionUser } | { taken: SessionUser }> {
    return this.accounts.createUnlessTaken({ ...values, id: randomUUID(), now: new Date() }, {
      keyName: FIRST_KEY_NAME,
      ...this.apiKeys.newSealedKey(),
      createdAt: this.apiKeys.now(),
    });
  }
}
