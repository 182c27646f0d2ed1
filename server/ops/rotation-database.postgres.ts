/**
 * A master-key rotation on PostgreSQL (rotation-database.ts's contract).
 *
 * - One rotation at a time: a session advisory lock (MASTER_KEY_ROTATION_LOCK), tried without
 *   waiting and held until the command has replaced its key file, so a second rotation cannot
 *   take the first's master.key.new for an interrupted one.
 * - No instance running: the re-sealing transaction first locks instance_leases against writes,
 *   then finds no lease still running (server/instance-lease.postgres.ts). An instance that
 *   registers meanwhile waits for the commit, and its start then checks its key against the
 *   re-sealed values (server/app-storage.ts), so it cannot serve with the old key.
 * - Everything in one transaction, as on SQLite: the values re-sealed, idempotency records and
 *   sessions removed, the new key file written, then the commit. A commit whose answer is lost
 *   may have happened: CommitOutcomeUnknown keeps the new key file for the next run to settle.
 */
import type pg from 'pg';
import { MASTER_KEY_ROTATION_LOCK } from '../../db/postgres/advisory-locks.ts';
import { describeServer } from '../../db/postgres/connect.ts';
import { LEASE_MS } from '../app-storage.ts';
import { DATABASE_NOW_MS } from '../instance-lease.postgres.ts';
import { openPostgresForOps } from './database-target.ts';
import { OpsError } from './output.ts';
import { CommitOutcomeUnknown, type Resealed, type RotationDatabase } from './rotation-database.ts';
import { opensWithPostgres, resealAllPostgres } from './sealed-values.postgres.ts';

/** How long the transaction waits for instance_leases (a heartbeat's write) before giving up. */
const LOCK_TIMEOUT = '10s';

async function tablesOf(client: pg.ClientBase): Promise<{ users: boolean; leases: boolean }> {
  const { rows } = await client.query<{ users: boolean; leases: boolean }>(
    "SELECT to_regclass('users') IS NOT NULL AS users, to_regclass('instance_leases') IS NOT NULL AS leases",
  );
  return rows[0]!;
}

/** Refuses (OpsError) while any instance's lease runs; the caller's transaction holds instance_leases until it ends. */
async function refuseWhileInstancesRun(client: pg.ClientBase, server: string): Promise<void> {
  await client.query('LOCK TABLE instance_leases IN SHARE ROW EXCLUSIVE MODE');
  const { rows } = await client.query<{ n: number }>(`SELECT count(*) AS n FROM instance_leases WHERE expires_at > ${DATABASE_NOW_MS}`);
  const running = rows[0]!.n;
  if (running > 0) {
    throw new OpsError(
      `rotate-master-key refused: ${running} server instance${running === 1 ? '' : 's'} run${running === 1 ? 's' : ''} on ${server} (a lease in instance_leases). Stop every instance first; one that stopped without giving its lease back loses it within ${LEASE_MS / 1000} s.`,
    );
  }
}

/** The rotation's transaction on `client` (rotation-database.ts RotationDatabase.reseal). */
export async function resealInOneTransaction(client: pg.ClientBase, server: string, from: Buffer, to: Buffer, beforeCommit: () => void): Promise<Resealed> {
  await client.query('BEGIN');
  let result: Resealed = { counts: {}, purged: { idempotency: 0, sessions: 0 } };
  try {
    await client.query(`SET LOCAL lock_timeout = '${LOCK_TIMEOUT}'`);
    const tables = await tablesOf(client);
    // A database no server has migrated yet holds nothing sealed.
    if (tables.users) {
      if (!tables.leases) throw new OpsError(`${server} is not migrated to this version (it has no instance_leases): run migrate first, with every server stopped.`);
      await refuseWhileInstancesRun(client, server);
      const counts = await resealAllPostgres(client, from, to);
      const idempotency = (await client.query('DELETE FROM idempotency_records')).rowCount ?? 0;
      const sessions = (await client.query('DELETE FROM sessions')).rowCount ?? 0;
      result = { counts, purged: { idempotency, sessions } };
    }
    beforeCommit();
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw unchanged(error, server);
  }
  try {
    await client.query('COMMIT');
  } catch (error) {
    // A SQLSTATE is the server's answer: the commit failed and nothing changed. Without one the
    // connection failed while the commit was on its way, and it may have committed.
    if (isServerAnswer(error)) throw unchanged(error, server);
    throw new CommitOutcomeUnknown(
      `The commit of the rotation got no answer from ${server} (${(error as Error).message}): it may have committed. Run rotate-master-key again: it sees which key opens the database and finishes or discards this rotation.`,
    );
  }
  return result;
}

/** The error of a rotation rolled back, as the command prints it. */
function unchanged(error: unknown, server: string): unknown {
  if (error instanceof OpsError || !(error instanceof Error)) return error;
  return new OpsError(`rotate-master-key failed on ${server} (${error.message}); nothing was changed.`);
}

function isServerAnswer(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code);
}

export async function openPostgresRotation(url: string): Promise<RotationDatabase> {
  const server = describeServer(url);
  const database = await openPostgresForOps(url, { max: 1 });
  let client: pg.PoolClient | undefined;
  try {
    client = await database.pool.connect();
    const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1::bigint) AS locked', [MASTER_KEY_ROTATION_LOCK.toString()]);
    if (!rows[0]!.locked) throw new OpsError(`rotate-master-key refused: another rotate-master-key is running on ${server}.`);
  } catch (error) {
    client?.release();
    await database.close();
    throw error;
  }
  const held = client;
  return {
    opensWith: (master) => opensWithPostgres(held, master),
    reseal: (from, to, beforeCommit) => resealInOneTransaction(held, server, from, to, beforeCommit),
    close: async () => {
      // Ending the session releases the advisory lock.
      held.release(true);
      await database.close();
    },
  };
}
