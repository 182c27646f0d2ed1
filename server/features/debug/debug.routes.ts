/**
 * The debug pages' key inspector (docs/product.md §7, §10; docs/api.md §15): a key's usage or its
 * operations, either for a pasted key and secret (the pair is the credential, so no login) or for one
 * of the signed-in user's own keys, picked by its pk_… value. Nothing is hard-coded.
 */
import type { z } from 'zod';
import { KeyCredentials, KeyOperations, KeyUsage, KeyValueParams } from '../../contract/debug.ts';
import { ErrorResponse } from '../../contract/common.ts';
import type { AppContext } from '../../context.ts';
import type { ApiCaller } from '../../types.ts';
import { toCryptoOperation } from '../operations/operation-views.ts';

const TAG = 'Debug';
const OPERATIONS_LIMIT = 50;
const refused = { 401: { description: 'Wrong key or secret', schema: ErrorResponse }, 403: { description: 'Key disabled', schema: ErrorResponse } };
const notYours = { 404: { description: 'No key with this value on your account', schema: ErrorResponse } };

export function debugRoutes(ctx: AppContext): void {
  const { api, apiKeys, metering, operations } = ctx;

  // Every key draws on its account's one allowance (docs/decisions/036): a key sees the account's usage.
  const usageOf = async (caller: ApiCaller): Promise<z.infer<typeof KeyUsage>> => {
    const summary = await metering.summary(caller.userId);
    return { used: summary.apiCallsThisMonth, limit: summary.planLimit, currentPlan: summary.currentPlan, keyKind: caller.kind, overageCharges: summary.overageCharges };
  };
  const operationsOf = async (caller: ApiCaller): Promise<z.infer<typeof KeyOperations>> => ({
    operations: (await operations.forApiKey(caller.keyValue, OPERATIONS_LIMIT)).map(toCryptoOperation),
  });

  api.route(
    {
      method: 'post', path: '/api/debug/user-usage', tag: TAG, auth: 'none', body: KeyCredentials,
      summary: 'Usage seen by one API key', before: [ctx.limits.auth],
      responses: { 200: { description: 'Usage', schema: KeyUsage }, ...refused },
    },
    async ({ body }) => usageOf(await apiKeys.authenticate(body.apiKey, body.apiSecret, { touch: false })),
  );

  api.route(
    {
      method: 'post', path: '/api/debug/user-operations', tag: TAG, auth: 'none', body: KeyCredentials,
      summary: 'Operations made with one API key', before: [ctx.limits.auth],
      responses: { 200: { description: `Newest first, up to ${OPERATIONS_LIMIT}`, schema: KeyOperations }, ...refused },
    },
    async ({ body }) => operationsOf(await apiKeys.authenticate(body.apiKey, body.apiSecret, { touch: false })),
  );

  api.route(
    {
      method: 'get', path: '/api/debug/keys/:keyValue/usage', tag: TAG, auth: 'user', params: KeyValueParams,
      summary: 'Usage seen by one of your API keys', description: 'The signed-in session is the credential: no secret needed.',
      before: [ctx.limits.reads],
      responses: { 200: { description: 'Usage', schema: KeyUsage }, ...notYours },
    },
    async ({ req, params }) => usageOf(await apiKeys.ownedCaller(req.user!.id, params.keyValue)),
  );

  api.route(
    {
      method: 'get', path: '/api/debug/keys/:keyValue/operations', tag: TAG, auth: 'user', params: KeyValueParams,
      summary: 'Operations made with one of your API keys',
      before: [ctx.limits.reads],
      responses: { 200: { description: `Newest first, up to ${OPERATIONS_LIMIT}`, schema: KeyOperations }, ...notYours },
    },
    async ({ req, params }) => operationsOf(await apiKeys.ownedCaller(req.user!.id, params.keyValue)),
  );
}
