/**
 * Copies a SQLite database of this product into an empty PostgreSQL database, so a self-hoster who
 * outgrows one machine keeps their users, keys and history (docs/decisions/047-postgresql-schema-and-driver.md).
 *
 * - The target is migrated first (migrate.ts, under its advisory lock) and must hold no row: a copy
 *   merges nothing. pricing_plans is the one exception: every start seeds it from shared/plans.ts
 *   (seed.ts), so a server that started once on the target has not made it non-empty; its rows are
 *   replaced by SQLite's.
 * - Everything is written in ONE PostgreSQL transaction, with the tables locked against other
 *   writers: a copy that fails anywhere leaves the target as it found it (migrated, still empty).
 * - The SQLite file is opened read-only, inside one read transaction held over the whole copy: WAL
 *   mode gives it one snapshot, whatever another connection commits meanwhile.
 * - Tables go parents first (copy-plan.ts), in multi-row INSERTs of up to 500 rows (fewer when
 *   500 rows would pass PostgreSQL's 65,535 parameters), keeping their ids. Then each identity
 *   sequence is set past the highest id SQLite ever gave (its sqlite_sequence, which remembers
 *   deleted rows too), so a new row never takes an id an old one had.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type pg from 'pg';
import { MIGRATIONS_FOLDER } from '../connection.ts';
import { Database } from '../sqlite-driver.ts';
import { convertRow, copyPlan, CopyToPostgresError, type CopyTable } from './copy-plan.ts';
import { journalLength, migratePostgres, MIGRATIONS_TABLE } from './migrate.ts';

export { CopyToPostgresError, type CopyErrorCode } from './copy-plan.ts';

/** Tables every start fills from the product's own data (db/postgres/seed.ts), replaced rather than refused. */
const SEEDED_TABLES = new Set(['pricing_plans']);

const MAX_PARAMETERS = 65_535;

export interface CopyOptions {
  /** Rows per INSERT at most (default 500). */
  batchRows?: number;
}

export interface CopyResult {
  /** Rows copied per table, in the order they were copied. */
  tables: { table: string; rows: number }[];
  total: number;
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

function sqliteJournalLength(): number {
  return (JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] }).entries.length;
}

/** Opens the SQLite file read-only in a read transaction, after checking it is this product's database, migrated by this version. */
function openSnapshot(file: string): Database {
  if (file === ':memory:' || !existsSync(file)) throw new CopyToPostgresError('sqlite_not_found', `There is no SQLite database at ${file} to copy.`);
  const sqlite = new Database(file, { readonly: true, fileMustExist: true });
  try {
    sqlite.defaultSafeIntegers(true);
    sqlite.exec('BEGIN');
    const hasJournal = sqlite.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '__drizzle_migrations'").get() !== undefined;
    const applied = hasJournal ? Number((sqlite.prepare('SELECT count(*) AS n FROM __drizzle_migrations').get() as { n: bigint }).n) : 0;
    const known = sqliteJournalLength();
    if (applied < known) {
      throw new CopyToPostgresError('sqlite_not_migrated', `${file} has ${applied} of this version's ${known} migrations: run the migrate command (or start the server once) first.`);
    }
    if (applied > known) {
      throw new CopyToPostgresError('sqlite_newer', `${file} comes from a newer version (${applied} migrations; this one knows ${known}): copy it with that version.`);
    }
    return sqlite;
  } catch (error) {
    sqlite.close();
    throw error;
  }
}

/** The highest id SQLite handed out per AUTOINCREMENT table, deleted rows included. */
function sqliteSequences(sqlite: Database): Map<string, number> {
  const exists = sqlite.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'sqlite_sequence'").get() !== undefined;
  if (!exists) return new Map();
  const rows = sqlite.prepare('SELECT name, seq FROM sqlite_sequence').all() as { name: string; seq: bigint }[];
  return new Map(rows.map((r) => [r.name, Number(r.seq)]));
}

async function checkTarget(client: pg.PoolClient, plan: CopyTable[]): Promise<void> {
  const { rows } = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${MIGRATIONS_TABLE}`);
  if (rows[0]!.n > journalLength()) {
    throw new CopyToPostgresError('target_newer', `The PostgreSQL database has ${rows[0]!.n} migrations, more than this version's ${journalLength()}: it was set up by a newer version.`);
  }
  // Locked for the transaction: nothing else writes to the target between this check and the commit.
  await client.query(`LOCK TABLE ${plan.map((t) => quote(t.name)).join(', ')} IN EXCLUSIVE MODE`);
  for (const table of plan) {
    if (SEEDED_TABLES.has(table.name)) continue;
    const { rows: found } = await client.query(`SELECT 1 FROM ${quote(table.name)} LIMIT 1`);
    if (found.length > 0) {
      throw new CopyToPostgresError('target_not_empty', `The PostgreSQL database is not empty (${table.name} has rows): copy into a new, empty database.`);
    }
  }
  for (const name of SEEDED_TABLES) await client.query(`DELETE FROM ${quote(name)}`);
}

