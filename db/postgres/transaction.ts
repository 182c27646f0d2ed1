/**
 * One PostgreSQL transaction on a connection of its own, for the repositories whose hot paths are
 * raw SQL (docs/decisions/050-one-storage-seam.md): BEGIN, the work, COMMIT; ROLLBACK and the
 * work's error if anything fails. READ COMMITTED, PostgreSQL's default: each statement sees what
 * was committed before it started, which is what lets a statement issued after a row lock see
 * everything its previous holder committed.
 */
import type pg from 'pg';

export type PgClient = pg.PoolClient;

export async function inTransaction<T>(pool: pg.Pool, work: (client: PgClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    try {
      await client.query('ROLLBACK');
    } catch (rollbackFailed) {
      // A connection that cannot roll back is in an unknown state: the pool discards it.
      broken = rollbackFailed as Error;
    }
    throw error;
  } finally {
    client.release(broken);
  }
}
