/**
 * What a managed key's versions and lifecycle need of storage
 * (docs/decisions/056-key-versions-and-lifecycle.md, docs/decisions/050-one-storage-seam.md). Every
 * change is one conditional statement (or one transaction led by one), so of two calls, or two
 * instances' housekeeping, acting on the same key at once exactly one acts: the other finds the
 * condition false and gets undefined.
 */
import type { KeyState, KeyVersionState } from '../../../shared/key-lifecycle.ts';
import type { KeyOwner, SigningKeyRow } from '../signing-keys/signing-keys.repository.ts';

export interface KeyVersionRow {
  keyId: string;
  /** From 1. */
  version: number;
  /** Sealed with keySeedAad(keyId, version); null once the key is destroyed. */
  sealedSeed: string | null;
  /** Base64 of the encoded public key. */
  publicKey: string;
  state: KeyVersionState;
  createdAt: Date;
}

/** A key and one of its versions, read together. */
export interface KeyAndVersion {
  key: SigningKeyRow;
  /** Undefined when the key has no such version. */
  version: KeyVersionRow | undefined;
}

/** A version as a rotation or an import adds it. */
export interface NewKeyVersion {
  sealedSeed: string;
  publicKey: string;
  createdAt: Date;
}

/** A key housekeeping destroyed, and its account (null for a demo session's key). */
export interface DestroyedKey {
  id: string;
  userId: string | null;
}

export interface KeyLifecycleRepository {
  /** The owner's key with this id and its version `version` (its primary when omitted), in one read. */
  keyAndVersion(owner: KeyOwner, keyId: string, version?: number): Promise<KeyAndVersion | undefined>;
  /** The owner's default key for the algorithm and its primary version, in one read. */
  defaultKeyAndVersion(owner: KeyOwner, algorithm: string): Promise<KeyAndVersion | undefined>;
  /** The key's versions, oldest first. */
  versions(keyId: string): Promise<KeyVersionRow[]>;
  /**
   * Adds version `primary + 1` and makes it primary, if the key's primary is still `primary`, it is
   * enabled and holds fewer than `maxVersions`; sets its next automatic rotation. The key, changed,
   * or undefined when any condition failed (nothing is written then).
   */
  addVersion(keyId: string, primary: number, version: NewKeyVersion, nextRotationAt: Date | null, maxVersions: number): Promise<SigningKeyRow | undefined>;
  /** Moves the user's key from one of `from` to `to` (with its deletion time); undefined when it is in no state of `from`. */
  changeState(userId: string, keyId: string, from: readonly KeyState[], to: KeyState, deletionAt: Date | null): Promise<SigningKeyRow | undefined>;
  /** Sets the user's key's rotation period and next rotation, unless it is destroyed (undefined then). */
  setRotation(userId: string, keyId: string, periodDays: number | null, nextRotationAt: Date | null): Promise<SigningKeyRow | undefined>;
  /** Up to `limit` enabled keys whose next rotation is at or before `now`, soonest first. */
  dueForRotation(now: Date, limit: number): Promise<SigningKeyRow[]>;
  /**
   * Destroys keys pending deletion whose time is at or before `now`: their seeds and every
   * version's seed become null, their rows and public keys stay. Returns the keys destroyed; each
   * key is destroyed by exactly one of concurrent calls.
   */
  destroyDue(now: Date): Promise<DestroyedKey[]>;
}
