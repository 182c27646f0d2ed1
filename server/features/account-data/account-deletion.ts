/**
 * Deleting an account, by its owner (docs/decisions/038). At once, in one transaction: every API,
 * service and signing key is gone (so no call can be made as the account any more), every session
 * ends, and the personal data goes (email, names, picture, password, Google link; the payer's name
 * and email on its receipts). What remains is a row with no personal data, marked deleted, that
 * holds the account's history until purge() has removed it in batches, and then goes itself, taking
 * what cascades from it (usage, limits, grants, charges). Purchases and receipts stay, without a
 * link to anyone: they are records of money (docs/decisions/036).
 */
import { AppError } from '../../errors.ts';
import type { Logger } from '../../logger.ts';
import type { PasswordHasher } from '../../security/passwords.ts';
import type { AccountNotices } from '../auth/account-notices.ts';
import type { SessionService } from '../auth/sessions.service.ts';
import type { HistoryDeletion } from '../operations/history-deletion.ts';
import type { OperationsService } from '../operations/operations.service.ts';
import type { AccountDataRepository } from './account-data.repository.ts';

/** An account without a password proves it is its owner by a sign-in this recent. */
export const RECENT_SIGN_IN_MS = 10 * 60_000;

/** The address a deleted account's row keeps: unique, and no mail can reach it (RFC 2606). */
const placeholderEmail = (userId: string) => `deleted-${userId}@deleted.invalid`;

const overageOwed = (cents: number) =>
  new AppError(409, 'overage_owed', `$${(cents / 100).toFixed(2)} of overage is owed: pay it from the Billing tab, then delete the account.`);

export interface DeletionProof {
  password: string;
  /** When this session signed in (ms since the epoch). */
  signedInAt: number | undefined;
}

export class AccountDeletion {
  private readonly purging = new Map<string, Promise<void>>();

  constructor(
    private readonly repository: AccountDataRepository,
    private readonly hasher: PasswordHasher,
    private readonly sessions: SessionService,
    private readonly operations: OperationsService,
    private readonly history: HistoryDeletion,
    private readonly notices: AccountNotices,
    private readonly logger: Logger,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Deletes the account (see above) once its owner proved who they are; the purge goes on after. */
  async delete(userId: string, proof: DeletionProof): Promise<void> {
    const user = await this.repository.accountToDelete(userId);
    if (!user || user.deleted) throw new AppError(404, 'account_not_found', 'This account is already deleted.');
    if (user.passwordDigest) {
      if (!(await this.hasher.verify(proof.password, user.passwordDigest))) throw new AppError(403, 'wrong_password', 'The password is wrong.', 'password');
    } else if (proof.signedInAt === undefined || this.now().getTime() - proof.signedInAt > RECENT_SIGN_IN_MS) {
      throw new AppError(403, 'recent_sign_in_required', 'This account has no password: sign out, sign in again with Google, and delete it within 10 minutes.');
    }
    if (user.overageCharges > 0) throw overageOwed(user.overageCharges);
    // Checked again in the deletion's own transaction: a deletion or a charge may have come since.
    const outcome = await this.repository.deleteAccount(userId, placeholderEmail(userId), this.now());
    if (outcome.kind === 'not_found') throw new AppError(404, 'account_not_found', 'This account is already deleted.');
    if (outcome.kind === 'overage_owed') throw overageOwed(outcome.cents);
    await this.sessions.endOthers(userId, '');
    this.logger.info({ userId }, 'account deleted; its history is being purged');
    void this.notices.send({ id: userId, email: user.email }, 'account-deleted', {
      subject: 'Your PQ Platform account was deleted',
      text: `The account of ${user.email} was deleted: its API keys stopped working, it was signed out everywhere, and its personal data and history are gone. Receipts for payments are kept without your name or email, as invoice law requires. You can create a new account with this address at any time.`,
    });
    void this.purge(userId);
  }

  /** Purges every account deleted before (one the previous process left half-purged, say). */
  async resume(): Promise<void> {
    for (const id of await this.repository.deletedAccounts()) await this.purge(id);
  }

  /** Removes a deleted account's history in batches, then its row; one purge per account at a time. */
  purge(userId: string): Promise<void> {
    const running = this.purging.get(userId);
    if (running) return running;
    const done = (async () => {
      try {
        await this.operations.flush();
        const operations = await this.history.all(userId);
        const accountRowDeleted = await this.repository.removeDeletedAccount(userId);
        this.logger.info({ userId, operations, accountRowDeleted }, 'deleted account purged');
      } catch (error) {
        this.logger.error({ err: error, userId }, 'a deleted account could not be purged; the next start retries');
      } finally {
        this.purging.delete(userId);
      }
    })();
    this.purging.set(userId, done);
    return done;
  }
}
