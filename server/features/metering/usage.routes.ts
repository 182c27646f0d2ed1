/**
 * GET /api/usage (docs/api.md §14.2): the account's calls against the plan; GET /api/usage/daily:
 * the same calls per UTC day and algorithm, for the dashboard's chart. A signed-in session or a
 * management API key (docs/decisions/057).
 */
import type { z } from 'zod';
import { ErrorResponse } from '../../contract/common.ts';
import { DailyUsage, UsageMonthParams, UsageSummary } from '../../contract/usage.ts';
import type { AppContext } from '../../context.ts';
import { badRequest } from '../../errors.ts';
import { accountIdOf } from '../../http/account-auth.ts';
import { monthOf } from './metering.service.ts';

const TAG = 'Usage';

/** [first instant, first instant of the next month) of a YYYY-MM month in UTC. */
export function monthRange(month: string): { from: Date; to: Date } {
  const [year, index] = month.split('-').map(Number) as [number, number];
  return { from: new Date(Date.UTC(year, index - 1, 1)), to: new Date(Date.UTC(year, index, 1)) };
}

export function usageRoutes(ctx: AppContext): void {
  const { api, metering, operations } = ctx;

  api.route(
    {
      method: 'get', path: '/api/usage', tag: TAG, auth: 'account', summary: 'Your calls against your plan',
      responses: { 200: { description: 'Usage', schema: UsageSummary } },
    },
    ({ req }) => metering.summary(accountIdOf(req)),
  );

  const daily = async (userId: string, month: string): Promise<z.infer<typeof DailyUsage>> => {
    const { from, to } = monthRange(month);
    const days = await operations.dailyApiCalls(userId, from, to);
    return { month, days, total: days.reduce((sum, d) => sum + d.calls, 0) };
  };

  api.route(
    {
      method: 'get', path: '/api/usage/daily', tag: TAG, auth: 'account', summary: 'Your API calls per day this month',
      description: 'Metered calls (sign and verify) per UTC day and algorithm in the current calendar month (UTC).',
      responses: { 200: { description: 'Calls per day and algorithm', schema: DailyUsage } },
    },
    ({ req }) => daily(accountIdOf(req), monthOf(new Date())),
  );

  api.route(
    {
      method: 'get', path: '/api/usage/daily/:month', tag: TAG, auth: 'account', params: UsageMonthParams,
      summary: 'Your API calls per day in a given month',
      responses: {
        200: { description: 'Calls per day and algorithm', schema: DailyUsage },
        400: { description: 'Not a YYYY-MM month, or a month in the future', schema: ErrorResponse },
      },
    },
    ({ req, params }) => {
      if (params.month > monthOf(new Date())) throw badRequest('month_in_future', `${params.month} has not started yet: ask for this month or an earlier one.`, 'params.month');
      return daily(accountIdOf(req), params.month);
    },
  );
}
