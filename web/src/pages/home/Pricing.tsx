/** Pricing: the four plans of docs/product.md §9 with the buttons of docs/product.md §2.3 (see planTarget), and the terms of docs/product.md §12. */
import { Link, useLocation } from 'wouter';
import { useAuth } from '../../hooks/useAuth.ts';
import { PlanCard } from './PlanCard.tsx';
import { OVERAGE_PER_CALL, PLANS, planTarget } from './plans.ts';

export function Pricing() {
  const auth = useAuth();
  const [, navigate] = useLocation();
  return (
    <section className="section section-alt" id="pricing">
      <div className="container">
        <div className="section-title">
          <div className="eyebrow">Pricing</div>
          <h2>Start free, scale when you ship</h2>
          <p>Every plan calls the same engine. Your dashboard’s Billing tab shows your plan, your usage and your charges.</p>
        </div>
        <div className="pricing-grid">
          {PLANS.map((plan) => (
            <PlanCard
              key={plan.id}
              plan={plan}
              badge="Popular"
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
          Paid plans continue past their monthly allowance at {OVERAGE_PER_CALL} per call, up to the spending limit you set. Prices
          in US dollars. What every plan includes, and what none promises, is in the <Link href="/terms">Terms of Service</Link>.
        </p>
      </div>
    </section>
  );
}
