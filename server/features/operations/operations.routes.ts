/** Operation history and performance (docs/product.md §7; docs/api.md §9): the dashboard list, the history page, real averages. */
import type { z } from 'zod';
import { CryptoOperationList, DashboardOperationList, Performance, RecentOperations } from '../../contract/operations.ts';
import type { AppContext } from '../../context.ts';
import { toCryptoOperation, toDashboardOperation } from './operation-views.ts';

const TAG = 'Operations';
/** Enough for the dashboard's "latest 10 (Total: n)" and a useful history page. */
const LIST_LIMIT = 100;
/** The dashboard's Operations tab shows the latest 10 (docs/product.md §9). */
export const RECENT_LIMIT = 10;

export function operationRoutes(ctx: AppContext): void {
  const { api, operations } = ctx;

  api.route(
    {
      method: 'get', path: '/api/operations', tag: TAG, auth: 'user', summary: 'Your latest operations, newest first',
      responses: { 200: { description: `Up to ${LIST_LIMIT} operations`, schema: DashboardOperationList } },
    },
    ({ req }) => operations.history({ userId: req.user!.id }, LIST_LIMIT).map(toDashboardOperation),
  );

  api.route(
    {
      method: 'get', path: '/api/operations/recent', tag: TAG, auth: 'user', summary: 'Your latest 10 operations and your total',
      description: 'What the dashboard polls every 2 seconds: one indexed read of 10 rows and one count.',
      responses: { 200: { description: 'The latest operations and the total', schema: RecentOperations } },
    },
    ({ req }) => ({
      operations: operations.history({ userId: req.user!.id }, RECENT_LIMIT).map(toDashboardOperation),
      total: operations.countForUser(req.user!.id),
    }),
  );

  api.route(
    {
      method: 'get', path: '/api/crypto/operations', tag: TAG, auth: 'session', summary: 'Operation history',
      description: 'Signed in: your operations (API and demo). Signed out: the demo operations of this browser session only.',
      responses: { 200: { description: `Up to ${LIST_LIMIT} operations, newest first`, schema: CryptoOperationList } },
    },
    ({ req }) => {
      const owner = req.user ? { userId: req.user.id } : { demoSessionId: req.sessionID };
      return operations.history(owner, LIST_LIMIT).map(toCryptoOperation);
    },
  );

  api.route(
    {
      method: 'get', path: '/api/crypto/performance', tag: TAG, auth: 'none', summary: 'Average sizes and engine times',
      responses: { 200: { description: 'Averages over all stored operations', schema: Performance } },
    },
    (): z.infer<typeof Performance> => {
      const { overall, byAlgorithm } = operations.performance();
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
