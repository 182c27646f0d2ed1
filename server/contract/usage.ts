/** Usage summary (docs/product.md §3; docs/api.md §14.2). */
import { z } from 'zod';
import { TIERS } from '../../shared/plans.ts';

export const UsageSummary = z
  .object({
    apiCallsThisMonth: z
      .number()
      .int()
      .meta({ description: "Calls this calendar month (UTC) on a paid plan; on Free, all calls so far (Free's 100 calls are in total)." }),
    planLimit: z.number().int().nullable().meta({ description: 'Calls allowed: in total on Free, per month on paid plans; null on Unlimited (a plan only an operator sets).' }),
    currentPlan: z.enum(TIERS),
    overageCharges: z.number().int().meta({ description: 'Overage owed, in US cents (1 cent per call beyond a paid allowance).' }),
  })
  .meta({ id: 'UsageSummary' });

export const UsageMonthParams = z.strictObject({
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { message: 'must be a month as YYYY-MM' })
    .meta({ description: 'A calendar month (UTC), YYYY-MM, not in the future', example: '2026-11' }),
});

export const DailyUsage = z
  .object({
    month: z.string().meta({ description: 'YYYY-MM (UTC)' }),
    days: z
      .array(
        z.object({
          date: z.string().meta({ description: 'YYYY-MM-DD (UTC)' }),
          algorithm: z.string(),
          calls: z.number().int(),
        }),
      )
      .meta({ description: 'One entry per day and algorithm that had calls, oldest first; days without calls are absent.' }),
    total: z.number().int().meta({ description: 'Calls in the month' }),
  })
  .meta({ id: 'DailyUsage', description: 'Your metered API calls (sign and verify) per UTC day and algorithm.' });
