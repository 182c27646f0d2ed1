/**
 * Platform-managed signing keys, like a KMS (DESIGN.md §4): each account has a default key per
 * algorithm, created on first use, and may create more; a demo visitor gets one per session.
 * Private keys are kept as their 32-byte FIPS 204 seed, sealed with AES-256-GCM under a key derived
 * from the master key, with the key id as associated data.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/connection.ts';
import { signingKeys } from '../../db/schema.ts';
import type { EnginePool } from '../engine/pool.ts';
import type { MlDsaLevel } from '../engine/protocol.ts';
import { notFound } from '../errors.ts';
import type { Sealer } from '../security/sealing.ts';
import { randomBase62 } from '../security/tokens.ts';

export type SigningKeyRow = typeof signingKeys.$inferSelect;
export type KeyOwner = { userId: string } | { demoSessionId: string };
export type SigningAlgorithm = 'ML-DSA-44' | 'ML-DSA-65' | 'ML-DSA-87';

const LEVEL: Record<SigningAlgorithm, MlDsaLevel> = { 'ML-DSA-44': 44, 'ML-DSA-65': 65, 'ML-DSA-87': 87 };
const seedAad = (keyId: string) => `signing-key-seed:${keyId}`;

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

  /** The owner's default key for the algorithm, created on first use. */
  async defaultKey(owner: KeyOwner, algorithm: SigningAlgorithm): Promise<SigningKeyRow> {
    const existing = this.findDefault(owner, algorithm);
    if (existing) return existing;
    return this.create(owner, algorithm, 'Default', true);
  }

  async create(owner: KeyOwner, algorithm: SigningAlgorithm, name: string, isDefault = false): Promise<SigningKeyRow> {
    const id = 'kid_' + randomBase62(22);
    const seed = randomBytes(32);
    const { publicKey } = await this.pool.run('mlDsaPublicKey', { level: LEVEL[algorithm], seed: new Uint8Array(seed) });
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
        return tx.insert(signingKeys).values(values).returning().all()[0]!;
      },
      { behavior: 'immediate' },
    );
  }

  seedOf(row: SigningKeyRow): Uint8Array {
    return new Uint8Array(this.sealer.open(row.sealedSeed, seedAad(row.id)));
  }

  levelOf(row: SigningKeyRow): MlDsaLevel {
    return LEVEL[row.algorithm as SigningAlgorithm];
  }

  /** Prepared statements run on the connection, so also inside a caller's transaction. */
  private findDefault(owner: KeyOwner, algorithm: SigningAlgorithm): SigningKeyRow | undefined {
    return 'userId' in owner
      ? this.defaultOfUser.get({ owner: owner.userId, algorithm })
      : this.defaultOfSession.get({ owner: owner.demoSessionId, algorithm });
  }
}
