import { describe, expect, it } from 'vitest';
import { KEY_LIMITS } from '../../../../server/features/keys/key-limits.ts';
import { dollars, OVERAGE_CENTS_PER_CALL, tierAllowance } from '../../../../shared/plans.ts';
import { SCHEME_IDS, SCHEMES } from '../../../../shared/schemes.ts';
import { PLANS, planTarget } from './plans.ts';

describe('pricing buttons', () => {
  it('do nothing for Starter and Pro while auth is loading', () => {
    expect(planTarget('starter', { isLoading: true, isAuthenticated: false })).toBeNull();
    expect(planTarget('pro', { isLoading: true, isAuthenticated: false })).toBeNull();
  });

  it('send a signed-in user to the billing tab and a visitor to /login', () => {
    for (const plan of ['starter', 'pro'] as const) {
      expect(planTarget(plan, { isLoading: false, isAuthenticated: true })).toBe('/dashboard?tab=billing');
      expect(planTarget(plan, { isLoading: false, isAuthenticated: false })).toBe('/login');
    }
  });

  it('send Enterprise to the contact form with the partnership subject, even while loading', () => {
    expect(planTarget('enterprise', { isLoading: true, isAuthenticated: false })).toBe('/contact?subject=partnership');
  });

  it('list the prices and allowances of docs/product.md §9, Starter and Pro marked popular', () => {
    expect(PLANS.map((p) => [p.id, p.price, p.calls, p.popular])).toEqual([
      ['free', '$0', '100 API calls in total', false],
      ['starter', '$199', '10,000 calls per month', true],
      ['pro', '$799', '100,000 calls per month', true],
      ['enterprise', 'Custom', 'Unlimited calls', false],
    ]);
  });
});

describe('what each plan promises (docs/product.md §9, decision 036)', () => {
  const features = (id: string) => PLANS.find((p) => p.id === id)!.features;
  const keys = `${KEY_LIMITS.apiKeys} API keys and ${KEY_LIMITS.signingKeys.account} signing keys`;
  const overage = `Then ${dollars(OVERAGE_CENTS_PER_CALL)} per call, billed per calendar month`;

  it('gives Free its lifetime allowance and every algorithm the server serves, support only by the contact form', () => {
    expect(features('free')).toEqual([
      `${tierAllowance('free')} API calls in total, then calls are refused`,
      `Every algorithm: ${SCHEME_IDS.map((id) => SCHEMES[id].label).join(', ')}`,
      `Up to ${keys}`,
      'Support through the contact form',
    ]);
  });

  it('gives Starter and Pro their monthly allowance, overage at a cent, a spending limit, keys and receipts', () => {
    for (const id of ['starter', 'pro'] as const) {
      expect(features(id)).toEqual([
        `${tierAllowance(id)!.toLocaleString('en-US')} API calls per month`,
        overage,
        'A monthly spending limit you set (at first, the plan’s price)',
        `Every algorithm, a plan key, up to ${keys}`,
        'Paid through PayPal a month at a time, with a PDF receipt',
        'Support through the contact form',
      ]);
    }
  });

  it('promises no service level, round-the-clock support or tier of algorithms that nothing backs', () => {
    for (const plan of PLANS) {
      expect(plan.features.join('\n'), plan.id).not.toMatch(/SLA|24\/7|priority|analytics|basic|enterprise algorithms|white-label|email support|community/i);
    }
  });
});
