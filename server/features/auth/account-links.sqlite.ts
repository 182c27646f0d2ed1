/**
 * The links mailed to an account's owner, on SQLite (docs/decisions/050-one-storage-seam.md): the
 * statements moved from account-password.ts, email-change.ts and email-verification.ts. With one
 * writer and one process (db/server-lock.ts), each method's check and write run in one synchronous
 * call that no other request can split; the two that used an IMMEDIATE transaction keep it.
 */
import { and, count, eq, gt, isNull, lte, or } from 'drizzle-orm';
import type { Db } from '../../../db/connection.ts';
import { emailChanges, passwordResets, users } from '../../../db/schema.ts';
import type { AccountLinksRepository, EmailChangeOutcome, NewLink } from './account-links.repository.ts';
import type { AccountCredentials } from './accounts.repository.ts';

export class SqliteAccountLinksRepository implements AccountLinksRepository {
  constructor(private readonly db: Db) {}

  async addResetWithinLimit(reset: NewLink, since: Date, limit: number): Promise<boolean> {
    const recent = this.db.select({ n: count() }).from(passwordResets).where(and(eq(passwordResets.userId, reset.userId), gt(passwordResets.createdAt, since))).get()!.n;
    if (recent >= limit) return false;
    this.db.insert(passwordResets).values(reset).run();
    return true;
  }

  async resetOwner(tokenDigest: string): Promise<Omit<AccountCredentials, 'passwordDigest'> | undefined> {
    return this.db
      .select({ email: users.email, firstName: users.firstName, lastName: users.lastName })
      .from(passwordResets)
      .innerJoin(users, eq(users.id, passwordResets.userId))
      .where(and(eq(passwordResets.tokenDigest, tokenDigest), isNull(passwordResets.usedAt)))
      .get();
  }

  async consumeReset(tokenDigest: string, passwordDigest: string, now: Date): Promise<string | undefined> {
    return this.db.transaction(
      (tx) => {
        const reset = tx.select().from(passwordResets).where(and(eq(passwordResets.tokenDigest, tokenDigest), isNull(passwordResets.usedAt))).get();
        if (!reset || reset.expiresAt <= now) return undefined;
        tx.update(passwordResets).set({ usedAt: now }).where(eq(passwordResets.tokenDigest, reset.tokenDigest)).run();
        // Every other link of the account dies with this one.
        tx.update(passwordResets).set({ usedAt: now }).where(and(eq(passwordResets.userId, reset.userId), isNull(passwordResets.usedAt))).run();
        tx.update(users).set({ passwordDigest, updatedAt: now }).where(eq(users.id, reset.userId)).run();
        return reset.userId;
      },
      { behavior: 'immediate' },
    );
  }

  async addEmailChangeWithinLimit(change: NewLink & { newEmail: string }, since: Date, limit: number): Promise<boolean> {
    const recent = this.db.select({ n: count() }).from(emailChanges).where(and(eq(emailChanges.userId, change.userId), gt(emailChanges.createdAt, since))).get()!.n;
    if (recent >= limit) return false;
    this.db.transaction((tx) => {
      // Only the newest link works.
      tx.update(emailChanges).set({ usedAt: change.createdAt }).where(and(eq(emailChanges.userId, change.userId), isNull(emailChanges.usedAt))).run();
      tx.insert(emailChanges).values(change).run();
    });
    return true;
  }

  async confirmEmailChange(tokenDigest: string, userId: string, now: Date): Promise<EmailChangeOutcome> {
    return this.db.transaction(
      (tx): EmailChangeOutcome => {
        const change = tx.select().from(emailChanges).where(and(eq(emailChanges.tokenDigest, tokenDigest), isNull(emailChanges.usedAt))).get();
        if (!change || change.expiresAt <= now) return { kind: 'invalid' };
        if (change.userId !== userId) return { kind: 'other_account' };
        if (tx.select({ id: users.id }).from(users).where(eq(users.email, change.newEmail)).get()) return { kind: 'taken' };
        const old = tx.select({ email: users.email }).from(users).where(eq(users.id, change.userId)).get()!;
        tx.update(emailChanges).set({ usedAt: now }).where(eq(emailChanges.tokenDigest, change.tokenDigest)).run();
        tx.update(users).set({ email: change.newEmail, emailVerifiedAt: now, emailVerificationNonce: null, updatedAt: now }).where(eq(users.id, change.userId)).run();
        return { kind: 'changed', oldEmail: old.email, newEmail: change.newEmail };
      },
      { behavior: 'immediate' },
    );
  }

  async issueVerification(userId: string, nonce: string, sentAt: Date, notSentAfter?: Date): Promise<boolean> {
    const cooled = notSentAfter ? or(isNull(users.emailVerificationSentAt), lte(users.emailVerificationSentAt, notSentAfter)) : undefined;
    return this.db.update(users).set({ emailVerificationNonce: nonce, emailVerificationSentAt: sentAt }).where(and(eq(users.id, userId), cooled)).run().changes === 1;
  }

  async verificationSentAt(userId: string): Promise<Date | null> {
    return this.db.select({ at: users.emailVerificationSentAt }).from(users).where(eq(users.id, userId)).get()?.at ?? null;
  }

  async verificationNonce(userId: string): Promise<string | null> {
    return this.db.select({ nonce: users.emailVerificationNonce }).from(users).where(eq(users.id, userId)).get()?.nonce ?? null;
  }

  async markEmailVerified(userId: string, nonce: string, now: Date): Promise<boolean> {
    return (
      this.db
        .update(users)
        .set({ emailVerifiedAt: now, emailVerificationNonce: null, updatedAt: now })
        .where(and(eq(users.id, userId), eq(users.emailVerificationNonce, nonce)))
        .run().changes === 1
    );
  }
}
