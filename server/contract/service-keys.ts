/** Dilion service keys (docs/crypto/dilion.md §2): the ML-KEM-768 keys uids are sealed to. */
import { z } from 'zod';
import { DILION_PID } from '../../shared/dilion.ts';
import { Base64, Timestamp } from './common.ts';

export const ServiceKey = z
  .object({
    serviceKeyId: z.string().meta({ description: 'hex SHA3-256(publicKey), as in pidCipher.serviceKeyId.' }),
    sid: z.string(),
    publicKey: Base64.meta({ description: 'The ML-KEM-768 encapsulation key (1,184 bytes, FIPS 203 encoding).' }),
    suite: z.literal(DILION_PID.suite),
    managed: z.boolean().meta({ description:
      'true: the platform holds the key and opens pidCiphers for its owner; false: registered by the ' +
      'service, which alone can open.' }),
    createdAt: Timestamp,
  })
  .meta({ id: 'ServiceKey' });

export const PublicServiceKey = ServiceKey.omit({ managed: true }).meta({ id: 'PublicServiceKey' });

export const RegisterServiceKeyRequest = z
  .strictObject({
    sid: z
      .string()
      .min(1, { message: 'must not be empty' })
      .refine((s) => Buffer.byteLength(s, 'utf8') <= 245, { message: 'must be at most 245 bytes of UTF-8' }),
    publicKey: Base64.meta({ description: 'Your ML-KEM-768 encapsulation key (1,184 bytes); keep its decapsulation key yourself.' }),
  })
  .meta({ id: 'RegisterServiceKeyRequest' });

export const SidParams = z.strictObject({
  sid: z.string().min(1).refine((s) => Buffer.byteLength(s, 'utf8') <= 245, { message: 'must be at most 245 bytes of UTF-8' }),
});

export const ServiceKeyIdParams = z.strictObject({
  keyId: z.string().regex(/^[0-9a-f]{64}$/, { message: 'must be 64 lowercase hex characters (a serviceKeyId)' }),
});
