/**
 * Platform-managed signing keys, like a KMS (docs/api.md §7): each account has a default key per
 * algorithm, created on first use, and may create more; a demo visitor gets one per session.
 * Private keys are kept as their seed — 32 bytes for ML-DSA (FIPS 204), 64 for QES2 (the ML-DSA-65
 * seed ‖ the secp256k1 scalar, docs/crypto/qes2.md §6) — sealed with AES-256-GCM under a key derived
 * from the master key, with the key id as associated data.
 */
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import type { Db } from '../../../db/connection.ts';
import { signingKeys } from '../../../db/schema.ts';
import type { EnginePool } from '../../engine/pool.ts';
import { EngineTaskError } from '../../engine/pool.ts';
import type { MlDsaLevel } from '../../engine/protocol.ts';
import { tenantOf, type Tenant } from '../../engine/tenant.ts';
import { QES2_MODE_OF_KEY, type MlDsaKeyAlgorithm, type Qes2KeyAlgorithm, type SigningAlgorithm } from '../../../shared/schemes.ts';
import { notFound } from '../../errors.ts';
import type { Sealer } from '../../security/sealing.ts';
import { randomBase62 } from '../../security/tokens.ts';
import { checkKeyLimit, limitFor } from '../key-limits/key-limits.ts';

export type SigningKeyRow = typeof signingKeys.$inferSelect;
export type KeyOwner = { userId: string } | { demoSessionId: string };
export type { MlDsaKeyAlgorithm as MlDsaAlgorithm, Qes2KeyAlgorithm as Qes2Algorithm, SigningAlgorithm } from '../../../shared/schemes.ts';

const LEVEL: Record<MlDsaKeyAlgorithm, MlDsaLevel> = { 'ML-DSA-44': 44, 'ML-DSA-65': 65, 'ML-DSA-87': 87 };
const QES2_MODE = QES2_MODE_OF_KEY;
const isQes2 = (algorithm: SigningAlgorithm): algorithm is Qes2KeyAlgorithm => algorithm in QES2_MODE;
/** A secp256k1 scalar outside [1, n) has probability about 2^-128; a few draws are plenty. */
const MAX_DRAWS = 4;
const seedAad = (keyId: string) => `signing-key-seed:${keyId}`;

/**
 * How an operation record names the key that signed: its public key and id, and the key to point
 * to instead of storing that public key again (crypto_operations.signing_key_id,
 * docs/decisions/032). Only a user's key is pointed to: it is deleted only with its account, whose
 * records go with it (a trigger refuses sooner). A demo session's key is purged with the session
 * while a signed-in visitor's demo records stay, so those keep the bytes.
 */
export function recordedKey(key: SigningKeyRow): { publicKey: { encoded: string; keyId: string }; signingKeyId: string | null } {
  return { publicKey: { encoded: key.publicKey, keyId: key.id }, signingKeyId: key.userId !== null ? key.id : null };
}

function ownerFilter(owner: KeyOwner) {
  return 'userId' in owner ? eq(signingKeys.userId, owner.userId) : eq(signingKeys.demoSessionId, owner.demoSessionId);
}

export class SigningKeyService {
  // The default-key lookup runs on every sign call: prepared once per owner kind.
  private readonly defaultOfUser;
  private readonly defaultOfSession;

  constructor(
    private readonly db: Db,
    private readonly pool: EnginePool,
    private readonly sealer: Sealer,
  ) {
    const isDefaultFor = (owner: typeof signingKeys.userId | typeof signingKeys.demoSessionId) =>
      db
        .select()
        .from(signingKeys)
        .where(and(eq(owner, sql.placeholder('owner')), eq(signingKeys.algorithm, sql.placeholder('algorithm')), eq(signingKeys.isDefault, true)))
        .prepare();
    this.defaultOfUser = isDefaultFor(signingKeys.userId);
    this.defaultOfSession = isDefaultFor(signingKeys.demoSessionId);
  }

  list(userId: string): SigningKeyRow[] {
    return this.db.select().from(signingKeys).where(eq(signingKeys.userId, userId)).orderBy(asc(signingKeys.createdAt)).all();
  }

