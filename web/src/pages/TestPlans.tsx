/**
 * /test (docs/product.md §2.11): the Korean-language plan test page. Signed out, its buttons alert in
 * Korean and then send the browser to /api/login (the server redirects that to /login). Signed in,
 * Starter and Pro open the same PayPal checkout as the dashboard's Billing tab, and the outcome is
 * shown there. Free is 100 calls in total (docs/api.md §14.1), which the card says.
 *
 * Its texts are in the `tech` catalogue (docs/decisions/041), but the page stays Korean whatever
 * the site's language, as §2.11 specifies: it reads the Korean catalogue, bundled with the page.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { i18n } from '../i18n/index.ts';
import koreanTech from '../i18n/locales/ko/tech.ts';
import '../styles/marketing.css';
import { PlanCard } from './home/PlanCard.tsx';
import { dollars, planOf } from '../../../shared/plans.ts';
import { useAuth } from '../hooks/useAuth.ts';
import { errorMessage } from '../lib/api.ts';
import { dashboardAddress, startCheckout, usePaymentMessages } from '../lib/checkout.ts';
import type { Plan } from './home/plans.ts';

// The site loads Korean only when it is the visitor's language; this page needs it always.
if (!i18n.hasResourceBundle('ko', 'tech')) i18n.addResourceBundle('ko', 'tech', koreanTech);

function goToLogin(message: string) {
  window.alert(message);
  window.location.href = '/api/login';
}

/** The plans in Korean; names and prices come from shared/plans.ts. */
function usePlans(): Plan[] {
  const { t } = useTranslation('tech', { lng: 'ko', keyPrefix: 'testPlans.plans' });
  return [
    {
      id: 'free',
      name: t('free.name'),
      price: dollars(planOf('free').priceCents),
      period: '',
      calls: t('free.calls'),
      features: [t('free.features.algorithms'), t('free.features.support'), t('free.features.community')],
      cta: t('free.cta'),
      popular: false,
    },
    {
      id: 'starter',
      name: t('starter.name'),
      price: dollars(planOf('starter').priceCents),
      period: t('starter.period'),
      calls: t('starter.calls'),
      features: [t('starter.features.algorithms'), t('starter.features.support'), t('starter.features.analytics')],
      cta: t('starter.cta'),
      popular: true,
    },
    {
      id: 'pro',
      name: t('pro.name'),
      price: dollars(planOf('pro').priceCents),
      period: t('pro.period'),
      calls: t('pro.calls'),
      features: [t('pro.features.algorithms'), t('pro.features.support'), t('pro.features.sla')],
      cta: t('pro.cta'),
      popular: true,
    },
  ];
}

export default function TestPlans() {
  const { t } = useTranslation('tech', { lng: 'ko', keyPrefix: 'testPlans' });
  const plans = usePlans();
  const { user } = useAuth();
  const [, navigate] = useLocation();
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  usePaymentMessages((message) => navigate(dashboardAddress(message)));

  const choose = async (plan: Plan['id']) => {
    if (!user) return goToLogin(t('alerts.loginRequired'));
    if (plan !== 'starter' && plan !== 'pro') return navigate('/dashboard?tab=billing');
    setBusy(plan);
    setError(null);
    try {
      await startCheckout({ plan });
    } catch (e) {
      setError(errorMessage(e, t('checkoutFailed')));
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="container" lang="ko">
      <header className="page-header">
        <div className="eyebrow">{t('eyebrow')}</div>
        <h1>{t('title')}</h1>
        <p>{user ? t('signedIn') : t('signedOut')}</p>
        <div className="row" style={{ justifyContent: 'center', marginTop: 22 }}>
          <button type="button" className="btn btn-primary" onClick={() => goToLogin(t('alerts.loginTest'))}>
            {t('loginTest')}
          </button>
          <button type="button" className="btn btn-secondary" onClick={() => (user ? navigate('/dashboard?tab=billing') : goToLogin(t('alerts.paymentTest')))}>
            {t('paymentTest')}
          </button>
        </div>
        {error && (
          <div className="alert alert-danger" role="alert" style={{ marginTop: 16 }}>
            {error}
          </div>
        )}
      </header>
      <div className="grid grid-3" style={{ paddingBottom: 72 }}>
        {plans.map((plan) => (
          <PlanCard key={plan.id} plan={plan} badge={t('popular')} testId={`test-plan-${plan.id}`} busy={busy === plan.id} onChoose={() => void choose(plan.id)} />
        ))}
      </div>
    </div>
  );
}
