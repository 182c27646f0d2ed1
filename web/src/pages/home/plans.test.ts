import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEY_LIMITS } from '../../../../server/features/key-limits/key-limits.ts';
import { dollars, OVERAGE_CENTS_PER_CALL, PLANS as PLAN_DEFINITIONS, tierAllowance } from '../../../../shared/plans.ts';
import { SCHEME_IDS, SCHEMES } from '../../../../shared/schemes.ts';
import { setLanguage } from '../../i18n/index.ts';
import { plans, planTarget } from './plans.ts';

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
    expect(plans().map((p) => [p.id, p.price, p.calls, p.popular])).toEqual([
      ['free', '$0', '100 API calls in total', false],
      ['starter', '$199', '10,000 calls per month', true],
      ['pro', '$799', '100,000 calls per month', true],
      ['enterprise', 'Custom', 'Unlimited calls', false],
    ]);
  });
});

describe('what each plan promises (docs/product.md §9, decision 036)', () => {
  const features = (id: string) => plans().find((p) => p.id === id)!.features;
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
    for (const plan of plans()) {
      expect(plan.features.join('\n'), plan.id).not.toMatch(/SLA|24\/7|priority|analytics|basic|enterprise algorithms|white-label|email support|community/i);
    }
  });

  it('shows in English the very lines, counts and buttons of shared/plans.ts, which the server keeps', () => {
    expect(plans().map((p) => [p.features, p.calls, p.cta])).toEqual(PLAN_DEFINITIONS.map((p) => [p.features.map((f) => f.text), p.calls, p.cta]));
  });
});

/** The figures of a text (counts, prices), in order: the same in every language. */
const figures = (text: string) => [...text.matchAll(/\d[\d,.]*\d|\d/g)].map((m) => m[0]);

describe('the plans in Korean (docs/decisions/041)', () => {
  let english: ReturnType<typeof plans>;
  beforeAll(async () => {
    english = plans();
    await setLanguage('ko');
  });
  afterAll(() => setLanguage('en'));

  it('translate every line and promise the same figures, prices in US dollars', () => {
    const korean = plans();
    expect(korean.map((p) => p.price)).toEqual(['US$0', 'US$199', 'US$799', '별도 협의']);
    expect(korean.map((p) => p.calls)).toEqual(['총 100회 API 호출', '월 10,000회 호출', '월 100,000회 호출', '무제한 호출']);
    for (const [i, plan] of korean.entries()) {
      expect(plan.features).toHaveLength(english[i]!.features.length);
      for (const [j, line] of plan.features.entries()) {
        expect(line, line).toMatch(/[\uac00-\ud7a3]/);
        expect(figures(line).sort(), line).toEqual(figures(english[i]!.features[j]!).sort());
      }
    }
    expect(korean.find((p) => p.id === 'starter')!.features[1]).toBe('초과 호출은 호출당 US$0.01, 역월 단위로 청구');
  });

  it('promise no service level, round-the-clock support or tier of algorithms either', () => {
    for (const plan of plans()) {
      expect(plan.features.join('\n'), plan.id).not.toMatch(/SLA|24\/7|연중무휴|24시간|우선|분석|기본 알고리즘|엔터프라이즈 알고리즘|화이트 ?라벨|이메일 지원|커뮤니티|보장/);
    }
  });
});
