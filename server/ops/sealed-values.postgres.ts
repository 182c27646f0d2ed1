/**
 * The sealed values (sealed-values.ts) on PostgreSQL, on one connection of the caller's: read,
 * opened with a key, or re-sealed inside the caller's transaction.
 */
import type pg from 'pg';
import { opensSealedValue, resealed, SEALED_COLUMNS, selectSealed, type SealedColumn, type SealedRow } from './sealed-values.ts';

async function hasColumn(client: pg.ClientBase, table: string, column: string): Promise<boolean> {
  const { rowCount } = await client.query(
    'SELECT 1 FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1 AND column_name = $2',
    [table, column],
  );
  return rowCount === 1;
}

async function rows(client: pg.ClientBase, c: SealedColumn, limit: number | null, forUpdate = false): Promise<SealedRow[]> {
  if (!(await hasColumn(client, c.table, c.column))) return [];
  return (await client.query<SealedRow>(selectSealed(c, '$1', forUpdate), [limit])).rows;
}

/**
 * Opens every sealed value with `from` and seals it again with `to`, each row locked, inside the
 * caller's transaction on `client`. Throws OpsError, naming the row, for a value `from` cannot
 * open. Returns how many of each kind were re-sealed.
 */
export async function resealAllPostgres(client: pg.ClientBase, from: Buffer, to: Buffer): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const c of SEALED_COLUMNS) {
    const found = await rows(client, c, null, true);
    for (const row of found) await client.query(`UPDATE ${c.table} SET ${c.column} = $1 WHERE id = $2`, [resealed(c, row, from, to), row._id]);
    counts[c.what] = (counts[c.what] ?? 0) + found.length;
  }
  return counts;
}

/** Whether `master` opens the first sealed value found; undefined when the database holds none. */
export async function opensWithPostgres(client: pg.ClientBase, master: Buffer): Promise<boolean | undefined> {
  for (const c of SEALED_COLUMNS) {
    const [row] = await rows(client, c, 1);
    if (row) return opensSealedValue(c, row, master);
  }
  return undefined;
}
