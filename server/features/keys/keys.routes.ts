/** API-key routes (docs/product.md §7; docs/api.md §13): list, create, reveal once, disable, enable, rotate. */
import { ErrorResponse, IdParams } from '../../contract/common.ts';
import { ApiKey, ApiKeyList, CreateKeyRequest, RevealedSecret } from '../../contract/keys.ts';
import type { AppContext } from '../../context.ts';
import { toApiKeyResponse } from './keys.service.ts';

const TAG = 'API keys';
const notFound = { 404: { description: 'No such key on your account', schema: ErrorResponse } };

export function keyRoutes(ctx: AppContext): void {
  const { api, keys } = ctx;

  api.route(
    {
      method: 'get', path: '/api/keys', tag: TAG, auth: 'user', summary: 'Your API keys, newest first',
      description: 'Secrets are never listed; secretRevealable says whether a platform-created secret still waits for its one reveal.',
      responses: { 200: { description: 'Keys', schema: ApiKeyList } },
    },
    ({ req }) => keys.list(req.user!.id).map((row) => toApiKeyResponse(row)),
  );

  api.route(
    {
      method: 'post', path: '/api/keys', tag: TAG, auth: 'user', body: CreateKeyRequest,
      summary: 'Create an API key',
      description: 'The response carries keySecret; it is shown this once and only its digest is stored.',
      responses: { 201: { description: 'The key with its secret', schema: ApiKey }, 409: { description: 'key_limit_reached: 25 API keys already', schema: ErrorResponse } },
    },
    ({ req, body }) => {
      const { row, secret } = keys.createKey(req.user!.id, body.keyName, 'shown');
      return toApiKeyResponse(row, secret);
    },
  );

  api.route(
    {
      method: 'post', path: '/api/keys/:id/reveal-secret', tag: TAG, auth: 'user', params: IdParams,
      summary: 'Show a platform-created secret, once',
      description:
        'For the key made at sign-up (or with a plan): returns the secret and deletes the stored ' +
        'copy. Afterwards: 410, rotate instead.',
      responses: { 200: { description: 'The secret', schema: RevealedSecret }, ...notFound, 410: { description: 'Already shown', schema: ErrorResponse } },
    },
    ({ req, params }) => {
      const { row, secret } = keys.revealSecret(req.user!.id, params.id);
      return { id: row.id, keyValue: row.keyValue, keySecret: secret };
    },
  );

  api.route(
    {
      method: 'post', path: '/api/keys/:id/disable', tag: TAG, auth: 'user', params: IdParams,
      summary: 'Disable a key', description: 'Calls with a disabled key get 403 api_key_disabled.',
      responses: { 200: { description: 'The key', schema: ApiKey }, ...notFound },
    },
    ({ req, params }) => toApiKeyResponse(keys.setActive(req.user!.id, params.id, false)),
  );

  api.route(
    {
      method: 'post', path: '/api/keys/:id/enable', tag: TAG, auth: 'user', params: IdParams,
      summary: 'Enable a disabled key',
      responses: { 200: { description: 'The key', schema: ApiKey }, ...notFound },
    },
    ({ req, params }) => toApiKeyResponse(keys.setActive(req.user!.id, params.id, true)),
  );

  api.route(
    {
      method: 'post', path: '/api/keys/:id/rotate', tag: TAG, auth: 'user', params: IdParams,
      summary: 'Replace a key’s secret',
      description: 'The key id stays; the old secret stops working at once; the new one is in this response only.',
      responses: { 200: { description: 'The key with its new secret', schema: ApiKey }, ...notFound },
    },
    ({ req, params }) => {
      const { row, secret } = keys.rotate(req.user!.id, params.id);
      return toApiKeyResponse(row, secret);
    },
  );
}
