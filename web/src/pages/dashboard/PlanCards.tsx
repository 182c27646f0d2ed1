/**
 * Upgrade Your Plan (docs/product.md §2.10): Free, Starter and Pro with the current one marked. A
 * higher plan says Upgrade; the plan running says Renew (a month more from its end); a lower plan
 * waits until the higher one ends; after a plan ended, its card offers Renew. On a server that
 * sells nothing (PAYMENTS=off) the cards only describe the plans; Unlimited, which only an operator
 * sets, shows when it is the account's.
 */
import { PLANS, UNLIMITED_PLAN, dollars, tierPlan, type PlanDefinition, type Tier } from '../../../../shared/plans.ts';
import { day, planDescription } from './format.ts';
import type { BillingView } from './types.ts';
import { ActionButton } from '../../components/ui/ActionButton.tsx';

const TIER_PLANS = PLANS.filter((p) => p.id !== 'enterprise') as (PlanDefinition & { id: Tier })[];
const RANK: Record<Tier, number> = { free: 0, starter: 1, pro: 2, unlimited: 3 };

export function PlanCards({ current, billing, busy, selling, onBuy }: {
  current: Tier;
  billing: BillingView | undefined;
  busy: string | null;
  /** False when the server sells nothing: no buy buttons. */
  selling: boolean;
  onBuy: (plan: 'starter' | 'pro') => void;
}) {
  const shown = current === 'unlimited' ? [...TIER_PLANS, UNLIMITED_PLAN] : TIER_PLANS;
  return (
    <div className="plan-cards">
      {shown.map((plan) => {
        const isCurrent = plan.id === current;
        const ended = current === 'free' && billing?.lastPlan?.planType === plan.id;
        let action: { label: string; disabled: boolean; note?: string } | null = null;
        if (selling && (plan.id === 'starter' || plan.id === 'pro')) {
          if (isCurrent) action = { label: `Renew ${plan.name}`, disabled: false, note: billing?.planExpiresAt ? `Runs until ${day(billing.planExpiresAt)}; renewing adds a month.` : undefined };
          else if (RANK[plan.id] < RANK[current]) action = { label: plan.cta, disabled: true, note: `Available when your ${tierPlan(current).name} plan ends.` };
          else if (ended) action = { label: `Renew ${plan.name}`, disabled: false, note: `Ended on ${day(billing!.lastPlan!.expiredAt)}.` };
          else action = { label: plan.cta, disabled: false };
        }
        return (
          <article key={plan.id} className="card price-card billing-plan" data-current={isCurrent} data-testid={`billing-plan-${plan.id}`}>
            {isCurrent && <span className="badge">Current Plan</span>}
            <h3>{plan.name}</h3>
            <div className="price">
              {plan.priceCents === null ? '—' : dollars(plan.priceCents)}
              {plan.priceCents !== null && plan.priceCents > 0 && <small>/month</small>}
            </div>
            <div className="price-calls">{planDescription(plan.id)}</div>
            {action ? (
              <>
                <ActionButton
                  className={`btn ${isCurrent ? 'btn-secondary' : 'btn-primary'}`}
                  inactive={action.disabled || busy !== null}
                  aria-busy={busy === plan.id}
                  onClick={() => onBuy(plan.id as 'starter' | 'pro')}
                >
                  {busy === plan.id ? 'Opening PayPal…' : action.label}
                </ActionButton>
                {action.note && <p className="muted small">{action.note}</p>}
              </>
            ) : (
              isCurrent && (
                <button type="button" className="btn btn-secondary" disabled>
                  Current Plan
                </button>
              )
            )}
          </article>
        );
      })}
    </div>
  );
}
