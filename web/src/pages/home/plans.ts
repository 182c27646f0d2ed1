/** The plans of docs/product.md §9 (prices in whole dollars, as shown; the server keeps cents). */

export type PlanId = 'free' | 'starter' | 'pro' | 'enterprise';

export interface Plan {
  id: PlanId;
  name: string;
  price: string;
  period?: string;
  calls: string;
  features: string[];
  popular: boolean;
  cta: string;
}

export const PLANS: Plan[] = [
  {
    id: 'free',
    name: 'Free',
    price: '$0',
    calls: '100 API calls in total',
    features: ['100 API calls in total', 'Basic PQC algorithms', 'Email support', 'Community access'],
    popular: false,
    cta: 'Start Free',
  },
  {
    id: 'starter',
    name: 'Starter',
    price: '$199',
    period: '/mo',
    calls: '10,000 calls per month',
    features: ['10,000 API calls per month', 'All PQC algorithms', 'Priority support', 'Advanced analytics'],
    popular: true,
    cta: 'Upgrade to Starter',
  },
  {
    id: 'pro',
    name: 'Pro',
    price: '$799',
    period: '/mo',
    calls: '100,000 calls per month',
    features: ['100,000 API calls per month', 'Enterprise algorithms', '24/7 support', 'SLA guarantee'],
    popular: true,
    cta: 'Upgrade to Pro',
  },
  {
    id: 'enterprise',
    name: 'Enterprise',
    price: 'Custom',
    calls: 'Unlimited calls',
    features: ['Unlimited API calls', 'White-label solution', 'On-premise deployment', 'Enterprise security'],
    popular: false,
    cta: 'Contact Sales',
  },
];

/** Calls beyond a paid plan's monthly allowance (docs/product.md §9; docs/api.md §14.3). */
export const OVERAGE_PER_CALL = '$0.01';

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
