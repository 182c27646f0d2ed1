/**
 * Every managed key of the account, signing and encryption, under /api/v1/keys (docs/api.md §7.4;
 * docs/decisions/054): list, create any algorithm within the one 25-key limit, export a public key.
 * /api/v1/signing-keys stays the list of signing keys only. The list and the export also take a
 * management API key (docs/decisions/057-management-api-keys.md).
 */
import type { Request } from 'express';
import type { z } from 'zod';
import { keyPurposeOf, type ManagedKeyAlgorithm } from '../../../shared/managed-keys.ts';
import { accountIdOf, auditActorOf } from '../../http/account-auth.ts';
import { errorResponses } from '../../http/route.ts';
import { SigningKeyExport } from '../../contract/signing-keys.ts';
import { CreateManagedKeyRequest, ManagedKey, ManagedKeyList, ManagedKeyParams } from '../../contract/keys.ts';
import type { AppContext } from '../../context.ts';
import { exportPublicKey } from './key-formats.ts';
import type { SigningKeyRow } from './signing-keys.service.ts';

/** `publicKey`: the primary version's (the row holds version 1's; docs/decisions/056). */
export function toManagedKey(row: SigningKeyRow, publicKey = row.publicKey): z.infer<typeof ManagedKey> {
  return {
    keyId: row.id,
    name: row.name,
    algorithm: row.algorithm as ManagedKeyAlgorithm,
    purpose: keyPurposeOf(row.algorithm),
    isDefault: row.isDefault,
    publicKey,
    createdAt: row.createdAt.toISOString(),
    state: row.state,
    primaryVersion: row.primaryVersion,
  };
}

/** Creates the account's key and records it in the audit log; for both create routes. */
export async function createdKey(ctx: Pick<AppContext, 'signingKeys' | 'audit'>, req: Request, algorithm: ManagedKeyAlgorithm, name: string): Promise<SigningKeyRow> {
  const key = await ctx.signingKeys.create({ userId: req.user!.id }, algorithm, name);
  const type = keyPurposeOf(key.algorithm) === 'encrypt' ? 'kem_key.created' : 'signing_key.created';
  await ctx.audit.record({ accountId: req.user!.id, type, actor: 'account', subject: key.id, details: { algorithm: key.algorithm, name: key.name } }, req);
  return key;
}

/** A key's public key in every format it has; for /api/v1/signing-keys/…/export and /api/v1/keys/…/export alike. */
export async function exportedKey(ctx: Pick<AppContext, 'keyLifecycle' | 'audit'>, req: Request, keyId: string): Promise<z.infer<typeof SigningKeyExport>> {
  const userId = accountIdOf(req);
  // The primary version's public key, whatever the key's state: a public key stays exportable.
  const { key, publicKey } = await ctx.keyLifecycle.get(userId, keyId);
  await ctx.audit.record({ accountId: userId, type: 'signing_key.public_key_exported', actor: auditActorOf(req), subject: key.id, details: { algorithm: key.algorithm } }, req);
  return { keyId: key.id, algorithm: key.algorithm as ManagedKeyAlgorithm, ...exportPublicKey(key.algorithm, publicKey) };
}

export function managedKeyRoutes(ctx: AppContext): void {
  const { api, signingKeys } = ctx;
  const tag = 'Keys';

  api.route(
    {
      method: 'get', path: '/api/v1/keys', tag, auth: 'account', summary: 'Your managed keys, signing and encryption',
      description: 'Oldest first, each with its purpose (sign or encrypt). An account holds at most 25, so the list is never paged. A signed-in session or a management API key (docs/decisions/057).',
      responses: { 200: { description: 'Every managed key of the account', schema: ManagedKeyList } },
    },
    async ({ req }) => ({
      keys: (await ctx.keyLifecycle.withPrimaryPublicKeys(await signingKeys.list(accountIdOf(req)))).map(({ key, publicKey }) => toManagedKey(key, publicKey)),
    }),
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
    async ({ req, body }) => toManagedKey(await createdKey(ctx, req, body.algorithm, body.name)),
  );

  api.route(
    {
      method: 'get', path: '/api/v1/keys/:keyId/export', tag, auth: 'account', params: ManagedKeyParams,
      summary: 'Export a managed key’s public key',
      description:
        'Raw (base64) and SubjectPublicKeyInfo (DER base64 and PEM, NIST OIDs) for ML-DSA and ML-KEM-768 keys, JWK (kty AKP) ' +
        'for ML-DSA keys; QES2 composite keys raw only. A signed-in session or a management API key (docs/decisions/057).',
      responses: {
        200: { description: 'The public key in every format it has', schema: SigningKeyExport },
        ...errorResponses({ 404: 'No such key on your account' }),
      },
    },
    ({ req, params }) => exportedKey(ctx, req, params.keyId),
  );
}
