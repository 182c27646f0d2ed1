/** Platform-managed signing keys (docs/api.md §7). */
import { z } from 'zod';
import { KEM_KEY_ALGORITHMS, MANAGED_KEY_ALGORITHMS } from '../../shared/managed-keys.ts';
import { SIGNING_ALGORITHMS } from '../../shared/schemes.ts';
import { KEY_STATES } from '../../shared/key-lifecycle.ts';
import { Base64, Timestamp } from './common.ts';

export const SigningAlgorithm = z.enum(SIGNING_ALGORITHMS);

/** A signing algorithm; an encryption key's algorithm is refused with the route that makes one. */
const SigningAlgorithmToCreate = z.enum(SIGNING_ALGORITHMS, {
  error: (issue) =>
    (KEM_KEY_ALGORITHMS as readonly unknown[]).includes(issue.input)
      ? `${String(issue.input)} is an encryption key, not a signing key: create it with POST /api/v1/keys`
      : undefined,
});

export const CreateSigningKeyRequest = z
  .strictObject({
    name: z.string().trim().min(1, { message: 'is required' }).max(100),
    algorithm: SigningAlgorithmToCreate.default('ML-DSA-65').meta({ description:
      'Dilion signs with ML-DSA-65 keys; QES2 with QES2_ECDSA or QES2_Schnorr keys (ML-DSA-65 seed ‖ ' +
      'secp256k1 scalar).' }),
  })
  .meta({ id: 'CreateSigningKeyRequest' });

export const SigningKey = z
  .object({
    keyId: z.string(),
    name: z.string(),
    algorithm: SigningAlgorithm,
    isDefault: z.boolean(),
    publicKey: Base64.meta({ description: 'FIPS 204 encoding; the primary version’s' }),
    createdAt: Timestamp,
    state: z.enum(KEY_STATES).meta({ description: 'enabled, disabled, pending_deletion or destroyed (docs/decisions/056)' }),
    primaryVersion: z.number().int().positive().meta({ description: 'The version sign calls use' }),
  })
  .meta({ id: 'SigningKey', description:
    'The private key never leaves the platform; it is stored as its sealed seed (32 bytes; 64 for ' +
    'QES2).' });

export const SigningKeyList = z.array(SigningKey).meta({ id: 'SigningKeyList' });

export const SigningKeyParams = z.strictObject({
  keyId: z
    .string()
    .regex(/^kid_[0-9A-Za-z]{22}$/, { message: 'must be a signing key id: kid_ followed by 22 letters or digits' })
    .meta({ description: 'A keyId from GET /api/signing-keys' }),
});

const AkpJwk = z
  .object({
    kty: z.literal('AKP'),
    alg: z.enum(['ML-DSA-44', 'ML-DSA-65', 'ML-DSA-87']),
    pub: z.string().meta({ description: 'The raw public key, base64url without padding' }),
  })
  .meta({ id: 'AkpJwk', description: 'JWK of key type AKP (draft-ietf-cose-dilithium)' });

export const SigningKeyExport = z
  .object({
    keyId: z.string(),
    algorithm: z.enum(MANAGED_KEY_ALGORITHMS),
    raw: Base64.meta({ description: 'FIPS 204 encoding (QES2: the ML-DSA-65 key ‖ the secp256k1 key; ML-KEM-768: the FIPS 203 encapsulation key)' }),
    tr: Base64.nullable().meta({ description: 'ML-DSA only: tr = SHAKE256(raw, 64), the first input of µ = SHAKE256(tr ‖ M′, 64) for external-mu signing; null for other keys' }),
    spki: z
      .object({
        der: Base64.meta({ description: 'SubjectPublicKeyInfo, DER' }),
        pem: z.string().meta({ description: 'The same DER as a PEM "PUBLIC KEY" block' }),
      })
      .nullable()
      .meta({ description: 'ML-DSA: OID 2.16.840.1.101.3.4.3.17, .18 or .19; ML-KEM-768: 2.16.840.1.101.3.4.4.2; null for QES2' }),
    jwk: AkpJwk.nullable(),
    note: z.string().nullable().meta({ description: 'Why a format is missing (QES2 keys are exported raw only; ML-KEM keys have no JWK)' }),
  })
  .meta({ id: 'SigningKeyExport' });
