/**
 * API keys on SQLite (docs/decisions/050-one-storage-seam.md): the statements moved from
 * api-keys.service.ts. Each method does its work in the call and returns a settled promise; with one
 * writer and one process (db/server-lock.ts), an IMMEDIATE transaction makes a count and its insert
 * one step.
 */
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/connection.ts';
import { apiKeys, monthlyUsage } from '../../../db/schema.ts';
import type { WithinLimit } from '../key-limits/key-limits.ts';
import type { ApiKeyChanges, ApiKeyRepository, ApiKeyRow, Credential, KeyView, NewApiKey, Reveal } from './api-keys.repository.ts';

const ofOwner = (userId: string, id: number) => and(eq(apiKeys.id, id), eq(apiKeys.userId, userId));

export class SqliteApiKeyRepository implements ApiKeyRepository {
  // The credential read runs on every public call: one raw statement prepared once, with only the
  // columns it reads (drizzle's row mapping cost more than SQLite's look-up).
  private readonly credentialOf;

  constructor(private readonly db: Db) {
    // The owner's setting by a subquery, not a join: better-sqlite3 13 takes about 20 µs for a row
    // of a two-table join against 1.3 µs for this (bench/README.md "Node 24 and the SQLite driver
    // (decision 049), measured"); the key's user always exists (foreign key).
    this.credentialOf = db.$client.prepare<[string], Credential>(
      `SELECT k.id, k.user_id AS userId, k.secret_digest AS secretDigest, k.previous_secret_digest AS previousDigest,
         k.previous_secret_expires_at AS previousExpiresAt, k.is_active AS isActive, k.expires_at AS expiresAt,
         k.allowed_operations AS allowedOperations, k.purchase_id AS purchaseId, k.last_used AS lastUsed, k.last_used_ip AS lastUsedIp,
         (SELECT u.history_keeps FROM users u WHERE u.id = k.user_id) AS historyKeeps
       FROM api_keys k WHERE k.key_value = ?`,
    );
  }

  async createKeyWithinLimit(key: NewApiKey, limit: number): Promise<WithinLimit<ApiKeyRow>> {
    return this.db.transaction(
      (tx) => {
        // Plan keys come with purchases and do not count against the owner's limit.
        const held = tx.select({ n: count() }).from(apiKeys).where(and(eq(apiKeys.userId, key.userId), isNull(apiKeys.purchaseId))).get()!.n;
        if (held >= limit) return { limitReached: held };
        return { key: tx.insert(apiKeys).values(key).returning().get() };
      },
      { behavior: 'immediate' },
    );
  }

  async create(key: NewApiKey): Promise<ApiKeyRow> {
    return this.db.insert(apiKeys).values(key).returning().get();
  }

  async list(userId: string, month: string): Promise<KeyView[]> {
    return this.db
      .select({ row: apiKeys, callsThisMonth: sql<number>`coalesce(${monthlyUsage.calls}, 0)` })
      .from(apiKeys)
      .leftJoin(monthlyUsage, and(eq(monthlyUsage.meter, sql`'key:' || ${apiKeys.keyValue}`), eq(monthlyUsage.month, month)))
      .where(eq(apiKeys.userId, userId))
      .orderBy(desc(apiKeys.id))
      .all();
  }

  async update(userId: string, id: number, changes: ApiKeyChanges): Promise<ApiKeyRow | undefined> {
    return this.db.update(apiKeys).set(changes).where(ofOwner(userId, id)).returning().get();
  }

  async rotate(userId: string, id: number, secretDigest: string, previousUntil: Date | null): Promise<ApiKeyRow | undefined> {
    return this.db.transaction((tx) => {
      const current = tx.select({ secretDigest: apiKeys.secretDigest }).from(apiKeys).where(ofOwner(userId, id)).get();
      if (!current) return undefined;
      return tx
        .update(apiKeys)
        .set({ secretDigest, pendingSecret: null, previousSecretDigest: previousUntil ? current.secretDigest : null, previousSecretExpiresAt: previousUntil })
        .where(eq(apiKeys.id, id))
        .returning()
        .get();
    });
  }

  async revealSecretOnce(userId: string, id: number, open: (sealed: string, keyValue: string) => string): Promise<Reveal> {
    return this.db.transaction((tx): Reveal => {
      const row = tx.select().from(apiKeys).where(ofOwner(userId, id)).get();
      if (!row) return { kind: 'missing' };
      if (row.pendingSecret === null) return { kind: 'shown' };
      const secret = open(row.pendingSecret, row.keyValue);
      const updated = tx.update(apiKeys).set({ pendingSecret: null }).where(eq(apiKeys.id, id)).returning().get()!;
      return { kind: 'revealed', row: updated, secret };
    });
  }

  async delete(userId: string, id: number): Promise<boolean> {
    return this.db.delete(apiKeys).where(ofOwner(userId, id)).run().changes === 1;
  }

  async credential(keyValue: string): Promise<Credential | undefined> {
    return this.credentialOf.get(keyValue);
  }

  async touch(id: number, at: Date, ip: string | null): Promise<void> {
    this.db.update(apiKeys).set({ lastUsed: at, lastUsedIp: ip }).where(eq(apiKeys.id, id)).run();
  }
}
