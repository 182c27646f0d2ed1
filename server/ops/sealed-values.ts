/**
 * Every value sealed under the master key (server/security/sealing.ts), where it is stored and the
 * associated data it was sealed with. The services that seal them own these formats; the
 * rotate-master-key tests create each kind through its service and open it again through the
 * service after a rotation, so a format changed there fails here.
 */
import type Database from 'better-sqlite3';
import { deriveKey, type KeyPurpose } from '../security/master-key.ts';
import { createSealer } from '../security/sealing.ts';
import { OpsError } from './output.ts';

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

export const SEALED_COLUMNS: SealedColumn[] = [
  { what: 'signing-key seeds', table: 'signing_keys', column: 'sealed_seed', purpose: 'signing-key-seed', fields: ['id'], aad: (r) => `signing-key-seed:${r.id}` },
  { what: 'service-key seeds', table: 'service_keys', column: 'sealed_seed', purpose: 'service-key-seed', fields: ['id'], aad: (r) => `service-key-seed:${r.id}` },
  { what: 'pending API-key secrets', table: 'api_keys', column: 'pending_secret', purpose: 'pending-api-secret', fields: ['key_value'], aad: (r) => `api-key-secret:${r.key_value}` },
];

function hasTable(sqlite: Database.Database, table: string): boolean {
  return sqlite.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(table) !== undefined;
}

function rows(sqlite: Database.Database, c: SealedColumn, limit = -1): Record<string, unknown>[] {
  if (!hasTable(sqlite, c.table)) return [];
  const query = `SELECT rowid AS _rowid, ${c.fields.join(', ')}, ${c.column} AS sealed FROM ${c.table} WHERE ${c.column} IS NOT NULL LIMIT ?`;
  return sqlite.prepare(query).all(limit) as Record<string, unknown>[];
}

/**
 * Opens every sealed value with `from` and seals it again with `to`, on the caller's connection
 * (inside its transaction). Throws OpsError, naming the row, for a value `from` cannot open.
 * Returns how many of each kind were re-sealed.
 */
export function resealAll(sqlite: Database.Database, from: Buffer, to: Buffer): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const c of SEALED_COLUMNS) {
    const opener = createSealer(deriveKey(from, c.purpose));
    const sealer = createSealer(deriveKey(to, c.purpose));
    const update = sqlite.prepare(`UPDATE ${c.table} SET ${c.column} = ? WHERE rowid = ?`);
    let count = 0;
    for (const row of rows(sqlite, c)) {
      let plain: Buffer;
      try {
        plain = opener.open(row.sealed as string, c.aad(row));
      } catch {
        throw new OpsError(`${c.table} row ${String(row._rowid)}: its ${c.column} does not open with the current master key; nothing was changed.`);
      }
      update.run(sealer.seal(plain, c.aad(row)), row._rowid);
      plain.fill(0);
      count++;
    }
    counts[c.what] = (counts[c.what] ?? 0) + count;
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

/** Whether `master` opens the value sealed in `row` (its fields and `sealed`) of column `c`. */
export function opensSealedValue(c: SealedColumn, row: Record<string, unknown>, master: Buffer): boolean {
  try {
    createSealer(deriveKey(master, c.purpose)).open(row.sealed as string, c.aad(row)).fill(0);
    return true;
  } catch {
    return false;
  }
}
