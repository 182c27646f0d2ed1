/**
 * What the control of an account's data needs of storage (docs/decisions/038,
 * docs/decisions/050-one-storage-seam.md): the history setting, and deleting an account: at once,
 * in one transaction, everything that lets anyone act as it and its personal data; later, once its
 * history is purged (operations/history-deletion.ts), its row. The rules (who may delete, what the
 * owner is told) stay in account-data.service.ts and account-deletion.ts.
 */
import type { HistoryKeeps } from '../../../shared/history.ts';

/** What deleting an account checks of it first. */
export interface AccountToDelete {
  email: string;
  /** Null for an account that signs in with Google only. */
  passwordDigest: string | null;
  /** Cents of overage owed. */
  overageCharges: number;
  /** Already deleted (its history may still be being purged). */
  deleted: boolean;
}

/** What deleteAccount did. */
export type AccountDeletionOutcome =
  | { kind: 'deleted' }
  /** No such account, or it was deleted already (by a request that ran at the same time, say): nothing was changed. */
  | { kind: 'not_found' }
  /** The account owes overage (charged since it was checked, say): nothing was changed. */
  | { kind: 'overage_owed'; cents: number };

export interface AccountDataRepository {
  /** What the account's history keeps of API messages; undefined for no account. */
  historyKeeps(userId: string): Promise<HistoryKeeps | undefined>;
  setHistoryKeeps(userId: string, historyKeeps: HistoryKeeps, now: Date): Promise<void>;
  accountToDelete(userId: string): Promise<AccountToDelete | undefined>;
  /**
   * In one transaction, if the account exists, is not deleted and owes no overage: marks it deleted
   * at `now`, replaces its email by `placeholderEmail`, removes its personal data and moves it back
   * to Free; deletes its API, service and signing keys, idempotency records, password resets,
   * email changes and recovery codes; and takes its name, email and link off its receipts. The
   * check and the deletion are one step, so two deletions of one account cannot both happen and no
   * overage charged before it is left unpaid.
   */
  deleteAccount(userId: string, placeholderEmail: string, now: Date): Promise<AccountDeletionOutcome>;
  /** The accounts deleted and not yet purged. */
  deletedAccounts(): Promise<string[]>;
  /** Removes a deleted account's row, with what cascades from it; false if there is none (or it is not deleted). */
  removeDeletedAccount(userId: string): Promise<boolean>;
}
