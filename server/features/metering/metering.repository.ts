/**
 * What metering needs of storage, named for what each operation guarantees
 * (docs/decisions/050-one-storage-seam.md). The business rules (tiers, overage, overdue overage,
 * spending limits) stay in metering.service.ts; this is where an account's standing is read, where
 * its admitted calls are held, and what a settled call writes (a MeterCharge, carried by the
 * commit that records its answer: docs/decisions/028-answered-means-recorded.md).
 */
import type { Tier } from '../../../shared/plans.ts';
import type { Quota } from './quota-headers.ts';
import type { SpendingReading } from './spending-limits.repository.ts';

/** What metering reads of an account on every public call. */
export interface AccountStanding {
  tier: Tier;
  /** When the account's plan runs out (ms since the epoch); null: it does not. */
  expiresAt: number | null;
  /** Answered calls in total (Free's lifetime allowance). */
  used: number;
  /** Free's lifetime allowance. */
  limit: number;
  /** The month's answered calls (paid tiers); null with none yet. */
  monthCalls: number | null;
  /** The month's allowance credit; null with none. */
  credit: number | null;
}

/** The dashboard's reading of an account: its standing and the overage it owes. */
export interface AccountUsage extends AccountStanding {
  /** Cents of overage owed and not yet paid. */
  overageCharges: number;
}

export interface MeterTicket {
  userId: string;
  /** The key the call was made with: its statistics take the call. */
  keyValue: string;
  /** The account's monthly_usage row that takes the call (paid tiers), if any. */
  meter: { name: string; month: string } | null;
  /** The purchase of a plan key, whose totals take the call too. */
  purchaseId: number | null;
  /** Past the allowance: the month whose overage row takes a cent. */
  overageMonth: string | null;
  /** The counter the call's place is held against; null once settled or refunded. */
  held: string | null;
  /** The allowance the call was admitted against, for the answer's RateLimit fields (quota-headers.ts); null: Unlimited. */
  quota?: Quota | null;
}

/**
 * A settled call's charge, as the commit that records it writes it: one call on each of the
 * ticket's counters, and its place released once the commit has the counts.
 */
export interface MeterCharge {
  ticket: MeterTicket;
  /** The month whose `key:<pk_…>` row counts the call. */
  keyMonth: string;
  /** Cents of overage the call costs (0 within the allowance). */
  overageCents: number;
  /** The description an overage row is created with. */
  overageDescription: string;
  /** When the call was settled (ms since the epoch): an overage row created now carries it. */
  settledAt: number;
}

/** Reads an admission decision may need beyond the standing, taken in the same step. */
export interface AdmissionReads {
  /** Calls admitted against `counter` and not yet settled or refunded. */
  held(counter: string): number;
  /** Whether the account has pending overage of a month before `month` (YYYY-MM). */
  hasOverageBefore(userId: string, month: string): boolean;
  /** What the account's spending limit is derived from (spending-limits.ts), as of this admission. */
  spending(userId: string): SpendingReading;
}

/**
 * Decides on a call from the account's standing (undefined: no such account): returns the ticket
 * whose `held` counter takes the call, or throws the refusal. Synchronous by design: on SQLite the
 * read, this decision and the hold are one step, so concurrent calls cannot pass a limit together.
 */
export type AdmissionRule = (standing: AccountStanding | undefined, reads: AdmissionReads) => MeterTicket;

export interface MeteringRepository {
  /**
   * Reads the account's standing (after moving a plan that ran out at `now` back to what the
   * account has left), lets `rule` decide, and holds the call's place: in one step, so the call
   * is counted against the limit before any other admission reads it. Rejects with the rule's refusal.
   */
  admit(userId: string, month: string, now: Date, rule: AdmissionRule): Promise<MeterTicket>;
  /** The account's usage for `month` (after the same move of a plan that ran out at `now`); undefined for no account. */
  usage(userId: string, month: string, now: Date): Promise<AccountUsage | undefined>;
  /** The call failed before it was answered: its place is released (once; a second refund does nothing). */
  refund(ticket: MeterTicket): Promise<void>;
  /** Counters with calls held (tests: none may stay once every call has finished). */
  heldCounters(): Promise<number>;
}
