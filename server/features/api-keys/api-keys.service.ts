/**
 * API keys, of every kind (docs/api.md §13; docs/decisions/036): the owner's own, the sign-up key and
 * plan keys issued with a purchase share one table and one lifecycle. Create, list, reveal a
 * platform-made secret once, rotate (the old secret kept for a grace period, or revoked at once),
 * disable, enable, restrict (operations, expiry), delete, and authenticate public calls. Every query
 * is scoped to the owner's user id.
 */
import type { z } from 'zod';
import type { KeyOperation } from '../../../db/schema.ts';
import type { ApiKey } from '../../contract/api-keys.ts';
import { AppError, notFound, unauthorized } from '../../errors.ts';
import type { Sealer } from '../../security/sealing.ts';
import { newKeySecret, newKeyValue, secretDigest, secretMatches } from '../../security/tokens.ts';
import type { ApiCaller } from '../../types.ts';
import { monthOf } from '../metering/metering.service.ts';
import { KEY_LIMITS, keyWithinLimit } from '../key-limits/key-limits.ts';
import type { ApiKeyChanges, ApiKeyRepository, ApiKeyRow, Credential, KeyView } from './api-keys.repository.ts';

export type { ApiKeyRow, KeyView } from './api-keys.repository.ts';

/** How long a rotated key's old secret still works unless it is revoked at once (docs/decisions/036). */
export const ROTATION_GRACE_MS = 24 * 60 * 60 * 1000;

