/**
 * A managed key's lifecycle, like a KMS's (docs/decisions/056-key-versions-and-lifecycle.md):
 * versions and rotation, disable/enable, scheduled deletion and its cancellation, automatic
 * rotation. Each change is one conditional statement (key-lifecycle.repository.ts); when its
 * condition fails the key is read again to say why, so a race answers what a later call would.
 * Whatever the algorithm, a version is a sealed seed and a public key.
 */
import type { AuditLog } from '../audit/audit.service.ts';
import { DELETION_DAYS, MAX_KEY_VERSIONS, type KeyState } from '../../../shared/key-lifecycle.ts';
import type { EnginePool } from '../../engine/pool.ts';
import { DEMO_TENANT, tenantOf } from '../../engine/tenant.ts';
import { conflict } from '../../errors.ts';
import type { Sealer } from '../../security/sealing.ts';
import type { SigningKeyRow } from '../signing-keys/signing-keys.repository.ts';
import { keyChanged, keyNotFound, refusalOf } from './key-errors.ts';
import type { KeyLifecycleRepository, KeyVersionRow } from './key-lifecycle.repository.ts';
import { keySeedAad } from './key-material.ts';
import { newKeyPair } from './key-pairs.ts';

const DAY_MS = 86_400_000;

/** A key as the lifecycle routes show it: its row and its primary version's public key. */
export interface ManagedKey {
  key: SigningKeyRow;
  publicKey: string;
}

export interface HousekeepingCounts {
  keysRotated: number;
  keysDestroyed: number;
}

