/**
 * Every managed key of the account, signing and encryption, under /api/v1/keys (docs/api.md §7.4;
 * docs/decisions/054): list, create any algorithm within the one 25-key limit, export a public key.
 * /api/v1/signing-keys stays the list of signing keys only.
 */
import type { z } from 'zod';
import { keyPurposeOf, type ManagedKeyAlgorithm } from '../../../shared/managed-keys.ts';
import { errorResponses } from '../../http/route.ts';
import { SigningKeyExport } from '../../contract/signing-keys.ts';
import { CreateManagedKeyRequest, ManagedKey, ManagedKeyList, ManagedKeyParams } from '../../contract/keys.ts';
import type { AppContext } from '../../context.ts';
import { exportPublicKey } from './key-formats.ts';
import type { SigningKeyRow } from './signing-keys.service.ts';

export function toManagedKey(row: SigningKeyRow): z.infer<typeof ManagedKey> {
  return {
    keyId: row.id,
    name: row.name,
    algorithm: row.algorithm as ManagedKeyAlgorithm,
    purpose: keyPurposeOf(row.algorithm),
    isDefault: row.isDefault,
    publicKey: row.publicKey,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A key's public key in every format it has; for /api/v1/signing-keys/…/export and /api/v1/keys/…/export alike. */
export async function exportedKey(ctx: Pick<AppContext, 'signingKeys'>, userId: string, keyId: string): Promise<z.infer<typeof SigningKeyExport>> {
  const row = await ctx.signingKeys.ofUser(userId, keyId);
  return { keyId: row.id, algorithm: row.algorithm as ManagedKeyAlgorithm, ...exportPublicKey(row.algorithm, row.publicKey) };
}

export function managedKeyRoutes(ctx: AppContext): void {
  const { api, signingKeys } = ctx;
  const tag = 'Keys';

  api.route(
    {
      method: 'get', path: '/api/v1/keys', tag, auth: 'user', summary: 'Your managed keys, signing and encryption',
      description: 'Oldest first, each with its purpose (sign or encrypt). An account holds at most 25, so the list is never paged.',
      responses: { 200: { description: 'Every managed key of the account', schema: ManagedKeyList } },
    },
    async ({ req }) => ({ keys: (await signingKeys.list(req.user!.id)).map(toManagedKey) }),
  );

  api.route(
    {
      method: 'post', path: '/api/v1/keys', tag, auth: 'user', body: CreateManagedKeyRequest,
      summary: 'Create a managed key of any algorithm',
      description: 'ML-DSA and QES2 keys sign (pass the keyId to sign calls); ML-KEM-768 keys encrypt (/api/v1/keys/{keyId}/seal and the rest).',
      responses: {
        201: { description: 'The new key', schema: ManagedKey },
        ...errorResponses({ 409: 'key_limit_reached: 25 keys already (signing and encryption together)' }),
      },
    },
    async ({ req, body }) => toManagedKey(await signingKeys.create({ userId: req.user!.id }, body.algorithm, body.name)),
  );

  api.route(
    {
      method: 'get', path: '/api/v1/keys/:keyId/export', tag, auth: 'user', params: ManagedKeyParams,
      summary: 'Export a managed key’s public key',
      description:
        'Raw (base64) and SubjectPublicKeyInfo (DER base64 and PEM, NIST OIDs) for ML-DSA and ML-KEM-768 keys, JWK (kty AKP) ' +
        'for ML-DSA keys; QES2 composite keys raw only.',
      responses: {
        200: { description: 'The public key in every format it has', schema: SigningKeyExport },
        ...errorResponses({ 404: 'No such key on your account' }),
      },
    },
    ({ req, params }) => exportedKey(ctx, req.user!.id, params.keyId),
  );
}
