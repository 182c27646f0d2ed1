/**
 * Account data on PostgreSQL (docs/decisions/050-one-storage-seam.md), the same statements as
 * account-data.sqlite.ts. deleteAccount's transaction first locks the account's row (SELECT … FOR
 * UPDATE) and checks it under that lock: a second deletion of the account waits, then reads it
 * deleted and changes nothing; a commit that adds overage to it (operations.repository.ts) either
 * came first, and the deletion sees the overage and refuses, or waits for the deletion to commit.
 * Every write runs in the same transaction, so the account is deleted whole or not at all.
 */
import { and, eq, isNotNull } from 'drizzle-orm';
import type { PgDb } from '../../../db/postgres/connect.ts';
import {
  apiKeys, emailChanges, idempotencyRecords, passwordResets, receipts, recoveryCodes, serviceKeys, signingKeys, users,
} from '../../../db/postgres/schema.ts';
import type { HistoryKeeps } from '../../../shared/history.ts';
import type { AccountDataRepository, AccountDeletionOutcome, AccountToDelete } from './account-data.repository.ts';

export class PostgresAccountDataRepository implements AccountDataRepository {
  constructor(private readonly db: PgDb) {}

  async historyKeeps(userId: string): Promise<HistoryKeeps | undefined> {
    const [row] = await this.db.select({ historyKeeps: users.historyKeeps }).from(users).where(eq(users.id, userId));
    return row?.historyKeeps;
  }

  async setHistoryKeeps(userId: string, historyKeeps: HistoryKeeps, now: Date): Promise<void> {
    await this.db.update(users).set({ historyKeeps, updatedAt: now }).where(eq(users.id, userId));
  }

  async accountToDelete(userId: string): Promise<AccountToDelete | undefined> {
    const [user] = await this.db
      .select({ email: users.email, passwordDigest: users.passwordDigest, overageCharges: users.overageCharges, deletedAt: users.deletedAt })
      .from(users)
      .where(eq(users.id, userId));
    return user && { email: user.email, passwordDigest: user.passwordDigest, overageCharges: user.overageCharges, deleted: user.deletedAt !== null };
  }

  async deleteAccount(userId: string, placeholderEmail: string, now: Date): Promise<AccountDeletionOutcome> {
    return this.db.transaction(async (tx): Promise<AccountDeletionOutcome> => {
      const [user] = await tx.select({ deletedAt: users.deletedAt, overageCharges: users.overageCharges }).from(users).where(eq(users.id, userId)).for('update');
      if (!user || user.deletedAt) return { kind: 'not_found' };
      if (user.overageCharges > 0) return { kind: 'overage_owed', cents: user.overageCharges };
      // First: with deleted_at set, the trigger of migration 0001 lets the signing keys go although records still point to them.
      await tx
        .update(users)
        .set({
          email: placeholderEmail, firstName: null, lastName: null, profileImageUrl: null, username: null, passwordDigest: null,
          googleId: null, emailVerificationNonce: null, subscriptionTier: 'free', planExpiresAt: null, deletedAt: now, updatedAt: now,
          totpSecret: null, totpPending: null, totpEnabledAt: null, totpLastStep: null,
        })
        .where(eq(users.id, userId));
      await tx.delete(apiKeys).where(eq(apiKeys.userId, userId));
      await tx.delete(serviceKeys).where(eq(serviceKeys.userId, userId));
      await tx.delete(signingKeys).where(eq(signingKeys.userId, userId));
      await tx.delete(idempotencyRecords).where(eq(idempotencyRecords.userId, userId));
      await tx.delete(passwordResets).where(eq(passwordResets.userId, userId));
      await tx.delete(emailChanges).where(eq(emailChanges.userId, userId));
      await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
      await tx.update(receipts).set({ payerEmail: null, payerName: null, userId: null }).where(eq(receipts.userId, userId));
      return { kind: 'deleted' };
    });
  }

  async deletedAccounts(): Promise<string[]> {
    return (await this.db.select({ id: users.id }).from(users).where(isNotNull(users.deletedAt))).map((row) => row.id);
  }

  async removeDeletedAccount(userId: string): Promise<boolean> {
    const gone = await this.db.delete(users).where(and(eq(users.id, userId), isNotNull(users.deletedAt))).returning({ id: users.id });
    return gone.length === 1;
  }
}
