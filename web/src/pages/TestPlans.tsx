/**
 * /test (docs/product.md §2.11): the Korean-language plan test page. Signed out, its buttons alert in
 * Korean and then send the browser to /api/login (the server redirects that to /login). Signed in,
 * Starter and Pro open the same PayPal checkout as the dashboard's Billing tab, and the outcome is
 * shown there. Free is 100 calls in total (docs/api.md §14.1), which the card says.
 *
 * Its texts are in the `tech` catalogue (docs/decisions/041), but the page stays Korean whatever
 * the site's language, as docs/product.md §2.11 specifies: it reads the Korean catalogue, bundled with the page
 * (testPlanCards.ts, which also builds the cards).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import '../styles/marketing.css';
import { PlanCard } from './home/PlanCard.tsx';
import { testPlanCards } from './testPlanCards.ts';
import { useAuth } from '../hooks/useAuth.ts';
import { errorMessage } from '../lib/api.ts';
import { dashboardAddress, startCheckout, usePaymentMessages } from '../lib/checkout.ts';
import type { Plan } from './home/plans.ts';

function goToLogin(message: string) {
  window.alert(message);
  window.location.href = '/api/login';
}

export default function TestPlans() {
  const { t } = useTranslation('tech', { lng: 'ko', keyPrefix: 'testPlans' });
  const plans = testPlanCards();
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
