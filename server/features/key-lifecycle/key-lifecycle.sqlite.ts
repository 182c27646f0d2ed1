/**
 * Key versions and lifecycle on SQLite (docs/decisions/056-key-versions-and-lifecycle.md). One
 * writer and one process (db/server-lock.ts): each change is a conditional UPDATE … RETURNING, and a
 * change of two tables one IMMEDIATE transaction led by it.
 */
import { and, asc, eq, inArray, isNotNull, lt, lte, ne } from 'drizzle-orm';
import type { Db } from '../../../db/connection.ts';
import { keyVersions, signingKeys } from '../../../db/schema.ts';
import type { KeyState } from '../../../shared/key-lifecycle.ts';
import type { KeyOwner, SigningKeyRow } from '../signing-keys/signing-keys.repository.ts';
import type { KeyAndVersion, KeyLifecycleRepository, KeyVersionRow, NewKeyVersion, DestroyedKey } from './key-lifecycle.repository.ts';

const VERSION_COLUMNS = {
  keyId: keyVersions.keyId,
  version: keyVersions.version,
  sealedSeed: keyVersions.sealedSeed,
  publicKey: keyVersions.publicKey,
  state: keyVersions.state,
  createdAt: keyVersions.createdAt,
};

/** signing_keys' columns as SigningKeyRow names them; integers and times converted by keyRow. */
const KEY_SELECT = `SELECT id, user_id AS userId, demo_session_id AS demoSessionId, algorithm, name, is_default AS isDefault,
  sealed_seed AS sealedSeed, public_key AS publicKey, created_at AS createdAt, primary_version AS primaryVersion, state,
  deletion_at AS deletionAt, rotation_period_days AS rotationPeriodDays, next_rotation_at AS nextRotationAt FROM signing_keys`;

type StoredKey = Omit<SigningKeyRow, 'isDefault' | 'createdAt' | 'deletionAt' | 'nextRotationAt'> & { isDefault: number; createdAt: number; deletionAt: number | null; nextRotationAt: number | null };
type StoredVersion = Omit<KeyVersionRow, 'createdAt'> & { createdAt: number };

const time = (ms: number | null) => (ms === null ? null : new Date(ms));
const keyRow = (k: StoredKey): SigningKeyRow => ({ ...k, isDefault: k.isDefault === 1, createdAt: new Date(k.createdAt), deletionAt: time(k.deletionAt), nextRotationAt: time(k.nextRotationAt) });

export class SqliteKeyLifecycleRepository implements KeyLifecycleRepository {
  // The key-material reads run on every sign call: raw statements prepared once (drizzle's query
  // building and row mapping cost more than SQLite's look-ups here), two single-table reads in one
  // synchronous step rather than a join, which better-sqlite3 runs an order of magnitude slower per
  // row (bench/README.md "Node 24 and the SQLite driver (decision 049), measured").
  private readonly keyOfUser;
  private readonly keyOfSession;
  private readonly defaultOfUser;
  private readonly defaultOfSession;
  private readonly versionOf;

  constructor(private readonly db: Db) {
    const sqlite = db.$client;
    this.keyOfUser = sqlite.prepare<[string, string], StoredKey>(`${KEY_SELECT} WHERE id = ? AND user_id = ?`);
    this.keyOfSession = sqlite.prepare<[string, string], StoredKey>(`${KEY_SELECT} WHERE id = ? AND demo_session_id = ?`);
    this.defaultOfUser = sqlite.prepare<[string, string], StoredKey>(`${KEY_SELECT} WHERE user_id = ? AND algorithm = ? AND is_default = 1 LIMIT 1`);
    this.defaultOfSession = sqlite.prepare<[string, string], StoredKey>(`${KEY_SELECT} WHERE demo_session_id = ? AND algorithm = ? AND is_default = 1 LIMIT 1`);
    this.versionOf = sqlite.prepare<[string, number], StoredVersion>(
      'SELECT key_id AS keyId, version, sealed_seed AS sealedSeed, public_key AS publicKey, state, created_at AS createdAt FROM key_versions WHERE key_id = ? AND version = ?',
    );
  }

