/**
 * Key versions and lifecycle on SQLite (docs/decisions/056-key-versions-and-lifecycle.md). One
 * writer and one process (db/server-lock.ts): each change is a conditional UPDATE … RETURNING, and a
 * change of two tables one IMMEDIATE transaction led by it.
 */
import { and, asc, eq, inArray, isNotNull, lt, lte, ne, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/connection.ts';
import { keyVersions, signingKeys } from '../../../db/schema.ts';
import type { KeyState } from '../../../shared/key-lifecycle.ts';
import type { KeyOwner, SigningKeyRow } from '../signing-keys/signing-keys.repository.ts';
import type { KeyAndVersion, KeyLifecycleRepository, KeyVersionRow, NewKeyVersion, DestroyedKey } from './key-lifecycle.repository.ts';

const ownerFilter = (owner: KeyOwner) => ('userId' in owner ? eq(signingKeys.userId, owner.userId) : eq(signingKeys.demoSessionId, owner.demoSessionId));

const VERSION_COLUMNS = {
  keyId: keyVersions.keyId,
  version: keyVersions.version,
  sealedSeed: keyVersions.sealedSeed,
  publicKey: keyVersions.publicKey,
  state: keyVersions.state,
  createdAt: keyVersions.createdAt,
};

export class SqliteKeyLifecycleRepository implements KeyLifecycleRepository {
  constructor(private readonly db: Db) {}

  async keyAndVersion(owner: KeyOwner, keyId: string, version?: number): Promise<KeyAndVersion | undefined> {
    return this.joined(and(eq(signingKeys.id, keyId), ownerFilter(owner))!, version);
  }

  async defaultKeyAndVersion(owner: KeyOwner, algorithm: string): Promise<KeyAndVersion | undefined> {
    return this.joined(and(ownerFilter(owner), eq(signingKeys.algorithm, algorithm), eq(signingKeys.isDefault, true))!);
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

  private joined(where: SQL, version?: number): KeyAndVersion | undefined {
    const row = this.db
      .select({ key: signingKeys, version: VERSION_COLUMNS })
      .from(signingKeys)
      .leftJoin(keyVersions, and(eq(keyVersions.keyId, signingKeys.id), eq(keyVersions.version, version ?? signingKeys.primaryVersion)))
      .where(where)
      .limit(1)
      .get();
    return row && { key: row.key, version: row.version ?? undefined };
  }
}