  /** The owner's key with this id, or 404 naming keyId; another owner's key is indistinguishable from none. */
  owned(owner: KeyOwner, keyId: string, algorithm: SigningAlgorithm): SigningKeyRow {
    const row = this.db
      .select()
      .from(signingKeys)
      .where(and(eq(signingKeys.id, keyId), ownerFilter(owner), eq(signingKeys.algorithm, algorithm)))
      .get();
    if (!row) throw notFound('signing_key_not_found', `No ${algorithm} signing key with this id belongs to you.`, 'keyId');
    return row;
  }

  /** The user's key with this id, whatever its algorithm; another account's key answers the same 404 as none. */
  ofUser(userId: string, keyId: string): SigningKeyRow {
    const row = this.db.select().from(signingKeys).where(and(eq(signingKeys.id, keyId), eq(signingKeys.userId, userId))).get();
    if (!row) throw notFound('signing_key_not_found', 'No signing key with this id belongs to your account.', 'keyId');
    return row;
  }

  /** The owner's default key for the algorithm, created on first use. */
  async defaultKey(owner: KeyOwner, algorithm: SigningAlgorithm): Promise<SigningKeyRow> {
    const existing = this.findDefault(owner, algorithm);
    if (existing) return existing;
    return this.create(owner, algorithm, 'Default', true);
  }

  /** The owner's default key for the algorithm if it has one (never creates it). */
  existingDefault(owner: KeyOwner, algorithm: SigningAlgorithm): SigningKeyRow | undefined {
    return this.findDefault(owner, algorithm);
  }

  async create(owner: KeyOwner, algorithm: SigningAlgorithm, name: string, isDefault = false): Promise<SigningKeyRow> {
    const id = 'kid_' + randomBase62(22);
    const { seed, publicKey } = await this.newKeyPair(algorithm, tenantOf(owner));
    const values = {
      id,
      userId: 'userId' in owner ? owner.userId : null,
      demoSessionId: 'demoSessionId' in owner ? owner.demoSessionId : null,
      algorithm,
      name,
      isDefault,
      sealedSeed: this.sealer.seal(seed, seedAad(id)),
      publicKey: Buffer.from(publicKey).toString('base64'),
      createdAt: new Date(),
    };
    seed.fill(0);
    // Two first calls may race through keygen; the transaction keeps the first default and drops ours.
    return this.db.transaction(
      (tx) => {
        if (isDefault) {
          const raced = this.findDefault(owner, algorithm);
          if (raced) return raced;
        }
        const held = tx.select({ n: count() }).from(signingKeys).where(ownerFilter(owner)).get()!.n;
        checkKeyLimit('signing keys', held, limitFor('signingKeys', owner));
        return tx.insert(signingKeys).values(values).returning().all()[0]!;
      },
      { behavior: 'immediate' },
    );
  }

  seedOf(row: SigningKeyRow): Uint8Array {
    return new Uint8Array(this.sealer.open(row.sealedSeed, seedAad(row.id)));
  }

  /** Keygen in the engine pool, in the turn of the key's owner (engine/tenant.ts). */
  private async newKeyPair(algorithm: SigningAlgorithm, tenant: Tenant): Promise<{ seed: Buffer; publicKey: Uint8Array }> {
    if (!isQes2(algorithm)) {
      const seed = randomBytes(32);
      const { publicKey } = await this.pool.run('mlDsaPublicKey', { level: LEVEL[algorithm], seed: new Uint8Array(seed) }, tenant);
      return { seed, publicKey };
    }
    for (let draw = 1; ; draw++) {
      const seed = randomBytes(64);
      try {
        const { publicKey } = await this.pool.run('qes2PublicKey', { mode: QES2_MODE[algorithm], seed: new Uint8Array(seed) }, tenant);
        return { seed, publicKey };
      } catch (error) {
        seed.fill(0);
        if (!(error instanceof EngineTaskError && error.code === 'invalid_key') || draw >= MAX_DRAWS) throw error;
      }
    }
  }

  /** Prepared statements run on the connection, so also inside a caller's transaction. */
  private findDefault(owner: KeyOwner, algorithm: SigningAlgorithm): SigningKeyRow | undefined {
    return 'userId' in owner
      ? this.defaultOfUser.get({ owner: owner.userId, algorithm })
      : this.defaultOfSession.get({ owner: owner.demoSessionId, algorithm });
  }
}
