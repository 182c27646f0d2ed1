/**
 * The plans of docs/product.md §9 as the pricing cards show them, in the reader's language
 * (docs/decisions/041): the texts from the `home` catalogue, each feature line by its id in
 * shared/plans.ts, the figures from shared/plans.ts, and prices in US dollars, whole dollars as
 * shown ("$199"; "US$199" in Korean) while the server keeps cents. Call plans() while rendering.
 */
import { OVERAGE_CENTS_PER_CALL, PLANS as PLAN_DEFINITIONS, type PlanId } from '../../../../shared/plans.ts';
import { SCHEME_IDS, SCHEMES } from '../../../../shared/schemes.ts';
import { formatNumber } from '../../i18n/format.ts';
import { i18n } from '../../i18n/index.ts';

export type { PlanId } from '../../../../shared/plans.ts';

type Definition = (typeof PLAN_DEFINITIONS)[number];

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

/** Cents as dollars, with cents only when there are some: "$199", "$0.01" ("US$199", "US$0.01" in Korean). */
export function price(cents: number): string {
  return formatNumber(cents / 100, { style: 'currency', currency: 'USD', minimumFractionDigits: cents % 100 === 0 ? 0 : 2, maximumFractionDigits: 2 });
}

/** Calls beyond a paid plan's monthly allowance, per call (docs/product.md §9; docs/api.md §14.3). */
export const overagePerCall = (): string => price(OVERAGE_CENTS_PER_CALL);

/** How the calls are counted: in total on Free, per month on a paid plan, none on Enterprise. */
function callsOf(plan: Definition): string {
  if (plan.usageLimit === null) return i18n.t('home:pricing.calls.unlimited');
  return i18n.t(plan.id === 'free' ? 'home:pricing.calls.total' : 'home:pricing.calls.monthly', { calls: formatNumber(plan.usageLimit) });
}

/**
 * A plan's feature lines: the catalogue text of each line's id (a feature id without one fails to
 * compile), with the plan's allowance, the overage price and the algorithms the server serves.
 */
function featuresOf(plan: Definition): string[] {
  const values = {
    calls: formatNumber(plan.usageLimit ?? 0),
    price: overagePerCall(),
    algorithms: SCHEME_IDS.map((id) => SCHEMES[id].label).join(', '),
  };
  return plan.features.map((feature) => i18n.t(`home:pricing.features.${feature.id}`, values));
}

/** The four plans in the page's language. */
export function plans(): Plan[] {
  return PLAN_DEFINITIONS.map((p) => ({
    id: p.id,
    name: p.name,
    price: p.priceCents === null ? i18n.t('home:pricing.custom') : price(p.priceCents),
    ...(p.priceCents ? { period: i18n.t('home:pricing.perMonth') } : {}),
    calls: callsOf(p),
    features: featuresOf(p),
    popular: p.popular,
    cta: i18n.t(`home:pricing.cta.${p.id}`),
  }));
}

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
