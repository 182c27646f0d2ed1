/**
 * Account data on SQLite (docs/decisions/050-one-storage-seam.md): the statements moved from
 * account-data.service.ts and account-deletion.ts. deleteAccount is one IMMEDIATE transaction: no
 * other writer runs between its check of the account and its writes.
 */
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../../db/connection.ts';
import {
  apiKeys, emailChanges, idempotencyRecords, passwordResets, receipts, recoveryCodes, serviceKeys, signingKeys, users,
} from '../../../db/schema.ts';
import type { HistoryKeeps } from '../../../shared/history.ts';
import type { AccountDataRepository, AccountDeletionOutcome, AccountToDelete } from './account-data.repository.ts';

export class SqliteAccountDataRepository implements AccountDataRepository {
  constructor(private readonly db: Db) {}

  async historyKeeps(userId: string): Promise<HistoryKeeps | undefined> {
    return this.db.select({ historyKeeps: users.historyKeeps }).from(users).where(eq(users.id, userId)).get()?.historyKeeps;
  }

  async setHistoryKeeps(userId: string, historyKeeps: HistoryKeeps, now: Date): Promise<void> {
    this.db.update(users).set({ historyKeeps, updatedAt: now }).where(eq(users.id, userId)).run();
  }

  async accountToDelete(userId: string): Promise<AccountToDelete | undefined> {
    const user = this.db
      .select({ email: users.email, passwordDigest: users.passwordDigest, overageCharges: users.overageCharges, deletedAt: users.deletedAt })
      .from(users)
      .where(eq(users.id, userId))
      .get();
    return user && { email: user.email, passwordDigest: user.passwordDigest, overageCharges: user.overageCharges, deleted: user.deletedAt !== null };
  }

  async deleteAccount(userId: string, placeholderEmail: string, now: Date): Promise<AccountDeletionOutcome> {
    return this.db.transaction(
      (tx): AccountDeletionOutcome => {
        const user = tx.select({ deletedAt: users.deletedAt, overageCharges: users.overageCharges }).from(users).where(eq(users.id, userId)).get();
        if (!user || user.deletedAt) return { kind: 'not_found' };
        if (user.overageCharges > 0) return { kind: 'overage_owed', cents: user.overageCharges };
        // First: with deletedAt set, the signing keys may go although records still point to them (migration 0016).
        tx.update(users)
          .set({
            email: placeholderEmail, firstName: null, lastName: null, profileImageUrl: null, username: null, passwordDigest: null,
            googleId: null, emailVerificationNonce: null, subscriptionTier: 'free', planExpiresAt: null, deletedAt: now, updatedAt: now,
            totpSecret: null, totpPending: null, totpEnabledAt: null, totpLastStep: null,
          })
          .where(eq(users.id, userId))
          .run();
        tx.delete(apiKeys).where(eq(apiKeys.userId, userId)).run();
        tx.delete(serviceKeys).where(eq(serviceKeys.userId, userId)).run();
        tx.delete(signingKeys).where(eq(signingKeys.userId, userId)).run();
        tx.delete(idempotencyRecords).where(eq(idempotencyRecords.userId, userId)).run();
        tx.delete(passwordResets).where(eq(passwordResets.userId, userId)).run();
        tx.delete(emailChanges).where(eq(emailChanges.userId, userId)).run();
        tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId)).run();
        tx.update(receipts).set({ payerEmail: null, payerName: null, userId: null }).where(eq(receipts.userId, userId)).run();
        return { kind: 'deleted' };
      },
      { behavior: 'immediate' },
    );
  }

  async deletedAccounts(): Promise<string[]> {
    return this.db.select({ id: users.id }).from(users).where(isNotNull(users.deletedAt)).all().map((row) => row.id);
  }

  async removeDeletedAccount(userId: string): Promise<boolean> {
    return this.db.delete(users).where(and(eq(users.id, userId), isNotNull(users.deletedAt))).run().changes === 1;
  }
}
