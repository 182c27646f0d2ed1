/**
 * Serialises a key owner's check-then-act steps on PostgreSQL (docs/decisions/050-one-storage-seam.md):
 * counting an owner's keys and inserting one, or looking for a default or current key and creating
 * it, hold across instances only if two of them for one owner cannot interleave. The lock is taken
 * first in the transaction and held to its end; under READ COMMITTED each later statement then
 * sees what the previous holder committed.
 *
 * An account locks its users row. FOR NO KEY UPDATE, not FOR UPDATE: it conflicts with itself, with
 * FOR UPDATE and with every UPDATE of the row (the other account-level locks and counters), but not
 * with FOR KEY SHARE, which each foreign-key check of an insert referencing the account takes (an
 * operation record on every call): a key being created does not stall the account's calls.
 * A demo session has no row to lock, so it takes a transaction-scoped advisory lock on its id
 * (db/postgres/advisory-locks.ts).
 */
import { sql } from 'drizzle-orm';
import { DEMO_SESSION_KEYS_LOCK_CLASS } from '../../../db/postgres/advisory-locks.ts';
import type { PgDb } from '../../../db/postgres/connect.ts';
import type { KeyOwner } from '../signing-keys/signing-keys.repository.ts';

export type PgTx = Parameters<Parameters<PgDb['transaction']>[0]>[0];

export async function lockKeyOwner(tx: PgTx, owner: KeyOwner): Promise<void> {
  if ('userId' in owner) await tx.execute(sql`SELECT 1 FROM users WHERE id = ${owner.userId} FOR NO KEY UPDATE`);
  else await tx.execute(sql`SELECT pg_advisory_xact_lock(${DEMO_SESSION_KEYS_LOCK_CLASS}::int, hashtext(${owner.demoSessionId}))`);
}
