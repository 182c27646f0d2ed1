/**
 * Bring your own key (docs/api.md §7.3, docs/decisions/056-key-versions-and-lifecycle.md): start an
 * import to get a wrapping key, then send the seed sealed to it.
 */
import type { z } from 'zod';
import { KEY_IMPORT_WRAPPING, keyImportInfo } from '../../../shared/key-lifecycle.ts';
import { CompleteKeyImportRequest, CreateKeyImportRequest, ImportedKey, KeyImport, KeyImportParams } from '../../contract/key-lifecycle.ts';
import type { AppContext } from '../../context.ts';
import { errorResponses } from '../../http/route.ts';
import { toManagedKeyState } from './key-lifecycle.routes.ts';

const TAG = 'Key lifecycle';

export function keyImportRoutes(ctx: AppContext): void {
  const { api, keyImports } = ctx;

  api.route(
    {
      method: 'post', path: '/api/v1/key-imports', tag: TAG, auth: 'user', body: CreateKeyImportRequest,
      summary: 'Start a key import',
      description:
        `A fresh ML-KEM-768 wrapping key for this import only, valid 24 hours. Seal the seed to it with ${KEY_IMPORT_WRAPPING} ` +
        '(RFC 9180 base mode, the info given, no aad), then POST the result to /api/v1/key-imports/{importId}.',
      responses: {
        201: { description: 'The import', schema: KeyImport },
        ...errorResponses({ 400: 'algorithm_mismatch: keyId is a key of another algorithm', 404: 'signing_key_not_found', 409: 'key_disabled or key_pending_deletion', 410: 'key_destroyed' }),
      },
    },
    async ({ req, body }): Promise<z.infer<typeof KeyImport>> => {
      const started = await keyImports.start(req.user!.id, body);
      return { ...started, wrapping: KEY_IMPORT_WRAPPING, info: keyImportInfo(started.importId), expiresAt: started.expiresAt.toISOString() };
    },
  );

  api.route(
    {
      method: 'post', path: '/api/v1/key-imports/:importId', tag: TAG, auth: 'user', params: KeyImportParams, body: CompleteKeyImportRequest,
      summary: 'Complete a key import',
      description:
        'Opens the wrapped seed, checks its length (32 bytes for ML-DSA, 64 for ML-KEM-768), derives the public key and stores a new ' +
        'key (within your key limit) or a new primary version of the key named. An import is used once, whatever the outcome.',
      responses: {
        201: { description: 'The key, with the version the import became', schema: ImportedKey },
        ...errorResponses({
          400: 'unwrap_failed, invalid_seed_length, invalid_enc, invalid_ciphertext_length',
          404: 'key_import_not_found',
          409: 'key_limit_reached, key_disabled, key_pending_deletion, key_version_limit',
          410: 'key_import_used or key_import_expired',
        }),
      },
    },
    async ({ req, params, body }): Promise<z.infer<typeof ImportedKey>> => {
      const imported = await keyImports.complete(req.user!.id, params.importId, body.wrappedSeed);
      await ctx.audit.record(
        { accountId: req.user!.id, type: 'key.imported', actor: 'account', subject: imported.key.id, details: { algorithm: imported.key.algorithm, version: imported.importedVersion } },
        req,
      );
      return { ...toManagedKeyState(imported), importedVersion: imported.importedVersion };
    },
  );
}
