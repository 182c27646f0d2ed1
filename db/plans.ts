/** The plans as pricing_plans rows (seeded at start from shared/plans.ts, the one source). */
import { PLANS } from '../shared/plans.ts';

/** Each plan as a pricing_plans row: id, name, price in cents, usage limit and features (their English lines). */
export const PLAN_ROWS = PLANS.map((p) => ({ id: p.id, name: p.name, price: p.priceCents, usageLimit: p.usageLimit, features: p.features.map((f) => f.text) }));
