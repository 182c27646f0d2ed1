/**
 * Operation history and performance (docs/product.md §7; docs/api.md §9): the dashboard list (also
 * with a management API key, docs/decisions/057), the history page, real averages.
 */
import type { z } from 'zod';
import { CryptoOperationList, DashboardOperationList, Performance, RecentOperations } from '../../contract/operations.ts';
import { PageQuery } from '../../contract/common.ts';
import type { Response } from 'express';
import type { AppContext } from '../../context.ts';
import { accountIdOf } from '../../http/account-auth.ts';
import type { OperationRow } from './operations.service.ts';
import { toCryptoOperation, toDashboardOperation } from './operation-views.ts';

const TAG = 'Operations';

/** A full page has a next one, maybe: its last id is the cursor for it. */
function paged(res: Response, rows: OperationRow[], limit: number): OperationRow[] {
  if (rows.length === limit) res.setHeader('X-Next-Cursor', String(rows[rows.length - 1]!.id));
  return rows;
}
/** The dashboard's Operations tab shows the latest 10 (docs/product.md §9). */
export const RECENT_LIMIT = 10;

export function operationRoutes(ctx: AppContext): void {
  const { api, operations } = ctx;

  api.route(
    {
      method: 'get', path: '/api/operations', tag: TAG, auth: 'account', summary: 'Your latest operations, newest first', query: PageQuery,
      description: 'A signed-in session or a management API key (docs/decisions/057).',
      responses: { 200: { description: 'A page of operations; a full page sets X-Next-Cursor', schema: DashboardOperationList } },
    },
    async ({ req, res, query }) => paged(res, await operations.history({ userId: accountIdOf(req) }, query.limit, query.before), query.limit).map(toDashboardOperation),
  );

  api.route(
    {
      method: 'get', path: '/api/operations/recent', tag: TAG, auth: 'user', summary: 'Your latest 10 operations and your total',
      description: 'What the dashboard polls every 2 seconds: one indexed read of 10 rows and one count.',
      responses: { 200: { description: 'The latest operations and the total', schema: RecentOperations } },
    },
    async ({ req }) => {
      const [recent, total] = await Promise.all([operations.history({ userId: req.user!.id }, RECENT_LIMIT), operations.countForUser(req.user!.id)]);
      return { operations: recent.map(toDashboardOperation), total };
    },
  );

  api.route(
    {
      method: 'get', path: '/api/crypto/operations', tag: TAG, auth: 'session', summary: 'Operation history', query: PageQuery,
      description: 'Signed in: your operations (API and demo). Signed out: the demo operations of this browser session only.',
      before: [ctx.limits.reads],
      responses: { 200: { description: 'A page of operations, newest first; a full page sets X-Next-Cursor', schema: CryptoOperationList } },
    },
    async ({ req, res, query }) => {
      const owner = req.user ? { userId: req.user.id } : { demoSessionId: req.sessionID };
      return paged(res, await operations.history(owner, query.limit, query.before), query.limit).map(toCryptoOperation);
    },
  );

  api.route(
    {
      method: 'get', path: '/api/crypto/performance', tag: TAG, auth: 'none', summary: 'Average sizes and engine times',
      before: [ctx.limits.reads],
      responses: { 200: { description: 'Averages over all stored operations', schema: Performance } },
    },
    async (): Promise<z.infer<typeof Performance>> => {
      const { overall, byAlgorithm } = await operations.performance();
      return {
        averageSignatureSize: overall.averageSignatureSize,
        averageGenerationTime: overall.averageGenerationTime,
        averageVerificationTime: overall.averageVerificationTime,
        operations: overall.operations,
        byAlgorithm,
      };
    },
  );
}
