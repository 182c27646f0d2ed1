/** Pricing: the four plans of spec §9 with the buttons of spec §2 (see planTarget). */
import { useLocation } from 'wouter';
import { useAuth } from '../../hooks/useAuth.ts';
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
          <p>Every plan calls the same engine. Upgrade from your dashboard whenever you need more calls.</p>
        </div>
        <div className="pricing-grid">
          {PLANS.map((plan) => (
            <article key={plan.id} className="card price-card" data-featured={plan.id === 'starter'} data-testid={`plan-${plan.id}`}>
              {plan.popular && <span className="badge">Popular</span>}
              <div>
                <h3>{plan.name}</h3>
                <div className="price">
                  {plan.price}
                  {plan.period && <small>{plan.period}</small>}
                </div>
                <div className="price-calls">{plan.calls}</div>
              </div>
              <ul className="check-list">
                {plan.features.map((f) => (
                  <li key={f}>{f}</li>
                ))}
              </ul>
              <button
                type="button"
                className={`btn ${plan.popular ? 'btn-primary' : 'btn-secondary'}`}
                aria-busy={auth.isLoading && plan.id !== 'enterprise'}
                onClick={() => {
                  const target = planTarget(plan.id, auth);
                  if (target) navigate(target);
                }}
              >
                {plan.cta}
              </button>
            </article>
          ))}
        </div>
        <p className="pricing-note">
          Paid plans continue past their monthly allowance at {OVERAGE_PER_CALL} per call. Prices in US dollars.
        </p>
      </div>
    </section>
  );
}
