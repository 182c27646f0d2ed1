/**
 * Dilion service keys on PostgreSQL (docs/decisions/050-one-storage-seam.md), exact across
 * instances: the look for the current key, the count and the insert run in one transaction after
 * locking the key's owner (key-owner-lock.postgres.ts), so concurrent first uses of one (owner, sid)
 * create one key and concurrent creations cannot pass the limit together.
 */
import { and, asc, count, eq, isNotNull } from 'drizzle-orm';
import type { PgDb } from '../../../db/postgres/connect.ts';
import { serviceKeys } from '../../../db/postgres/schema.ts';
import type { WithinLimit } from '../key-limits/key-limits.ts';
import { lockKeyOwner, type PgTx } from '../key-limits/key-owner-lock.postgres.ts';
import type { KeyOwner } from '../signing-keys/signing-keys.repository.ts';
import type { NewServiceKey, ServiceKeyRepository, ServiceKeyRow } from './service-keys.repository.ts';

function ownerFilter(owner: KeyOwner) {
  return 'userId' in owner ? eq(serviceKeys.userId, owner.userId) : eq(serviceKeys.demoSessionId, owner.demoSessionId);
}

function ownerColumns(owner: KeyOwner) {
  return { userId: 'userId' in owner ? owner.userId : null, demoSessionId: 'demoSessionId' in owner ? owner.demoSessionId : null };
}

export class PostgresServiceKeyRepository implements ServiceKeyRepository {
  constructor(private readonly db: PgDb) {}

  async current(owner: KeyOwner, sid: string): Promise<ServiceKeyRow | undefined> {
    return this.currentOn(this.db, owner, sid);
  }

  async createCurrentKeyOnce(owner: KeyOwner, sid: string, key: NewServiceKey, sealSeed: (rowId: number) => string, limit: number): Promise<WithinLimit<ServiceKeyRow>> {
    return this.db.transaction(async (tx): Promise<WithinLimit<ServiceKeyRow>> => {
      await lockKeyOwner(tx, owner);
      const existing = await this.currentOn(tx, owner, sid);
      if (existing) return { key: existing };
      const held = await this.held(tx, owner);
      if (held >= limit) return { limitReached: held };
      const [row] = await tx.insert(serviceKeys).values({ ...key, ...ownerColumns(owner), sid, isCurrent: true }).returning();
      const sealedSeed = sealSeed(row!.id);
      await tx.update(serviceKeys).set({ sealedSeed }).where(eq(serviceKeys.id, row!.id));
      return { key: { ...row!, sealedSeed } };
    });
  }

  async registerCurrentKey(owner: KeyOwner, sid: string, key: NewServiceKey, limit: number): Promise<WithinLimit<ServiceKeyRow>> {
    return this.db.transaction(async (tx): Promise<WithinLimit<ServiceKeyRow>> => {
      await lockKeyOwner(tx, owner);
      const existing = await this.currentOn(tx, owner, sid);
      if (existing?.keyId === key.keyId) return { key: existing };
      const held = await this.held(tx, owner);
      if (held >= limit) return { limitReached: held };
      await tx.update(serviceKeys).set({ isCurrent: false }).where(and(ownerFilter(owner), eq(serviceKeys.sid, sid)));
      const [row] = await tx.insert(serviceKeys).values({ ...key, ...ownerColumns(owner), sid, isCurrent: true }).returning();
      return { key: row! };
    });
  }

  async byKeyId(keyId: string): Promise<ServiceKeyRow | undefined> {
    const [row] = await this.db.select().from(serviceKeys).where(eq(serviceKeys.keyId, keyId)).orderBy(asc(serviceKeys.id)).limit(1);
    return row;
  }

  async openable(owner: KeyOwner, keyId: string, sid: string): Promise<ServiceKeyRow | undefined> {
    const [row] = await this.db
      .select()
      .from(serviceKeys)
      .where(and(ownerFilter(owner), eq(serviceKeys.keyId, keyId), eq(serviceKeys.sid, sid), isNotNull(serviceKeys.sealedSeed)))
      .limit(1);
    return row;
  }

  private async currentOn(db: PgDb | PgTx, owner: KeyOwner, sid: string): Promise<ServiceKeyRow | undefined> {
    const [row] = await db.select().from(serviceKeys).where(and(ownerFilter(owner), eq(serviceKeys.sid, sid), eq(serviceKeys.isCurrent, true))).limit(1);
    return row;
  }

  /** Every key the owner holds counts, current or replaced: all can still open old pidCiphers. */
  private async held(tx: PgTx, owner: KeyOwner): Promise<number> {
    const [held] = await tx.select({ n: count() }).from(serviceKeys).where(ownerFilter(owner));
    return held!.n;
  }
}
