/**
 * Whether a master key belongs to a PostgreSQL database: it must open the first sealed value found
 * (server/ops/sealed-values.ts lists where they are). Instances sharing a database must share
 * MASTER_KEY, or each would seal what the others cannot open; an instance whose key does not fit
 * is stopped at start (server/app-storage.ts). A database that holds no sealed value yet tells
 * nothing: undefined.
 */
import type { PostgresDatabase } from '../../db/postgres/connect.ts';
import { opensSealedValue, SEALED_COLUMNS } from '../ops/sealed-values.ts';

export async function masterKeyOpensSealedValues(database: PostgresDatabase, master: Buffer): Promise<boolean | undefined> {
  for (const c of SEALED_COLUMNS) {
    const { rows } = await database.pool.query<Record<string, unknown>>(
      `SELECT ${c.fields.join(', ')}, ${c.column} AS sealed FROM ${c.table} WHERE ${c.column} IS NOT NULL LIMIT 1`,
    );
    if (rows[0]) return opensSealedValue(c, rows[0], master);
  }
  return undefined;
}
