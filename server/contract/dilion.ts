/**
 * Dilion sign and verify (docs/product.md §3, §5, §7; docs/crypto/dilion.md §3, §4). The signature
 * is plain FIPS 204 ML-DSA-65 with context UTF-8(`context`) over M = 0x00 ‖ UTF-8(message), or,
 * with a privacy identifier, M = 0x01 ‖ skid ‖ C1 ‖ u16be(|C2|) ‖ C2 ‖ UTF-8(message); any FIPS 204
 * library checks it.
 */
import { z } from 'zod';
import { DILION, DILION_PID, MAX_SID_BYTES, utf8Length } from '../../shared/dilion.ts';
import { Base64, Timestamp, SigningKeyChoice } from './common.ts';

const Message = z
  .string({ message: 'Message is required' })
  .min(1, { message: 'Message is required' })
  .meta({ description: 'The text to sign; its UTF-8 bytes follow the 0x00 version byte in M.' });

const Sid = z
  .string()
  .min(1, { message: 'must not be empty (omit it for "default")' })
  .refine((s) => utf8Length(s) <= MAX_SID_BYTES, { message: `must be at most ${MAX_SID_BYTES} bytes of UTF-8` })
  .meta({ description: 'Service id; the context is "dilion/v1|" + sid. Default "default".' });

const Uid = z
  .string()
  .min(1, { message: 'must not be empty (omit it to sign without a privacy identifier)' })
  .refine((s) => utf8Length(s.normalize('NFC')) <= DILION_PID.maxUidBytes, {
    message: `must be at most ${DILION_PID.maxUidBytes} bytes of UTF-8 (NFC)`,
  })
  .meta({
    description:
      'End-user id. On sign it is sealed to the service’s ML-KEM-768 key (HPKE) and the ciphertext is' +
      ' bound into the signature: only the service (or a holder of pidOpening) can read it. On verify' +
      ' it is the uid to check against the pidCipher.',
  });

const NoPidCipher = z.literal('N/A').meta({ description: '"N/A": no privacy identifier is bound (version byte 0x00).' });

const ServiceKeyId = z
  .string()
  .regex(/^[0-9a-f]{64}$/, { message: 'must be 64 lowercase hex characters (SHA3-256 of the service key)' })
  .meta({ description:
    'serviceKeyId = hex SHA3-256(ek) of the service’s ML-KEM-768 encapsulation key; GET ' +
    '/api/service-keys/{keyId} returns ek.' });

export const PidCipher = z
  .object({
    C1: Base64.meta({ description: 'HPKE enc: the ML-KEM-768 ciphertext (1,088 bytes), base64.' }),
    C2: Base64.meta({ description: 'HPKE ciphertext of the padded uid (80 or 272 bytes: 64 or 256 + 16-byte tag), base64.' }),
    serviceKeyId: ServiceKeyId,
    suite: z.literal(DILION_PID.suite).meta({ description:
      'RFC 9180 base mode: KEM 0x0041 ML-KEM-768, KDF 0x0001 HKDF-SHA256, AEAD 0x0003 ' +
      'ChaCha20-Poly1305.' }),
  })
  .meta({
    id: 'PidCipher',
    description:
      'The privacy identifier: HPKE SealBase(ek, info = "dilion/v1 pid" ‖ 0x00 ‖ sid, aad = ' +
      'SHA3-256(signer public key) ‖ SHA3-256(message), pt = uid ‖ 0x80 ‖ 0x00… padded to 64 or 256 ' +
      'bytes).',
  });

const PidCipherInput = z.strictObject({
  C1: Base64,
  C2: Base64,
  serviceKeyId: ServiceKeyId,
  suite: z.literal(DILION_PID.suite, { message: `must be "${DILION_PID.suite}" (or omitted)` }).optional(),
});

const PidCipherOrNone = z
  .union([z.literal('N/A'), PidCipherInput], { message: 'must be "N/A" or the pidCipher object from a sign response' })
  .meta({ description: 'pidCipher from the sign response ("N/A" or {C1, C2, serviceKeyId, suite}).' });

