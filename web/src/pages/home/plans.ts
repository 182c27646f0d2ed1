/** The plans of docs/product.md §9 (prices in whole dollars, as shown; the server keeps cents). */
import { dollars, OVERAGE_CENTS_PER_CALL, PLANS as PLAN_DEFINITIONS, type PlanId } from '../../../../shared/plans.ts';

export type { PlanId } from '../../../../shared/plans.ts';

/** A plan as its pricing card shows it. */
export interface Plan {
  id: PlanId;
  name: string;
  price: string;
  period?: string;
  calls: string;
  features: readonly string[];
  popular: boolean;
  cta: string;
}

export const PLANS: Plan[] = PLAN_DEFINITIONS.map((p) => ({
  id: p.id,
  name: p.name,
  price: p.priceCents === null ? 'Custom' : dollars(p.priceCents),
  ...(p.priceCents ? { period: '/mo' } : {}),
  calls: p.calls,
  features: p.features,
  popular: p.popular,
  cta: p.cta,
}));

/** Calls beyond a paid plan's monthly allowance (docs/product.md §9; docs/api.md §14.3). */
export const OVERAGE_PER_CALL = dollars(OVERAGE_CENTS_PER_CALL);

/**
 * Where a plan's button leads (docs/product.md §2.3): nowhere while auth is loading; Starter and
 * Pro to the billing tab when signed in, else to /login; Enterprise to the contact form with the
 * partnership subject (docs/decisions/009).
 */
export function planTarget(plan: PlanId, auth: { isLoading: boolean; isAuthenticated: boolean }): string | null {
  if (plan === 'enterprise') return '/contact?subject=partnership';
  if (auth.isLoading) return null;
  if (plan === 'free') return auth.isAuthenticated ? '/dashboard' : '/login';
  return auth.isAuthenticated ? '/dashboard?tab=billing' : '/login';
}
