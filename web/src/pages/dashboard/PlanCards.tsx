/**
 * Upgrade Your Plan (docs/product.md §2.10): Free, Starter and Pro with the current one marked. A
 * higher plan says Upgrade; the plan running says Renew (a month more from its end); a lower plan
 * waits until the higher one ends; after a plan ended, its card offers Renew. On a server that
 * sells nothing (PAYMENTS=off) the cards only describe the plans; Unlimited, which only an operator
 * sets, shows when it is the account's.
 */
import { useTranslation } from 'react-i18next';
import { PLANS, UNLIMITED_PLAN, tierPlan, type PlanDefinition, type Tier } from '../../../../shared/plans.ts';
import { day, planDescription, price } from './format.ts';
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
  const { t } = useTranslation('dashboard');
  const shown = current === 'unlimited' ? [...TIER_PLANS, UNLIMITED_PLAN] : TIER_PLANS;
  return (
    <div className="plan-cards">
      {shown.map((plan) => {
        const isCurrent = plan.id === current;
        const ended = current === 'free' && billing?.lastPlan?.planType === plan.id;
        let action: { label: string; disabled: boolean; note?: string } | null = null;
        if (selling && (plan.id === 'starter' || plan.id === 'pro')) {
          const renew = t('planCards.renew', { plan: plan.name });
          const upgrade = t('planCards.upgrade', { plan: plan.name });
          if (isCurrent) action = { label: renew, disabled: false, note: billing?.planExpiresAt ? t('planCards.renewNote', { date: day(billing.planExpiresAt) }) : undefined };
          else if (RANK[plan.id] < RANK[current]) action = { label: upgrade, disabled: true, note: t('planCards.waitNote', { plan: tierPlan(current).name }) };
          else if (ended) action = { label: renew, disabled: false, note: t('planCards.endedNote', { date: day(billing!.lastPlan!.expiredAt) }) };
          else action = { label: upgrade, disabled: false };
        }
        return (
          <article key={plan.id} className="card price-card billing-plan" data-current={isCurrent} data-testid={`billing-plan-${plan.id}`}>
            {isCurrent && <span className="badge">{t('planCards.current')}</span>}
            <h3>{plan.name}</h3>
            <div className="price">
              {plan.priceCents === null ? '—' : price(plan.priceCents)}
              {plan.priceCents !== null && plan.priceCents > 0 && <small>{t('planCards.perMonth')}</small>}
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
                  {busy === plan.id ? t('billing.opening') : action.label}
                </ActionButton>
                {action.note && <p className="muted small">{action.note}</p>}
              </>
            ) : (
              isCurrent && (
                <button type="button" className="btn btn-secondary" disabled>
                  {t('planCards.current')}
                </button>
              )
            )}
          </article>
        );
      })}
    </div>
  );
}