export class KeyLifecycleService {
  constructor(
    private readonly repository: KeyLifecycleRepository,
    private readonly pool: EnginePool,
    private readonly sealer: Sealer,
    /** Where housekeeping's rotations and destructions are recorded (docs/decisions/055). */
    private readonly audit: Pick<AuditLog, 'record'> | undefined = undefined,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The user's key and its primary version's public key, whatever its state. */
  async get(userId: string, keyId: string): Promise<ManagedKey> {
    const found = await this.repository.keyAndVersion({ userId }, keyId);
    if (!found?.version) throw keyNotFound();
    return { key: found.key, publicKey: found.version.publicKey };
  }

  /** Each key with its primary version's public key (the row holds version 1's): one read per rotated key. */
  async withPrimaryPublicKeys(rows: SigningKeyRow[]): Promise<ManagedKey[]> {
    return Promise.all(
      rows.map(async (key) => (key.primaryVersion === 1 || key.userId === null ? { key, publicKey: key.publicKey } : this.get(key.userId, key.id))),
    );
  }

  /** The user's key and every version of it, oldest first. */
  async versions(userId: string, keyId: string): Promise<{ key: SigningKeyRow; versions: KeyVersionRow[] }> {
    const { key } = await this.get(userId, keyId);
    return { key, versions: await this.repository.versions(key.id) };
  }

  /** A new primary version from a fresh seed; older versions stay usable to verify and open. */
  async rotate(userId: string, keyId: string): Promise<ManagedKey> {
    const { key } = await this.get(userId, keyId);
    const refusal = refusalOf(key.id, key.state);
    if (refusal) throw refusal;
    return this.addVersion(key, await this.freshVersion(key), nextRotation(key.rotationPeriodDays, this.now()));
  }

  /**
   * Adds `version` (its seed sealed for primary + 1) as the key's new primary. 409 when the key
   * holds MAX_KEY_VERSIONS, or when another call rotated or changed it meanwhile.
   */
  async addVersion(key: SigningKeyRow, version: { sealedSeed: string; publicKey: string }, nextRotationAt: Date | null): Promise<ManagedKey> {
    if (key.primaryVersion >= MAX_KEY_VERSIONS) {
      throw conflict('key_version_limit', `Key ${key.id} holds ${MAX_KEY_VERSIONS} versions, the most a key may: create a new key instead.`, 'keyId');
    }
    const changed = await this.repository.addVersion(key.id, key.primaryVersion, { ...version, createdAt: this.now() }, nextRotationAt, MAX_KEY_VERSIONS);
    if (!changed) throw keyChanged(key.id);
    return { key: changed, publicKey: version.publicKey };
  }

  /** Sealed under the version primary + 1 would get. */
  sealFor(keyId: string, version: number, seed: Uint8Array): string {
    return this.sealer.seal(Buffer.from(seed), keySeedAad(keyId, version));
  }

  async disable(userId: string, keyId: string): Promise<ManagedKey> {
    return this.change(userId, keyId, ['enabled', 'disabled'], 'disabled', null);
  }

  async enable(userId: string, keyId: string): Promise<ManagedKey> {
    return this.change(userId, keyId, ['enabled', 'disabled'], 'enabled', null);
  }

  /** Pending deletion for `days` (7 to 30): the key refuses every operation meanwhile, then housekeeping destroys it. */
  async scheduleDeletion(userId: string, keyId: string, days: number = DELETION_DAYS.max): Promise<ManagedKey> {
    return this.change(userId, keyId, ['enabled', 'disabled'], 'pending_deletion', new Date(this.now().getTime() + days * DAY_MS));
  }

  /** Back from pending deletion to disabled (as a KMS does): enable it to use it again. */
  async cancelDeletion(userId: string, keyId: string): Promise<ManagedKey> {
    return this.change(userId, keyId, ['pending_deletion'], 'disabled', null);
  }

  /** Automatic rotation every `days` (30 to 365) from now, or none (null). */
  async setRotationPeriod(userId: string, keyId: string, days: number | null): Promise<ManagedKey> {
    const { key } = await this.get(userId, keyId);
    if (key.state === 'destroyed') throw refusalOf(key.id, key.state)!;
    const changed = await this.repository.setRotation(userId, keyId, days, nextRotation(days, this.now()));
    if (!changed) throw refusalOf(key.id, 'destroyed')!;
    return this.get(userId, keyId);
  }

  /**
   * Housekeeping's part (server/housekeeping.ts): destroys the keys whose deletion date passed and
   * rotates up to `batch` keys whose rotation period elapsed. Several instances may run it at once:
   * each key is destroyed once, and a rotation another instance made first is skipped.
   */
  async housekeep(batch = 50): Promise<HousekeepingCounts> {
    const now = this.now();
    const destroyed = await this.repository.destroyDue(now);
    for (const key of destroyed) {
      if (key.userId !== null) await this.audit?.record({ accountId: key.userId, type: 'key.destroyed', actor: 'system', subject: key.id });
    }
    let keysRotated = 0;
    for (const key of await this.repository.dueForRotation(now, batch)) {
      // Rotation periods are set by accounts only (PATCH /api/v1/keys/:keyId, user auth). A key
      // at the version limit stops rotating automatically instead of being picked every run.
      if (key.primaryVersion >= MAX_KEY_VERSIONS) {
        await this.repository.setRotation(key.userId!, key.id, key.rotationPeriodDays, null);
        continue;
      }
      const version = await this.freshVersion(key);
      const rotated = await this.repository.addVersion(key.id, key.primaryVersion, { ...version, createdAt: now }, nextRotation(key.rotationPeriodDays, now), MAX_KEY_VERSIONS);
      if (!rotated) continue;
      keysRotated++;
      if (key.userId !== null) {
        await this.audit?.record({ accountId: key.userId, type: 'key.rotated', actor: 'system', subject: key.id, details: { version: key.primaryVersion + 1, automatic: true } });
      }
    }
    return { keysRotated, keysDestroyed: destroyed.length };
  }

  /**
   * Moves the key to `to` if it is in one of `from`; when `from` holds `to` (disable, enable), a key
   * already there is answered as it is. Otherwise the state found says why not.
   */
  private async change(userId: string, keyId: string, from: readonly KeyState[], to: KeyState, deletionAt: Date | null): Promise<ManagedKey> {
    const { key, publicKey } = await this.get(userId, keyId);
    const idempotent = from.includes(to);
    if (idempotent && key.state === to) return { key, publicKey };
    if (from.includes(key.state)) {
      const changed = await this.repository.changeState(userId, keyId, from.filter((s) => s !== to), to, deletionAt);
      if (changed) return { key: changed, publicKey };
    }
    const found = await this.get(userId, keyId);
    if (idempotent && found.key.state === to) return found;
    if (to === 'disabled' && !idempotent) {
      if (found.key.state === 'destroyed') throw refusalOf(keyId, 'destroyed')!;
      throw conflict('key_not_pending_deletion', `Key ${keyId} is not scheduled for deletion (it is ${found.key.state}).`, 'keyId');
    }
    throw refusalOf(keyId, found.key.state) ?? keyChanged(keyId);
  }

  /** A fresh seed sealed for the key's next version, and its public key. */
  private async freshVersion(key: SigningKeyRow): Promise<{ sealedSeed: string; publicKey: string }> {
    const tenant = key.userId !== null ? tenantOf({ userId: key.userId }) : DEMO_TENANT;
    const { seed, publicKey } = await newKeyPair(this.pool, key.algorithm, tenant);
    try {
      return { sealedSeed: this.sealFor(key.id, key.primaryVersion + 1, seed), publicKey: Buffer.from(publicKey).toString('base64') };
    } finally {
      seed.fill(0);
    }
  }
}

function nextRotation(periodDays: number | null, now: Date): Date | null {
  return periodDays === null ? null : new Date(now.getTime() + periodDays * DAY_MS);
}
