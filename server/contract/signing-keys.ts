/** Platform-managed signing keys (docs/api.md §7). */
import { z } from 'zod';
import { Base64, Timestamp } from './common.ts';

export const SigningAlgorithm = z.enum(['ML-DSA-44', 'ML-DSA-65', 'ML-DSA-87', 'QES2_ECDSA', 'QES2_Schnorr']);

export const CreateSigningKeyRequest = z
  .strictObject({
    name: z.string().trim().min(1, { message: 'is required' }).max(100),
    algorithm: SigningAlgorithm.default('ML-DSA-65').meta({ description: 'Dilion signs with ML-DSA-65 keys; QES2 with QES2_ECDSA or QES2_Schnorr keys (ML-DSA-65 seed ‖ secp256k1 scalar).' }),
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
  .meta({ id: 'SigningKey', description: 'The private key never leaves the platform; it is stored as its sealed seed (32 bytes; 64 for QES2).' });

export const SigningKeyList = z.array(SigningKey).meta({ id: 'SigningKeyList' });
