/**
 * API keys on PostgreSQL (docs/decisions/050-one-storage-seam.md), exact across instances: a count
 * and its insert run after locking the owner's account row (key-owner-lock.postgres.ts), a reveal
 * locks the key's row before reading its sealed secret, and a rotation reads the digest it keeps in
 * its own UPDATE (SET expressions see the row as it was).
 */
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { PgDb } from '../../../db/postgres/connect.ts';
import { apiKeys, monthlyUsage } from '../../../db/postgres/schema.ts';
import type { WithinLimit } from '../key-limits/key-limits.ts';
import { lockKeyOwner } from '../key-limits/key-owner-lock.postgres.ts';
import type { ApiKeyChanges, ApiKeyRepository, ApiKeyRow, Credential, KeyView, NewApiKey, Reveal } from './api-keys.repository.ts';

const ofOwner = (userId: string, id: number) => and(eq(apiKeys.id, id), eq(apiKeys.userId, userId));

/**
 * Every public call reads it: raw SQL as a named statement, which pg prepares once per connection.
 * The owner's setting by a subquery, as on SQLite; is_active as 0 or 1 and times as the epoch
 * milliseconds they are stored as (the pool reads bigint as a number), so both engines give one shape.
 */
const CREDENTIAL = {
  name: 'api-key-credential',
  text: `SELECT k.id, k.user_id AS "userId", k.secret_digest AS "secretDigest", k.previous_secret_digest AS "previousDigest",
      k.previous_secret_expires_at AS "previousExpiresAt", k.is_active::int AS "isActive", k.expires_at AS "expiresAt",
      k.allowed_operations AS "allowedOperations", k.purchase_id AS "purchaseId", k.last_used AS "lastUsed", k.last_used_ip AS "lastUsedIp",
      (SELECT u.history_keeps FROM users u WHERE u.id = k.user_id) AS "historyKeeps"
    FROM api_keys k WHERE k.key_value = $1`,
};

export class PostgresApiKeyRepository implements ApiKeyRepository {
  constructor(private readonly db: PgDb) {}

  async createKeyWithinLimit(key: NewApiKey, limit: number): Promise<WithinLimit<ApiKeyRow>> {
    return this.db.transaction(async (tx) => {
      await lockKeyOwner(tx, { userId: key.userId });
      // Plan keys come with purchases and do not count against the owner's limit.
      const [held] = await tx.select({ n: count() }).from(apiKeys).where(and(eq(apiKeys.userId, key.userId), isNull(apiKeys.purchaseId)));
      if (held!.n >= limit) return { limitReached: held!.n };
      const [row] = await tx.insert(apiKeys).values(key).returning();
      return { key: row! };
    });
  }

  async create(key: NewApiKey): Promise<ApiKeyRow> {
    const [row] = await this.db.insert(apiKeys).values(key).returning();
    return row!;
  }

  async list(userId: string, month: string): Promise<KeyView[]> {
    return this.db
      .select({ row: apiKeys, callsThisMonth: sql<number>`coalesce(${monthlyUsage.calls}, 0)`.mapWith(Number) })
      .from(apiKeys)
      .leftJoin(monthlyUsage, and(eq(monthlyUsage.meter, sql`'key:' || ${apiKeys.keyValue}`), eq(monthlyUsage.month, month)))
      .where(eq(apiKeys.userId, userId))
      .orderBy(desc(apiKeys.id));
  }

  async update(userId: string, id: number, changes: ApiKeyChanges): Promise<ApiKeyRow | undefined> {
    const [row] = await this.db.update(apiKeys).set(changes).where(ofOwner(userId, id)).returning();
    return row;
  }

  async rotate(userId: string, id: number, secretDigest: string, previousUntil: Date | null): Promise<ApiKeyRow | undefined> {
    const [row] = await this.db
      .update(apiKeys)
      .set({ secretDigest, pendingSecret: null, previousSecretDigest: previousUntil ? sql`${apiKeys.secretDigest}` : null, previousSecretExpiresAt: previousUntil })
      .where(ofOwner(userId, id))
      .returning();
    return row;
  }

  async revealSecretOnce(userId: string, id: number, open: (sealed: string, keyValue: string) => string): Promise<Reveal> {
    return this.db.transaction(async (tx): Promise<Reveal> => {
      // A concurrent reveal waits here for this one to commit, then reads the sealed copy gone.
      const [row] = await tx.select().from(apiKeys).where(ofOwner(userId, id)).for('update');
      if (!row) return { kind: 'missing' };
      if (row.pendingSecret === null) return { kind: 'shown' };
      const secret = open(row.pendingSecret, row.keyValue);
      const [updated] = await tx.update(apiKeys).set({ pendingSecret: null }).where(eq(apiKeys.id, id)).returning();
      return { kind: 'revealed', row: updated!, secret };
    });
  }

  async delete(userId: string, id: number): Promise<boolean> {
    const deleted = await this.db.delete(apiKeys).where(ofOwner(userId, id)).returning({ id: apiKeys.id });
    return deleted.length === 1;
  }

  async credential(keyValue: string): Promise<Credential | undefined> {
    const { rows } = await this.db.$client.query<Credential>({ ...CREDENTIAL, values: [keyValue] });
    return rows[0];
  }

  async touch(id: number, at: Date, ip: string | null): Promise<void> {
    await this.db.update(apiKeys).set({ lastUsed: at, lastUsedIp: ip }).where(eq(apiKeys.id, id));
  }
}
