/** GET /api/usage (docs/api.md §14.2): the signed-in user's calls against the plan. */
import { UsageSummary } from '../../contract/usage.ts';
import type { AppContext } from '../../context.ts';

export function usageRoutes(ctx: AppContext): void {
  ctx.api.route(
    {
      method: 'get', path: '/api/usage', tag: 'Usage', auth: 'user', summary: 'Your calls against your plan',
      responses: { 200: { description: 'Usage', schema: UsageSummary } },
    },
    ({ req }) => ctx.metering.summary(req.user!.id),
  );
}
