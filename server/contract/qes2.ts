/**
 * QES2_ECDSA and QES2_Schnorr sign and verify (docs/crypto/qes2.md). The signature is ML-DSA-65 ‖
 * secp256k1 over M' = Prefix ‖ Label ‖ len(ctx) ‖ ctx ‖ SHA-512(M); each half is checkable with
 * ordinary libraries from the response's fields.
 */
import { z } from 'zod';
import { utf8Length } from '../../shared/dilion.ts';
import { QES2_MAX_CONTEXT_BYTES } from '../../shared/qes2.ts';
import { QES2_MODES, QES2_SCHEME_IDS } from '../../shared/schemes.ts';
import { Base64, Timestamp, SigningKeyChoice } from './common.ts';

const Message = z
  .string({ message: 'Message is required' })
  .min(1, { message: 'Message is required' })
  .meta({ description: 'The text to sign; M is its UTF-8 bytes and PH(M) = SHA-512(M).' });

const Context = z
  .string()
  .refine((s) => utf8Length(s) <= QES2_MAX_CONTEXT_BYTES, { message: `must be at most ${QES2_MAX_CONTEXT_BYTES} bytes of UTF-8` })
  .meta({ description: "Application context ctx (UTF-8, at most 255 bytes, default empty). It goes into M' only; ML-DSA's own context is the Label." });

const Hex = (what: string) => z.string().regex(/^(?:[0-9a-fA-F]{2})*$/, { message: 'must be hex' }).meta({ description: what });

const Mode = z.enum(QES2_MODES);

export const Qes2SignRequest = z
  .strictObject({
    message: Message,
    context: Context.optional(),
    keyId: SigningKeyChoice('One of your platform-managed QES2 keys of this mode; default: your default key (created on first use).'),
  })
  .meta({ id: 'Qes2SignRequest' });

export const DemoQes2SignRequest = Qes2SignRequest.omit({ keyId: true }).meta({ id: 'DemoQes2SignRequest' });

const Dilithium = z
  .object({
    cTilde: Hex("c̃, the ML-DSA-65 half's first 48 bytes (hex)"),
    c: z.array(z.number().int()).length(256).meta({ description: 'The 256 coefficients of the challenge SampleInBall(c̃).' }),
    z: z.array(z.number().int()).length(8).meta({ description: 'The first 8 coefficients of the response vector z.' }),
  })
  .meta({ description: 'Views of the ML-DSA-65 half (bytes 0..3308 of encoded).' });

export const Qes2Signature = z
  .object({
    encoded: Base64.meta({ description: 'The 3,373-byte signature: ML-DSA-65 (3,309) ‖ secp256k1 (64), base64.' }),
    mode: Mode,
    dilithium: Dilithium,
    secondary: Hex('The 64-byte secp256k1 half (ECDSA r ‖ s, low-S; or BIP-340 R.x ‖ s), hex.'),
    challenge: Hex('PH(M) = SHA-512(UTF-8(message)), hex.'),
    steps: z.array(z.string()).meta({ description: "The signing process: build M', ML-DSA-65 sign, secp256k1 sign, concatenate." }),
  })
  .meta({ id: 'Qes2Signature' });

export const Qes2SignResponse = z
  .object({
    algorithm: z.enum(QES2_SCHEME_IDS),
    label: z.string().meta({ description: "The Label in M' and the ML-DSA-65 half's FIPS 204 context (ASCII)." }),
    signature: Qes2Signature,
    publicKey: Base64.meta({ description:
      'ML-DSA-65 public key (1,952) ‖ secp256k1 key (33-byte compressed for ECDSA, 32-byte x-only for' +
      ' Schnorr), base64.' }),
    keyId: z.string(),
    keyVersion: z.number().int().positive().meta({ description: 'The version of keyId that signed (docs/decisions/056): its primary when signed.' }),
    context: z.string().meta({ description: "The application context as text; its UTF-8 bytes are ctx in M'." }),
    timestamp: Timestamp,
  })
  .meta({ id: 'Qes2SignResponse' });

const SignatureInput = z
  .union(
    [
      Base64,
      z.strictObject({
        encoded: Base64,
        mode: z.string().max(16).optional(),
        dilithium: z
          .strictObject({
            cTilde: z.string().max(96).optional(),
            c: z.array(z.number().int()).max(256).optional(),
            z: z.array(z.number().int()).max(1280).optional(),
          })
          .optional(),
        secondary: z.string().max(128).optional(),
        challenge: z.string().max(128).optional(),
        steps: z.array(z.string().max(200)).max(8).optional(),
      }),
    ],
    { message: 'must be the base64 signature, or the signature object from a sign response' },
  )
  .meta({ description:
    'signature.encoded from a sign response, or the whole signature object (its mode and views must ' +
    'match; challenge is recomputed from message).' });

export const Qes2VerifyRequest = z
  .strictObject({
    message: Message,
    signature: SignatureInput,
    publicKey: Base64.optional().meta({ description: 'The composite public key from the sign response. Default: the key keyId names, else your own default key of this mode.' }),
    keyId: SigningKeyChoice('One of your QES2 keys of this mode whose public key verifies (instead of publicKey); it must be enabled.'),
    keyVersion: z.number().int().min(1).max(100).optional().meta({ description: 'With keyId: the version whose public key verifies (default: the primary), e.g. the keyVersion of an older sign response.' }),
    context: Context.optional(),
  })
  .meta({ id: 'Qes2VerifyRequest' });

export const Qes2VerifyResponse = z
  .object({
    valid: z.boolean().meta({ description: 'True only when both halves verify.' }),
    algorithm: z.enum(QES2_SCHEME_IDS),
    context: z.string(),
    details: z.object({
      mlDsaValid: z.boolean().meta({ description: "The ML-DSA-65 half over M' with context = Label." }),
      secp256k1Valid: z.boolean().meta({ description: "The secp256k1 half over SHA-256(M')." }),
    }),
    timestamp: Timestamp,
  })
  .meta({ id: 'Qes2VerifyResponse' });
