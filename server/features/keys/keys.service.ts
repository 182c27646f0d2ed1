/**
 * Personal API keys: create, list, reveal a platform-made secret once, disable/enable, rotate, and
 * authenticate public calls (docs/api.md §13). Every query is scoped to the owner's user id.
 */
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../../db/connection.ts';
import { apiKeys, planApiKeys } from '../../../db/schema.ts';
import type { ApiKey } from '../../contract/keys.ts';
import { AppError, notFound, unauthorized } from '../../errors.ts';
import type { Sealer } from '../../security/sealing.ts';
import { newKeySecret, newKeyValue, secretDigest, secretMatches } from '../../security/tokens.ts';
import type { ApiCaller } from '../../types.ts';
import { checkKeyLimit, KEY_LIMITS } from './key-limits.ts';

type KeyRow = typeof apiKeys.$inferSelect;
type PlanKeyRow = typeof planApiKeys.$inferSelect;
/** What authenticate() reads of a personal or plan key (is_active and last_used as SQLite stores them). */
interface Credential {
  kind: 'personal' | 'plan';
  id: number;
  userId: string;
  secretDigest: string;
  isActive: 0 | 1;
  lastUsed: number | null;
  purchaseId: number | null;
}

/** Associated data for a sealed pending secret: it opens only on the row it was made for. */
const pendingAad = (keyValue: string) => `api-key-secret:${keyValue}`;

export function toApiKeyResponse(row: KeyRow, shownSecret: string | null = null): z.infer<typeof ApiKey> {
  return {
    id: row.id,
    keyName: row.keyName,
    name: row.keyName,
    keyValue: row.keyValue,
    keySecret: shownSecret,
    secretRevealable: row.pendingSecret !== null,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsed ? row.lastUsed.toISOString() : null,
  };
}

const missingKey = () => notFound('api_key_not_found', 'No API key with this id belongs to your account.', 'id');
const alreadyShown = () =>
  new AppError(410, 'secret_not_available', 'This secret was already shown once and is not stored: rotate the key to get a new one.', 'id');

/** A digest that matches no secret: compared when the key id is unknown so timing does not reveal it. */
const DECOY_DIGEST = secretDigest('decoy');

/** lastUsed is kept to the minute: rewriting it on every call would add a write to each request. */
const LAST_USED_GRANULARITY_MS = 60_000;

export class KeyService {
  // Prepared once: authentication runs on every public call, and building the query each time
  // cost more than running it.
  private readonly personalByValue;
  private readonly planByValue;
  private readonly credentialOf;

  constructor(
    private readonly db: Db,
    private readonly sealer: Sealer,
  ) {
    this.personalByValue = db.select().from(apiKeys).where(eq(apiKeys.keyValue, sql.placeholder('keyValue'))).prepare();
    this.planByValue = db.select().from(planApiKeys).where(eq(planApiKeys.keyValue, sql.placeholder('keyValue'))).prepare();
    // authenticate() runs on every public call: one raw statement with only the columns it reads
    // (drizzle's row mapping of two full rows cost more than SQLite's look-ups). A personal key wins.
    this.credentialOf = db.$client.prepare<[string, string], Credential>(
      `SELECT 'personal' AS kind, id, user_id AS userId, secret_digest AS secretDigest, is_active AS isActive, last_used AS lastUsed, NULL AS purchaseId
         FROM api_keys WHERE key_value = ?
       UNION ALL
       SELECT 'plan', id, user_id, secret_digest, is_active, last_used, purchase_id FROM plan_api_keys WHERE key_value = ?
       LIMIT 1`,
    );
  }

  /** 'shown': the caller returns the secret now; 'pending': it is sealed until the owner's first reveal. */
  createKey(userId: string, keyName: string, mode: 'shown' | 'pending', tx: DbOrTx = this.db): { row: KeyRow; secret: string } {
    const held = tx.select({ n: count() }).from(apiKeys).where(eq(apiKeys.userId, userId)).get()!.n;
    checkKeyLimit('API keys', held, KEY_LIMITS.apiKeys);
    const keyValue = newKeyValue();
    const secret = newKeySecret();
    const [row] = tx
      .insert(apiKeys)
      .values({
        userId,
        keyName,
        keyValue,
        secretDigest: secretDigest(secret),
        pendingSecret: mode === 'pending' ? this.sealer.seal(Buffer.from(secret), pendingAad(keyValue)) : null,
        createdAt: new Date(),
      })
      .returning()
      .all();
    return { row: row!, secret };
  }

  list(userId: string): KeyRow[] {
    return this.db.select().from(apiKeys).where(eq(apiKeys.userId, userId)).orderBy(desc(apiKeys.id)).all();
  }

