/**
 * `copy-to-postgres <postgres-url>`: copies the SQLite database the configuration names into an
 * empty PostgreSQL database, for a self-hoster who outgrows one machine
 * (docs/decisions/047-postgresql-schema-and-driver.md; the copy itself is db/postgres/copy-from-sqlite.ts).
 *
 * Refused while a server has the database open (server/ops/db-lock.ts, as restore and
 * rotate-master-key are), although the copy reads one consistent snapshot either way: it is the
 * move to PostgreSQL, and what a running server writes after that snapshot (a purchase captured, a
 * key made, a call metered) would be missing there without any sign. The check is a probe, released
 * at once; a server started during the copy cannot change what it reads.
 */
import { existsSync } from 'node:fs';
import { z } from 'zod';
import { openPostgres, PostgresConnectionError, describeServer } from '../../db/postgres/connect.ts';
import { copySqliteToPostgres, CopyToPostgresError } from '../../db/postgres/copy-from-sqlite.ts';
import type { Config } from '../config.ts';
import { openExclusive } from './db-lock.ts';
import { sqliteFileFor } from './database-target.ts';
import { OpsError, type Output } from './output.ts';

/** The argument: a postgres:// or postgresql:// URL (its password is never printed). */
const PostgresUrl = z.url({ protocol: /^postgres(ql)?$/ });

export async function copyToPostgres(config: Config, url: string, out: Output): Promise<void> {
  if (!PostgresUrl.safeParse(url).success) {
    // Not echoed: what was typed may hold a password.
    throw new OpsError('copy-to-postgres takes a PostgreSQL URL: postgres://USER:PASSWORD@HOST:5432/DATABASE.');
  }
  const file = sqliteFileFor(config, 'copy-to-postgres');
  if (file === ':memory:' || !existsSync(file)) throw new OpsError(`There is no database at ${file} to copy.`);
  const probe = openExclusive(file, 'copy-to-postgres');
  probe.exec('ROLLBACK');
  probe.close();

  let database;
  try {
    database = await openPostgres(url, { max: 2 });
  } catch (error) {
    // connect.ts words its messages for the server's DATABASE_URL; here the URL is the argument.
    if (error instanceof PostgresConnectionError) throw new OpsError(error.message.replaceAll("DATABASE_URL's", "the URL's"), { cause: error });
    throw error;
  }
  let result;
  try {
    result = await copySqliteToPostgres(file, database.pool);
  } catch (error) {
    if (error instanceof CopyToPostgresError) throw new OpsError(error.message, { cause: error });
    throw error;
  } finally {
    await database.close();
  }
  const width = Math.max(...result.tables.map((t) => t.table.length), 'total'.length);
  const digits = String(result.total).length;
  out(
    [
      `Copied ${file} into ${describeServer(url)}:`,
      ...result.tables.map((t) => `  ${t.table.padEnd(width)}  ${String(t.rows).padStart(digits)}`),
      `  ${'total'.padEnd(width)}  ${String(result.total).padStart(digits)} rows`,
      `Its sealed secrets open only with this server's master key (${config.masterKey === undefined ? config.masterKeyFile : 'MASTER_KEY'}): a server on PostgreSQL needs the same key.`,
    ].join('\n'),
  );
}
