/**
 * Every value sealed under the master key (server/security/sealing.ts), where it is stored and the
 * associated data it was sealed with. The services that seal them own these formats; the
 * rotate-master-key tests create each kind through its service and open it again through the
 * service after a rotation, so a format changed there fails here. This module reads them on
 * SQLite; sealed-values.postgres.ts on PostgreSQL, with the same rules (resealed, opensSealedValue).
 */
import type Database from 'better-sqlite3';
import { deriveKey, type KeyPurpose } from '../security/master-key.ts';
import { createSealer } from '../security/sealing.ts';
import { OpsError } from './output.ts';
import { keyImportAad } from '../features/key-lifecycle/key-imports.service.ts';
import { keySeedAad } from '../features/key-lifecycle/key-material.ts';

export interface SealedColumn {
  /** Plural, for reports. */
  what: string;
  table: string;
  column: string;
  purpose: KeyPurpose;
  /** The row's fields the associated data is made of. */
  fields: string[];
  aad(row: Record<string, unknown>): string;
}

/** Every table here has an `id` primary key, by which a re-sealed value is written back. */
export const SEALED_COLUMNS: SealedColumn[] = [
  { what: 'signing-key seeds', table: 'signing_keys', column: 'sealed_seed', purpose: 'signing-key-seed', fields: ['id'], aad: (r) => `signing-key-seed:${r.id}` },
  // Every version's seed, version 1's included (docs/decisions/056); a destroyed key's are null.
  { what: 'key-version seeds', table: 'key_versions', column: 'sealed_seed', purpose: 'signing-key-seed', fields: ['key_id', 'version'], aad: (r) => keySeedAad(String(r.key_id), Number(r.version)) },
  { what: 'key-import wrapping keys', table: 'key_imports', column: 'sealed_secret', purpose: 'key-import-secret', fields: ['id'], aad: (r) => keyImportAad(String(r.id)) },
  { what: 'service-key seeds', table: 'service_keys', column: 'sealed_seed', purpose: 'service-key-seed', fields: ['id'], aad: (r) => `service-key-seed:${r.id}` },
  { what: 'pending API-key secrets', table: 'api_keys', column: 'pending_secret', purpose: 'pending-api-secret', fields: ['key_value'], aad: (r) => `api-key-secret:${r.key_value}` },
  // Two-factor secrets are sealed with the account's id as associated data (server/features/auth/two-factor.ts).
  { what: 'two-factor secrets', table: 'users', column: 'totp_secret', purpose: 'totp-secret', fields: ['id'], aad: (r) => String(r.id) },
  { what: 'two-factor secrets being set up', table: 'users', column: 'totp_pending', purpose: 'totp-secret', fields: ['id'], aad: (r) => String(r.id) },
];

/** A sealed value as read for a rotation: its row's id, the associated data's fields, the value. */
export type SealedRow = Record<string, unknown> & { _id: unknown; sealed: string };

/** The SELECT of a column's sealed values (`?` or `$1` for the limit, by engine). */
export function selectSealed(c: SealedColumn, limitParam: string, forUpdate = false): string {
  return `SELECT id AS _id, ${c.fields.join(', ')}, ${c.column} AS sealed FROM ${c.table} WHERE ${c.column} IS NOT NULL LIMIT ${limitParam}${forUpdate ? ' FOR UPDATE' : ''}`;
}

/** Re-seals one value for a rotation: under `to`, opened with `from`; throws OpsError, naming the row, when `from` cannot open it. */
export function resealed(c: SealedColumn, row: SealedRow, from: Buffer, to: Buffer): string {
  let plain: Buffer;
  try {
    plain = createSealer(deriveKey(from, c.purpose)).open(row.sealed, c.aad(row));
  } catch {
    throw new OpsError(`${c.table} row ${String(row._id)}: its ${c.column} does not open with the current master key; nothing was changed.`);
  }
  try {
    return createSealer(deriveKey(to, c.purpose)).seal(plain, c.aad(row));
  } finally {
    plain.fill(0);
  }
}

/** Whether `master` opens the value sealed in `row` (its fields and `sealed`) of column `c`. */
export function opensSealedValue(c: SealedColumn, row: Record<string, unknown>, master: Buffer): boolean {
  try {
    createSealer(deriveKey(master, c.purpose)).open(row.sealed as string, c.aad(row)).fill(0);
    return true;
  } catch {
    return false;
  }
}

/** A backup made before a column existed (restore takes older versions) has none of its values. */
function hasColumn(sqlite: Database.Database, table: string, column: string): boolean {
  return sqlite.prepare('SELECT 1 FROM pragma_table_info(?) WHERE name = ?').get(table, column) !== undefined;
}

function rows(sqlite: Database.Database, c: SealedColumn, limit = -1): SealedRow[] {
  if (!hasColumn(sqlite, c.table, c.column)) return [];
  return sqlite.prepare(selectSealed(c, '?')).all(limit) as SealedRow[];
}

/**
 * Opens every sealed value with `from` and seals it again with `to`, on the caller's connection
 * (inside its transaction). Throws OpsError, naming the row, for a value `from` cannot open.
 * Returns how many of each kind were re-sealed.
 */
export function resealAll(sqlite: Database.Database, from: Buffer, to: Buffer): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const c of SEALED_COLUMNS) {
    const update = sqlite.prepare(`UPDATE ${c.table} SET ${c.column} = ? WHERE id = ?`);
    const found = rows(sqlite, c);
    for (const row of found) update.run(resealed(c, row, from, to), row._id);
    counts[c.what] = (counts[c.what] ?? 0) + found.length;
  }
  return counts;
}

/**
 * Whether `master` opens the first sealed value found (undefined when the database holds none):
 * tells which master key a database, or a backup of it, belongs to.
 */
export function opensWith(sqlite: Database.Database, master: Buffer): boolean | undefined {
  for (const c of SEALED_COLUMNS) {
    const [row] = rows(sqlite, c, 1);
    if (row) return opensSealedValue(c, row, master);
  }
  return undefined;
}
