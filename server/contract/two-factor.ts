/** Two-factor sign-in (docs/api.md §12; docs/decisions/039). */
import { z } from 'zod';

/** A code from the authenticator app (6 digits) or a recovery code (xxxxx-xxxxx). */
export const TwoFactorCode = z
  .string({ message: 'is required: the 6 digits of your authenticator app, or a recovery code' })
  .trim()
  .min(6, { message: 'must be the 6 digits of your authenticator app, or a recovery code' })
  .max(32, { message: 'must be the 6 digits of your authenticator app, or a recovery code' });

export const TwoFactorCodeRequest = z.strictObject({ code: TwoFactorCode }).meta({ id: 'TwoFactorCodeRequest' });

export const TwoFactorRequired = z
  .object({ twoFactorRequired: z.literal(true), message: z.string() })
  .meta({ id: 'TwoFactorRequired', description: 'The password is right; POST a code to /api/auth/login/two-factor within 5 minutes' });

export const TwoFactorStatus = z
  .object({
    enabled: z.boolean(),
    recoveryCodesLeft: z.number().int().meta({ description: 'Unused recovery codes' }),
    stepUpUntil: z.string().nullable().meta({ description: 'Until when this session may do sensitive actions without a new code (ISO 8601); null: a code is needed' }),
  })
  .meta({ id: 'TwoFactorStatus' });

export const TwoFactorSetup = z
  .object({
    secret: z.string().meta({ description: 'Base32, to type into an authenticator app that cannot scan' }),
    uri: z.string().meta({ description: 'The otpauth:// URI to show as a QR code' }),
  })
  .meta({ id: 'TwoFactorSetup' });

export const RecoveryCodes = z
  .object({ recoveryCodes: z.array(z.string()).meta({ description: 'Ten single-use codes, shown this once' }) })
  .meta({ id: 'RecoveryCodes' });
