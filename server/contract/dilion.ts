/**
 * Dilion sign and verify (spec §3, §5, §7; DESIGN.md §3). The signature is plain FIPS 204 ML-DSA-65
 * over M = 0x00 ‖ UTF-8(message) with context UTF-8(`context`), checkable by any FIPS 204 library.
 */
import { z } from 'zod';
import { MAX_SID_BYTES } from '../algorithms/dilion.ts';
import { Base64, Timestamp } from './common.ts';

const Message = z
  .string({ message: 'Message is required' })
  .min(1, { message: 'Message is required' })
  .meta({ description: 'The text to sign; its UTF-8 bytes follow the 0x00 version byte in M.' });

const Sid = z
  .string()
  .min(1, { message: 'must not be empty (omit it for "default")' })
  .refine((s) => Buffer.byteLength(s, 'utf8') <= MAX_SID_BYTES, { message: `must be at most ${MAX_SID_BYTES} bytes of UTF-8` })
  .meta({ description: 'Service id; the context is "dilion/v1|" + sid. Default "default".' });

const Uid = z
  .string()
  .max(255)
  .meta({ description: 'End-user id. Accepted, not yet bound into the signature (pidCipher is "N/A" until issue 6).' });

const NoPidCipher = z
  .literal('N/A', { message: 'only "N/A" is accepted until privacy identifiers are available: omit pidCipher' })
  .meta({ description: 'Always "N/A" for now: no privacy identifier is bound.' });

export const DilionSignRequest = z
  .strictObject({
    message: Message,
    uid: Uid.optional(),
    sid: Sid.optional(),
    keyId: z
      .string()
      .min(1)
      .max(64)
      .optional()
      .meta({ description: 'A platform-managed ML-DSA-65 key of yours; default: your default key (created on first use).' }),
  })
  .meta({ id: 'DilionSignRequest' });

export const DemoDilionSignRequest = DilionSignRequest.omit({ keyId: true }).meta({ id: 'DemoDilionSignRequest' });

export const DilionSignature = z
  .object({
    encoded: Base64.meta({ description: 'The FIPS 204 signature σ (3,309 bytes), base64.' }),
    c: z.array(z.number().int()).meta({ description: 'View: the 256 coefficients of the challenge SampleInBall(c̃), c̃ being σ’s first 48 bytes.' }),
    z: z.array(z.number().int()).meta({ description: 'View: the 1,280 coefficients of the response vector z (5 polynomials × 256).' }),
  })
  .meta({ id: 'DilionSignature' });

export const DilionSignResponse = z
  .object({
    algorithm: z.literal('dilion'),
    parameterSet: z.literal('ML-DSA-65'),
    signature: DilionSignature,
    publicKey: Base64.meta({ description: 'The signer’s ML-DSA-65 public key (1,952 bytes, FIPS 204 encoding).' }),
    keyId: z.string(),
    context: z.string().meta({ description: 'The FIPS 204 context string, as text: its UTF-8 bytes are ctx.' }),
    pidCipher: NoPidCipher,
    timestamp: Timestamp,
  })
  .meta({ id: 'DilionSignResponse' });

const SignatureInput = z
  .union(
    [
      Base64,
      z.strictObject({
        encoded: Base64,
        c: z.array(z.number().int()).max(256).optional(),
        z: z.array(z.number().int()).max(1280).optional(),
      }),
    ],
    { message: 'must be the base64 signature, or the signature object from a sign response' },
  )
  .meta({ description: 'signature.encoded from a sign response (or the whole signature object; its views must match).' });

export const DilionVerifyRequest = z
  .strictObject({
    message: Message,
    signature: SignatureInput,
    publicKey: Base64,
    sid: Sid.optional(),
    uid: Uid.optional(),
    pidCipher: NoPidCipher.optional(),
  })
  .meta({ id: 'DilionVerifyRequest' });

export const DilionVerifyResponse = z
  .object({
    valid: z.boolean(),
    algorithm: z.literal('dilion'),
    parameterSet: z.literal('ML-DSA-65'),
    context: z.string(),
    pidCipher: NoPidCipher,
    timestamp: Timestamp,
  })
  .meta({ id: 'DilionVerifyResponse' });
