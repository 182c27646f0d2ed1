/**
 * The dashboard's purchase history and plan keys (docs/api.md §14). A plan key is an API key like any
 * other (docs/decisions/036): its secret, rotation and restrictions go through /api/keys.
 */
import { PageQuery } from '../../contract/common.ts';
import { PurchasesResponse } from '../../contract/purchases.ts';
import type { AppContext } from '../../context.ts';

const TAG = 'Purchases';

export function purchaseRoutes(ctx: AppContext): void {
  const { api, purchases } = ctx;

  api.route(
    {
      method: 'get', path: '/api/user/purchases', tag: TAG, auth: 'user', summary: 'Your purchases and plan keys', query: PageQuery,
      description:
        'Plan keys never carry their secret; secretRevealable says whether one waits for its one reveal (POST /api/keys/{id}/reveal-secret). Purchases are paged (limit, before); a full page sets X-Next-Cursor.',
      responses: { 200: { description: 'Purchases and plan keys, newest first', schema: PurchasesResponse } },
    },
    async ({ req, res, query }) => {
      const page = await purchases.forUser(req.user!.id, query.limit, query.before);
      if (page.purchases.length === query.limit) res.setHeader('X-Next-Cursor', String(page.purchases[page.purchases.length - 1]!.id));
      return page;
    },
  );
}