async function insertBatch(client: pg.PoolClient, table: CopyTable, rows: unknown[][], copiedBefore: number): Promise<void> {
  const width = table.columns.length;
  const values = rows.map((_, r) => `(${table.columns.map((_, c) => `$${r * width + c + 1}`).join(', ')})`).join(', ');
  const sql = `INSERT INTO ${quote(table.name)} (${table.columns.map((c) => quote(c.name)).join(', ')}) VALUES ${values}`;
  try {
    await client.query(sql, rows.flat());
  } catch (error) {
    const pgError = error as { message?: string; detail?: string };
    const detail = pgError.detail ? ` (${pgError.detail})` : '';
    throw new CopyToPostgresError(
      'insert_failed',
      `Copying ${table.name} failed at rows ${copiedBefore + 1}–${copiedBefore + rows.length}: ${pgError.message ?? String(error)}${detail}.`,
      { cause: error },
    );
  }
}

async function copyTable(sqlite: Database, client: pg.PoolClient, table: CopyTable, batchRows: number): Promise<number> {
  const select = sqlite.prepare(`SELECT ${table.columns.map((c) => quote(c.name)).join(', ')} FROM ${quote(table.name)} ORDER BY rowid`).raw(true);
  const perBatch = Math.max(1, Math.min(batchRows, Math.floor(MAX_PARAMETERS / table.columns.length)));
  let copied = 0;
  let batch: unknown[][] = [];
  for (const row of select.iterate() as IterableIterator<unknown[]>) {
    batch.push(convertRow(table, row));
    if (batch.length === perBatch) {
      await insertBatch(client, table, batch, copied);
      copied += batch.length;
      batch = [];
    }
  }
  if (batch.length > 0) {
    await insertBatch(client, table, batch, copied);
    copied += batch.length;
  }
  return copied;
}

/** Sets every identity sequence of the copied tables past both the highest copied id and SQLite's own sequence. */
async function advanceSequences(client: pg.PoolClient, plan: CopyTable[], sequences: Map<string, number>): Promise<void> {
  const names = plan.map((t) => t.name);
  const { rows: identities } = await client.query<{ table_name: string; column_name: string }>(
    "SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = 'public' AND is_identity = 'YES' AND table_name = ANY($1)",
    [names],
  );
  for (const { table_name: table, column_name: column } of identities) {
    // Number(): a pool not opened by connect.ts reads bigint as a string.
    const { rows } = await client.query<{ max: number | string | null }>(`SELECT max(${quote(column)}) AS max FROM ${quote(table)}`);
    const last = Math.max(Number(rows[0]!.max ?? 0), sequences.get(table) ?? 0);
    if (last > 0) await client.query('SELECT setval(pg_get_serial_sequence($1, $2), $3)', [quote(table), column, last]);
  }
}

/**
 * Copies every table of the SQLite database in `sqliteFile` into the PostgreSQL database `pool`
 * reaches, migrating it first. Throws CopyToPostgresError, with nothing written, when the target
 * is not empty, the SQLite file is not this version's, or a row cannot be carried over.
 */
export async function copySqliteToPostgres(sqliteFile: string, pool: pg.Pool, options: CopyOptions = {}): Promise<CopyResult> {
  const plan = copyPlan();
  const sqlite = openSnapshot(sqliteFile);
  try {
    await migratePostgres(pool);
    const client = await pool.connect();
    let broken: Error | undefined;
    try {
      await client.query('BEGIN');
      await checkTarget(client, plan);
      const tables: CopyResult['tables'] = [];
      for (const table of plan) tables.push({ table: table.name, rows: await copyTable(sqlite, client, table, options.batchRows ?? 500) });
      await advanceSequences(client, plan, sqliteSequences(sqlite));
      await client.query('COMMIT');
      return { tables, total: tables.reduce((sum, t) => sum + t.rows, 0) };
    } catch (error) {
      // A connection that cannot even roll back is not given back to the pool.
      await client.query('ROLLBACK').catch((rollbackError: Error) => (broken = rollbackError));
      throw error;
    } finally {
      client.release(broken);
    }
  } finally {
    sqlite.close();
  }
}
