/**
 * What Dilion service keys need of storage (docs/decisions/050-one-storage-seam.md), named for what
 * each operation guarantees: one current key per (owner, sid), created once on first use or replaced
 * by a registered one, within the owner's limit. Keygen and sealing stay in service-keys.service.ts.
 */
import type { WithinLimit } from '../key-limits/key-limits.ts';
import type { KeyOwner } from '../signing-keys/signing-keys.repository.ts';

export interface ServiceKeyRow {
  id: number;
  /** Hex of SHA3-256(ek): the serviceKeyId in pidCipher. */
  keyId: string;
  userId: string | null;
  demoSessionId: string | null;
  sid: string;
  /** Base64 of the encapsulation key. */
  publicKey: string;
  /** The seed, sealed with the row's id as associated data; null if the service registered the key. */
  sealedSeed: string | null;
  /** The key new signatures for (owner, sid) use; older ones stay to open older signatures. */
  isCurrent: boolean;
  createdAt: Date;
}

/** A key as it is created; its owner, sid and seed are the operation's. */
export type NewServiceKey = Pick<ServiceKeyRow, 'keyId' | 'publicKey' | 'createdAt'>;

export interface ServiceKeyRepository {
  /** The owner's current key for sid. */
  current(owner: KeyOwner, sid: string): Promise<ServiceKeyRow | undefined>;
  /**
   * The owner's current key for sid: the one it has, or `key` created as current within the
   * limit, its seed sealed by `sealSeed` with the new row's id. Looking and creating are one step,
   * so of concurrent first uses one creates the key and the others get it.
   */
  createCurrentKeyOnce(owner: KeyOwner, sid: string, key: NewServiceKey, sealSeed: (rowId: number) => string, limit: number): Promise<WithinLimit<ServiceKeyRow>>;
  /**
   * Makes `key` (a service's own, no seed) the owner's current key for sid within the limit; the
   * keys it replaces stay. When it is the current key already, that row is answered and nothing changes.
   */
  registerCurrentKey(owner: KeyOwner, sid: string, key: NewServiceKey, limit: number): Promise<WithinLimit<ServiceKeyRow>>;
  /** Any key with this id, the oldest: encapsulation keys are public. */
  byKeyId(keyId: string): Promise<ServiceKeyRow | undefined>;
  /** The owner's key with this id and sid whose seed the platform holds. */
  openable(owner: KeyOwner, keyId: string, sid: string): Promise<ServiceKeyRow | undefined>;
}
