import { describe, expect, it } from 'vitest';
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