/** Associated data for a sealed pending secret: it opens only on the row it was made for. */
const pendingAad = (keyValue: string) => `api-key-secret:${keyValue}`;

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
  constructor(
    private readonly keys: ApiKeyRepository,
    private readonly sealer: Sealer,
    readonly now: () => Date = () => new Date(),
  ) {}

  /** The owner's own key, its secret returned this once (the first key and plan keys are made sealed: createPendingKey, newSealedKey). */
  async createKey(userId: string, settings: ApiKeySettings & { keyName: string }): Promise<{ row: ApiKeyRow; secret: string }> {
    this.checkExpiry(settings.expiresAt);
    const secret = newKeySecret();
    const key = { userId, keyName: settings.keyName, allowedOperations: settings.allowedOperations ?? null, expiresAt: settings.expiresAt ?? null, keyValue: newKeyValue(), secretDigest: secretDigest(secret), pendingSecret: null, createdAt: this.now() };
    return { row: keyWithinLimit('API keys', await this.keys.createKeyWithinLimit(key, KEY_LIMITS.apiKeys)), secret };
  }

  /**
   * A plan key on its own, its secret waiting sealed until the owner's first reveal. Plan keys do
   * not count against the owner's limit.
   */
  async createPendingKey(owner: { userId: string; keyName: string; purchaseId?: number }): Promise<{ row: ApiKeyRow; secret: string }> {
    const { values, secret } = this.sealedSecret();
    return { row: await this.keys.create({ ...owner, ...values, createdAt: this.now() }), secret };
  }

  /**
   * A key's values, its secret sealed until the owner's first reveal as createPendingKey's, for the
   * transaction that stores the key with what it comes with: a plan key with the payment completing
   * its purchase (payments.repository.ts), the first key with its new account (accounts.repository.ts).
   */
  newSealedKey(): { keyValue: string; secretDigest: string; pendingSecret: string } {
    return this.sealedSecret().values;
  }

  private sealedSecret(): { values: { keyValue: string; secretDigest: string; pendingSecret: string }; secret: string } {
    const keyValue = newKeyValue();
    const secret = newKeySecret();
    return { values: { keyValue, secretDigest: secretDigest(secret), pendingSecret: this.sealer.seal(Buffer.from(secret), pendingAad(keyValue)) }, secret };
  }

  /** Every key of the account, newest first, with its calls this month. */
  list(userId: string): Promise<KeyView[]> {
    return this.keys.list(userId, monthOf(this.now()));
  }

  /** One key of the owner's, as the list shows it. */
  async view(userId: string, id: number): Promise<KeyView> {
    const found = (await this.list(userId)).find((k) => k.row.id === id);
    if (!found) throw missingKey();
    return found;
  }

  private async change(userId: string, id: number, changes: ApiKeyChanges): Promise<ApiKeyRow> {
    const row = await this.keys.update(userId, id, changes);
    if (!row) throw missingKey();
    return row;
  }

  /** Opens a platform-created secret and deletes the sealed copy: it can be shown only once. */
  async revealSecret(userId: string, id: number): Promise<{ row: ApiKeyRow; secret: string }> {
    const found = await this.keys.revealSecretOnce(userId, id, (sealed, keyValue) => this.sealer.open(sealed, pendingAad(keyValue)).toString('utf8'));
    if (found.kind === 'missing') throw missingKey();
    if (found.kind === 'shown') throw alreadyShown();
    return found;
  }

  setActive(userId: string, id: number, isActive: boolean): Promise<ApiKeyRow> {
    return this.change(userId, id, { isActive });
  }

  /**
   * A new secret for the same key id, returned this once. The old secret keeps working for
   * ROTATION_GRACE_MS (so the callers can be moved over), unless `revokeOld`: then it stops at once.
   */
  async rotate(userId: string, id: number, { revokeOld }: { revokeOld: boolean }): Promise<{ row: ApiKeyRow; secret: string }> {
    const secret = newKeySecret();
    const grace = revokeOld ? null : new Date(this.now().getTime() + ROTATION_GRACE_MS);
    const row = await this.keys.rotate(userId, id, secretDigest(secret), grace);
    if (!row) throw missingKey();
    return { row, secret };
  }

  /** Renames or restricts a key; a field left out stays as it is, null lifts the restriction. */
  update(userId: string, id: number, settings: ApiKeySettings): Promise<ApiKeyRow> {
    this.checkExpiry(settings.expiresAt);
    const changes: ApiKeyChanges = {};
    if (settings.keyName !== undefined) changes.keyName = settings.keyName;
    if (settings.allowedOperations !== undefined) changes.allowedOperations = settings.allowedOperations;
    if (settings.expiresAt !== undefined) changes.expiresAt = settings.expiresAt;
    return this.change(userId, id, changes);
  }

  /** Deletes the key for good: calls with it are refused as an unknown key from now on. */
  async delete(userId: string, id: number): Promise<void> {
    if (!(await this.keys.delete(userId, id))) throw missingKey();
  }

  private checkExpiry(expiresAt: Date | null | undefined): void {
    if (expiresAt && expiresAt <= this.now()) throw new AppError(400, 'validation_error', 'expiresAt must be in the future.', 'expiresAt');
  }

  /** One of the user's own keys by its pk_… value, as a caller; another account's is a 404. */
  async ownedCaller(userId: string, keyValue: string): Promise<ApiCaller> {
    const row = await this.keys.credential(keyValue);
    if (row?.userId !== userId) throw notFound('api_key_not_found', 'No API key with this value belongs to your account.', 'keyValue');
    return callerOf(keyValue, row);
  }

  /**
   * Finds the owner of a key + secret pair or throws 401/403; records the time and address of its
   * use unless inspecting. During a rotation's grace period the previous secret is accepted too; both
   * digests are always compared, so the timing says nothing of which one matched.
   */
  async authenticate(keyValue: string | undefined, secret: string | undefined, { touch = true, ip }: { touch?: boolean; ip?: string | undefined } = {}): Promise<ApiCaller> {
    if (!keyValue || !secret) {
      throw unauthorized('api_key_required', 'Send your API key and secret in the x-api-key and x-api-secret headers.');
    }
    const row = await this.keys.credential(keyValue);
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
      await this.keys.touch(row.id, new Date(now), ip ?? null);
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
