/**
 * Accounts on SQLite (docs/decisions/050-one-storage-seam.md): the statements moved from
 * auth.service.ts and account-password.ts. With one writer and one process (db/server-lock.ts), a
 * check and the write after it in one synchronous call cannot be split by another request.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/connection.ts';
import { apiKeys, users } from '../../../db/schema.ts';
import type { SessionUser } from '../../types.ts';
import { withoutSecrets, type AccountCredentials, type AccountsRepository, type AccountWithPassword, type FirstKey, type NewAccount, type Registration } from './accounts.repository.ts';

export class SqliteAccountsRepository implements AccountsRepository {
  constructor(private readonly db: Db) {}

  async findActive(id: string): Promise<SessionUser | undefined> {
    const row = this.db.select().from(users).where(and(eq(users.id, id), isNull(users.deletedAt))).get();
    return row && withoutSecrets(row);
  }

  async findByEmail(email: string): Promise<AccountWithPassword | undefined> {
    const row = this.db.select().from(users).where(eq(users.email, email)).get();
    return row && { user: withoutSecrets(row), passwordDigest: row.passwordDigest };
  }

  async findByGoogleId(googleId: string): Promise<SessionUser | undefined> {
    const row = this.db.select().from(users).where(eq(users.googleId, googleId)).get();
    return row && withoutSecrets(row);
  }

  async credentials(id: string): Promise<AccountCredentials | undefined> {
    return this.db
      .select({ email: users.email, firstName: users.firstName, lastName: users.lastName, passwordDigest: users.passwordDigest })
      .from(users)
      .where(eq(users.id, id))
      .get();
  }

  async createUnlessTaken(account: NewAccount, firstKey: FirstKey): Promise<Registration> {
    const { now, ...values } = account;
    return this.db.transaction((tx): Registration => {
      const existing = tx.select().from(users).where(eq(users.email, values.email)).get();
      if (existing) return { taken: withoutSecrets(existing) };
      const row = tx
        .insert(users)
        .values({ ...values, createdAt: now, updatedAt: now })
        .returning()
        .get();
      tx.insert(apiKeys).values({ ...firstKey, userId: row.id }).run();
      return { created: withoutSecrets(row) };
    });
  }

  async linkGoogle(userId: string, googleId: string, now: Date): Promise<SessionUser | 'in_use'> {
    const holder = this.db.select({ id: users.id }).from(users).where(eq(users.googleId, googleId)).get();
    if (holder && holder.id !== userId) return 'in_use';
    const linked = this.db.update(users).set({ googleId, updatedAt: now }).where(eq(users.id, userId)).returning().get();
    return withoutSecrets(linked!);
  }

  async setPassword(userId: string, passwordDigest: string, now: Date): Promise<void> {
    this.db.update(users).set({ passwordDigest, updatedAt: now }).where(eq(users.id, userId)).run();
  }
}
