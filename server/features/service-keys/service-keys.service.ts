/**
 * Dilion service keys (docs/crypto/dilion.md §2): the ML-KEM-768 keys privacy identifiers are
 * sealed to. One current key per (owner, sid), created on first use with its 64-byte seed sealed
 * under the master key, or registered by the service itself (then only the service can open).
 * serviceKeyId = hex SHA3-256(ek); encapsulation keys are public, so lookup by id needs no owner.
 */
import { and, asc, count, eq, isNotNull } from 'drizzle-orm';
import { createHash, randomBytes } from 'node:crypto';
import type { Db, DbOrTx } from '../../../db/connection.ts';
import { serviceKeys } from '../../../db/schema.ts';
import { DILION_PID } from '../../../shared/dilion.ts';
import type { EnginePool } from '../../engine/pool.ts';
import { tenantOf } from '../../engine/tenant.ts';
import { badRequest } from '../../errors.ts';
import type { Sealer } from '../../security/sealing.ts';
import { checkKeyLimit, limitFor } from '../key-limits/key-limits.ts';
import type { KeyOwner } from '../signing-keys/signing-keys.service.ts';

export type ServiceKeyRow = typeof serviceKeys.$inferSelect;

const seedAad = (rowId: number) => `service-key-seed:${rowId}`;
export const serviceKeyIdOf = (ek: Uint8Array) => createHash('sha3-256').update(ek).digest('hex');

function ownerFilter(owner: KeyOwner) {
  return 'userId' in owner ? eq(serviceKeys.userId, owner.userId) : eq(serviceKeys.demoSessionId, owner.demoSessionId);
}

function ownerColumns(owner: KeyOwner) {
  return { userId: 'userId' in owner ? owner.userId : null, demoSessionId: 'demoSessionId' in owner ? owner.demoSessionId : null };
}

export class ServiceKeyService {
  constructor(
    private readonly db: Db,
    private readonly pool: EnginePool,
    private readonly sealer: Sealer,
  ) {}

  current(owner: KeyOwner, sid: string): ServiceKeyRow | undefined {
    return this.db.select().from(serviceKeys).where(and(ownerFilter(owner), eq(serviceKeys.sid, sid), eq(serviceKeys.isCurrent, true))).get();
  }

  /** The owner's current key for sid, created (platform-held) on first use. */
  async currentOrCreate(owner: KeyOwner, sid: string): Promise<ServiceKeyRow> {
    const existing = this.current(owner, sid);
    if (existing) return existing;
    const seed = randomBytes(64);
    const { publicKey } = await this.pool.run('mlKemPublicKey', { seed: new Uint8Array(seed) }, tenantOf(owner));
    try {
      // Two first calls may race through keygen; the transaction keeps the first key.
      return this.db.transaction(
        (tx) => {
          const raced = this.current(owner, sid);
          if (raced) return raced;
          this.checkLimit(tx, owner);
          const row = tx
            .insert(serviceKeys)
            .values({ keyId: serviceKeyIdOf(publicKey), ...ownerColumns(owner), sid, publicKey: Buffer.from(publicKey).toString('base64'), isCurrent: true, createdAt: new Date() })
            .returning()
            .all()[0]!;
          const sealedSeed = this.sealer.seal(seed, seedAad(row.id));
          tx.update(serviceKeys).set({ sealedSeed }).where(eq(serviceKeys.id, row.id)).run();
          return { ...row, sealedSeed };
        },
        { behavior: 'immediate' },
      );
    } finally {
      seed.fill(0);
    }
  }

  /** A service's own encapsulation key becomes its current key for sid; earlier keys stay for opening. */
  async register(owner: KeyOwner, sid: string, publicKeyBase64: string): Promise<ServiceKeyRow> {
    const ek = new Uint8Array(Buffer.from(publicKeyBase64, 'base64'));
    if (ek.length !== DILION_PID.encapsulationKeyLength) {
      throw badRequest('invalid_public_key', `publicKey must be an ML-KEM-768 encapsulation key of ${DILION_PID.encapsulationKeyLength} bytes (got ${ek.length}).`, 'publicKey');
    }
    const { valid } = await this.pool.run('mlKemCheckPublicKey', { publicKey: ek }, tenantOf(owner));
    if (!valid) throw badRequest('invalid_public_key', 'publicKey fails the ML-KEM modulus check (FIPS 203 §7.2): it is not an ML-KEM-768 encapsulation key.', 'publicKey');
    const keyId = serviceKeyIdOf(ek);
    return this.db.transaction(
      (tx) => {
        const existing = this.current(owner, sid);
        if (existing?.keyId === keyId) return existing;
        this.checkLimit(tx, owner);
        tx.update(serviceKeys).set({ isCurrent: false }).where(and(ownerFilter(owner), eq(serviceKeys.sid, sid))).run();
        return tx.insert(serviceKeys).values({ keyId, ...ownerColumns(owner), sid, publicKey: publicKeyBase64, isCurrent: true, createdAt: new Date() }).returning().all()[0]!;
      },
      { behavior: 'immediate' },
    );
  }

  /** Every key the owner holds counts, current or replaced: all can still open old pidCiphers. */
  private checkLimit(tx: DbOrTx, owner: KeyOwner): void {
    const held = tx.select({ n: count() }).from(serviceKeys).where(ownerFilter(owner)).get()!.n;
    checkKeyLimit('service keys', held, limitFor('serviceKeys', owner));
  }

  /** Any key with this id (the oldest): encapsulation keys are public. */
  byKeyId(keyId: string): ServiceKeyRow | undefined {
    return this.db.select().from(serviceKeys).where(eq(serviceKeys.keyId, keyId)).orderBy(asc(serviceKeys.id)).get();
  }

  /** The owner's platform-held key with this id and sid, which the platform can open for them. */
  openable(owner: KeyOwner, keyId: string, sid: string): ServiceKeyRow | undefined {
    return this.db
      .select()
      .from(serviceKeys)
      .where(and(ownerFilter(owner), eq(serviceKeys.keyId, keyId), eq(serviceKeys.sid, sid), isNotNull(serviceKeys.sealedSeed)))
      .get();
  }

  seedOf(row: ServiceKeyRow): Uint8Array {
    return new Uint8Array(this.sealer.open(row.sealedSeed!, seedAad(row.id)));
  }
}
