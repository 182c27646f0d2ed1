/**
 * API keys, of every kind (docs/api.md §13; docs/decisions/036): the owner's own, the sign-up key and
 * plan keys issued with a purchase share one table and one lifecycle. Create, list, reveal a
 * platform-made secret once, rotate (the old secret kept for a grace period, or revoked at once),
 * disable, enable, restrict (operations, expiry), delete, and authenticate public calls. Every query
 * is scoped to the owner's user id.
 */
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../../db/connection.ts';
import { apiKeys, monthlyUsage, type KeyOperation } from '../../../db/schema.ts';
import type { ApiKey } from '../../contract/api-keys.ts';
import { AppError, notFound, unauthorized } from '../../errors.ts';
import type { Sealer } from '../../security/sealing.ts';
import { newKeySecret, newKeyValue, secretDigest, secretMatches } from '../../security/tokens.ts';
import type { HistoryKeeps } from '../../../shared/history.ts';
import type { ApiCaller } from '../../types.ts';
import { monthOf } from '../metering/metering.service.ts';
import { checkKeyLimit, KEY_LIMITS } from '../key-limits/key-limits.ts';

export type ApiKeyRow = typeof apiKeys.$inferSelect;

/** What authenticate() reads of a key (booleans and times as SQLite stores them). */
interface Credential {
  id: number;
  userId: string;
  secretDigest: string;
  previousDigest: string | null;
  previousExpiresAt: number | null;
  isActive: 0 | 1;
  expiresAt: number | null;
  allowedOperations: string | null;
  purchaseId: number | null;
  lastUsed: number | null;
  lastUsedIp: string | null;
  historyKeeps: HistoryKeeps;
}

/** How long a rotated key's old secret still works unless it is revoked at once (docs/decisions/036). */
export const ROTATION_GRACE_MS = 24 * 60 * 60 * 1000;

/** Associated data for a sealed pending secret: it opens only on the row it was made for. */
const pendingAad = (keyValue: string) => `api-key-secret:${keyValue}`;

export interface KeyView {
  row: ApiKeyRow;
  callsThisMonth: number;
}

export function toApiKeyResponse({ row, callsThisMonth }: KeyView, now: Date, shownSecret: string | null = null): z.infer<typeof ApiKey> {
  const iso = (date: Date | null) => (date ? date.toISOString() : null);
  return {
    id: row.id,
    keyName: row.keyName,
    name: row.keyName,
    keyValue: row.keyValue,
    keySecret: shownSecret,
    secretRevealable: row.pendingSecret !== null,
    kind: row.purchaseId === null ? 'personal' : 'plan',
    purchaseId: row.purchaseId,
    isActive: row.isActive,
    allowedOperations: row.allowedOperations,
    expiresAt: iso(row.expiresAt),
    previousSecretExpiresAt: row.previousSecretExpiresAt && row.previousSecretExpiresAt > now ? row.previousSecretExpiresAt.toISOString() : null,
    usageCount: row.usageCount,
    callsThisMonth,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: iso(row.lastUsed),
    lastUsedIp: row.lastUsedIp,
  };
}

const missingKey = () => notFound('api_key_not_found', 'No API key with this id belongs to your account.', 'id');
const alreadyShown = () =>
  new AppError(410, 'secret_not_available', 'This secret was already shown once and is not stored: rotate the key to get a new one.', 'id');

/** A digest that matches no secret: compared when the key id is unknown so timing does not reveal it. */
const DECOY_DIGEST = secretDigest('decoy');

/** lastUsed is kept to the minute (or a new address): rewriting it on every call would add a write to each request. */
const LAST_USED_GRANULARITY_MS = 60_000;

export interface ApiKeySettings {
  keyName?: string | undefined;
  allowedOperations?: KeyOperation[] | null | undefined;
  expiresAt?: Date | null | undefined;
}

export class ApiKeyService {
  // authenticate() runs on every public call: one raw statement prepared once, with only the
  // columns it reads (drizzle's row mapping cost more than SQLite's look-up).
  private readonly credentialOf;

