/**
 * What copying a SQLite database into PostgreSQL reads and writes (copy-from-sqlite.ts): every table
 * of db/schema.ts, parents before the tables whose foreign keys point at them, each column with the
 * conversion that carries a value SQLite holds to the PostgreSQL type db/postgres/columns.ts gives
 * it (docs/decisions/047-postgresql-schema-and-driver.md). The tables come from the drizzle schema
 * itself, so a table added there is copied without a change here.
 *
 * SQLite keeps any value in any column; the app writes only the kinds its schema names, and a value
 * of another kind stops the copy with the table, column and row rather than reach PostgreSQL
 * changed. Integers are read as BigInt (better-sqlite3's safe integers) and sent as their decimal
 * text, so all 64 bits arrive exactly.
 */
import { getTableName, is } from 'drizzle-orm';
import { getTableConfig as pgTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { getTableConfig, SQLiteTable } from 'drizzle-orm/sqlite-core';
import * as sqliteSchema from '../schema.ts';
import * as pgSchema from './schema.ts';

export type CopyErrorCode =
  | 'sqlite_not_found'
  | 'sqlite_not_migrated'
  | 'sqlite_newer'
  | 'target_newer'
  | 'target_not_empty'
  | 'schema_mismatch'
  | 'value_not_convertible'
  | 'insert_failed';

/** A copy refused or stopped; nothing was written to PostgreSQL (its transaction rolled back). */
export class CopyToPostgresError extends Error {
  constructor(
    readonly code: CopyErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'CopyToPostgresError';
  }
}

/** A value as read from SQLite (safe integers on) → what node-postgres sends; throws a reason. */
type Convert = (value: unknown) => unknown;

class NotConvertible extends Error {}

const describe = (value: unknown) => (Buffer.isBuffer(value) ? `a ${value.length}-byte blob` : `${typeof value} ${JSON.stringify(String(value).slice(0, 40))}`);

function text(value: unknown): unknown {
  if (typeof value !== 'string') throw new NotConvertible(`expected text, found ${describe(value)}`);
  // PostgreSQL's text cannot hold U+0000 (SQLite's can): refuse rather than drop it.
  if (value.includes('\u0000')) throw new NotConvertible('the text holds a NUL character (U+0000), which PostgreSQL text cannot store');
  return value;
}

function integer(value: unknown): unknown {
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'number' && Number.isInteger(value)) return value.toString();
  throw new NotConvertible(`expected an integer, found ${describe(value)}`);
}

function boolean(value: unknown): unknown {
  // drizzle's SQLite boolean reads 1 as true and anything else as false; only 0 and 1 are written.
  if (value === 0n || value === 0) return false;
  if (value === 1n || value === 1) return true;
  throw new NotConvertible(`expected 0 or 1, found ${describe(value)}`);
}

function real(value: unknown): unknown {
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint') return Number(value);
  throw new NotConvertible(`expected a number, found ${describe(value)}`);
}

function blob(value: unknown): unknown {
  if (Buffer.isBuffer(value)) return value;
  throw new NotConvertible(`expected a blob, found ${describe(value)}`);
}

/** drizzle's SQLite column kinds → conversion; the same kinds db/postgres/schema-parity.test.ts maps to types. */
const CONVERSIONS: Record<string, Convert> = {
  SQLiteText: text,
  // JSON stays the text it was written as: PostgreSQL keeps it in text too (columns.ts).
  SQLiteTextJson: text,
  SQLiteInteger: integer,
  // Epoch milliseconds, an integer on both engines.
  SQLiteTimestamp: integer,
  SQLiteBoolean: boolean,
  SQLiteReal: real,
  SQLiteBlobBuffer: blob,
};

export interface CopyColumn {
  name: string;
  convert: Convert;
}

export interface CopyTable {
  name: string;
  columns: CopyColumn[];
  /** Positions in `columns` of the primary key, to name a row in an error. */
  key: number[];
}

const sqliteTables = (Object.values(sqliteSchema) as unknown[]).filter((t): t is SQLiteTable => is(t, SQLiteTable)).sort((a, b) => getTableName(a).localeCompare(getTableName(b)));
const pgTables = new Map((Object.values(pgSchema) as unknown[]).filter((t): t is PgTable => is(t, PgTable)).map((t) => [getTableName(t), t]));

/**
 * Tables with every table a foreign key points at before it, otherwise by name: a module
 * namespace's order is not the file's everywhere (the executable's bundle sorts it).
 */
function foreignKeyOrder(tables: SQLiteTable[]): SQLiteTable[] {
  const parents = new Map(tables.map((t) => [t, new Set(getTableConfig(t).foreignKeys.map((fk) => fk.reference().foreignTable).filter((p) => p !== t))]));
  const ordered: SQLiteTable[] = [];
  while (ordered.length < tables.length) {
    const next = tables.find((t) => !ordered.includes(t) && [...parents.get(t)!].every((p) => ordered.includes(p)));
    if (!next) throw new Error('db/schema.ts has a cycle of foreign keys: the copy needs an order that inserts parents first');
    ordered.push(next);
  }
  return ordered;
}

function planTable(table: SQLiteTable): CopyTable {
  const name = getTableName(table);
  const target = pgTables.get(name);
  if (!target) throw new CopyToPostgresError('schema_mismatch', `Table ${name} of db/schema.ts has no twin in db/postgres/schema.ts.`);
  const targetColumns = new Set(pgTableConfig(target).columns.map((c) => c.name));
  const config = getTableConfig(table);
  const keyNames = new Set([...config.columns.filter((c) => c.primary).map((c) => c.name), ...config.primaryKeys.flatMap((pk) => pk.columns.map((c) => c.name))]);
  return {
    name,
    key: config.columns.flatMap((c, i) => (keyNames.has(c.name) ? [i] : [])),
    columns: config.columns.map((column) => {
      const convert = CONVERSIONS[column.columnType];
      if (!convert) throw new CopyToPostgresError('schema_mismatch', `${name}.${column.name} is a ${column.columnType}, which the copy has no conversion for.`);
      if (!targetColumns.has(column.name)) throw new CopyToPostgresError('schema_mismatch', `${name}.${column.name} has no twin in db/postgres/schema.ts.`);
      return { name: column.name, convert: (value: unknown) => (value === null ? null : convert(value)) };
    }),
  };
}

/** Every table of the SQLite schema, in the order the copy inserts them. */
export function copyPlan(): CopyTable[] {
  return foreignKeyOrder(sqliteTables).map(planTable);
}

/** One row converted for PostgreSQL, or CopyToPostgresError naming the table, column and row (by its primary key). */
export function convertRow(table: CopyTable, row: unknown[]): unknown[] {
  return table.columns.map((column, i) => {
    try {
      return column.convert(row[i]);
    } catch (error) {
      if (!(error instanceof NotConvertible)) throw error;
      const key = table.key.map((k) => `${table.columns[k]!.name} = ${String(row[k])}`).join(', ');
      throw new CopyToPostgresError('value_not_convertible', `${table.name}.${column.name} of the row where ${key}: ${error.message}.`);
    }
  });
}
