/**
 * What key imports (BYOK, docs/decisions/056-key-versions-and-lifecycle.md) need of storage: an
 * import created with its sealed wrapping key, and taken once. Taking is one conditional UPDATE
 * (unused and unexpired), so of concurrent completions of one import exactly one gets it.
 */
export interface KeyImportRow {
  /** `imp_` + 22 base62. */
  id: string;
  userId: string;
  algorithm: string;
  name: string | null;
  /** The key the import adds a version to; null: it creates a key. */
  keyId: string | null;
  /** The wrapping key's 64-byte ML-KEM-768 seed, sealed with the import id; null once taken. */
  sealedSecret: string | null;
  wrappingPublicKey: string;
  expiresAt: Date;
  usedAt: Date | null;
  createdAt: Date;
}

export type NewKeyImport = Omit<KeyImportRow, 'usedAt'> & { sealedSecret: string };

/** What taking an import found: the import (its secret as it was), or why it cannot be taken. */
export type TakenImport = { taken: KeyImportRow & { sealedSecret: string } } | { gone: 'used' | 'expired' } | { missing: true };

export interface KeyImportsRepository {
  create(row: NewKeyImport): Promise<void>;
  /**
   * Marks the user's import used at `now` and clears its sealed secret, if it is unused and
   * expires after `now`; returns it with the secret it held. Single use: of concurrent calls one
   * takes it and the others find it used.
   */
  take(userId: string, importId: string, now: Date): Promise<TakenImport>;
  /** Removes imports that expired at or before `cutoff` (used or not); returns how many. */
  purgeExpired(cutoff: Date): Promise<number>;
}
