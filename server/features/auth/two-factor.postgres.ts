/**
 * Two-factor sign-in on PostgreSQL (docs/decisions/050-one-storage-seam.md). Several instances share
 * the database, so every check is the condition of the statement that acts on it: a recovery code or
 * a TOTP step is taken by one conditional UPDATE (a concurrent one waits for the row, then finds it
 * taken), and turning on, or replacing the codes, holds the account's users row until the codes are
 * written, so two such requests of one account take turns (the account's row first, then its codes).
 */
import { and, count, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { PgDb } from '../../../db/postgres/connect.ts';
import { recoveryCodes, users } from '../../../db/postgres/schema.ts';
import type { TwoFactorRepository, TwoFactorState } from './two-factor.repository.ts';

type Tx = Parameters<Parameters<PgDb['transaction']>[0]>[0];

export class PostgresTwoFactorRepository implements TwoFactorRepository {
  constructor(private readonly db: PgDb) {}

  async stateOf(userId: string): Promise<TwoFactorState | undefined> {
    const [row] = await this.db
      .select({ email: users.email, enabledAt: users.totpEnabledAt, pending: users.totpPending, secret: users.totpSecret, lastStep: users.totpLastStep })
      .from(users)
      .where(eq(users.id, userId));
    return row && { email: row.email, enabled: row.enabledAt !== null, pending: row.pending, secret: row.secret, lastStep: row.lastStep };
  }

  async recoveryCodesLeft(userId: string): Promise<number> {
    const [left] = await this.db.select({ n: count() }).from(recoveryCodes).where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
    return left!.n;
  }

  async proposeSecret(userId: string, sealed: string): Promise<boolean> {
    const proposed = await this.db
      .update(users)
      .set({ totpPending: sealed })
      .where(and(eq(users.id, userId), isNull(users.totpEnabledAt)))
      .returning({ id: users.id });
    return proposed.length === 1;
  }

  async enable(userId: string, pending: string, step: number, now: Date, codeDigests: string[]): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const on = await tx
        .update(users)
        .set({ totpSecret: pending, totpPending: null, totpEnabledAt: now, totpLastStep: step })
        .where(and(eq(users.id, userId), isNull(users.totpEnabledAt), eq(users.totpPending, pending)))
        .returning({ id: users.id });
      if (on.length === 0) return false;
      await writeRecoveryCodes(tx, userId, codeDigests);
      return true;
    });
  }

  async disable(userId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.update(users).set({ totpSecret: null, totpPending: null, totpEnabledAt: null, totpLastStep: null }).where(eq(users.id, userId));
      await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    });
  }

  async replaceRecoveryCodes(userId: string, codeDigests: string[]): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const on = await tx.select({ id: users.id }).from(users).where(and(eq(users.id, userId), isNotNull(users.totpEnabledAt))).for('update');
      if (on.length === 0) return false;
      await writeRecoveryCodes(tx, userId, codeDigests);
      return true;
    });
  }

  async acceptAppStep(userId: string, step: number): Promise<boolean> {
    const accepted = await this.db
      .update(users)
      .set({ totpLastStep: step })
      .where(and(eq(users.id, userId), isNotNull(users.totpSecret), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
      .returning({ id: users.id });
    return accepted.length === 1;
  }

  async useRecoveryCode(userId: string, codeDigest: string, now: Date): Promise<boolean> {
    const used = await this.db
      .update(recoveryCodes)
      .set({ usedAt: now })
      .where(and(eq(recoveryCodes.codeDigest, codeDigest), eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)))
      .returning({ codeDigest: recoveryCodes.codeDigest });
    return used.length === 1;
  }
}

async function writeRecoveryCodes(tx: Tx, userId: string, codeDigests: string[]): Promise<void> {
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx.insert(recoveryCodes).values(codeDigests.map((codeDigest) => ({ codeDigest, userId })));
}
