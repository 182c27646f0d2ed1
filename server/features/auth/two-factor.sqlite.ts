/**
 * Two-factor sign-in on SQLite (docs/decisions/050-one-storage-seam.md): the statements moved from
 * two-factor.ts. Each check and its write run in one synchronous call that no other request can
 * split (one writer, one process: db/server-lock.ts); the conditions in the statements are the ones
 * PostgreSQL needs, and cost nothing here.
 */
import { and, count, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/connection.ts';
import { recoveryCodes, users } from '../../../db/schema.ts';
import type { TwoFactorRepository, TwoFactorState } from './two-factor.repository.ts';

export class SqliteTwoFactorRepository implements TwoFactorRepository {
  constructor(private readonly db: Db) {}

  async stateOf(userId: string): Promise<TwoFactorState | undefined> {
    const row = this.db
      .select({ email: users.email, enabledAt: users.totpEnabledAt, pending: users.totpPending, secret: users.totpSecret, lastStep: users.totpLastStep })
      .from(users)
      .where(eq(users.id, userId))
      .get();
    return row && { email: row.email, enabled: row.enabledAt !== null, pending: row.pending, secret: row.secret, lastStep: row.lastStep };
  }

  async recoveryCodesLeft(userId: string): Promise<number> {
    return this.db.select({ n: count() }).from(recoveryCodes).where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt))).get()!.n;
  }

  async proposeSecret(userId: string, sealed: string): Promise<boolean> {
    return this.db.update(users).set({ totpPending: sealed }).where(and(eq(users.id, userId), isNull(users.totpEnabledAt))).run().changes === 1;
  }

  async enable(userId: string, pending: string, step: number, now: Date, codeDigests: string[]): Promise<boolean> {
    return this.db.transaction((tx) => {
      const on = tx
        .update(users)
        .set({ totpSecret: pending, totpPending: null, totpEnabledAt: now, totpLastStep: step })
        .where(and(eq(users.id, userId), isNull(users.totpEnabledAt), eq(users.totpPending, pending)))
        .run().changes === 1;
      if (on) this.writeRecoveryCodes(tx, userId, codeDigests);
      return on;
    });
  }

  async disable(userId: string): Promise<void> {
    this.db.transaction((tx) => {
      tx.update(users).set({ totpSecret: null, totpPending: null, totpEnabledAt: null, totpLastStep: null }).where(eq(users.id, userId)).run();
      tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId)).run();
    });
  }

  async replaceRecoveryCodes(userId: string, codeDigests: string[]): Promise<boolean> {
    return this.db.transaction((tx) => {
      const on = tx.select({ id: users.id }).from(users).where(and(eq(users.id, userId), isNotNull(users.totpEnabledAt))).get() !== undefined;
      if (on) this.writeRecoveryCodes(tx, userId, codeDigests);
      return on;
    });
  }

  async acceptAppStep(userId: string, step: number): Promise<boolean> {
    return (
      this.db
        .update(users)
        .set({ totpLastStep: step })
        .where(and(eq(users.id, userId), isNotNull(users.totpSecret), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
        .run().changes === 1
    );
  }

  async useRecoveryCode(userId: string, codeDigest: string, now: Date): Promise<boolean> {
    return (
      this.db
        .update(recoveryCodes)
        .set({ usedAt: now })
        .where(and(eq(recoveryCodes.codeDigest, codeDigest), eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)))
        .run().changes === 1
    );
  }

  private writeRecoveryCodes(tx: Tx, userId: string, codeDigests: string[]): void {
    tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId)).run();
    tx.insert(recoveryCodes).values(codeDigests.map((codeDigest) => ({ codeDigest, userId }))).run();
  }
}
