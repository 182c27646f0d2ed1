/**
 * Accounts on PostgreSQL (docs/decisions/050-one-storage-seam.md). Several instances share the
 * database, so a lookup and the write after it can be split by another instance's request: the
 * unique indexes on users.email and users.google_id decide who wins, and the loser's unique
 * violation becomes the answer SQLite gives when the two arrive one after the other.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { PgDb } from '../../../db/postgres/connect.ts';
import { apiKeys, users } from '../../../db/postgres/schema.ts';
import type { SessionUser } from '../../types.ts';
import { withoutSecrets, type AccountCredentials, type AccountsRepository, type AccountWithPassword, type FirstKey, type NewAccount, type Registration } from './accounts.repository.ts';
import { isUniqueViolation } from './unique-violation.postgres.ts';

export class PostgresAccountsRepository implements AccountsRepository {
  constructor(private readonly db: PgDb) {}

  async findActive(id: string): Promise<SessionUser | undefined> {
    const [row] = await this.db.select().from(users).where(and(eq(users.id, id), isNull(users.deletedAt)));
    return row && withoutSecrets(row);
  }

  async findByEmail(email: string): Promise<AccountWithPassword | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.email, email));
    return row && { user: withoutSecrets(row), passwordDigest: row.passwordDigest };
  }

  async findByGoogleId(googleId: string): Promise<SessionUser | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.googleId, googleId));
    return row && withoutSecrets(row);
  }

  async credentials(id: string): Promise<AccountCredentials | undefined> {
    const [row] = await this.db
      .select({ email: users.email, firstName: users.firstName, lastName: users.lastName, passwordDigest: users.passwordDigest })
      .from(users)
      .where(eq(users.id, id));
    return row;
  }

  async createUnlessTaken(account: NewAccount, firstKey: FirstKey): Promise<Registration> {
    const { now, ...values } = account;
    const taken = await this.findByEmail(values.email);
    if (taken) return { taken: taken.user };
    try {
      return await this.db.transaction(async (tx): Promise<Registration> => {
        const [row] = await tx
          .insert(users)
          .values({ ...values, createdAt: now, updatedAt: now })
          .returning();
        await tx.insert(apiKeys).values({ ...firstKey, userId: row!.id });
        return { created: withoutSecrets(row!) };
      });
    } catch (error) {
      // Another request created an account with this address since the lookup (the transaction,
      // the account and its key, was rolled back).
      if (!isUniqueViolation(error, 'users_email_unique')) throw error;
      const winner = await this.findByEmail(values.email);
      if (!winner) throw error;
      return { taken: winner.user };
    }
  }

  async linkGoogle(userId: string, googleId: string, now: Date): Promise<SessionUser | 'in_use'> {
    try {
      const [linked] = await this.db.update(users).set({ googleId, updatedAt: now }).where(eq(users.id, userId)).returning();
      return withoutSecrets(linked!);
    } catch (error) {
      if (isUniqueViolation(error, 'users_google_id_unique')) return 'in_use';
      throw error;
    }
  }

  async setPassword(userId: string, passwordDigest: string, now: Date): Promise<void> {
    await this.db.update(users).set({ passwordDigest, updatedAt: now }).where(eq(users.id, userId));
  }
}
