/**
 * The pricing plans (docs/product.md §9; docs/api.md §14): the one source for the server's metering
 * and seed data and for the web's pricing cards. Money is integer US cents everywhere.
 */

/**
 * One line of what a plan gives, in English, with a stable id: the web's pricing cards show the
 * line in the reader's language from the catalogue text of that id (docs/decisions/041).
 */
export interface PlanFeature {
  id: string;
  text: string;
}

export interface PlanDefinition {
  id: string;
  name: string;
  /** Cents per month; null = custom price. */
  priceCents: number | null;
  /** Calls: in total for Free, per calendar month (UTC) for paid plans; null = unlimited. */
  usageLimit: number | null;
  /** How the calls are counted, as the pricing card says it. */
  calls: string;
  /**
   * What the plan gives, each line something the server does (docs/product.md §9; decision 036):
   * web/src/pages/home/plans.test.ts checks them against the metering and the key limits.
   */
  features: readonly PlanFeature[];
  popular: boolean;
  /** The pricing card's button. */
  cta: string;
}

export const PLANS = [
  {
    id: 'free',
    name: 'Free',
    priceCents: 0,
    usageLimit: 100,
    calls: '100 API calls in total',
    features: [
      { id: 'totalAllowance', text: '100 API calls in total, then calls are refused' },
      { id: 'everyAlgorithm', text: 'Every algorithm: Dilion, QES2_ECDSA, QES2_Schnorr, zk-FIDNA' },
      { id: 'keys', text: 'Up to 25 API keys and 25 signing keys' },
      { id: 'support', text: 'Support through the contact form' },
    ],
    popular: false,
    cta: 'Start Free',
  },
  {
    id: 'starter',
    name: 'Starter',
    priceCents: 19_900,
    usageLimit: 10_000,
    calls: '10,000 calls per month',
    features: [
      { id: 'monthlyAllowance', text: '10,000 API calls per month' },
      { id: 'overage', text: 'Then $0.01 per call, billed per calendar month' },
      { id: 'spendingLimit', text: 'A monthly spending limit you set (at first, the plan’s price)' },
      { id: 'algorithmsAndKeys', text: 'Every algorithm, a plan key, up to 25 API keys and 25 signing keys' },
      { id: 'paypal', text: 'Paid through PayPal a month at a time, with a PDF receipt' },
      { id: 'support', text: 'Support through the contact form' },
    ],
    popular: true,
    cta: 'Upgrade to Starter',
  },
  {
    id: 'pro',
    name: 'Pro',
    priceCents: 79_900,
    usageLimit: 100_000,
    calls: '100,000 calls per month',
    features: [
      { id: 'monthlyAllowance', text: '100,000 API calls per month' },
      { id: 'overage', text: 'Then $0.01 per call, billed per calendar month' },
      { id: 'spendingLimit', text: 'A monthly spending limit you set (at first, the plan’s price)' },
      { id: 'algorithmsAndKeys', text: 'Every algorithm, a plan key, up to 25 API keys and 25 signing keys' },
      { id: 'paypal', text: 'Paid through PayPal a month at a time, with a PDF receipt' },
      { id: 'support', text: 'Support through the contact form' },
    ],
    popular: true,
    cta: 'Upgrade to Pro',
  },
  {
    id: 'enterprise',
    name: 'Enterprise',
    priceCents: null,
    usageLimit: null,
    calls: 'Unlimited calls',
    features: [
      { id: 'unlimitedCalls', text: 'Unlimited API calls' },
      { id: 'contract', text: 'Price and terms agreed in a contract' },
      { id: 'selfHost', text: 'Or host it yourself: one executable on your servers' },
      { id: 'talkToUs', text: 'Talk to us through the contact form' },
    ],
    popular: false,
    cta: 'Contact Sales',
  },
] as const satisfies readonly PlanDefinition[];

export type PlanId = (typeof PLANS)[number]['id'];

/**
 * The plan only an operator sets (the `plan` operations command; docs/decisions/035): every call
 * answered, no allowance, no overage. Never sold and never on the pricing page.
 */
export const UNLIMITED_PLAN = {
  id: 'unlimited',
  name: 'Unlimited',
  priceCents: null,
  usageLimit: null,
  calls: 'Unlimited calls',
  features: [
    { id: 'unlimitedCalls', text: 'Unlimited API calls' },
    { id: 'setByOperator', text: 'Set by the operator of this server' },
  ],
  popular: false,
  cta: 'Set by the operator',
} as const satisfies PlanDefinition;

/** The plans an account can be on (Enterprise is sold by contract, not metered here). */
export const TIERS = ['free', 'starter', 'pro', 'unlimited'] as const;
export type Tier = (typeof TIERS)[number];

export function planOf<I extends PlanId>(id: I): Extract<(typeof PLANS)[number], { id: I }> {
  return PLANS.find((p): p is Extract<(typeof PLANS)[number], { id: I }> => p.id === id)!;
}

/** A tier's plan: one of the pricing plans, or the operator's Unlimited. */
export function tierPlan(tier: Tier): PlanDefinition {
  return tier === 'unlimited' ? UNLIMITED_PLAN : planOf(tier);
}

/** Calls allowed for a tier: in total for free, per calendar month (UTC) for paid tiers; null for unlimited. */
export function tierAllowance(tier: Tier): number | null {
  return tierPlan(tier).usageLimit;
}

/** Cents charged per call beyond a paid plan's monthly allowance. */
export const OVERAGE_CENTS_PER_CALL = 1;

/** Cents as the UI shows money: dollars, with cents only when there are some ("$199", "$0.01"). */
export function dollars(cents: number): string {
  const whole = cents % 100 === 0;
  return `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: whole ? 0 : 2, maximumFractionDigits: 2 })}`;
}
