/**
 * What two-factor sign-in needs of storage (docs/decisions/050-one-storage-seam.md), named for what
 * each operation guarantees: a TOTP step and a recovery code are each accepted once, however many
 * requests carry them at the same time, and turning it on gives the recovery codes that work. The
 * rules (codes, sealing, the failure count: docs/decisions/039) stay in two-factor.ts.
 */

/** An account's two-factor state; secrets are sealed (server/security/sealing.ts). */
export interface TwoFactorState {
  email: string;
  enabled: boolean;
  /** A secret proposed by the set-up and not confirmed yet. */
  pending: string | null;
  secret: string | null;
  /** The last 30-second step an app code was accepted for. */
  lastStep: number | null;
}

export interface TwoFactorRepository {
  stateOf(userId: string): Promise<TwoFactorState | undefined>;
  /** Unused recovery codes of the account. */
  recoveryCodesLeft(userId: string): Promise<number>;
  /** Proposes a sealed secret (replacing an earlier proposal) while two-factor is off; false when it is on. */
  proposeSecret(userId: string, sealed: string): Promise<boolean>;
  /**
   * Turns it on with the proposed secret `pending` (its code accepted for `step`) and makes
   * `codeDigests` the account's recovery codes, in one step; false, changing nothing, when it is on
   * already or another secret was proposed since. Of concurrent calls, one turns it on.
   */
  enable(userId: string, pending: string, step: number, now: Date, codeDigests: string[]): Promise<boolean>;
  /** Forgets the secret, the proposal and the recovery codes. */
  disable(userId: string): Promise<void>;
  /** Makes `codeDigests` the account's recovery codes (the old ones stop working) while it is on; false when it is off. */
  replaceRecoveryCodes(userId: string, codeDigests: string[]): Promise<boolean>;
  /** Records that an app code was accepted for `step`, if no code of that step or a later one was: a code works once. */
  acceptAppStep(userId: string, step: number): Promise<boolean>;
  /** Uses the account's unused recovery code with this digest; once: of concurrent uses of one code, one gets true. */
  useRecoveryCode(userId: string, codeDigest: string, now: Date): Promise<boolean>;
}
