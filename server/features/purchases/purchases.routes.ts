/** The dashboard's purchase history and plan keys (docs/api.md §14): read, and a plan key's secret revealed once. */
import { ErrorResponse, IdParams, PageQuery } from '../../contract/common.ts';
import { RevealedSecret } from '../../contract/keys.ts';
import { PurchasesResponse } from '../../contract/purchases.ts';
import type { AppContext } from '../../context.ts';

const TAG = 'Purchases';

export function purchaseRoutes(ctx: AppContext): void {
  const { api, purchases, keys } = ctx;

  api.route(
    {
      method: 'get', path: '/api/user/purchases', tag: TAG, auth: 'user', summary: 'Your purchases and plan keys', query: PageQuery,
      description:
        'Plan keys never carry their secret; secretRevealable says whether one waits for its one reveal. Purchases are paged (limit, before); a full page sets X-Next-Cursor.',
      responses: { 200: { description: 'Purchases and plan keys, newest first', schema: PurchasesResponse } },
    },
    ({ req, res, query }) => {
      const page = purchases.forUser(req.user!.id, query.limit, query.before);
      if (page.purchases.length === query.limit) res.setHeader('X-Next-Cursor', String(page.purchases[page.purchases.length - 1]!.id));
      return page;
    },
  );

  api.route(
    {
      method: 'post', path: '/api/user/plan-keys/:id/reveal-secret', tag: TAG, auth: 'user', params: IdParams,
      summary: 'Show a plan key’s secret, once',
      description: 'Returns the secret issued with the plan and deletes the stored copy. Afterwards: 410.',
      responses: {
        200: { description: 'The secret', schema: RevealedSecret },
        404: { description: 'No such plan key on your account', schema: ErrorResponse },
        410: { description: 'Already shown', schema: ErrorResponse },
      },
    },
    ({ req, params }) => {
      const { row, secret } = keys.revealPlanKeySecret(req.user!.id, params.id);
      return { id: row.id, keyValue: row.keyValue, keySecret: secret };
    },
  );
}