  async keyAndVersion(owner: KeyOwner, keyId: string, version?: number): Promise<KeyAndVersion | undefined> {
    const key = 'userId' in owner ? this.keyOfUser.get(keyId, owner.userId) : this.keyOfSession.get(keyId, owner.demoSessionId);
    return this.withVersion(key, version);
  }

  async defaultKeyAndVersion(owner: KeyOwner, algorithm: string): Promise<KeyAndVersion | undefined> {
    const key = 'userId' in owner ? this.defaultOfUser.get(owner.userId, algorithm) : this.defaultOfSession.get(owner.demoSessionId, algorithm);
    return this.withVersion(key);
  }

  async versions(keyId: string): Promise<KeyVersionRow[]> {
    return this.db.select(VERSION_COLUMNS).from(keyVersions).where(eq(keyVersions.keyId, keyId)).orderBy(asc(keyVersions.version)).all();
  }

  async addVersion(keyId: string, primary: number, version: NewKeyVersion, nextRotationAt: Date | null, maxVersions: number): Promise<SigningKeyRow | undefined> {
    return this.db.transaction(
      (tx) => {
        const key = tx
          .update(signingKeys)
          .set({ primaryVersion: primary + 1, nextRotationAt })
          .where(and(eq(signingKeys.id, keyId), eq(signingKeys.primaryVersion, primary), eq(signingKeys.state, 'enabled'), lt(signingKeys.primaryVersion, maxVersions)))
          .returning()
          .get();
        if (!key) return undefined;
        tx.insert(keyVersions).values({ keyId, version: primary + 1, ...version }).run();
        return key;
      },
      { behavior: 'immediate' },
    );
  }

  async changeState(userId: string, keyId: string, from: readonly KeyState[], to: KeyState, deletionAt: Date | null): Promise<SigningKeyRow | undefined> {
    return this.db
      .update(signingKeys)
      .set({ state: to, deletionAt })
      .where(and(eq(signingKeys.id, keyId), eq(signingKeys.userId, userId), inArray(signingKeys.state, [...from])))
      .returning()
      .get();
  }

  async setRotation(userId: string, keyId: string, periodDays: number | null, nextRotationAt: Date | null): Promise<SigningKeyRow | undefined> {
    return this.db
      .update(signingKeys)
      .set({ rotationPeriodDays: periodDays, nextRotationAt })
      .where(and(eq(signingKeys.id, keyId), eq(signingKeys.userId, userId), ne(signingKeys.state, 'destroyed')))
      .returning()
      .get();
  }

  async dueForRotation(now: Date, limit: number): Promise<SigningKeyRow[]> {
    return this.db
      .select()
      .from(signingKeys)
      .where(and(eq(signingKeys.state, 'enabled'), isNotNull(signingKeys.nextRotationAt), lte(signingKeys.nextRotationAt, now)))
      .orderBy(asc(signingKeys.nextRotationAt))
      .limit(limit)
      .all();
  }

  async destroyDue(now: Date): Promise<DestroyedKey[]> {
    return this.db.transaction(
      (tx) => {
        const destroyed = tx
          .update(signingKeys)
          .set({ state: 'destroyed', sealedSeed: null, nextRotationAt: null })
          .where(and(eq(signingKeys.state, 'pending_deletion'), lte(signingKeys.deletionAt, now)))
          .returning({ id: signingKeys.id, userId: signingKeys.userId })
          .all();
        const ids = destroyed.map((r) => r.id);
        if (ids.length > 0) tx.update(keyVersions).set({ sealedSeed: null, state: 'destroyed' }).where(inArray(keyVersions.keyId, ids)).run();
        return destroyed;
      },
      { behavior: 'immediate' },
    );
  }

  /** The key's version `version` (its primary by default), read in the same synchronous step as the key. */
  private withVersion(stored: StoredKey | undefined, version?: number): KeyAndVersion | undefined {
    if (!stored) return undefined;
    const found = this.versionOf.get(stored.id, version ?? stored.primaryVersion);
    return { key: keyRow(stored), version: found && { ...found, createdAt: new Date(found.createdAt) } };
  }
}
