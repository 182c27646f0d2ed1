import { describe, expect, it } from 'vitest';
import { KEY_LIMITS } from '../../../server/features/key-limits/key-limits.ts';
import { dollars, OVERAGE_CENTS_PER_CALL, planOf } from '../../../shared/plans.ts';
import { SCHEME_IDS, SCHEMES } from '../../../shared/schemes.ts';
import { flatten } from '../i18n/catalogue.ts';
import en from '../i18n/locales/en/tech.ts';
import ko from '../i18n/locales/ko/tech.ts';
import { testPlanCards } from './testPlanCards.ts';

/** What no plan gives (docs/product.md §9, decision 036), in either language. */
const UNBACKED = /SLA|24\/7|priority|analytics|basic|enterprise algorithms|email support|community|우선 지원|고급 분석|기본 PQC|엔터프라이즈|이메일 지원|커뮤니티|보장/i;

describe('the /test page’s plan cards (docs/product.md §2.11)', () => {
  const cards = testPlanCards();
  const features = (id: string) => cards.find((c) => c.id === id)!.features;

  it('are Free, Starter and Pro in Korean, at the prices of shared/plans.ts', () => {
    expect(cards.map((c) => [c.id, c.name, c.price, c.period, c.popular])).toEqual([
      ['free', '무료', dollars(planOf('free').priceCents), '', false],
      ['starter', '스타터', dollars(planOf('starter').priceCents), '/월', true],
      ['pro', '프로', dollars(planOf('pro').priceCents), '/월', true],
    ]);
  });

  it('list what each plan gives, as many lines as the home page’s cards, with the server’s figures', () => {
    for (const card of cards) expect(card.features.length, card.id).toBe(planOf(card.id as 'free' | 'starter' | 'pro').features.length);
    expect(features('free')).toEqual([
      '총 100회 API 호출, 이후 호출은 거부됩니다',
      `모든 알고리즘: ${SCHEME_IDS.map((id) => SCHEMES[id].label).join(', ')}`,
      `최대 ${KEY_LIMITS.apiKeys}개의 API 키와 ${KEY_LIMITS.signingKeys.account}개의 서명 키`,
      '문의 양식을 통한 지원',
    ]);
    expect(features('starter')[0]).toBe('월 10,000회 API 호출');
    expect(features('pro')[0]).toBe('월 100,000회 API 호출');
    for (const id of ['starter', 'pro']) {
      expect(features(id).slice(1)).toEqual([
        `이후 호출당 ${dollars(OVERAGE_CENTS_PER_CALL)}, 역월 단위로 청구`,
        '직접 설정하는 월 지출 한도(처음에는 요금제 가격)',
        `모든 알고리즘, 요금제 키, 최대 ${KEY_LIMITS.apiKeys}개의 API 키와 ${KEY_LIMITS.signingKeys.account}개의 서명 키`,
        'PayPal로 한 달 단위 결제, PDF 영수증 제공',
        '문의 양식을 통한 지원',
      ]);
    }
  });

  it('promise no service level, support hours or tier of algorithms, in either catalogue', () => {
    for (const card of cards) expect(card.features.join('\n'), card.id).not.toMatch(UNBACKED);
    for (const catalogue of [en, ko]) {
      for (const [key, text] of flatten(catalogue.testPlans)) expect(text, key).not.toMatch(UNBACKED);
    }
    expect(en.testPlans.features.keys).toBe(`Up to ${KEY_LIMITS.apiKeys} API keys and ${KEY_LIMITS.signingKeys.account} signing keys`);
  });
});