  constructor(
    private readonly db: Db,
    private readonly sealer: Sealer,
    readonly now: () => Date = () => new Date(),
  ) {
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

  /** The owner's own key (a plan key is made with createPlanKey). 'shown': the caller returns the secret now; 'pending': sealed until the first reveal. */
  createKey(userId: string, settings: ApiKeySettings & { keyName: string }, mode: 'shown' | 'pending', tx: DbOrTx = this.db): { row: ApiKeyRow; secret: string } {
    // Plan keys come with purchases and do not count against the owner's limit.
    const held = tx.select({ n: count() }).from(apiKeys).where(and(eq(apiKeys.userId, userId), isNull(apiKeys.purchaseId))).get()!.n;
    checkKeyLimit('API keys', held, KEY_LIMITS.apiKeys);
    this.checkExpiry(settings.expiresAt);
    return this.insert(tx, { userId, keyName: settings.keyName, allowedOperations: settings.allowedOperations ?? null, expiresAt: settings.expiresAt ?? null }, mode);
  }

  /** A key issued with a purchase: its secret waits sealed until the owner's first reveal. */
  createPlanKey(owner: { userId: string; purchaseId: number; keyName: string }, tx: DbOrTx = this.db): { row: ApiKeyRow; secret: string } {
    return this.insert(tx, owner, 'pending');
  }

  /**
   * A plan key's values, for the payment that stores it in the transaction completing its purchase
   * (payments.repository.ts): its secret sealed until the owner's first reveal, as createPlanKey's.
   */
  newPlanKey(): { keyValue: string; secretDigest: string; pendingSecret: string } {
    const keyValue = newKeyValue();
    const secret = newKeySecret();
    return { keyValue, secretDigest: secretDigest(secret), pendingSecret: this.sealer.seal(Buffer.from(secret), pendingAad(keyValue)) };
  }

  private insert(tx: DbOrTx, values: Partial<ApiKeyRow> & { userId: string; keyName: string }, mode: 'shown' | 'pending'): { row: ApiKeyRow; secret: string } {
    const keyValue = newKeyValue();
    const secret = newKeySecret();
    const row = tx
      .insert(apiKeys)
      .values({
        ...values,
        keyValue,
        secretDigest: secretDigest(secret),
        pendingSecret: mode === 'pending' ? this.sealer.seal(Buffer.from(secret), pendingAad(keyValue)) : null,
        createdAt: this.now(),
      })
      .returning()
      .get();
    return { row, secret };
  }

  /** Every key of the account, newest first, with its calls this month. */
  list(userId: string): KeyView[] {
    return this.db
      .select({ row: apiKeys, callsThisMonth: sql<number>`coalesce(${monthlyUsage.calls}, 0)` })
      .from(apiKeys)
      .leftJoin(monthlyUsage, and(eq(monthlyUsage.meter, sql`'key:' || ${apiKeys.keyValue}`), eq(monthlyUsage.month, monthOf(this.now()))))
      .where(eq(apiKeys.userId, userId))
      .orderBy(desc(apiKeys.id))
      .all();
  }

  /** One key of the owner's, as the list shows it. */
  view(userId: string, id: number): KeyView {
    const found = this.list(userId).find((k) => k.row.id === id);
    if (!found) throw missingKey();
    return found;
  }

  private owned(tx: DbOrTx, userId: string, id: number): ApiKeyRow {
    const row = tx.select().from(apiKeys).where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId))).get();
    if (!row) throw missingKey();
    return row;
  }

  private change(userId: string, id: number, values: Partial<ApiKeyRow>): ApiKeyRow {
    return this.db.transaction((tx) => {
      this.owned(tx, userId, id);
      return tx.update(apiKeys).set(values).where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId))).returning().get()!;
    });
  }

  /** Opens a platform-created secret and deletes the sealed copy: it can be shown only once. */
  revealSecret(userId: string, id: number): { row: ApiKeyRow; secret: string } {
    return this.db.transaction((tx) => {
      const row = this.owned(tx, userId, id);
      if (row.pendingSecret === null) throw alreadyShown();
      const secret = this.sealer.open(row.pendingSecret, pendingAad(row.keyValue)).toString('utf8');
      const updated = tx.update(apiKeys).set({ pendingSecret: null }).where(eq(apiKeys.id, id)).returning().get()!;
      return { row: updated, secret };
    });
  }

  setActive(userId: string, id: number, isActive: boolean): ApiKeyRow {
    return this.change(userId, id, { isActive });
  }

  /**
   * A new secret for the same key id, returned this once. The old secret keeps working for
   * ROTATION_GRACE_MS (so the callers can be moved over), unless `revokeOld`: then it stops at once.
   */
  rotate(userId: string, id: number, { revokeOld }: { revokeOld: boolean }): { row: ApiKeyRow; secret: string } {
    const secret = newKeySecret();
    const row = this.db.transaction((tx) => {
      const current = this.owned(tx, userId, id);
      const grace = revokeOld ? null : new Date(this.now().getTime() + ROTATION_GRACE_MS);
      return tx
        .update(apiKeys)
        .set({ secretDigest: secretDigest(secret), pendingSecret: null, previousSecretDigest: grace ? current.secretDigest : null, previousSecretExpiresAt: grace })
        .where(eq(apiKeys.id, id))
        .returning()
        .get()!;
    });
    return { row, secret };
  }

  /** Renames or restricts a key; a field left out stays as it is, null lifts the restriction. */
  update(userId: string, id: number, settings: ApiKeySettings): ApiKeyRow {
    this.checkExpiry(settings.expiresAt);
    const values: Partial<ApiKeyRow> = {};
    if (settings.keyName !== undefined) values.keyName = settings.keyName;
    if (settings.allowedOperations !== undefined) values.allowedOperations = settings.allowedOperations;
    if (settings.expiresAt !== undefined) values.expiresAt = settings.expiresAt;
    return this.change(userId, id, values);
  }

  /** Deletes the key for good: calls with it are refused as an unknown key from now on. */
  delete(userId: string, id: number): void {
    this.db.transaction((tx) => {
      this.owned(tx, userId, id);
      tx.delete(apiKeys).where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId))).run();
    });
  }

  private checkExpiry(expiresAt: Date | null | undefined): void {
    if (expiresAt && expiresAt <= this.now()) throw new AppError(400, 'validation_error', 'expiresAt must be in the future.', 'expiresAt');
  }

  /** One of the user's own keys by its pk_… value, as a caller; another account's is a 404. */
  ownedCaller(userId: string, keyValue: string): ApiCaller {
    const row = this.credentialOf.get(keyValue);
    if (row?.userId !== userId) throw notFound('api_key_not_found', 'No API key with this value belongs to your account.', 'keyValue');
    return callerOf(keyValue, row);
  }

  /**
   * Finds the owner of a key + secret pair or throws 401/403; records the time and address of its
   * use unless inspecting. During a rotation's grace period the previous secret is accepted too; both
   * digests are always compared, so the timing says nothing of which one matched.
   */
  authenticate(keyValue: string | undefined, secret: string | undefined, { touch = true, ip }: { touch?: boolean; ip?: string | undefined } = {}): ApiCaller {
    if (!keyValue || !secret) {
      throw unauthorized('api_key_required', 'Send your API key and secret in the x-api-key and x-api-secret headers.');
    }
    const row = this.credentialOf.get(keyValue);
    const now = this.now().getTime();
    const current = secretMatches(secret, row?.secretDigest ?? DECOY_DIGEST);
    const previous = secretMatches(secret, row?.previousDigest ?? DECOY_DIGEST) && (row?.previousExpiresAt ?? 0) > now;
    if (!row || !(current || previous)) {
      throw unauthorized('invalid_api_key', 'The API key or secret is wrong: check both headers, or create a key in the dashboard.');
    }
    if (!row.isActive) throw new AppError(403, 'api_key_disabled', 'This API key is disabled: enable it in the dashboard or use another key.');
    if (row.expiresAt !== null && row.expiresAt <= now) {
      throw new AppError(403, 'api_key_expired', `This API key expired on ${new Date(row.expiresAt).toISOString()}: extend it in the dashboard or use another key.`);
    }
    if (touch && (row.lastUsed === null || now - row.lastUsed >= LAST_USED_GRANULARITY_MS || (ip !== undefined && ip !== row.lastUsedIp))) {
      this.db.update(apiKeys).set({ lastUsed: new Date(now), lastUsedIp: ip ?? null }).where(eq(apiKeys.id, row.id)).run();
    }
    return callerOf(keyValue, row);
  }
}

function callerOf(keyValue: string, row: Credential): ApiCaller {
  return {
    userId: row.userId,
    keyValue,
    kind: row.purchaseId === null ? 'personal' : 'plan',
    purchaseId: row.purchaseId,
    allowedOperations: row.allowedOperations === null ? null : (JSON.parse(row.allowedOperations) as KeyOperation[]),
    historyKeeps: row.historyKeeps,
  };
}
