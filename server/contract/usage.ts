/** Usage summary (docs/product.md §3; docs/api.md §14.2). */
import { z } from 'zod';
import { TIERS } from '../../shared/plans.ts';

export const UsageSummary = z
  .object({
    apiCallsThisMonth: z
      .number()
      .int()
      .meta({ description: "Calls this calendar month (UTC) on a paid plan; on Free, all calls so far (Free's 100 calls are in total)." }),
    planLimit: z.number().int().meta({ description: 'Calls allowed: in total on Free, per month on paid plans.' }),
    currentPlan: z.enum(TIERS),
    overageCharges: z.number().int().meta({ description: 'Overage owed, in US cents (1 cent per call beyond a paid allowance).' }),
  })
  .meta({ id: 'UsageSummary' });
