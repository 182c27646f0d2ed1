/**
 * What API keys need of storage (docs/decisions/050-one-storage-seam.md), named for what each
 * operation guarantees: a key created within the owner's limit, a platform-made secret revealed
 * once, and the credential read of every public call. Every query is scoped to the owner's user id
 * except the credential read, which finds the owner. The rules (the limit's value, expiry checks,
 * sealing, secret comparison) stay in api-keys.service.ts.
 */
import type { KeyOperation } from '../../../db/schema.ts';
import type { HistoryKeeps } from '../../../shared/history.ts';
import type { WithinLimit } from '../key-limits/key-limits.ts';

export interface ApiKeyRow {
  id: number;
  userId: string;
  keyName: string;
  keyValue: string;
  secretDigest: string;
  /** The platform-made secret, sealed until its one reveal. */
  pendingSecret: string | null;
  previousSecretDigest: string | null;
  previousSecretExpiresAt: Date | null;
  isActive: boolean;
  /** The purchase a plan key was issued with; null for the owner's own keys. */
  purchaseId: number | null;
  allowedOperations: KeyOperation[] | null;
  expiresAt: Date | null;
  usageCount: number;
  lastUsed: Date | null;
  lastUsedIp: string | null;
  createdAt: Date;
}

/** A key as it is created (its secret already digested, and sealed when it waits for a reveal). */
export type NewApiKey = Pick<ApiKeyRow, 'userId' | 'keyName' | 'keyValue' | 'secretDigest' | 'pendingSecret' | 'createdAt'> &
  Partial<Pick<ApiKeyRow, 'purchaseId' | 'allowedOperations' | 'expiresAt'>>;

/** What the owner may change of a key; a field left out stays as it is. */
export type ApiKeyChanges = Partial<Pick<ApiKeyRow, 'keyName' | 'allowedOperations' | 'expiresAt' | 'isActive'>>;

export interface KeyView {
  row: ApiKeyRow;
  callsThisMonth: number;
}

/** What the credential read gives of a key (booleans and times as SQLite stores them). */
export interface Credential {
  id: number;
  userId: string;
  secretDigest: string;
  previousDigest: string | null;
  previousExpiresAt: number | null;
  isActive: 0 | 1;
  expiresAt: number | null;
  /** JSON text of the operations the key may call; null: all of them. */
  allowedOperations: string | null;
  purchaseId: number | null;
  lastUsed: number | null;
  lastUsedIp: string | null;
  /** The owner's history setting. */
  historyKeeps: HistoryKeeps;
}

/** What revealSecretOnce found: the secret (its sealed copy now gone), no such key of the owner's, or one already shown. */
export type Reveal = { kind: 'revealed'; row: ApiKeyRow; secret: string } | { kind: 'missing' } | { kind: 'shown' };

export interface ApiKeyRepository {
  /**
   * Creates the owner's own key unless they hold `limit` or more already: counting and inserting
   * are one step, so concurrent creations cannot pass the limit together. Plan keys do not count.
   */
  createKeyWithinLimit(key: NewApiKey, limit: number): Promise<WithinLimit<ApiKeyRow>>;
  /** Creates a key outside any limit (a plan key comes with its purchase). */
  create(key: NewApiKey): Promise<ApiKeyRow>;
  /** Every key of the account, newest first, with its calls in `month` (YYYY-MM). */
  list(userId: string, month: string): Promise<KeyView[]>;
  /** Applies `changes` (at least one) to the owner's key; undefined when the owner has no such key. */
  update(userId: string, id: number, changes: ApiKeyChanges): Promise<ApiKeyRow | undefined>;
  /**
   * Gives the owner's key the secret of digest `secretDigest` and drops any sealed one. With
   * `previousUntil` the digest it had is kept as the previous one until then; with null, no
   * previous secret works. Undefined when the owner has no such key.
   */
  rotate(userId: string, id: number, secretDigest: string, previousUntil: Date | null): Promise<ApiKeyRow | undefined>;
  /**
   * Opens the key's sealed secret with `open` and deletes the sealed copy, in one step: of any
   * number of concurrent reveals, one gets the secret. If `open` throws, nothing changes.
   */
  revealSecretOnce(userId: string, id: number, open: (sealed: string, keyValue: string) => string): Promise<Reveal>;
  /** Deletes the owner's key; false when the owner has no such key. */
  delete(userId: string, id: number): Promise<boolean>;
  /** The key with this pk_… value, for authenticating a call (every public call reads it). */
  credential(keyValue: string): Promise<Credential | undefined>;
  /** Records when and from where the key was last used. */
  touch(id: number, at: Date, ip: string | null): Promise<void>;
}
