/**
 * Signing keys on SQLite (docs/decisions/050-one-storage-seam.md): the statements moved from
 * signing-keys.service.ts. Each method does its work in the call and returns a settled promise; with
 * one writer and one process (db/server-lock.ts), an IMMEDIATE transaction makes a look, a count and
 * an insert one step.
 */
import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/connection.ts';
import { keyVersions, signingKeys } from '../../../db/schema.ts';
import type { WithinLimit } from '../key-limits/key-limits.ts';
import type { KeyOwner, NewSigningKey, SigningKeyRepository, SigningKeyRow } from './signing-keys.repository.ts';

function ownerFilter(owner: KeyOwner) {
  return 'userId' in owner ? eq(signingKeys.userId, owner.userId) : eq(signingKeys.demoSessionId, owner.demoSessionId);
}

export class SqliteSigningKeyRepository implements SigningKeyRepository {
  // The default-key lookup runs on every sign call: prepared once per owner kind.
  private readonly defaultOfUser;
  private readonly defaultOfSession;

  constructor(private readonly db: Db) {
    const isDefaultFor = (owner: typeof signingKeys.userId | typeof signingKeys.demoSessionId) =>
      db
        .select()
        .from(signingKeys)
        .where(and(eq(owner, sql.placeholder('owner')), eq(signingKeys.algorithm, sql.placeholder('algorithm')), eq(signingKeys.isDefault, true)))
        .prepare();
    this.defaultOfUser = isDefaultFor(signingKeys.userId);
    this.defaultOfSession = isDefaultFor(signingKeys.demoSessionId);
  }

  async list(userId: string): Promise<SigningKeyRow[]> {
    return this.db.select().from(signingKeys).where(eq(signingKeys.userId, userId)).orderBy(asc(signingKeys.createdAt)).all();
  }



  async findDefault(owner: KeyOwner, algorithm: string): Promise<SigningKeyRow | undefined> {
    return this.defaultOf(owner, algorithm);
  }

  async createKeyWithinLimit(owner: KeyOwner, key: NewSigningKey, limit: number): Promise<WithinLimit<SigningKeyRow>> {
    return this.db.transaction((tx) => this.insertWithinLimit(tx, owner, key, false, limit), { behavior: 'immediate' });
  }

  async createDefaultKeyOnce(owner: KeyOwner, key: NewSigningKey, limit: number): Promise<WithinLimit<SigningKeyRow>> {
    return this.db.transaction(
      (tx) => {
        const existing = this.defaultOf(owner, key.algorithm);
        if (existing) return { key: existing };
        return this.insertWithinLimit(tx, owner, key, true, limit);
      },
      { behavior: 'immediate' },
    );
  }

  private insertWithinLimit(tx: Tx, owner: KeyOwner, key: NewSigningKey, isDefault: boolean, limit: number): WithinLimit<SigningKeyRow> {
    const held = tx.select({ n: count() }).from(signingKeys).where(and(ownerFilter(owner), ne(signingKeys.state, 'destroyed'))).get()!.n;
    if (held >= limit) return { limitReached: held };
    const values = { ...key, userId: 'userId' in owner ? owner.userId : null, demoSessionId: 'demoSessionId' in owner ? owner.demoSessionId : null, isDefault };
    const row = tx.insert(signingKeys).values(values).returning().all()[0]!;
    tx.insert(keyVersions).values({ keyId: key.id, version: 1, sealedSeed: key.sealedSeed, publicKey: key.publicKey, createdAt: key.createdAt }).run();
    return { key: row };
  }

  /** Prepared statements run on the connection, so also inside a transaction. */
  private defaultOf(owner: KeyOwner, algorithm: string): SigningKeyRow | undefined {
    return 'userId' in owner ? this.defaultOfUser.get({ owner: owner.userId, algorithm }) : this.defaultOfSession.get({ owner: owner.demoSessionId, algorithm });
  }
}
