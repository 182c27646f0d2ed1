/**
 * Dilion service keys (docs/crypto/dilion.md §2): the ML-KEM-768 keys privacy identifiers are
 * sealed to. One current key per (owner, sid), created on first use with its 64-byte seed sealed
 * under the master key, or registered by the service itself (then only the service can open).
 * serviceKeyId = hex SHA3-256(ek); encapsulation keys are public, so lookup by id needs no owner.
 */
import { createHash, randomBytes } from 'node:crypto';
import { DILION_PID } from '../../../shared/dilion.ts';
import type { EnginePool } from '../../engine/pool.ts';
import { tenantOf } from '../../engine/tenant.ts';
import { badRequest } from '../../errors.ts';
import type { Sealer } from '../../security/sealing.ts';
import { keyWithinLimit, limitFor } from '../key-limits/key-limits.ts';
import type { KeyOwner } from '../signing-keys/signing-keys.repository.ts';
import type { ServiceKeyRepository, ServiceKeyRow } from './service-keys.repository.ts';

export type { ServiceKeyRow } from './service-keys.repository.ts';

const seedAad = (rowId: number) => `service-key-seed:${rowId}`;
export const serviceKeyIdOf = (ek: Uint8Array) => createHash('sha3-256').update(ek).digest('hex');

export class ServiceKeyService {
  constructor(
    private readonly keys: ServiceKeyRepository,
    private readonly pool: EnginePool,
    private readonly sealer: Sealer,
  ) {}

  /** The owner's current key for sid, created (platform-held) on first use. */
  async currentOrCreate(owner: KeyOwner, sid: string): Promise<ServiceKeyRow> {
    const existing = await this.keys.current(owner, sid);
    if (existing) return existing;
    const seed = randomBytes(64);
    try {
      const { publicKey } = await this.pool.run('mlKemPublicKey', { seed: new Uint8Array(seed) }, tenantOf(owner));
      // Two first calls may race through keygen; createCurrentKeyOnce keeps the first key.
      const key = { keyId: serviceKeyIdOf(publicKey), publicKey: Buffer.from(publicKey).toString('base64'), createdAt: new Date() };
      const sealSeed = (rowId: number) => this.sealer.seal(seed, seedAad(rowId));
      return keyWithinLimit('service keys', await this.keys.createCurrentKeyOnce(owner, sid, key, sealSeed, limitFor('serviceKeys', owner)));
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
    const key = { keyId: serviceKeyIdOf(ek), publicKey: publicKeyBase64, createdAt: new Date() };
    return keyWithinLimit('service keys', await this.keys.registerCurrentKey(owner, sid, key, limitFor('serviceKeys', owner)));
  }

  /** Any key with this id (the oldest): encapsulation keys are public. */
  byKeyId(keyId: string): Promise<ServiceKeyRow | undefined> {
    return this.keys.byKeyId(keyId);
  }

  /** The owner's platform-held key with this id and sid, which the platform can open for them. */
  openable(owner: KeyOwner, keyId: string, sid: string): Promise<ServiceKeyRow | undefined> {
    return this.keys.openable(owner, keyId, sid);
  }

  seedOf(row: ServiceKeyRow): Uint8Array {
    return new Uint8Array(this.sealer.open(row.sealedSeed!, seedAad(row.id)));
  }
}
