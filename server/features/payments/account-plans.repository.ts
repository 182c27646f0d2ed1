/**
 * What an account's plan needs of storage beyond the purchase flow
 * (docs/decisions/050-one-storage-seam.md): the plan its purchases give it, the operator's grants
 * (the `plan` command, docs/decisions/035), and the plan-end notices (docs/decisions/036). The rules
 * are paid-plans.ts's.
 */
import type { Tier } from '../../../shared/plans.ts';
import type { AccountPlan, PurchasedPlan } from './paid-plans.ts';

/** A plan purchase ending soon, with what its notice needs of the account. */
export interface EndingPlan {
  purchaseId: number;
  planName: string;
  expiresAt: Date;
  email: string;
  /** When the account's plan ends: past the purchase's end, the plan was renewed. */
  accountEnds: Date | null;
}

export interface OperatorPlan {
  userId: string;
  /** The grant to record; null: none, the plan is only recomputed and read. */
  grant: { tier: Tier; expiresAt: Date | null } | null;
  now: Date;
}

export interface AccountPlansRepository {
  /** The plan the account's purchases give it at `now` (grants aside). */
  purchasedPlan(userId: string, now: Date): Promise<PurchasedPlan>;
  /** The account with this email, in any case. */
  accountByEmail(email: string): Promise<{ id: string; email: string } | undefined>;
  /**
   * Records the operator's grant and writes the account's plan and limits from its grants and
   * purchases, in one step per account (a capture or another grant of the account waits); returns
   * the plan and whether a grant decides it, undefined for no account.
   */
  setOperatorPlan(request: OperatorPlan): Promise<(AccountPlan & { byOperator: boolean }) | undefined>;
  /** Active completed plan purchases of live accounts ending in (now, until] whose notice is not marked yet. */
  plansEndingSoon(now: Date, until: Date): Promise<EndingPlan[]>;
  /**
   * Marks the purchase's end noticed at `at` (to be announced now, or found renewed) unless it is
   * marked already, in one conditional write: of any number of claims at once, from any instance,
   * one gets true, and only that one mails.
   */
  claimEndNotice(purchaseId: number, at: Date): Promise<boolean>;
  /** Takes back the claim made at `at` whose mail could not be sent, so that a later pass tries again. */
  releaseEndNotice(purchaseId: number, at: Date): Promise<void>;
}
