/**
 * db/schema.ts (SQLite) and db/postgres/schema.ts describe one database (docs/decisions/047): the
 * same tables, columns, keys, uniques, indexes and foreign keys, with each SQLite type carried to
 * the PostgreSQL type the decision names, and the same row types in TypeScript. A change to one
 * schema without the other fails here; tables only PostgreSQL needs are listed in POSTGRES_ONLY
 * with the reason. Needs no server.
 */
import { getTableName, is, SQL } from 'drizzle-orm';
import { getTableConfig as pgTableConfig, PgDialect, PgTable, type PgColumn } from 'drizzle-orm/pg-core';
import { getTableConfig as sqliteTableConfig, SQLiteSyncDialect, SQLiteTable, type SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { describe, expect, expectTypeOf, it } from 'vitest';
import * as sqlite from '../schema.ts';
import * as postgres from './schema.ts';

/** drizzle's SQLite column kind → the PostgreSQL type it becomes (db/postgres/columns.ts). */
const TYPE_MAP: Record<string, string> = {
  SQLiteText: 'text',
  SQLiteTextJson: 'text',
  SQLiteInteger: 'bigint',
  SQLiteTimestamp: 'bigint',
  SQLiteBoolean: 'boolean',
  SQLiteReal: 'double precision',
  SQLiteBlobBuffer: 'bytea',
};

interface ColumnShape {
  name: string;
  type: string;
  notNull: boolean;
  primary: boolean;
  unique: boolean;
  /** 'identity' for a generated id, 'sql' for an SQL expression (the creation time), else the literal. */
  default: unknown;
}

interface TableShape {
  columns: ColumnShape[];
  primaryKeys: string[][];
  uniqueConstraints: string[][];
  indexes: { name: string; columns: string[]; unique: boolean; where: string | undefined }[];
  foreignKeys: { columns: string[]; table: string; foreignColumns: string[]; onDelete: string | undefined; onUpdate: string | undefined }[];
}

const sqliteDialect = new SQLiteSyncDialect();
const pgDialect = new PgDialect();

const nameOf = (column: unknown) => (column as { name: string }).name;
const defaultOf = (value: unknown) => (is(value, SQL) ? 'sql' : value);
const byName = <T extends { name: string }>(list: T[]) => [...list].sort((a, b) => a.name.localeCompare(b.name));

function sqliteShape(table: SQLiteTable): TableShape {
  const config = sqliteTableConfig(table);
  return {
    columns: config.columns.map((c: SQLiteColumn) => ({
      name: c.name,
      type: TYPE_MAP[c.columnType] ?? `unmapped ${c.columnType}`,
      notNull: c.notNull,
      primary: c.primary,
      unique: c.isUnique,
      default: c.primary && c.columnType === 'SQLiteInteger' && c.hasDefault ? 'identity' : defaultOf(c.default),
    })),
    primaryKeys: config.primaryKeys.map((k) => k.columns.map(nameOf)),
    uniqueConstraints: config.uniqueConstraints.map((u) => u.columns.map(nameOf)),
    indexes: byName(
      config.indexes.map((i) => ({
        name: i.config.name,
        columns: i.config.columns.map(nameOf),
        unique: i.config.unique,
        where: i.config.where && sqliteDialect.sqlToQuery(i.config.where).sql,
      })),
    ),
    foreignKeys: config.foreignKeys
      .map((fk) => {
        const ref = fk.reference();
        return { columns: ref.columns.map(nameOf), table: getTableName(ref.foreignTable), foreignColumns: ref.foreignColumns.map(nameOf), onDelete: fk.onDelete, onUpdate: fk.onUpdate };
      })
      .sort((a, b) => a.columns.join().localeCompare(b.columns.join())),
  };
}

function pgShape(table: PgTable): TableShape {
  const config = pgTableConfig(table);
  return {
    columns: config.columns.map((c: PgColumn) => ({
      name: c.name,
      type: c.getSQLType(),
      notNull: c.notNull,
      primary: c.primary,
      unique: c.isUnique,
      default: c.generatedIdentity ? 'identity' : defaultOf(c.default),
    })),
    primaryKeys: config.primaryKeys.map((k) => k.columns.map(nameOf)),
    uniqueConstraints: config.uniqueConstraints.map((u) => u.columns.map(nameOf)),
    indexes: byName(
      config.indexes.map((i) => ({
        name: i.config.name!,
        columns: i.config.columns.map(nameOf),
        unique: i.config.unique,
        where: i.config.where && pgDialect.sqlToQuery(i.config.where).sql,
      })),
    ),
    foreignKeys: config.foreignKeys
      .map((fk) => {
        const ref = fk.reference();
        // pg-core records "no action" where sqlite-core leaves it unset; both mean the same.
        const action = (a: string | undefined) => (a === 'no action' ? undefined : a);
        return { columns: ref.columns.map(nameOf), table: getTableName(ref.foreignTable), foreignColumns: ref.foreignColumns.map(nameOf), onDelete: action(fk.onDelete), onUpdate: action(fk.onUpdate) };
      })
      .sort((a, b) => a.columns.join().localeCompare(b.columns.join())),
  };
}

/**
 * Tables only PostgreSQL has, each with why SQLite needs no twin: several instances share a
 * PostgreSQL database, while one process owns a SQLite file (db/server-lock.ts).
 */
const POSTGRES_ONLY: Record<string, string> = {
  instance_leases: 'instances sharing the database and their leases; SQLite has one process',
  metering_holds: 'admitted calls held in the database for every instance to count; SQLite holds them in its one process’s memory (reservations.ts)',
  login_throttle_counts: 'failed sign-ins counted for every instance; SQLite’s one process counts them in memory (login-throttle.ts)',
  rate_limit_hits: 'per-IP limits counted for every instance; SQLite’s one process counts them in memory (rate-limit.ts)',
  account_call_slots: 'the per-account cap’s slots taken by every instance; SQLite’s one process keeps them in memory (call-slots.ts)',
};

const sqliteTables = new Map((Object.values(sqlite) as unknown[]).filter((t): t is SQLiteTable => is(t, SQLiteTable)).map((t) => [getTableName(t), t]));
const pgTables = new Map((Object.values(postgres) as unknown[]).filter((t): t is PgTable => is(t, PgTable)).map((t) => [getTableName(t), t]));

describe('the PostgreSQL schema mirrors the SQLite schema', () => {
  it('has the same tables, and the PostgreSQL-only ones are named with why', () => {
    expect([...pgTables.keys()].filter((name) => !(name in POSTGRES_ONLY)).sort()).toEqual([...sqliteTables.keys()].sort());
    expect(Object.keys(POSTGRES_ONLY).filter((name) => !pgTables.has(name) || sqliteTables.has(name))).toEqual([]);
    expect(sqliteTables.size).toBeGreaterThan(20);
  });

  it.each([...sqliteTables.keys()].sort())('%s has the same columns, types, keys, uniques, indexes and foreign keys', (name) => {
    const pgTable = pgTables.get(name);
    expect(pgTable, `${name} is missing from db/postgres/schema.ts`).toBeDefined();
    expect(pgShape(pgTable!)).toEqual(sqliteShape(sqliteTables.get(name)!));
  });

  it('maps every SQLite column kind the schema uses', () => {
    const kinds = new Set([...sqliteTables.values()].flatMap((t) => sqliteTableConfig(t).columns.map((c) => c.columnType)));
    expect([...kinds].filter((k) => !(k in TYPE_MAP))).toEqual([]);
  });

  it('reads and writes the same row types in TypeScript', () => {
    // Checked by `tsc --noEmit` (npm run typecheck): a column whose JavaScript type differs between
    // the two schemas makes these lines fail to compile.
    type Tables = { [K in keyof typeof sqlite]: (typeof sqlite)[K] extends SQLiteTable ? K : never }[keyof typeof sqlite];
    type Rows<S, Kind extends '$inferSelect' | '$inferInsert'> = { [K in Tables]: K extends keyof S ? (S[K] extends Record<Kind, infer R> ? R : never) : never };
    expectTypeOf<Rows<typeof postgres, '$inferSelect'>>().toEqualTypeOf<Rows<typeof sqlite, '$inferSelect'>>();
    expectTypeOf<Rows<typeof postgres, '$inferInsert'>>().toEqualTypeOf<Rows<typeof sqlite, '$inferInsert'>>();
  });
});
