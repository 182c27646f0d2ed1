/**
 * What platform-managed signing keys need of storage (docs/decisions/050-one-storage-seam.md),
 * named for what each operation guarantees: a key created within its owner's limit, and the first
 * default key of an algorithm created once however many first calls race. Keygen and sealing stay
 * in signing-keys.service.ts: a key arrives here with its seed already sealed.
 */
import type { KeyState } from '../../../shared/key-lifecycle.ts';
import type { WithinLimit } from '../key-limits/key-limits.ts';

/** An account, or a demo visitor's browser session. */
export type KeyOwner = { userId: string } | { demoSessionId: string };

export interface SigningKeyRow {
  /** Public identifier returned as `keyId`. */
  id: string;
  userId: string | null;
  demoSessionId: string | null;
  algorithm: string;
  name: string;
  isDefault: boolean;
  /** Version 1's seed, AES-256-GCM-sealed with the key id as associated data; null once destroyed (key_versions holds every version's). */
  sealedSeed: string | null;
  /** Base64 of version 1's encoded public key (key_versions holds every version's). */
  publicKey: string;
  createdAt: Date;
  /** The version sign calls use (docs/decisions/056-key-versions-and-lifecycle.md). */
  primaryVersion: number;
  state: KeyState;
  deletionAt: Date | null;
  rotationPeriodDays: number | null;
  nextRotationAt: Date | null;
}

/** A key as it is created (as its version 1, enabled); its owner and whether it is the default are the operation's. */
export type NewSigningKey = Omit<SigningKeyRow, 'userId' | 'demoSessionId' | 'isDefault' | 'sealedSeed' | 'primaryVersion' | 'state' | 'deletionAt' | 'rotationPeriodDays' | 'nextRotationAt'> & { sealedSeed: string };

export interface SigningKeyRepository {
  /** The account's keys, oldest first. */
  list(userId: string): Promise<SigningKeyRow[]>;
  /** The owner's default key for the algorithm (every sign call without a keyId reads it). */
  findDefault(owner: KeyOwner, algorithm: string): Promise<SigningKeyRow | undefined>;
  /**
   * Creates a (non-default) key, with its version 1 (key_versions), unless the owner holds `limit`
   * or more, of any algorithm, destroyed keys not counted (their rows stay for the records,
   * docs/decisions/056): counting and inserting are one step.
   */
  createKeyWithinLimit(owner: KeyOwner, key: NewSigningKey, limit: number): Promise<WithinLimit<SigningKeyRow>>;
  /**
   * The owner's default key for the key's algorithm: the one it has, or `key` created as the
   * default within the limit. Looking and creating are one step, so of any number of concurrent
   * first calls one creates the default and the others get it.
   */
  createDefaultKeyOnce(owner: KeyOwner, key: NewSigningKey, limit: number): Promise<WithinLimit<SigningKeyRow>>;
}
