/** Your platform-managed signing keys: list, create (their ids go in sign calls' keyId) and export public keys. */
import type { z } from 'zod';
import { ErrorResponse } from '../../contract/common.ts';
import { CreateSigningKeyRequest, SigningKey, SigningKeyExport, SigningKeyList, SigningKeyParams } from '../../contract/signing-keys.ts';
import type { AppContext } from '../../context.ts';
import { keyPurposeOf } from '../../../shared/managed-keys.ts';
import { createdKey, exportedKey } from './managed-keys.routes.ts';
import type { SigningAlgorithm, SigningKeyRow } from './signing-keys.service.ts';

/** `publicKey`: the primary version's (the row holds version 1's; docs/decisions/056). */
export function toSigningKey(row: SigningKeyRow, publicKey = row.publicKey): z.infer<typeof SigningKey> {
  return {
    keyId: row.id,
    name: row.name,
    algorithm: row.algorithm as SigningAlgorithm,
    isDefault: row.isDefault,
    publicKey,
    createdAt: row.createdAt.toISOString(),
    state: row.state,
    primaryVersion: row.primaryVersion,
  };
}

export function signingKeyRoutes(ctx: AppContext): void {
  const { api, signingKeys, keyLifecycle } = ctx;

  api.route(
    {
      method: 'get', path: '/api/signing-keys', tag: 'Signing keys', auth: 'user', summary: 'Your signing keys',
      description: 'The default ML-DSA-65 key appears after your first sign call (it is created on first use).',
      responses: { 200: { description: 'Keys, oldest first', schema: SigningKeyList } },
    },
    // Encryption keys are listed by GET /api/v1/keys, with every key's purpose.
    async ({ req }) => (await keyLifecycle.withPrimaryPublicKeys((await signingKeys.list(req.user!.id)).filter((row) => keyPurposeOf(row.algorithm) === 'sign')))
      .map(({ key, publicKey }) => toSigningKey(key, publicKey)),
  );

  api.route(
    {
      method: 'post', path: '/api/signing-keys', tag: 'Signing keys', auth: 'user', body: CreateSigningKeyRequest,
      summary: 'Create a signing key', description: 'Pass its keyId to sign calls to sign with it instead of your default key.',
      responses: { 201: { description: 'The new key', schema: SigningKey }, 409: { description: 'key_limit_reached: 25 signing keys already', schema: ErrorResponse } },
    },
    async ({ req, body }) => toSigningKey(await createdKey(ctx, req, body.algorithm, body.name)),
  );

  api.route(
    {
      method: 'get', path: '/api/signing-keys/:keyId/export', tag: 'Signing keys', auth: 'user', params: SigningKeyParams,
      summary: 'Export a signing key’s public key',
      description:
        'Raw (base64), SubjectPublicKeyInfo (DER base64 and PEM, NIST OIDs) and JWK (kty AKP) for ' +
        'ML-DSA-44/65/87 keys; ML-KEM-768 keys raw and SubjectPublicKeyInfo; QES2 composite keys raw only.',
      responses: {
        200: { description: 'The public key in every format it has', schema: SigningKeyExport },
        404: { description: 'No such signing key on your account', schema: ErrorResponse },
      },
    },
    ({ req, params }) => exportedKey(ctx, req, params.keyId),
  );
}
