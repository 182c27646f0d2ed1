/**
 * The /test page's plan cards (docs/product.md §2.11), always in Korean: names and prices from
 * shared/plans.ts, and each line only what the plan gives (docs/product.md §9), like the home page's
 * cards. Its texts are in the `tech` catalogue (docs/decisions/041); the Korean one is bundled here,
 * since the site loads Korean only for visitors who read it.
 */
import { dollars, OVERAGE_CENTS_PER_CALL, planOf, tierAllowance } from '../../../shared/plans.ts';
import { SCHEME_IDS, SCHEMES } from '../../../shared/schemes.ts';
import { i18n } from '../i18n/index.ts';
import { formatNumber } from '../i18n/format.ts';
import koreanTech from '../i18n/locales/ko/tech.ts';
import type { Plan } from './home/plans.ts';

if (!i18n.hasResourceBundle('ko', 'tech')) i18n.addResourceBundle('ko', 'tech', koreanTech);

/** The page's texts, in Korean whatever the site's language. */
const korean = () => i18n.getFixedT('ko', 'tech', 'testPlans');

/** Starter and Pro give the same, past their different monthly allowance. */
function paidFeatures(id: 'starter' | 'pro'): string[] {
  const testPageText = korean();
  return [
    testPageText('features.monthlyAllowance', { calls: formatNumber(tierAllowance(id)!) }),
    testPageText('features.overage', { price: dollars(OVERAGE_CENTS_PER_CALL) }),
    testPageText('features.spendingLimit'),
    testPageText('features.algorithmsAndKeys'),
    testPageText('features.paypal'),
    testPageText('features.support'),
  ];
}

/** The three cards, built when the page renders. */
export function testPlanCards(): Plan[] {
  const testPageText = korean();
  const card = (id: 'free' | 'starter' | 'pro', features: string[], popular: boolean): Plan => ({
    id,
    name: testPageText(`plans.${id}.name`),
    price: dollars(planOf(id).priceCents),
    period: id === 'free' ? '' : testPageText(`plans.${id}.period`),
    calls: testPageText(`plans.${id}.calls`),
    features,
    cta: testPageText(`plans.${id}.cta`),
    popular,
  });
  return [
    card(
      'free',
      [
        testPageText('features.totalAllowance', { calls: formatNumber(tierAllowance('free')!) }),
        testPageText('features.everyAlgorithm', { algorithms: SCHEME_IDS.map((id) => SCHEMES[id].label).join(', ') }),
        testPageText('features.keys'),
        testPageText('features.support'),
      ],
      false,
    ),
    card('starter', paidFeatures('starter'), true),
    card('pro', paidFeatures('pro'), true),
  ];
}
