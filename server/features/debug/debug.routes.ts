/**
 * The debug pages' key inspector (docs/product.md §7, §10; docs/api.md §15): POST a key and its secret, get that key's
 * usage or its operations. Nothing is hard-coded; the pair itself is the credential, so no login.
 */
import { KeyCredentials, KeyOperations, KeyUsage } from '../../contract/debug.ts';
import { ErrorResponse } from '../../contract/common.ts';
import type { AppContext } from '../../context.ts';
import { toCryptoOperation } from '../operations/operation-views.ts';

const TAG = 'Debug';
const refused = { 401: { description: 'Wrong key or secret', schema: ErrorResponse }, 403: { description: 'Key disabled', schema: ErrorResponse } };

export function debugRoutes(ctx: AppContext): void {
  const { api, keys, metering, operations } = ctx;

  api.route(
    {
      method: 'post', path: '/api/debug/user-usage', tag: TAG, auth: 'none', body: KeyCredentials,
      summary: 'Usage seen by one API key', before: [ctx.limits.auth],
      responses: { 200: { description: 'Usage', schema: KeyUsage }, ...refused },
    },
    ({ body }) => {
      const caller = keys.authenticate(body.apiKey, body.apiSecret, { touch: false });
      const summary = metering.summary(caller.userId);
      if (caller.kind === 'personal') {
        return { used: summary.apiCallsThisMonth, limit: summary.planLimit, currentPlan: summary.currentPlan, keyKind: 'personal' as const, overageCharges: summary.overageCharges };
      }
      const plan = metering.planKeyUsage(caller.keyValue, caller.userId);
      return { used: plan.used, limit: plan.limit, currentPlan: plan.planType, keyKind: 'plan' as const, overageCharges: summary.overageCharges };
    },
  );

  api.route(
    {
      method: 'post', path: '/api/debug/user-operations', tag: TAG, auth: 'none', body: KeyCredentials,
      summary: 'Operations made with one API key', before: [ctx.limits.auth],
      responses: { 200: { description: 'Newest first, up to 50', schema: KeyOperations }, ...refused },
    },
    ({ body }) => {
      const caller = keys.authenticate(body.apiKey, body.apiSecret, { touch: false });
      return { operations: operations.forApiKey(caller.keyValue, 50).map(toCryptoOperation) };
    },
  );
}
