/**
 * What spending limits need of storage (docs/decisions/036, docs/decisions/050-one-storage-seam.md):
 * an account's own limit and whether it ever paid overage (from which spending-limits.ts derives
 * the limit that applies), the owner's setting, and the alerts, each sent at most once per account,
 * month and threshold. Metering reads the same reading inside its admission step
 * (AdmissionReads.spending), so the limit holds before the work.
 */

/** What the limit of an account is derived from. */
export interface SpendingReading {
  /** The owner's own limit, if the owner ever set one (cents null: lifted). */
  own: { cents: number | null } | undefined;
  /** Whether the account has ever paid an overage balance (its default limit ends then). */
  hasPaidOverage: boolean;
}

export interface SpendingLimitsRepository {
  limitReading(userId: string): Promise<SpendingReading>;
  /** Sets the owner's limit in cents (null: none), replacing any earlier one. */
  setLimit(userId: string, cents: number | null, now: Date): Promise<void>;
  /**
   * Records that the alert at `percent` of the limit is sent for `month` (YYYY-MM): true only for
   * the first caller, however many mark it at once, so each alert is mailed once.
   */
  markAlerted(userId: string, month: string, percent: number, now: Date): Promise<boolean>;
  /** The account's email address; undefined for no account. */
  emailOf(userId: string): Promise<string | undefined>;
}
