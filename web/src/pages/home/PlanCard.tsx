/** One pricing card, shared by the home page's pricing section and the Korean /test page. */
import type { Plan } from './plans.ts';

export function PlanCard({ plan, badge, testId, busy, onChoose }: {
  plan: Pick<Plan, 'id' | 'name' | 'price' | 'period' | 'calls' | 'features' | 'cta' | 'popular'>;
  /** The "popular" badge's text in the page's language. */
  badge: string;
  testId: string;
  busy?: boolean;
  onChoose: () => void;
}) {
  return (
    <article className="card price-card" data-featured={plan.id === 'starter'} data-testid={testId}>
      {plan.popular && <span className="badge">{badge}</span>}
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
      <button type="button" className={`btn ${plan.popular ? 'btn-primary' : 'btn-secondary'}`} aria-busy={busy} onClick={onChoose}>
        {plan.cta}
      </button>
    </article>
  );
}
