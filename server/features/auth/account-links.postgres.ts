/**
 * The links mailed to an account's owner, on PostgreSQL (docs/decisions/050-one-storage-seam.md).
 * Several instances share the database, so:
 * - a link is used by one conditional statement (UPDATE … WHERE used_at IS NULL … RETURNING), or
 *   under a row lock whose holder marks it used: a concurrent request with the same token waits,
 *   then finds it used;
 * - a cap (links an hour or a day) is counted and taken in a transaction that first locks the
 *   account's users row, so the requests of one account take their turns;
 * - the transactions that lock both an account and its links lock the account first, so a request
 *   and a confirmation of one account cannot deadlock.
 */
import { and, count, eq, gt, isNull, lte, or } from 'drizzle-orm';
import type { PgDb } from '../../../db/postgres/connect.ts';
import { emailChanges, passwordResets, users } from '../../../db/postgres/schema.ts';
import type { AccountLinksRepository, EmailChangeOutcome, NewLink } from './account-links.repository.ts';
import type { AccountCredentials } from './accounts.repository.ts';
import { isUniqueViolation } from './unique-violation.postgres.ts';

type Tx = Parameters<Parameters<PgDb['transaction']>[0]>[0];

/** Takes the account's row lock until the transaction ends (none for no account). */
async function lockAccount(tx: Tx, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

export class PostgresAccountLinksRepository implements AccountLinksRepository {
  constructor(private readonly db: PgDb) {}

  async addResetWithinLimit(reset: NewLink, since: Date, limit: number): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      await lockAccount(tx, reset.userId);
      const [recent] = await tx.select({ n: count() }).from(passwordResets).where(and(eq(passwordResets.userId, reset.userId), gt(passwordResets.createdAt, since)));
      if (recent!.n >= limit) return false;
      await tx.insert(passwordResets).values(reset);
      return true;
    });
  }

  async resetOwner(tokenDigest: string): Promise<Omit<AccountCredentials, 'passwordDigest'> | undefined> {
    const [owner] = await this.db
      .select({ email: users.email, firstName: users.firstName, lastName: users.lastName })
      .from(passwordResets)
      .innerJoin(users, eq(users.id, passwordResets.userId))
      .where(and(eq(passwordResets.tokenDigest, tokenDigest), isNull(passwordResets.usedAt)));
    return owner;
  }

  async consumeReset(tokenDigest: string, passwordDigest: string, now: Date): Promise<string | undefined> {
    return this.db.transaction(async (tx) => {
      const [used] = await tx
        .update(passwordResets)
        .set({ usedAt: now })
        .where(and(eq(passwordResets.tokenDigest, tokenDigest), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now)))
        .returning({ userId: passwordResets.userId });
      if (!used) return undefined;
      // Every other link of the account dies with this one.
      await tx.update(passwordResets).set({ usedAt: now }).where(and(eq(passwordResets.userId, used.userId), isNull(passwordResets.usedAt)));
      await tx.update(users).set({ passwordDigest, updatedAt: now }).where(eq(users.id, used.userId));
      return used.userId;
    });
  }

  async addEmailChangeWithinLimit(change: NewLink & { newEmail: string }, since: Date, limit: number): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      await lockAccount(tx, change.userId);
      const [recent] = await tx.select({ n: count() }).from(emailChanges).where(and(eq(emailChanges.userId, change.userId), gt(emailChanges.createdAt, since)));
      if (recent!.n >= limit) return false;
      // Only the newest link works.
      await tx.update(emailChanges).set({ usedAt: change.createdAt }).where(and(eq(emailChanges.userId, change.userId), isNull(emailChanges.usedAt)));
      await tx.insert(emailChanges).values(change);
      return true;
    });
  }

  async confirmEmailChange(tokenDigest: string, userId: string, now: Date): Promise<EmailChangeOutcome> {
    try {
      return await this.db.transaction(async (tx): Promise<EmailChangeOutcome> => {
        const [old] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId)).for('update');
        const [change] = await tx
          .select()
          .from(emailChanges)
          .where(and(eq(emailChanges.tokenDigest, tokenDigest), isNull(emailChanges.usedAt)))
          .for('update');
        if (!change || change.expiresAt <= now) return { kind: 'invalid' };
        if (change.userId !== userId || !old) return { kind: 'other_account' };
        const [holder] = await tx.select({ id: users.id }).from(users).where(eq(users.email, change.newEmail));
        if (holder) return { kind: 'taken' };
        await tx.update(emailChanges).set({ usedAt: now }).where(eq(emailChanges.tokenDigest, change.tokenDigest));
        await tx.update(users).set({ email: change.newEmail, emailVerifiedAt: now, emailVerificationNonce: null, updatedAt: now }).where(eq(users.id, userId));
        return { kind: 'changed', oldEmail: old.email, newEmail: change.newEmail };
      });
    } catch (error) {
      // Another account took the address after the check (a registration, or its own email change).
      if (isUniqueViolation(error, 'users_email_unique')) return { kind: 'taken' };
      throw error;
    }
  }

  async issueVerification(userId: string, nonce: string, sentAt: Date, notSentAfter?: Date): Promise<boolean> {
    const cooled = notSentAfter ? or(isNull(users.emailVerificationSentAt), lte(users.emailVerificationSentAt, notSentAfter)) : undefined;
    const issued = await this.db
      .update(users)
      .set({ emailVerificationNonce: nonce, emailVerificationSentAt: sentAt })
      .where(and(eq(users.id, userId), cooled))
      .returning({ id: users.id });
    return issued.length === 1;
  }

  async verificationSentAt(userId: string): Promise<Date | null> {
    const [row] = await this.db.select({ at: users.emailVerificationSentAt }).from(users).where(eq(users.id, userId));
    return row?.at ?? null;
  }

  async verificationNonce(userId: string): Promise<string | null> {
    const [row] = await this.db.select({ nonce: users.emailVerificationNonce }).from(users).where(eq(users.id, userId));
    return row?.nonce ?? null;
  }

  async markEmailVerified(userId: string, nonce: string, now: Date): Promise<boolean> {
    const verified = await this.db
      .update(users)
      .set({ emailVerifiedAt: now, emailVerificationNonce: null, updatedAt: now })
      .where(and(eq(users.id, userId), eq(users.emailVerificationNonce, nonce)))
      .returning({ id: users.id });
    return verified.length === 1;
  }
}
