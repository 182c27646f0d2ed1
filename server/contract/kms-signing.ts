/**
 * Signing with one of the account's managed keys by message type, like a cloud KMS
 * (docs/decisions/053-signing-by-digest-and-in-batches.md): the message itself (raw), the
 * caller's digest of it (digest: HashML-DSA, or QES2 over SHA-512(M)) or, for ML-DSA, the caller's
 * µ (external-mu). Bytes are standard base64; one key per path (/api/v1/keys/:keyId/…).
 */
import { z } from 'zod';
import { SIGNING_ALGORITHMS } from '../../shared/schemes.ts';
import { BatchRequest, BatchResponse } from './batch.ts';
import { Base64 } from './common.ts';

export const MESSAGE_TYPES = ['raw', 'digest', 'external-mu'] as const;
export const DIGEST_ALGORITHMS = ['sha512', 'shake256'] as const;

const Fields = {
  message: Base64.meta({ description:
    'raw: the message M (up to 64 KiB; 4 KiB in a batch item). digest: PH(M), 64 bytes (SHA-512, or SHAKE256 with 512 bits of ' +
    'output). external-mu: µ = SHAKE256(tr ‖ M′, 64), 64 bytes, with tr from the answer or the key’s export.' }),
  messageType: z.enum(MESSAGE_TYPES).meta({ description:
    'raw on every key; digest on ML-DSA keys (HashML-DSA, FIPS 204 §5.4; sha512 or shake256) and QES2 keys (sha512 only); ' +
    'external-mu on ML-DSA keys only.' }),
  digestAlgorithm: z.enum(DIGEST_ALGORITHMS).optional().meta({ description: 'The hash that made the digest: required with messageType digest, refused otherwise.' }),
  context: Base64.optional().meta({ description: 'The FIPS 204 (or QES2) context ctx, at most 255 bytes, default empty; not with external-mu (µ already binds it).' }),
};

/** One message to sign: the body of a sign call, and one item of a sign batch. */
export const KmsSignItem = z.strictObject(Fields).meta({ id: 'KmsSignRequest' });

export const KmsVerifyRequest = z
  .strictObject({
    ...Fields,
    signature: Base64.meta({ description: 'The signature to check, as sign returned it' }),
    keyVersion: z.number().int().positive().optional().meta({ description: 'The key version that signed (sign answers name it); default the primary version' }),
  })
  .meta({ id: 'KmsVerifyRequest' });

const Answered = {
  keyId: z.string(),
  keyVersion: z.number().int().positive().meta({ description: 'The key version that signed (the primary one) or verified (docs/api.md §7.6)' }),
  algorithm: z.enum(SIGNING_ALGORITHMS),
  messageType: z.enum(MESSAGE_TYPES),
};

/** What a signature comes with: enough for the caller's next external-mu or its verifier. */
const KeyFacts = {
  tr: Base64.nullable().meta({ description: 'ML-DSA keys: tr = SHAKE256(publicKey, 64), what µ is built on; null for QES2 keys.' }),
};

export const KmsSignResponse = z
  .object({ ...Answered, ...KeyFacts, signature: Base64 })
  .meta({ id: 'KmsSignResponse' });

export const KmsVerifyResponse = z
  .object({ ...Answered, valid: z.boolean().meta({ description: 'False for a well-formed signature that does not verify.' }) })
  .meta({ id: 'KmsVerifyResponse' });

export const KmsSignBatchRequest = BatchRequest(KmsSignItem).meta({ id: 'KmsSignBatchRequest' });

/** One answered item of a sign batch (the key's facts are given once, beside the results). */
export const KmsSignedItem = z.object({ messageType: z.enum(MESSAGE_TYPES), signature: Base64 });

export const KmsSignBatchResponse = BatchResponse(KmsSignedItem)
  .extend({ keyId: z.string(), keyVersion: Answered.keyVersion, algorithm: z.enum(SIGNING_ALGORITHMS), ...KeyFacts })
  .meta({ id: 'KmsSignBatchResponse' });
