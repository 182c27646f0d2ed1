/**
 * The database a master-key rotation works on (rotate-master-key.ts), held from the start of the
 * command to its end, so that nothing else rotates or serves in between: on SQLite an exclusive
 * lock on the file (db-lock.ts), which also refuses while a server has it open; on PostgreSQL an
 * advisory lock and the instances' leases (rotation-database.postgres.ts).
 */
import { existsSync } from 'node:fs';
import type { Config } from '../config.ts';
import { openExclusive } from './db-lock.ts';
import { OpsError } from './output.ts';
import { opensWith, resealAll } from './sealed-values.ts';
import { openPostgresRotation } from './rotation-database.postgres.ts';

export interface Resealed {
  /** How many values of each kind (sealed-values.ts `what`) were sealed again. */
  counts: Record<string, number>;
  /** Rows removed because the old key signed them and they cannot be re-keyed. */
  purged: { idempotency: number; sessions: number };
}

/**
 * The commit was sent and its answer lost (PostgreSQL: the connection dropped): the rotation may
 * have committed, so master.key.new must stay for the next run to settle (rotate-master-key.ts).
 */
export class CommitOutcomeUnknown extends OpsError {}

export interface RotationDatabase {
  /** Whether `master` opens the first sealed value found; undefined when there is none (or no database yet). */
  opensWith(master: Buffer): Promise<boolean | undefined>;
  /**
   * In one transaction: every sealed value opened with `from` and sealed with `to`, idempotency
   * records and sessions removed, then `beforeCommit`, then the commit. Nothing is changed when
   * any step throws (a value `from` does not open: OpsError naming its row), except
   * CommitOutcomeUnknown.
   */
  reseal(from: Buffer, to: Buffer, beforeCommit: () => void): Promise<Resealed>;
  /** Gives the database back; only after this may a server start on it. */
  close(): Promise<void>;
}

/** No database yet: nothing sealed, only the key to replace. */
const NO_DATABASE: RotationDatabase = {
  opensWith: async () => undefined,
  reseal: async (_from, _to, beforeCommit) => {
    beforeCommit();
    return { counts: {}, purged: { idempotency: 0, sessions: 0 } };
  },
  close: async () => {},
};

function openSqliteRotation(file: string): RotationDatabase {
  if (!existsSync(file)) return NO_DATABASE;
  // In an EXCLUSIVE transaction from here to the commit in reseal (or the rollback in close).
  const sqlite = openExclusive(file, 'rotate-master-key');
  return {
    opensWith: async (master) => opensWith(sqlite, master),
    reseal: async (from, to, beforeCommit) => {
      try {
        const counts = resealAll(sqlite, from, to);
        const purged = {
          idempotency: sqlite.prepare('DELETE FROM idempotency_records').run().changes,
          sessions: sqlite.prepare('DELETE FROM sessions').run().changes,
        };
        beforeCommit();
        sqlite.exec('COMMIT');
        return { counts, purged };
      } catch (error) {
        if (sqlite.inTransaction) sqlite.exec('ROLLBACK');
        throw error;
      }
    },
    close: async () => {
      sqlite.close();
    },
  };
}

/** Opens the configured database for a rotation; an OpsError when a server or another rotation holds it. */
export function openRotationDatabase(config: Config): Promise<RotationDatabase> {
  return config.database.engine === 'postgres' ? openPostgresRotation(config.database.url) : Promise.resolve(openSqliteRotation(config.databaseFile));
}
