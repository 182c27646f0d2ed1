/** Accounts: registration, login and the current-user object (docs/product.md §3, §5; docs/api.md §12). */
import { z } from 'zod';
import { TIERS } from '../../shared/plans.ts';
import { Timestamp } from './common.ts';

export const Email = z
  .email({ message: 'must be a valid email address' })
  .max(254)
  .transform((e) => e.trim().toLowerCase());

/** A password being chosen (registration, change, reset); its strength is checked by the server's password policy. */
export const NewPassword = z.string().min(8, { message: 'must be at least 8 characters' }).max(256, { message: 'must be at most 256 characters' });

export const RegisterRequest = z
  .strictObject({
    email: Email,
    password: NewPassword,
    firstName: z.string().trim().min(1, { message: 'is required' }).max(100),
    lastName: z.string().trim().min(1, { message: 'is required' }).max(100),
  })
  .meta({ id: 'RegisterRequest' });

export const RegistrationAccepted = z
  .object({
    message: z.string().meta({ description: 'The same whether or not the address already had an account' }),
    email: z.string(),
  })
  .meta({ id: 'RegistrationAccepted' });

export const LoginRequest = z
  .strictObject({
    email: Email,
    password: z.string().min(1, { message: 'is required' }).max(256),
  })
  .meta({ id: 'LoginRequest' });

export const User = z
  .object({
    id: z.string(),
    email: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    profileImageUrl: z.string().nullable(),
    username: z.string().nullable(),
    subscriptionTier: z.enum(TIERS),
    apiUsageCount: z.number().int(),
    apiUsageLimit: z.number().int().nullable().meta({ description: 'The plan’s calls: in total on Free, per month on paid plans; null on Unlimited' }),
    overageCharges: z.number().int().meta({ description: 'US cents' }),
    createdAt: Timestamp,
    updatedAt: Timestamp,
    googleLinked: z.boolean().meta({ description: 'Google sign-in opens this account too.' }),
    emailVerified: z.boolean().meta({ description: 'The owner opened the verification link (or signed up with Google). Buying a plan needs it.' }),
    twoFactorEnabled: z.boolean().meta({ description: 'Signing in needs a code from an authenticator app after the password.' }),
  })
  .meta({ id: 'User', description: 'The signed-in user. Never carries the password digest.' });

/**
 * "Who am I": the signed-in user, or null. Signed out is a normal state that every page asks about,
 * so it is a 200 and never an error a browser logs (docs/api.md §12).
 */
export const CurrentUser = User.nullable().meta({ id: 'CurrentUser', description: 'The signed-in user, or null when no one is signed in.' });

export const VerifyEmailQuery = z.strictObject({
  token: z.string({ message: 'token is required: open the link from the verification mail' }).min(1).max(512),
});

/** Where a mail went (docs/decisions/037). */
export const MailDelivery = z.enum(['sent', 'kept', 'unsent']).meta({
  id: 'MailDelivery',
  description: 'sent: handed to SMTP; kept: in the outbox of a server with no SMTP, read at /outbox on its machine; unsent: this server cannot send mail',
});

export const VerificationSent = z
  .object({ delivery: MailDelivery, mailed: z.boolean().meta({ description: 'True when handed to SMTP (delivery sent)' }) })
  .meta({ id: 'VerificationSent' });

export const AuthProviders = z
  .object({
    password: z.literal(true),
    google: z.boolean().meta({ description: 'True when GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are configured.' }),
  })
  .meta({ id: 'AuthProviders' });