const PidOpening = Base64.meta({
  description:
    'The 32-byte opening (the HPKE encapsulation randomness) a signer may share so that anyone can ' +
    'check the uid of that one signature.',
});

const IDENTITY_MEANING =
  'What it protects: anyone can verify who signed and that the signature is bound to a service (sid) ' +
  'and to an encrypted end-user id; only that service (the holder of its ML-KEM-768 key) can read or ' +
  'check the uid, and the ciphertext cannot be moved onto another message or signer. What it does ' +
  'not: it does not hide the signer (the public key is needed to verify), nor that a uid is bound, ' +
  'nor its length class (up to 63 or up to 255 bytes); whoever holds the service key, or a pidOpening' +
  ' the signer shared, learns the uid.';

export const DilionSignRequest = z
  .strictObject({
    message: Message,
    uid: Uid.optional(),
    sid: Sid.optional(),
    keyId: SigningKeyChoice('A platform-managed ML-DSA-65 key of yours; default: your default key (created on first use).'),
    includePidOpening: z
      .boolean()
      .optional()
      .meta({ description: 'With uid: also return pidOpening, which lets anyone you give it to check this signature’s uid.' }),
  })
  .meta({ id: 'DilionSignRequest', description: IDENTITY_MEANING });

export const DemoDilionSignRequest = DilionSignRequest.omit({ keyId: true }).meta({ id: 'DemoDilionSignRequest' });

export const DilionSignature = z
  .object({
    encoded: Base64.meta({ description: 'The FIPS 204 signature σ (3,309 bytes), base64.' }),
    c: z.array(z.number().int()).length(256).meta({ description: 'View: the 256 coefficients of the challenge SampleInBall(c̃), c̃ being σ’s first 48 bytes.' }),
    z: z.array(z.number().int()).length(1280).meta({ description: 'View: the 1,280 coefficients of the response vector z (5 polynomials × 256).' }),
    pidCipher: PidCipher.optional().meta({ description:
      'A copy of the response’s pidCipher when a uid is bound, so the signature object alone can be ' +
      'sent to verify.' }),
  })
  .meta({ id: 'DilionSignature' });

export const DilionSignResponse = z
  .object({
    algorithm: z.literal(DILION.algorithm),
    parameterSet: z.literal(DILION.parameterSet),
    signature: DilionSignature,
    publicKey: Base64.meta({ description: 'The signer’s ML-DSA-65 public key (1,952 bytes, FIPS 204 encoding).' }),
    keyId: z.string(),
    keyVersion: z.number().int().positive().meta({ description: 'The version of keyId that signed (docs/decisions/056): its primary when signed.' }),
    context: z.string().meta({ description: 'The FIPS 204 context string, as text: its UTF-8 bytes are ctx.' }),
    pidCipher: z.union([PidCipher, NoPidCipher]),
    pidOpening: PidOpening.optional(),
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
        pidCipher: PidCipherOrNone.optional(),
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
    pidCipher: PidCipherOrNone.optional(),
    pidOpening: PidOpening.optional(),
  })
  .meta({ id: 'DilionVerifyRequest', description: IDENTITY_MEANING });

export const DilionVerifyResponse = z
  .object({
    valid: z.boolean(),
    algorithm: z.literal(DILION.algorithm),
    parameterSet: z.literal(DILION.parameterSet),
    context: z.string(),
    pidCipher: z.union([PidCipher, NoPidCipher]),
    details: z.object({
      signatureValid: z.boolean().meta({ description: 'FIPS 204 ML-DSA-65 verification of σ over M with ctx.' }),
      identity: z.enum(['match', 'mismatch', 'not_checked']).meta({
        description:
          'match/mismatch: the uid given is (not) the one sealed in pidCipher, checked because you ' +
          'own the service key or sent a pidOpening; not_checked otherwise (or without uid, or when ' +
          'the signature is invalid).',
      }),
      serviceKeyId: z.string().nullable(),
      context: z.string(),
    }),
    timestamp: Timestamp,
  })
  .meta({ id: 'DilionVerifyResponse', description: 'valid = signatureValid and identity ≠ mismatch.' });
