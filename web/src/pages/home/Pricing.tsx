/** Pricing: the four plans of docs/product.md §9 with the buttons of docs/product.md §2.3 (see planTarget), and the terms of docs/product.md §12. */
import { Trans, useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { useAuth } from '../../hooks/useAuth.ts';
import { PlanCard } from './PlanCard.tsx';
import { overagePerCall, plans, planTarget } from './plans.ts';

export function Pricing() {
  const { t } = useTranslation('home');
  const auth = useAuth();
  const [, navigate] = useLocation();
  return (
    <section className="section section-alt" id="pricing">
      <div className="container">
        <div className="section-title">
          <div className="eyebrow">{t('pricing.eyebrow')}</div>
          <h2>{t('pricing.heading')}</h2>
          <p>{t('pricing.intro')}</p>
        </div>
        <div className="pricing-grid">
          {plans().map((plan) => (
            <PlanCard
              key={plan.id}
              plan={plan}
              badge={t('pricing.popular')}
              testId={`plan-${plan.id}`}
              busy={auth.isLoading && plan.id !== 'enterprise'}
              onChoose={() => {
                const target = planTarget(plan.id, auth);
                if (target) navigate(target);
              }}
            />
          ))}
        </div>
        <p className="pricing-note">
          <Trans t={t} i18nKey="pricing.note" values={{ price: overagePerCall() }} components={{ a: <Link href="/terms" /> }} />
        </p>
      </div>
    </section>
  );
}
