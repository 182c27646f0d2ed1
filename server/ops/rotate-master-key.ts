/**
 * `rotate-master-key`: every sealed secret (server/ops/sealed-values.ts) is opened with the current
 * master key and sealed again under a new one, in one transaction, refused while a server runs on
 * the database (server/ops/rotation-database.ts: on SQLite the file's exclusive lock, on
 * PostgreSQL the instances' leases and an advisory lock). What was keyed by the old key and cannot be re-keyed is removed:
 * idempotency records (their request MACs would never match a retry again) and sessions (their
 * cookies are signed with it, so everybody signs in again). Email-verification links already sent
 * stop working; the owner asks for a new one from the dashboard.
 *
 * The new key reaches the disk before the commit, as master.key.new, and replaces master.key after
 * it. A crash between the two leaves master.key.new: the next run of this command sees which of
 * the two keys opens the database's secrets and finishes or discards that rotation. The old key
 * stays beside it as master.key.<date> until the operator deletes it (server/ops/master.ts keepOldKey).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, rmSync } from 'node:fs';
import type { Config } from '../config.ts';
import { loadMasterKey } from '../security/master-key.ts';
import { currentMasterKey, keepOldKey, replaceFile, writeKeyFile } from './master.ts';
import { OpsError, type Output } from './output.ts';
import { CommitOutcomeUnknown, openRotationDatabase, type Resealed, type RotationDatabase } from './rotation-database.ts';

export interface RotateOptions {
  /** A file holding the new key (32 bytes, hex or base64); default: a random key. Required with MASTER_KEY. */
  newKeyFile?: string;
  /** The date the old key file is named by (tests). */
  now?: Date;
}

function newKey(config: Config, options: RotateOptions, fromEnv: boolean): Buffer {
  if (options.newKeyFile !== undefined) {
    if (!existsSync(options.newKeyFile)) throw new OpsError(`--new-key-file: ${options.newKeyFile} does not exist.`);
    return loadMasterKey(undefined, options.newKeyFile);
  }
  if (fromEnv) {
    throw new OpsError(
      'The master key comes from MASTER_KEY: put a new key (32 random bytes, base64) in a file, run rotate-master-key --new-key-file <file>, then set MASTER_KEY to it.',
    );
  }
  return randomBytes(32);
}

/** A master.key.new left by a rotation that crashed between its commit and its rename: finish it (true) or discard it. */
async function settleInterrupted(config: Config, database: RotationDatabase, pending: string, now: Date, out: Output): Promise<boolean> {
  const candidate = loadMasterKey(undefined, pending);
  if ((await database.opensWith(candidate)) === true) {
    const kept = existsSync(config.masterKeyFile) ? keepOldKey(config.masterKeyFile, loadMasterKey(undefined, config.masterKeyFile), now) : undefined;
    replaceFile(pending, config.masterKeyFile);
    out(`An interrupted rotation had committed: ${config.masterKeyFile} now holds its new key.${kept ? ` The old key is kept in ${kept}.` : ''}`);
    return true;
  }
  rmSync(pending);
  out(`Removed ${pending}, left by a rotation that did not commit.`);
  return false;
}

export async function rotateMasterKey(config: Config, options: RotateOptions, out: Output): Promise<void> {
  const pending = `${config.masterKeyFile}.new`;
  const fromFile = config.masterKey === undefined;
  const now = options.now ?? new Date();
  // Held to the end: no server starts and no other rotation runs until the new key file is in place.
  const database = await openRotationDatabase(config);
  let resealed: Resealed;
  let kept: string | undefined;
  try {
    // A rotation that had committed is the one asked for; one that had not is started again.
    if (fromFile && existsSync(pending) && (await settleInterrupted(config, database, pending, now, out))) return;
    const current = currentMasterKey(config);
    if (!current) throw new OpsError(`There is no master key yet (${config.masterKeyFile} does not exist and MASTER_KEY is not set): nothing to rotate.`);
    const next = newKey(config, options, current.source === 'env');
    if (next.equals(current.key)) throw new OpsError('The new master key is the current one.');
    try {
      // The new key reaches the disk inside the transaction, before its commit.
      resealed = await database.reseal(current.key, next, () => {
        if (fromFile) writeKeyFile(pending, next);
      });
    } catch (error) {
      // A rotation that may have committed keeps its key: the next run settles it.
      if (!(error instanceof CommitOutcomeUnknown)) rmSync(pending, { force: true });
      throw error;
    }
    if (fromFile) {
      kept = keepOldKey(config.masterKeyFile, current.key, now);
      replaceFile(pending, config.masterKeyFile);
    }
  } finally {
    await database.close();
  }

  const { counts, purged } = resealed;
  const what = Object.entries(counts).map(([kind, n]) => `${n} ${kind}`);
  out(
    [
      `Re-sealed under the new master key: ${what.length > 0 ? what.join(', ') : 'nothing (no database yet)'}.`,
      `Removed ${purged.idempotency} idempotency records and ${purged.sessions} sessions: both were keyed by the old key, so every user signs in again.`,
      'Email-verification links sent before now no longer work; owners ask for a new one from the dashboard.',
      fromFile
        ? `The new key is in ${config.masterKeyFile}. The old key is kept in ${kept} (mode 0600): backups taken before now open only with it. Delete it when you no longer need those backups.`
        : `Set MASTER_KEY to the key in ${options.newKeyFile} before the next start: the database no longer opens with the old one.`,
    ].join('\n'),
  );
}
