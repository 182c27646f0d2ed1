/**
 * Dilion service keys on SQLite (docs/decisions/050-one-storage-seam.md): the statements moved from
 * service-keys.service.ts. Each method does its work in the call and returns a settled promise; with
 * one writer and one process (db/server-lock.ts), an IMMEDIATE transaction makes a look, a count and
 * an insert one step.
 */
import { and, asc, count, eq, isNotNull } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../../db/connection.ts';
import { serviceKeys } from '../../../db/schema.ts';
import type { WithinLimit } from '../key-limits/key-limits.ts';
import type { KeyOwner } from '../signing-keys/signing-keys.repository.ts';
import type { NewServiceKey, ServiceKeyRepository, ServiceKeyRow } from './service-keys.repository.ts';

function ownerFilter(owner: KeyOwner) {
  return 'userId' in owner ? eq(serviceKeys.userId, owner.userId) : eq(serviceKeys.demoSessionId, owner.demoSessionId);
}

function ownerColumns(owner: KeyOwner) {
  return { userId: 'userId' in owner ? owner.userId : null, demoSessionId: 'demoSessionId' in owner ? owner.demoSessionId : null };
}

export class SqliteServiceKeyRepository implements ServiceKeyRepository {
  constructor(private readonly db: Db) {}

  async current(owner: KeyOwner, sid: string): Promise<ServiceKeyRow | undefined> {
    return this.currentOn(this.db, owner, sid);
  }

  async createCurrentKeyOnce(owner: KeyOwner, sid: string, key: NewServiceKey, sealSeed: (rowId: number) => string, limit: number): Promise<WithinLimit<ServiceKeyRow>> {
    return this.db.transaction(
      (tx): WithinLimit<ServiceKeyRow> => {
        const existing = this.currentOn(tx, owner, sid);
        if (existing) return { key: existing };
        const held = this.held(tx, owner);
        if (held >= limit) return { limitReached: held };
        const row = tx.insert(serviceKeys).values({ ...key, ...ownerColumns(owner), sid, isCurrent: true }).returning().all()[0]!;
        const sealedSeed = sealSeed(row.id);
        tx.update(serviceKeys).set({ sealedSeed }).where(eq(serviceKeys.id, row.id)).run();
        return { key: { ...row, sealedSeed } };
      },
      { behavior: 'immediate' },
    );
  }

  async registerCurrentKey(owner: KeyOwner, sid: string, key: NewServiceKey, limit: number): Promise<WithinLimit<ServiceKeyRow>> {
    return this.db.transaction(
      (tx): WithinLimit<ServiceKeyRow> => {
        const existing = this.currentOn(tx, owner, sid);
        if (existing?.keyId === key.keyId) return { key: existing };
        const held = this.held(tx, owner);
        if (held >= limit) return { limitReached: held };
        tx.update(serviceKeys).set({ isCurrent: false }).where(and(ownerFilter(owner), eq(serviceKeys.sid, sid))).run();
        return { key: tx.insert(serviceKeys).values({ ...key, ...ownerColumns(owner), sid, isCurrent: true }).returning().all()[0]! };
      },
      { behavior: 'immediate' },
    );
  }

  async byKeyId(keyId: string): Promise<ServiceKeyRow | undefined> {
    return this.db.select().from(serviceKeys).where(eq(serviceKeys.keyId, keyId)).orderBy(asc(serviceKeys.id)).get();
  }

  async openable(owner: KeyOwner, keyId: string, sid: string): Promise<ServiceKeyRow | undefined> {
    return this.db
      .select()
      .from(serviceKeys)
      .where(and(ownerFilter(owner), eq(serviceKeys.keyId, keyId), eq(serviceKeys.sid, sid), isNotNull(serviceKeys.sealedSeed)))
      .get();
  }

  private currentOn(db: DbOrTx, owner: KeyOwner, sid: string): ServiceKeyRow | undefined {
    return db.select().from(serviceKeys).where(and(ownerFilter(owner), eq(serviceKeys.sid, sid), eq(serviceKeys.isCurrent, true))).get();
  }

  /** Every key the owner holds counts, current or replaced: all can still open old pidCiphers. */
  private held(tx: Tx, owner: KeyOwner): number {
    return tx.select({ n: count() }).from(serviceKeys).where(ownerFilter(owner)).get()!.n;
  }
}
