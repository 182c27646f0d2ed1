/**
 * `plan <email> [free|starter|pro|unlimited] [--until DATE]`: the operator sets an account's plan
 * (docs/decisions/035), on a server that sells nothing (PAYMENTS=off) or as a courtesy on one that
 * does. The grant is one row in plan_grants; the newest grant decides the account's plan while it
 * runs, over its purchases, and the account's limits follow in the same transaction, so a running
 * server meters the next call by it. With the email alone it prints the account's plan. On SQLite
 * or PostgreSQL alike, beside running servers.
 */
import { TIERS, tierPlan, type Tier } from '../../shared/plans.ts';
import type { Config } from '../config.ts';
import { AuditLog } from '../features/audit/audit.service.ts';
import type { AccountPlansRepository } from '../features/payments/account-plans.repository.ts';
import { createLogger } from '../logger.ts';
import { withStorage } from './database-target.ts';
import { OpsError, type Output } from './output.ts';

const DAY_MS = 86_400_000;

/**
 * --until as a UTC day (2026-12-31: the plan runs through that day) or an ISO 8601 instant with
 * its zone (2026-12-31T18:00:00Z); it must lie in the future.
 */
export function parseUntil(text: string, now: Date): Date {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  let until: Date;
  if (day) {
    const start = new Date(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3])));
    // Date.UTC rolls 2026-02-30 over into March: a day that does not come back as written does not exist.
    if (start.toISOString().slice(0, 10) !== text) throw new OpsError(`--until ${text} is not a date: give YYYY-MM-DD, e.g. 2026-12-31`);
    until = new Date(start.getTime() + DAY_MS);
  } else if (/^\d{4}-\d{2}-\d{2}T[\d:.]+(Z|[+-]\d{2}:\d{2})$/.test(text) && !Number.isNaN(Date.parse(text))) {
    until = new Date(text);
  } else {
    throw new OpsError(`--until ${text} is not a date: give YYYY-MM-DD (the plan runs through that day, UTC) or an ISO 8601 time with its zone`);
  }
  if (until <= now) throw new OpsError(`--until ${text} has passed: give a day in the future`);
  return until;
}

function describe(tier: Tier, expiresAt: Date | null, byOperator: boolean): string {
  const end = expiresAt ? ` until ${expiresAt.toISOString()}` : tier === 'free' ? '' : ' with no end';
  return `${tierPlan(tier).name}${end}${byOperator ? ' (set by the operator)' : ''}`;
}

async function accountOf(plans: AccountPlansRepository, email: string): Promise<{ id: string; email: string }> {
  // Emails are stored as given at sign-up; the operator may type them in any case.
  const user = await plans.accountByEmail(email);
  if (!user) throw new OpsError(`No account has the email ${email}.`);
  return user;
}

export interface PlanRequest {
  email: string;
  tier: string | undefined;
  until: string | undefined;
}

export async function setPlan(config: Config, request: PlanRequest, out: Output, now: Date = new Date()): Promise<void> {
  if (request.tier !== undefined && !(TIERS as readonly string[]).includes(request.tier)) {
    throw new OpsError(`"${request.tier}" is not a plan: give one of ${TIERS.join(', ')}.`);
  }
  if (request.until !== undefined && request.tier === undefined) throw new OpsError('--until needs a plan: plan <email> <plan> --until <date>.');
  const until = request.until === undefined ? null : parseUntil(request.until, now);
  await withStorage(config, 'plan', async ({ accountPlans: plans, audit }) => {
    const user = await accountOf(plans, request.email);
    const tier = request.tier as Tier | undefined;
    const plan = await plans.setOperatorPlan({ userId: user.id, grant: tier === undefined ? null : { tier, expiresAt: until }, now });
    // The account was deleted between the look-up and the grant.
    if (!plan) throw new OpsError(`No account has the email ${request.email}.`);
    if (tier !== undefined) {
      await new AuditLog(audit, createLogger(config.logLevel), () => now).record({
        accountId: user.id, type: 'plan.set_by_operator', actor: 'operator', details: { plan: tier, expiresAt: until?.toISOString() ?? null },
      });
    }
    const mode = config.payments.mode === 'off' ? '' : ` (this server sells plans too, PAYMENTS=${config.payments.mode}: a purchase does not replace the operator's plan while it runs)`;
    out(`${user.email}: ${describe(plan.tier, plan.expiresAt, plan.byOperator)}${tier !== undefined ? mode : ''}`);
  });
}
