/**
 * Key versions and lifecycle on PostgreSQL (docs/decisions/056-key-versions-and-lifecycle.md),
 * exact across instances: each change is a conditional UPDATE … RETURNING, which waits for a
 * concurrent change of the same row and then re-checks its condition, so of two rotations of one
 * primary, or two instances destroying the same due key, one acts and the other changes nothing.
 * A change of two tables is one transaction led by that UPDATE.
 */
import { and, asc, eq, inArray, isNotNull, lt, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { PgDb } from '../../../db/postgres/connect.ts';
import { keyVersions, signingKeys } from '../../../db/postgres/schema.ts';
import type { KeyState } from '../../../shared/key-lifecycle.ts';
import type { KeyOwner, SigningKeyRow } from '../signing-keys/signing-keys.repository.ts';
import type { KeyAndVersion, KeyLifecycleRepository, KeyVersionRow, NewKeyVersion, DestroyedKey } from './key-lifecycle.repository.ts';

type OwnerColumn = typeof signingKeys.userId | typeof signingKeys.demoSessionId;

const VERSION_COLUMNS = {
  keyId: keyVersions.keyId,
  version: keyVersions.version,
  sealedSeed: keyVersions.sealedSeed,
  publicKey: keyVersions.publicKey,
  state: keyVersions.state,
  createdAt: keyVersions.createdAt,
};

export class PostgresKeyLifecycleRepository implements KeyLifecycleRepository {
  // The key-material reads run on every sign call: named statements, which pg prepares once per
  // connection, so drizzle builds each query once (its building cost more than the round trip's CPU).
  private readonly keyOfUser;
  private readonly keyOfSession;
  private readonly defaultOfUser;
  private readonly defaultOfSession;

  constructor(private readonly db: PgDb) {
    const joined = (where: SQL, name: string) =>
      db
        .select({ key: signingKeys, version: VERSION_COLUMNS })
        .from(signingKeys)
        // The named version, or the key's primary when none is named (a null placeholder).
        .leftJoin(keyVersions, and(eq(keyVersions.keyId, signingKeys.id), eq(keyVersions.version, sql`coalesce(${sql.placeholder('version')}::integer, ${signingKeys.primaryVersion})`)))
        .where(where)
        .limit(1)
        .prepare(name);
    const owned = (owner: OwnerColumn, name: string) => joined(and(eq(signingKeys.id, sql.placeholder('keyId')), eq(owner, sql.placeholder('owner')))!, name);
    const isDefaultFor = (owner: OwnerColumn, name: string) =>
      joined(and(eq(owner, sql.placeholder('owner')), eq(signingKeys.algorithm, sql.placeholder('algorithm')), eq(signingKeys.isDefault, true))!, name);
    this.keyOfUser = owned(signingKeys.userId, 'key-material-of-user');
    this.keyOfSession = owned(signingKeys.demoSessionId, 'key-material-of-session');
    this.defaultOfUser = isDefaultFor(signingKeys.userId, 'key-material-default-of-user');
    this.defaultOfSession = isDefaultFor(signingKeys.demoSessionId, 'key-material-default-of-session');
  }

  async keyAndVersion(owner: KeyOwner, keyId: string, version?: number): Promise<KeyAndVersion | undefined> {
    const rows = 'userId' in owner
      ? await this.keyOfUser.execute({ keyId, owner: owner.userId, version: version ?? null })
      : await this.keyOfSession.execute({ keyId, owner: owner.demoSessionId, version: version ?? null });
    return found(rows[0]);
  }

  async defaultKeyAndVersion(owner: KeyOwner, algorithm: string): Promise<KeyAndVersion | undefined> {
    const rows = 'userId' in owner
      ? await this.defaultOfUser.execute({ owner: owner.userId, algorithm, version: null })
      : await this.defaultOfSession.execute({ owner: owner.demoSessionId, algorithm, version: null });
    return found(rows[0]);
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
}

function found(row: { key: SigningKeyRow; version: KeyVersionRow | null } | undefined): KeyAndVersion | undefined {
  return row && { key: row.key, version: row.version ?? undefined };
}
