/** The pricing plans of docs/product.md §9 (docs/api.md §14.1), in cents, seeded into pricing_plans and used by metering. */

export type Tier = 'free' | 'starter' | 'pro';

export interface PlanDefinition {
  id: Tier | 'enterprise';
  name: string;
  /** Cents per month; null = custom price. */
  price: number | null;
  /** Calls: in total for Free, per calendar month (UTC) for paid plans; null = unlimited. */
  usageLimit: number | null;
  features: string[];
}

export const PLANS: readonly PlanDefinition[] = [
  {
    id: 'free',
    name: 'Free',
    price: 0,
    usageLimit: 100,
    features: ['100 API calls in total', 'Basic PQC algorithms', 'Email support', 'Community access'],
  },
  {
    id: 'starter',
    name: 'Starter',
    price: 19_900,
    usageLimit: 10_000,
    features: ['10,000 calls per month', 'All PQC algorithms', 'Priority support', 'Advanced analytics'],
  },
  {
    id: 'pro',
    name: 'Pro',
    price: 79_900,
    usageLimit: 100_000,
    features: ['100,000 calls per month', 'Enterprise algorithms', '24/7 support', 'SLA guarantee'],
  },
  {
    id: 'enterprise',
    name: 'Enterprise',
    price: null,
    usageLimit: null,
    features: ['Unlimited calls', 'White-label solution', 'On-premise deployment', 'Enterprise security'],
  },
];

/** Calls allowed for a tier: in total for free, per month for paid tiers. */
export function tierAllowance(tier: Tier): number {
  return PLANS.find((p) => p.id === tier)!.usageLimit!;
}

/** Cents charged per call beyond a paid plan's monthly allowance. */
export const OVERAGE_CENTS_PER_CALL = 1;
