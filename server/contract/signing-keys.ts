/** Platform-managed signing keys (DESIGN.md §4). */
import { z } from 'zod';
import { Base64, Timestamp } from './common.ts';

export const SigningAlgorithm = z.enum(['ML-DSA-44', 'ML-DSA-65', 'ML-DSA-87']);

export const CreateSigningKeyRequest = z
  .strictObject({
    name: z.string().trim().min(1, { message: 'is required' }).max(100),
    algorithm: SigningAlgorithm.default('ML-DSA-65').meta({ description: 'Dilion signs with ML-DSA-65 keys.' }),
  })
  .meta({ id: 'CreateSigningKeyRequest' });

export const SigningKey = z
  .object({
    keyId: z.string(),
    name: z.string(),
    algorithm: SigningAlgorithm,
    isDefault: z.boolean(),
    publicKey: Base64.meta({ description: 'FIPS 204 encoding' }),
    createdAt: Timestamp,
  })
  .meta({ id: 'SigningKey', description: 'The private key never leaves the platform; it is stored as its sealed 32-byte seed.' });

export const SigningKeyList = z.array(SigningKey).meta({ id: 'SigningKeyList' });
