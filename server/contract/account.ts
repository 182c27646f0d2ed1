/** Managing an account's access (docs/api.md §12; docs/decisions/037): password reset and change, sessions. */
import { z } from 'zod';
import { Email, NewPassword } from './auth.ts';
import { Timestamp } from './common.ts';

export const ResetRequest = z.strictObject({ email: Email }).meta({ id: 'PasswordResetRequest' });

export const ResetRequested = z
  .object({ message: z.string().meta({ description: 'The same whatever the address: whether an account has it is not said' }) })
  .meta({ id: 'PasswordResetRequested' });

export const ResetComplete = z
  .strictObject({
    token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, { message: 'must be the token of a password-reset link' }),
    password: NewPassword,
  })
  .meta({ id: 'PasswordResetComplete' });

export const ChangePasswordRequest = z
  .strictObject({
    currentPassword: z.string().min(1, { message: 'is required' }).max(256),
    newPassword: NewPassword,
  })
  .meta({ id: 'ChangePasswordRequest' });

export const PasswordChanged = z
  .object({ sessionsEnded: z.number().int().meta({ description: 'The account’s other sessions, now signed out' }) })
  .meta({ id: 'PasswordChanged' });

export const Session = z
  .object({
    id: z.string().meta({ description: 'An identifier for this list; not the cookie' }),
    signedInAt: Timestamp.nullable(),
    lastSeenAt: Timestamp.nullable().meta({ description: 'To the minute' }),
    userAgent: z.string().nullable(),
    ip: z.string().nullable(),
    current: z.boolean().meta({ description: 'The session of this request' }),
  })
  .meta({ id: 'Session' });

export const SessionList = z.array(Session).meta({ id: 'SessionList' });

export const SessionParams = z.strictObject({
  id: z.string().regex(/^[A-Za-z0-9_-]{22}$/, { message: 'must be a session id from GET /api/auth/sessions' }),
});

export const SessionsEnded = z.object({ ended: z.number().int() }).meta({ id: 'SessionsEnded' });

export const EmailChangeRequest = z
  .strictObject({
    newEmail: Email,
    currentPassword: z.string().max(256).default('').meta({ description: 'Needed for an account with a password' }),
  })
  .meta({ id: 'EmailChangeRequest' });

export const EmailChangeRequested = z
  .object({ message: z.string().meta({ description: 'The same whether or not the new address is taken' }) })
  .meta({ id: 'EmailChangeRequested' });

export const EmailChangeQuery = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, { message: 'must be the token of an email-change link' }),
});
