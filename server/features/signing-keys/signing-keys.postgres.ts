/**
 * Signing keys on PostgreSQL (docs/decisions/050-one-storage-seam.md), exact across instances: the
 * look for a default, the count and the insert run in one transaction after locking the key's owner
 * (key-owner-lock.postgres.ts), so concurrent first calls of one owner create one default key and
 * concurrent creations cannot pass the limit together.
 */
import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import type { PgDb } from '../../../db/postgres/connect.ts';
import { keyVersions, signingKeys } from '../../../db/postgres/schema.ts';
import type { WithinLimit } from '../key-limits/key-limits.ts';
import { lockKeyOwner, type PgTx } from '../key-limits/key-owner-lock.postgres.ts';
import type { KeyOwner, NewSigningKey, SigningKeyRepository, SigningKeyRow } from './signing-keys.repository.ts';

function ownerFilter(owner: KeyOwner) {
  return 'userId' in owner ? eq(signingKeys.userId, owner.userId) : eq(signingKeys.demoSessionId, owner.demoSessionId);
}

export class PostgresSigningKeyRepository implements SigningKeyRepository {
  // The default-key lookup runs on every sign call: a named statement per owner kind, which pg
  // prepares once per connection.
  private readonly defaultOfUser;
  private readonly defaultOfSession;

  constructor(private readonly db: PgDb) {
    const isDefaultFor = (owner: typeof signingKeys.userId | typeof signingKeys.demoSessionId, name: string) =>
      db
        .select()
        .from(signingKeys)
        .where(and(eq(owner, sql.placeholder('owner')), eq(signingKeys.algorithm, sql.placeholder('algorithm')), eq(signingKeys.isDefault, true)))
        .limit(1)
        .prepare(name);
    this.defaultOfUser = isDefaultFor(signingKeys.userId, 'signing-key-default-of-user');
    this.defaultOfSession = isDefaultFor(signingKeys.demoSessionId, 'signing-key-default-of-session');
  }

  async list(userId: string): Promise<SigningKeyRow[]> {
    return this.db.select().from(signingKeys).where(eq(signingKeys.userId, userId)).orderBy(asc(signingKeys.createdAt));
  }



  async findDefault(owner: KeyOwner, algorithm: string): Promise<SigningKeyRow | undefined> {
    const [row] = 'userId' in owner
      ? await this.defaultOfUser.execute({ owner: owner.userId, algorithm })
      : await this.defaultOfSession.execute({ owner: owner.demoSessionId, algorithm });
    return row;
  }

  async createKeyWithinLimit(owner: KeyOwner, key: NewSigningKey, limit: number): Promise<WithinLimit<SigningKeyRow>> {
    return this.db.transaction(async (tx) => {
      await lockKeyOwner(tx, owner);
      return this.insertWithinLimit(tx, owner, key, false, limit);
    });
  }

  async createDefaultKeyOnce(owner: KeyOwner, key: NewSigningKey, limit: number): Promise<WithinLimit<SigningKeyRow>> {
    return this.db.transaction(async (tx) => {
      await lockKeyOwner(tx, owner);
      const [existing] = await tx.select().from(signingKeys).where(and(ownerFilter(owner), eq(signingKeys.algorithm, key.algorithm), eq(signingKeys.isDefault, true))).limit(1);
      if (existing) return { key: existing };
      return this.insertWithinLimit(tx, owner, key, true, limit);
    });
  }

  private async insertWithinLimit(tx: PgTx, owner: KeyOwner, key: NewSigningKey, isDefault: boolean, limit: number): Promise<WithinLimit<SigningKeyRow>> {
    const [held] = await tx.select({ n: count() }).from(signingKeys).where(and(ownerFilter(owner), ne(signingKeys.state, 'destroyed')));
    if (held!.n >= limit) return { limitReached: held!.n };
    const values = { ...key, userId: 'userId' in owner ? owner.userId : null, demoSessionId: 'demoSessionId' in owner ? owner.demoSessionId : null, isDefault };
    const [row] = await tx.insert(signingKeys).values(values).returning();
    await tx.insert(keyVersions).values({ keyId: key.id, version: 1, sealedSeed: key.sealedSeed, publicKey: key.publicKey, createdAt: key.createdAt });
    return { key: row! };
  }
}