  private owned(userId: string, id: number): KeyRow {
    const row = this.db
      .select()
      .from(apiKeys)
      .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId)))
      .get();
    if (!row) throw missingKey();
    return row;
  }

  /** Opens a platform-created secret and deletes the sealed copy: it can be shown only once. */
  revealSecret(userId: string, id: number): { row: KeyRow; secret: string } {
    return this.db.transaction((tx) => {
      const row = tx.select().from(apiKeys).where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId))).get();
      if (!row) throw missingKey();
      if (row.pendingSecret === null) throw alreadyShown();
      const secret = this.sealer.open(row.pendingSecret, pendingAad(row.keyValue)).toString('utf8');
      const [updated] = tx.update(apiKeys).set({ pendingSecret: null }).where(eq(apiKeys.id, id)).returning().all();
      return { row: updated!, secret };
    });
  }

  /**
   * A key issued with a purchase: like the sign-up key, its secret waits sealed (same associated data
   * as personal keys, since key values are unique across both tables) until the owner's first reveal.
   */
  createPlanKey(
    owner: { userId: string; purchaseId: number; planType: string; keyName: string },
    tx: DbOrTx = this.db,
  ): { row: PlanKeyRow; secret: string } {
    const keyValue = newKeyValue();
    const secret = newKeySecret();
    const [row] = tx
      .insert(planApiKeys)
      .values({
        ...owner,
        keyValue,
        secretDigest: secretDigest(secret),
        pendingSecret: this.sealer.seal(Buffer.from(secret), pendingAad(keyValue)),
        createdAt: new Date(),
      })
      .returning()
      .all();
    return { row: row!, secret };
  }

  /** Opens a plan key's sealed secret once, as revealSecret does for personal keys. */
  revealPlanKeySecret(userId: string, id: number): { row: PlanKeyRow; secret: string } {
    return this.db.transaction((tx) => {
      const row = tx.select().from(planApiKeys).where(and(eq(planApiKeys.id, id), eq(planApiKeys.userId, userId))).get();
      if (!row) throw notFound('plan_key_not_found', 'No plan key with this id belongs to your account.', 'id');
      if (row.pendingSecret === null) throw alreadyShown();
      const secret = this.sealer.open(row.pendingSecret, pendingAad(row.keyValue)).toString('utf8');
      const [updated] = tx.update(planApiKeys).set({ pendingSecret: null }).where(eq(planApiKeys.id, id)).returning().all();
      return { row: updated!, secret };
    });
  }

  setActive(userId: string, id: number, isActive: boolean): KeyRow {
    this.owned(userId, id);
    const [row] = this.db
      .update(apiKeys)
      .set({ isActive })
      .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId)))
      .returning()
      .all();
    return row!;
  }

  /** A new secret for the same key id; the old secret stops working at once. */
  rotate(userId: string, id: number): { row: KeyRow; secret: string } {
    this.owned(userId, id);
    const secret = newKeySecret();
    const [row] = this.db
      .update(apiKeys)
      .set({ secretDigest: secretDigest(secret), pendingSecret: null })
      .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId)))
      .returning()
      .all();
    return { row: row!, secret };
  }

  /** One of the user's own keys (personal or plan) by its pk_… value, as a caller; another account's is a 404. */
  ownedCaller(userId: string, keyValue: string): ApiCaller {
    const personal = this.personalByValue.get({ keyValue });
    if (personal?.userId === userId) return { userId, keyValue, kind: 'personal', purchaseId: null };
    const plan = personal ? undefined : this.planByValue.get({ keyValue });
    if (plan?.userId === userId) return { userId, keyValue, kind: 'plan', purchaseId: plan.purchaseId };
    throw notFound('api_key_not_found', 'No API key with this value belongs to your account.', 'keyValue');
  }

  /** Finds the owner of a key + secret pair (personal or plan key) or throws 401/403; records lastUsed unless inspecting. */
  authenticate(keyValue: string | undefined, secret: string | undefined, { touch = true } = {}): ApiCaller {
    if (!keyValue || !secret) {
      throw unauthorized('api_key_required', 'Send your API key and secret in the x-api-key and x-api-secret headers.');
    }
    const row = this.credentialOf.get(keyValue, keyValue);
    if (!secretMatches(secret, row?.secretDigest ?? DECOY_DIGEST) || !row) {
      throw unauthorized('invalid_api_key', 'The API key or secret is wrong: check both headers, or create a key in the dashboard.');
    }
    if (!row.isActive) {
      // A plan key is switched off with its plan (a refund or reversal), and cannot be enabled again.
      if (row.kind === 'plan') throw new AppError(403, 'plan_inactive', 'The plan of this API key is not active: renew it or use a personal key.');
      throw new AppError(403, 'api_key_disabled', 'This API key is disabled: enable it in the dashboard or use another key.');
    }
    const now = Date.now();
    if (touch && (row.lastUsed === null || now - row.lastUsed >= LAST_USED_GRANULARITY_MS)) {
      const table = row.kind === 'personal' ? apiKeys : planApiKeys;
      this.db.update(table).set({ lastUsed: new Date(now) }).where(eq(table.id, row.id)).run();
    }
    return { userId: row.userId, keyValue, kind: row.kind, purchaseId: row.purchaseId };
  }
}
