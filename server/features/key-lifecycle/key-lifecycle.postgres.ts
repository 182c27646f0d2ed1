/**
 * Key versions and lifecycle on PostgreSQL (docs/decisions/056-key-versions-and-lifecycle.md),
 * exact across instances: each change is a conditional UPDATE … RETURNING, which waits for a
 * concurrent change of the same row and then re-checks its condition, so of two rotations of one
 * primary, or two instances destroying the same due key, one acts and the other changes nothing.
 * A change of two tables is one transaction led by that UPDATE.
 */
import { and, asc, eq, inArray, isNotNull, lt, lte, ne, type SQL } from 'drizzle-orm';
import type { PgDb } from '../../../db/postgres/connect.ts';
import { keyVersions, signingKeys } from '../../../db/postgres/schema.ts';
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

export class PostgresKeyLifecycleRepository implements KeyLifecycleRepository {
  constructor(private readonly db: PgDb) {}

  async keyAndVersion(owner: KeyOwner, keyId: string, version?: number): Promise<KeyAndVersion | undefined> {
    return this.joined(and(eq(signingKeys.id, keyId), ownerFilter(owner))!, version);
  }

  async defaultKeyAndVersion(owner: KeyOwner, algorithm: string): Promise<KeyAndVersion | undefined> {
    return this.joined(and(ownerFilter(owner), eq(signingKeys.algorithm, algorithm), eq(signingKeys.isDefault, true))!);
  }

  async versions(keyId: string): Promise<KeyVersionRow[]> {
    return this.db.select(VERSION_COLUMNS).from(keyVersions).where(eq(keyVersions.keyId, keyId)).orderBy(asc(keyVersions.version));
  }

  async addVersion(keyId: string, primary: number, version: NewKeyVersion, nextRotationAt: Date | null, maxVersions: number): Promise<SigningKeyRow | undefined> {
    return this.db.transaction(async (tx) => {
      const [key] = await tx
        .update(signingKeys)
        .set({ primaryVersion: primary + 1, nextRotationAt })
        .where(and(eq(signingKeys.id, keyId), eq(signingKeys.primaryVersion, primary), eq(signingKeys.state, 'enabled'), lt(signingKeys.primaryVersion, maxVersions)))
        .returning();
      if (!key) return undefined;
      await tx.insert(keyVersions).values({ keyId, version: primary + 1, ...version });
      return key;
    });
  }

  async changeState(userId: string, keyId: string, from: readonly KeyState[], to: KeyState, deletionAt: Date | null): Promise<SigningKeyRow | undefined> {
    const [key] = await this.db
      .update(signingKeys)
      .set({ state: to, deletionAt })
      .where(and(eq(signingKeys.id, keyId), eq(signingKeys.userId, userId), inArray(signingKeys.state, [...from])))
      .returning();
    return key;
  }

  async setRotation(userId: string, keyId: string, periodDays: number | null, nextRotationAt: Date | null): Promise<SigningKeyRow | undefined> {
    const [key] = await this.db
      .update(signingKeys)
      .set({ rotationPeriodDays: periodDays, nextRotationAt })
      .where(and(eq(signingKeys.id, keyId), eq(signingKeys.userId, userId), ne(signingKeys.state, 'destroyed')))
      .returning();
    return key;
  }

  async dueForRotation(now: Date, limit: number): Promise<SigningKeyRow[]> {
    return this.db
      .select()
      .from(signingKeys)
      .where(and(eq(signingKeys.state, 'enabled'), isNotNull(signingKeys.nextRotationAt), lte(signingKeys.nextRotationAt, now)))
      .orderBy(asc(signingKeys.nextRotationAt))
      .limit(limit);
  }

  async destroyDue(now: Date): Promise<DestroyedKey[]> {
    return this.db.transaction(async (tx) => {
      const destroyed = await tx
          .update(signingKeys)
          .set({ state: 'destroyed', sealedSeed: null, nextRotationAt: null })
          .where(and(eq(signingKeys.state, 'pending_deletion'), lte(signingKeys.deletionAt, now)))
          .returning({ id: signingKeys.id, userId: signingKeys.userId });
      const ids = destroyed.map((r) => r.id);
      if (ids.length > 0) await tx.update(keyVersions).set({ sealedSeed: null, state: 'destroyed' }).where(inArray(keyVersions.keyId, ids));
      return destroyed;
    });
  }

  private async joined(where: SQL, version?: number): Promise<KeyAndVersion | undefined> {
    const [row] = await this.db
      .select({ key: signingKeys, version: VERSION_COLUMNS })
      .from(signingKeys)
      .leftJoin(keyVersions, and(eq(keyVersions.keyId, signingKeys.id), eq(keyVersions.version, version ?? signingKeys.primaryVersion)))
      .where(where)
      .limit(1);
    return row && { key: row.key, version: row.version ?? undefined };
  }
}
